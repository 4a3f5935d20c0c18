import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Interaction,
  MessageFlags,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { ComponentType, InteractionType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageJson } from '../../src/loopback/api-json.ts';
import { AnswerCheck } from '../../src/loopback/contract/answer-check.ts';
import { loadSpecSchemas } from '../../src/loopback/contract/spec-schemas.ts';
import { ContractLog, contractCounts } from '../../src/loopback/contract/violations.ts';
import type { LoopbackControl, LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { asCommand, type Harness, startHarness } from './harness.ts';

/**
 * The loopback answers what Discord sends, and its check records whatever it would not: a missing
 * required field or a wrong type in a REST answer or inside a dispatch, named by route, field and rule.
 */

let h: Harness;
let control: LoopbackControl;
let alice: LoopbackUser;
/** The interactions the test bot received, by the custom_id or command name that reached it. */
const seen = new Map<string, Interaction>();

const rest = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
  const response = await fetch(`${h.loopback.restApi}/v10${path}`, {
    method,
    headers: {
      Authorization: `Bot ${h.loopback.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};

/** A message as the bot gets it over REST and the gateway. */
const json = (m: LoopbackMessage) => messageJson(h.loopback.world, h.loopback.world.message(m.id) ?? m);

const board = () => [
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId('hand').setLabel('My hand').setStyle(ButtonStyle.Primary),
    new ButtonBuilder().setCustomId('rename').setLabel('Rename').setStyle(ButtonStyle.Secondary),
  ),
  new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
    new StringSelectMenuBuilder()
      .setCustomId('pick')
      .addOptions({ label: 'Ankh', value: 'ankh' }, { label: 'Eye', value: 'eye' }),
  ),
];

beforeAll(async () => {
  h = await startHarness({
    commands: [
      { name: 'board', description: 'A board with buttons and a menu' },
      { name: 'ping', description: 'Replies, then follows up' },
    ],
  });
  control = h.loopback.control;
  alice = control.createUser('alice');
  h.on('board', async (i) => {
    seen.set('board', i);
    await asCommand(i).reply({ content: 'board', components: board() });
  });
  h.on('ping', async (i) => {
    seen.set('ping', i);
    await asCommand(i).reply('pong');
    await asCommand(i).followUp('and again');
  });
  h.on('hand', async (i) => {
    seen.set('hand', i);
    if (i.isButton()) await i.reply({ content: 'your hand', flags: MessageFlags.Ephemeral });
  });
  h.on('rename', async (i) => {
    if (!i.isButton()) return;
    await i.showModal(
      new ModalBuilder()
        .setCustomId('rename-form')
        .setTitle('Rename')
        .addComponents(
          new ActionRowBuilder<TextInputBuilder>().addComponents(
            new TextInputBuilder().setCustomId('title').setLabel('Title').setStyle(TextInputStyle.Short),
          ),
        ),
    );
  });
  h.on('rename-form', async (i) => {
    if (i.isModalSubmit()) await i.reply({ content: 'renamed', flags: MessageFlags.Ephemeral });
  });
  await control.waitForCommands(['board', 'ping']);
});
afterAll(() => h?.stop());

describe('the answer check', () => {
  it('records a served user without public_flags, naming the route, the field and the rule', async () => {
    const log = new ContractLog();
    const own = new AnswerCheck(await loadSpecSchemas(), log);
    const user = await rest('GET', `/users/${alice.id}`);
    own.answer('GET /users/:userId', 200, user);
    expect(log.take()).toEqual([]);
    const { public_flags: _gone, ...thin } = user;
    own.answer('GET /users/:userId', 200, { ...thin, flags: '0' });
    expect(log.take()).toEqual([
      { direction: 'answer', route: 'GET /users/:userId', field: 'public_flags', rule: 'required' },
      { direction: 'answer', route: 'GET /users/:userId', field: 'flags', rule: 'type: expected number' },
    ]);
  });

  it('finds a missing field deep inside a dispatch, in the union branch the object belongs to', async () => {
    const log = new ContractLog();
    const check = new AnswerCheck(await loadSpecSchemas(), log);
    const message = json(await control.as(alice).slash('board').reply());
    const row = message.components?.[0] as unknown as { components: Record<string, unknown>[] };
    const { id: _id, ...button } = row.components[1] ?? {};
    row.components[1] = button;
    check.dispatch('MESSAGE_CREATE', { ...message, author: { ...message.author, primary_guild: undefined } });
    expect(log.take()).toEqual([
      {
        direction: 'dispatch',
        route: 'MESSAGE_CREATE',
        field: 'components.0.components.1.id',
        rule: 'required',
      },
      { direction: 'dispatch', route: 'MESSAGE_CREATE', field: 'author.primary_guild', rule: 'required' },
    ]);
  });

  it('records an answer on a route it has no schema for, or with a status the specification does not give', async () => {
    const log = new ContractLog();
    const check = new AnswerCheck(await loadSpecSchemas(), log);
    check.answer('GET /nowhere', 200, {});
    check.answer('GET /users/:userId', 201, {});
    check.answer('GET /users/:userId', 404, {}); // errors are not answers it checks
    expect(log.take().map((v) => `${v.route}: ${v.rule}`)).toEqual([
      'GET /nowhere: no response schema mapped',
      'GET /users/:userId: status 201 not in the specification',
    ]);
  });

  it('runs on every 2xx answer and every dispatch the server sends', async () => {
    const before = contractCounts();
    await rest('GET', `/users/${alice.id}`);
    await control.as(alice).slash('ping').reply();
    const after = contractCounts();
    expect(after.answers).toBeGreaterThan(before.answers);
    expect(after.dispatches).toBeGreaterThan(before.dispatches);
    // A served guild whose preferred_locale is not one of Discord's: recorded, in the answer and the dispatch.
    const guild = h.loopback.world.guild(control.defaultGuild.id);
    if (!guild) throw new Error('no default guild');
    guild.preferredLocale = 'xx';
    try {
      await rest('GET', `/guilds/${guild.id}`);
      h.loopback.world.events.emit({ type: 'guild-update', guild, audience: { kind: 'everyone' } });
    } finally {
      guild.preferredLocale = 'en-US';
    }
    const rule = expect.stringMatching(/^value: expected one of "ar", /);
    expect(control.takeContractViolations()).toEqual([
      { direction: 'answer', route: 'GET /guilds/:guildId', field: 'preferred_locale', rule },
      { direction: 'dispatch', route: 'GUILD_UPDATE', field: 'preferred_locale', rule },
    ]);
  });
});

describe('the loopback answers what Discord sends', () => {
  it('users carry public_flags, flags and primary_guild; members premium_since and communication_disabled_until', async () => {
    expect(await rest('GET', `/users/${alice.id}`)).toMatchObject({
      public_flags: 0,
      flags: 0,
      primary_guild: null,
    });
    expect(await rest('GET', `/guilds/${control.defaultGuild.id}/members/${alice.id}`)).toMatchObject({
      premium_since: null,
      communication_disabled_until: null,
      flags: 0,
      pending: false,
      user: { public_flags: 0, flags: 0, primary_guild: null },
    });
    // What discord.js makes of them in the interaction the bot gets.
    await control.as(alice).slash('board').reply();
    const i = seen.get('board');
    if (!i?.inCachedGuild()) throw new Error('no board interaction in the guild');
    expect(i.user.flags?.bitfield).toBe(0);
    expect(i.member.premiumSinceTimestamp).toBeNull();
    expect(i.member.communicationDisabledUntilTimestamp).toBeNull();
    expect(i.member.pending).toBe(false);
  });

  it('channels, threads and DMs carry flags', async () => {
    expect(await rest('GET', `/channels/${control.defaultChannel.id}`)).toMatchObject({ flags: 0 });
    const thread = await rest('POST', `/channels/${control.defaultChannel.id}/threads`, {
      name: 'side',
      type: 11,
    });
    expect(thread).toMatchObject({ flags: 0, type: 11 });
    expect(await rest('POST', '/users/@me/channels', { recipient_id: alice.id })).toMatchObject({
      flags: 0,
      recipients: [{ id: alice.id, public_flags: 0 }],
    });
  });

  it('numbers a message’s components 1, 2, 3… depth first, keeping an id the sender gave', async () => {
    const reply = await control.as(alice).slash('board').reply();
    const ids = (c: readonly unknown[]): unknown[] =>
      c.flatMap((x) => {
        const node = x as { id?: number; components?: unknown[] };
        return [node.id, ...ids(node.components ?? [])];
      });
    expect(ids(json(reply).components ?? [])).toEqual([1, 2, 3, 4, 5]);
    expect(json(reply).components?.[1]).toMatchObject({
      components: [{ type: ComponentType.StringSelect, min_values: 1, max_values: 1 }],
    });
    const sent = await rest('POST', `/channels/${control.defaultChannel.id}/messages`, {
      content: 'given',
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            { type: ComponentType.Button, style: 1, custom_id: 'a', label: 'A' },
            { type: ComponentType.Button, style: 1, custom_id: 'b', label: 'B', id: 2 },
          ],
        },
      ],
    });
    expect(ids(sent.components as unknown[])).toEqual([1, 3, 2]);
    // The bot sees the same numbers on the message it is clicked on.
    await control.as(alice).click(reply, 'hand').reply();
    const click = seen.get('hand');
    if (!click?.isButton()) throw new Error('no click');
    expect(click.message.components.map((row) => row.id)).toEqual([1, 4]);
  });

  it('a component’s answer names the clicked message (interacted_message_id); the clicked message names its command', async () => {
    const slash = control.as(alice).slash('board');
    const boardMessage = await slash.reply();
    const click = control.as(alice).click(boardMessage, 'hand');
    const hand = await click.reply();
    expect(json(hand).interaction_metadata).toEqual({
      id: click.id,
      type: InteractionType.MessageComponent,
      user: expect.objectContaining({ id: alice.id, public_flags: 0 }),
      authorizing_integration_owners: { 0: control.defaultGuild.id },
      interacted_message_id: boardMessage.id,
    });
    // What the bot reads (private-hands.ts: the interaction that opened a clicked hand).
    const i = seen.get('hand');
    if (!i?.isButton()) throw new Error('no click');
    expect(i.message.id).toBe(boardMessage.id);
    expect(i.message.interactionMetadata).toMatchObject({
      id: slash.id,
      type: InteractionType.ApplicationCommand,
    });
    expect(i.message.interactionMetadata?.user.id).toBe(alice.id);
    expect(i.message.interactionMetadata?.authorizingIntegrationOwners.guildId).toBe(control.defaultGuild.id);
  });

  it('a follow-up names the original response; a modal’s answer names the click that opened it', async () => {
    const ping = control.as(alice).slash('ping');
    const original = await ping.reply();
    const followUp = await ping.followUp();
    expect(json(original).interaction_metadata).toMatchObject({
      id: ping.id,
      type: InteractionType.ApplicationCommand,
    });
    expect(json(original).interaction_metadata).not.toHaveProperty('original_response_message_id');
    expect(json(followUp).interaction_metadata).toMatchObject({
      id: ping.id,
      original_response_message_id: original.id,
    });

    const boardMessage = await control.as(alice).slash('board').reply();
    const rename = control.as(alice).click(boardMessage, 'rename');
    await rename.modal();
    const submit = control.as(alice).submitModal(rename, { title: 'Nile' });
    expect(json(await submit.reply()).interaction_metadata).toEqual({
      id: submit.id,
      type: InteractionType.ModalSubmit,
      user: expect.objectContaining({ id: alice.id }),
      authorizing_integration_owners: { 0: control.defaultGuild.id },
      triggering_interaction_metadata: {
        id: rename.id,
        type: InteractionType.MessageComponent,
        user: expect.objectContaining({ id: alice.id }),
        authorizing_integration_owners: { 0: control.defaultGuild.id },
        interacted_message_id: boardMessage.id,
      },
    });
  });

  it('a command in the bot’s DM is authorised by the guild install with "0"', async () => {
    const dm = control.as(alice).dm();
    await control.as(alice).slash('ping', {}, { channelId: dm.id }).reply();
    expect(seen.get('ping')?.authorizingIntegrationOwners.guildId).toBe('0');
  });
});

describe('routes the tests above do not reach', () => {
  it('answer what the specification requires too', async () => {
    const g = control.defaultGuild.id;
    const app = h.loopback.world.applicationId;
    const thread = await rest('POST', `/channels/${control.defaultChannel.id}/threads`, {
      name: 'members',
      type: 11,
    });
    const paths = [
      '/gateway',
      '/gateway/bot',
      '/users/@me',
      '/users/@me/guilds',
      '/applications/@me',
      `/guilds/${g}`,
      `/guilds/${g}/channels`,
      `/guilds/${g}/threads/active`,
      `/guilds/${g}/members?limit=10`,
      `/channels/${String(thread.id)}/thread-members`,
      `/channels/${String(thread.id)}/thread-members/${h.loopback.world.bot.id}`,
      `/channels/${control.defaultChannel.id}/messages`,
      `/applications/${app}/commands`,
      `/applications/${app}/guilds/${g}/commands`,
    ];
    for (const path of paths) await rest('GET', path);
    await rest('PATCH', `/channels/${String(thread.id)}`, { name: 'renamed', archived: false });
    const message = await rest('POST', `/channels/${control.defaultChannel.id}/messages`, {
      content: 'a thread here',
    });
    await rest('POST', `/channels/${control.defaultChannel.id}/messages/${String(message.id)}/threads`, {
      name: 'from it',
    });
    await rest('DELETE', `/channels/${String(thread.id)}`);
    const command = await rest('POST', `/applications/${app}/guilds/${g}/commands`, {
      name: 'extra',
      description: 'x',
    });
    await rest('GET', `/applications/${app}/guilds/${g}/commands/${String(command.id)}`);
    await rest('PATCH', `/applications/${app}/guilds/${g}/commands/${String(command.id)}`, {
      description: 'y',
    });
    // The guard fails this test if any of these answers lacks what Discord sends; nothing is taken here.
  });
});
