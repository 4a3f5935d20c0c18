import { createHash } from 'node:crypto';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  UserSelectMenuBuilder,
} from 'discord.js';
import {
  ApplicationCommandOptionType,
  ComponentType,
  InteractionResponseType,
  type RESTPostAPIApplicationCommandsJSONBody,
  Routes,
} from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackControl, LoopbackUser } from '../../src/loopback/index.ts';
import { asCommand, type Harness, PING, startHarness, TINY_PNG } from './harness.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let h: Harness;
let control: LoopbackControl;
let alice: LoopbackUser;
let bob: LoopbackUser;

const buttons = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId('join').setLabel('Join').setStyle(ButtonStyle.Primary),
    new ButtonBuilder().setCustomId('hand').setLabel('My hand').setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setCustomId('rename').setLabel('Rename').setStyle(ButtonStyle.Secondary),
  );

const COMMANDS: RESTPostAPIApplicationCommandsJSONBody[] = [
  PING,
  {
    name: 'game',
    description: 'Games',
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'start',
        description: 'Start a game',
        options: [
          {
            type: ApplicationCommandOptionType.Integer,
            name: 'players',
            description: 'Seats',
            required: true,
            min_value: 2,
            max_value: 4,
          },
          { type: ApplicationCommandOptionType.User, name: 'rival', description: 'Who to invite' },
          {
            type: ApplicationCommandOptionType.String,
            name: 'variant',
            description: 'Variant',
            autocomplete: true,
          },
        ],
      },
    ],
  },
  { name: 'board', description: 'Posts a board with buttons and menus' },
  { name: 'chart', description: 'Defers, then sends a PNG' },
  { name: 'feedback', description: 'Opens a modal' },
];

beforeAll(async () => {
  h = await startHarness({ commands: COMMANDS });
  control = h.loopback.control;
  alice = control.createUser('alice');
  bob = control.createUser({ username: 'bob', globalName: 'Bob B.' });

  h.on('ping', (i) =>
    asCommand(i).reply({ content: 'pong', files: [new AttachmentBuilder(TINY_PNG, { name: 'board.png' })] }),
  );
  h.on('game', async (i) => {
    if (i.isAutocomplete()) {
      const typed = i.options.getFocused();
      return i.respond(
        ['classic', 'cats', 'chaos'].filter((v) => v.startsWith(typed)).map((v) => ({ name: v, value: v })),
      );
    }
    const c = asCommand(i);
    const rival = c.options.getUser('rival');
    return c.reply(
      `${c.options.getSubcommand()} ${c.options.getInteger('players', true)} ${rival ? `<@${rival.id}> (${rival.username})` : 'alone'}`,
    );
  });
  h.on('board', (i) =>
    asCommand(i).reply({
      content: `Your turn, <@${i.user.id}>`,
      components: [
        buttons(),
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId('pick')
            .setMaxValues(2)
            .addOptions(
              { label: 'Ankh', value: 'ankh' },
              { label: 'Scarab', value: 'scarab' },
              { label: 'Eye', value: 'eye' },
            ),
        ),
        new ActionRowBuilder<UserSelectMenuBuilder>().addComponents(
          new UserSelectMenuBuilder().setCustomId('target'),
        ),
      ],
    }),
  );
  h.on('join', async (i) => {
    if (!i.isButton()) return;
    await i.update({
      content: `${i.message.content} — <@${i.user.id}> joined`,
      components: i.message.components,
    });
  });
  h.on('hand', async (i) => {
    if (!i.isButton()) return;
    await i.reply({
      content: `hand of ${i.user.username}`,
      flags: MessageFlags.Ephemeral,
      files: [new AttachmentBuilder(TINY_PNG, { name: 'hand.png' })],
    });
  });
  h.on('pick', async (i) => {
    if (!i.isStringSelectMenu()) return;
    await i.deferUpdate();
    await i.editReply({ content: `picked ${i.values.join('+')}` });
  });
  h.on('target', async (i) => {
    if (!i.isUserSelectMenu()) return;
    await i.reply({
      content: `targets ${i.users.map((u) => u.username).join(',')}`,
      flags: MessageFlags.Ephemeral,
    });
  });
  h.on('chart', async (i) => {
    const c = asCommand(i);
    await c.deferReply({ flags: MessageFlags.Ephemeral });
    await c.editReply({
      content: 'chart',
      embeds: [
        {
          title: 'Chart',
          description: 'Text always accompanies images',
          image: { url: 'attachment://chart.png' },
        },
      ],
      files: [new AttachmentBuilder(TINY_PNG, { name: 'chart.png' })],
    });
    await c.followUp({ content: 'second', flags: MessageFlags.Ephemeral });
  });
  const modal = (id: string) =>
    new ModalBuilder()
      .setCustomId(id)
      .setTitle('Feedback')
      .addLabelComponents(
        new LabelBuilder()
          .setLabel('Your name')
          .setTextInputComponent(new TextInputBuilder().setCustomId('name').setStyle(TextInputStyle.Short)),
        new LabelBuilder()
          .setLabel('Mood')
          .setStringSelectMenuComponent(
            new StringSelectMenuBuilder()
              .setCustomId('mood')
              .addOptions({ label: 'Happy', value: 'happy' }, { label: 'Sad', value: 'sad' }),
          ),
      );
  h.on('feedback', (i) => asCommand(i).showModal(modal('feedback-form')));
  h.on('feedback-form', async (i) => {
    if (!i.isModalSubmit()) return;
    await i.reply(
      `thanks ${i.fields.getTextInputValue('name')} (${i.fields.getStringSelectValues('mood').join()})`,
    );
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
    if (!i.isModalSubmit() || !i.isFromMessage()) return;
    await i.update({ content: `renamed to ${i.fields.getTextInputValue('title')}` });
  });
});
afterAll(() => h.stop());

describe('login and commands', () => {
  it('registers commands with PUT and gives them stable ids on a second registration', async () => {
    const [ping] = await control.waitForCommands(['ping', 'game', 'board', 'chart', 'feedback']);
    expect(control.requests().map((r) => r.route)).toContain('PUT /applications/:applicationId/commands');
    await h.client.application?.commands.set([PING]);
    expect(control.commands().map((c) => [c.name, c.id])).toEqual([['ping', ping?.id]]);
    await h.client.application?.commands.set(COMMANDS);
    expect(control.commands().map((c) => c.name)).toEqual(['ping', 'game', 'board', 'chart', 'feedback']);
  });

  it('fetches, edits (keeping the id) and deletes a command; guild commands shadow global ones', async () => {
    const manager = h.client.application?.commands;
    if (!manager) throw new Error('no application');
    const fetched = await manager.fetch();
    const ping = fetched.find((c) => c.name === 'ping');
    if (!ping) throw new Error('no /ping');
    const renamed = await manager.edit(ping.id, { name: 'pong', description: 'Renamed' });
    expect([renamed.id, renamed.name]).toEqual([ping.id, 'pong']);
    await manager.delete(ping.id);
    expect(control.commands().map((c) => c.name)).not.toContain('pong');
    await manager.create(PING, control.defaultGuild.id);
    expect(control.commands(control.defaultGuild.id).map((c) => c.name)).toEqual(['ping']);
    await manager.set([], control.defaultGuild.id);
    await manager.set(COMMANDS);
  });

  it('made exactly one REST call during login: GET /gateway/bot', () => {
    expect(control.requests()[0]?.route).toBe('GET /gateway/bot');
    expect(h.client.guilds.cache.has(control.defaultGuild.id)).toBe(true);
    expect(h.client.channels.cache.has(control.defaultChannel.id)).toBe(true);
  });
});

describe('round trip of every interaction kind', () => {
  it('slash command: a reply with a PNG whose bytes arrive identical', async () => {
    const reply = await control.as(alice).slash('ping').reply();
    expect(reply.text).toBe('pong');
    expect(reply.ephemeral).toBe(false);
    const [png] = reply.attachments;
    expect(png?.filename).toBe('board.png');
    expect(png?.contentType).toBe('image/png');
    expect([png?.width, png?.height]).toEqual([2, 1]);
    expect(sha(png?.bytes ?? new Uint8Array())).toBe(sha(TINY_PNG));
    const served = await fetch(png?.url ?? '');
    expect(sha(new Uint8Array(await served.arrayBuffer()))).toBe(sha(TINY_PNG));
  });

  it('slash command with a subcommand, an integer and a user option (resolved)', async () => {
    const reply = await control.as(alice).slash('game start', { players: 3, rival: bob.id }).reply();
    expect(reply.text).toBe(`start 3 <@${bob.id}> (bob)`);
    expect(reply.mentions.users).toEqual([bob.id]);
    expect(reply.notified).toEqual([bob.id]);
    expect(() => control.as(alice).slash('game start', { players: 9 })).toThrow(/must be at most 4/);
    expect(() => control.as(alice).slash('game start', {})).toThrow(/"players" is required/);
    expect(() => control.as(alice).slash('nope')).toThrow(/not registered/);
  });

  it('autocomplete', async () => {
    const choices = await control.as(alice).autocomplete('game start', { variant: 'c' }, 'variant').choices();
    expect(choices.map((c) => c.value)).toEqual(['classic', 'cats', 'chaos']);
    const narrowed = await control
      .as(alice)
      .autocomplete('game start', { variant: 'ch' }, 'variant')
      .choices();
    expect(narrowed.map((c) => c.value)).toEqual(['chaos']);
  });

  it('button: update() edits the message that carries it', async () => {
    const board = await control.as(alice).slash('board').reply();
    expect(board.notified).toEqual([alice.id]);
    const updated = await control.as(bob).click(board, 'join').reply();
    expect(updated.id).toBe(board.id);
    expect(updated.text).toBe(`Your turn, <@${alice.id}> — <@${bob.id}> joined`);
    expect(updated.mentions.users).toEqual([alice.id, bob.id]);
    expect(updated.notified).toEqual([alice.id]); // who was pinged at creation: an edit pings no one
    expect(control.message(board.id)?.version).toBe(2);
  });

  it('string select, with deferUpdate then editReply on the component message', async () => {
    const board = await control.as(alice).slash('board').reply();
    const handle = control.as(alice).select(board, 'pick', ['ankh', 'eye']);
    const reply = await handle.reply();
    expect(handle.acknowledgement).toBe(InteractionResponseType.DeferredMessageUpdate);
    expect(reply.id).toBe(board.id);
    expect(reply.text).toBe('picked ankh+eye');
    expect(() => control.as(alice).select(board, 'pick', ['lotus'])).toThrow(/has no option "lotus"/);
    expect(() => control.as(alice).select(board, 'pick', ['ankh', 'eye', 'scarab'])).toThrow(/takes 1 to 2/);
  });

  it('user select, with resolved users', async () => {
    const board = await control.as(alice).slash('board').reply();
    const reply = await control.as(alice).select(board, 'target', [bob.id]).reply();
    expect(reply.text).toBe('targets bob');
    expect(reply.ephemeral).toBe(true);
  });

  it('modal submit from a command (labels with a text input and a select)', async () => {
    const opener = control.as(bob).slash('feedback');
    const modal = await opener.modal();
    expect(modal.title).toBe('Feedback');
    expect(() => control.as(alice).submitModal(opener, { name: 'x', mood: ['sad'] })).toThrow(/another user/);
    const reply = await control
      .as(bob)
      .submitModal(opener, { name: 'Bob', mood: ['happy'] })
      .reply();
    expect(reply.text).toBe('thanks Bob (happy)');
    expect(() => control.as(bob).submitModal(opener, { name: 'again', mood: ['sad'] })).toThrow(
      /already submitted/,
    );
  });

  it('modal submit from a button updates the button message', async () => {
    const board = await control.as(alice).slash('board').reply();
    const opener = control.as(alice).click(board, 'rename');
    await opener.modal();
    expect(() => control.as(alice).submitModal(opener, {})).toThrow(/"title" is required/);
    const reply = await control.as(alice).submitModal(opener, { title: 'Pyramid' }).reply();
    expect(reply.id).toBe(board.id);
    expect(reply.text).toBe('renamed to Pyramid');
  });

  it('ephemeral reply with a PNG, invisible to a second user', async () => {
    const board = await control.as(alice).slash('board').reply();
    const hand = await control.as(alice).click(board, 'hand').reply();
    expect(hand.ephemeral).toBe(true);
    expect(hand.visibleTo).toBe(alice.id);
    expect(sha(hand.attachments[0]?.bytes ?? new Uint8Array())).toBe(sha(TINY_PNG));
    expect(
      control
        .as(alice)
        .visibleMessages()
        .map((m) => m.id),
    ).toContain(hand.id);
    expect(
      control
        .as(bob)
        .visibleMessages()
        .map((m) => m.id),
    ).not.toContain(hand.id);
    expect(
      control
        .as(bob)
        .visibleMessages()
        .map((m) => m.id),
    ).toContain(board.id);
    expect(() => control.as(bob).click(hand, 'anything')).toThrow(/cannot see/);
  });

  it('deferred ephemeral reply filled by editReply with a file, then a follow-up', async () => {
    const handle = control.as(alice).slash('chart');
    const reply = await handle.reply();
    expect(reply.loading).toBe(false);
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toBe('chart');
    expect(reply.embeds).toEqual([
      {
        title: 'Chart',
        description: 'Text always accompanies images',
        image: { url: 'attachment://chart.png' },
      },
    ]);
    expect(sha(reply.attachments[0]?.bytes ?? new Uint8Array())).toBe(sha(TINY_PNG));
    const second = await handle.followUp(0);
    expect(second.text).toBe('second');
    expect(second.ephemeral).toBe(true);
    expect(handle.events.map((e) => e.kind)).toEqual(['callback', 'original-edit', 'follow-up']);
    expect((await handle.edited(0)).id).toBe(reply.id);
    await expect(handle.edited(1, { timeoutMs: 30 })).rejects.toThrow(
      /Timed out after 30 ms waiting for edit #2 of the original response to \/chart \(interaction \d+\) by alice; so far: callback DeferredChannelMessageWithSource \(5\), original-edit, follow-up/,
    );
  });
});

describe('REST beyond interactions', () => {
  it('fetchReply, reply with response, deleteReply', async () => {
    const done = new Promise<string[]>((resolve, reject) => {
      h.on('ping', async (i) => {
        try {
          const c = asCommand(i);
          const response = await c.reply({ content: 'first', withResponse: true });
          const fetched = await c.fetchReply();
          await c.deleteReply();
          resolve([response.resource?.message?.content ?? '', fetched.content]);
        } catch (error) {
          reject(error);
        }
      });
    });
    const handle = control.as(alice).slash('ping');
    expect(await done).toEqual(['first', 'first']);
    expect(handle.original()).toBeUndefined();
    expect(handle.events.map((e) => e.kind)).toEqual(['callback', 'original-delete']);
  });

  it('channel.send with two files and mentions, then message.edit', async () => {
    const channel = await h.client.channels.fetch(control.defaultChannel.id);
    if (!channel?.isSendable()) throw new Error('not sendable');
    const text = Buffer.from('hello');
    const sent = await channel.send({
      content: `<@${alice.id}> and <@${bob.id}>, your move`,
      allowedMentions: { users: [alice.id] },
      files: [
        new AttachmentBuilder(TINY_PNG, { name: 'a.png' }),
        new AttachmentBuilder(text, { name: 'b.txt' }),
      ],
    });
    const stored = control.message(sent.id);
    expect(stored?.attachments.map((a) => [a.filename, sha(a.bytes)])).toEqual([
      ['a.png', sha(TINY_PNG)],
      ['b.txt', sha(text)],
    ]);
    expect(stored?.notified).toEqual([alice.id]);
    await sent.edit({ content: 'edited', attachments: [] });
    const edited = control.message(sent.id);
    expect(edited?.text).toBe('edited');
    expect(edited?.attachments).toEqual([]);
    expect(edited?.editedAt).not.toBeNull();
  });

  it('threads from a channel and from a message are cached by discord.js', async () => {
    const channel = await h.client.channels.fetch(control.defaultChannel.id);
    if (channel?.type !== ChannelType.GuildText) throw new Error('expected a text channel');
    const privateThread = await channel.threads.create({ name: 'Game 1', type: ChannelType.PrivateThread });
    await privateThread.members.add(alice.id);
    await privateThread.send(`<@${bob.id}> is invited`);
    expect(control.as(alice).canSee(privateThread.id)).toBe(true);
    expect(control.as(bob).canSee(privateThread.id)).toBe(true); // pulled in by the mention
    const outsider = control.createUser('carol');
    expect(control.as(outsider).canSee(privateThread.id)).toBe(false);
    expect(control.as(outsider).visibleMessages(privateThread.id)).toEqual([]);
    expect(
      control
        .as(outsider)
        .visibleChannels()
        .map((c) => c.id),
    ).not.toContain(privateThread.id);
    expect(
      control
        .as(alice)
        .visibleChannels()
        .map((c) => c.id),
    ).toContain(privateThread.id);

    const starter = await channel.send('A new game');
    const fromMessage = await starter.startThread({ name: 'Game 2' });
    expect(fromMessage.id).toBe(starter.id);
    expect(control.message(starter.id)?.threadId).toBe(fromMessage.id);
    await control.waitUntil(() => h.client.channels.cache.get(fromMessage.id), 'THREAD_CREATE cached');
    await control.waitUntil(() => h.client.channels.cache.get(privateThread.id), 'THREAD_CREATE cached');
  });

  it('a channel where the bot may not create threads answers 403 / 50013', async () => {
    const locked = control.createChannel({
      name: 'no-threads',
      denyBot: ['CreatePublicThreads', 'CreatePrivateThreads'],
    });
    const channel = await h.client.channels.fetch(locked.id);
    if (channel?.type !== ChannelType.GuildText) throw new Error('expected a text channel');
    // discord.js's own permission check agrees with the REST refusal.
    expect(channel.permissionsFor(h.client.user?.id ?? '')?.has('CreatePublicThreads')).toBe(false);
    await expect(channel.threads.create({ name: 'x', type: ChannelType.PublicThread })).rejects.toMatchObject(
      { status: 403, code: 50013 },
    );
    const message = await channel.send('still allowed to talk');
    await expect(message.startThread({ name: 'y' })).rejects.toMatchObject({ code: 50013 });
  });

  it('DMs: open a DM channel and send to it', async () => {
    const user = await h.client.users.fetch(bob.id);
    const sent = await user.send('psst');
    const dm = control.as(bob).dm();
    expect(sent.channelId).toBe(dm.id);
    expect(
      control
        .as(bob)
        .visibleMessages(dm.id)
        .map((m) => m.text),
    ).toEqual(['psst']);
    expect(control.as(alice).visibleMessages(dm.id)).toEqual([]);
  });

  it('a slash command in a DM carries a user and no member', async () => {
    const seen = new Promise<{ guild: boolean; user: string }>((resolve) =>
      h.on('ping', async (i) => {
        resolve({ guild: i.inGuild(), user: i.user.id });
        await asCommand(i).reply('dm pong');
      }),
    );
    const dm = control.as(bob).dm();
    const reply = await control.as(bob).slash('ping', {}, { channelId: dm.id }).reply();
    expect(await seen).toEqual({ guild: false, user: bob.id });
    expect(reply.channelId).toBe(dm.id);
  });

  it('components are checked the way Discord checks them', async () => {
    // Raw REST, because discord.js's builders would refuse these before sending.
    const send = (components: unknown[]) =>
      h.client.rest.post(Routes.channelMessages(control.defaultChannel.id), {
        body: { content: 'bad', components },
      });
    const button = (customId: string) => ({
      type: ComponentType.Button,
      style: 1,
      label: 'B',
      custom_id: customId,
    });
    const before = control.messages().length;
    // The first two the specification says (contract/), at the field with Discord's code and wording.
    await expect(
      send([{ type: ComponentType.ActionRow, components: [button('x'.repeat(101))] }]),
    ).rejects.toMatchObject({
      status: 400,
      code: 50035,
      rawError: {
        errors: {
          components: {
            0: {
              components: {
                0: {
                  custom_id: {
                    _errors: [
                      { code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    });
    await expect(
      send([{ type: ComponentType.ActionRow, components: ['a', 'b', 'c', 'd', 'e', 'f'].map(button) }]),
    ).rejects.toMatchObject({
      code: 50035,
      rawError: {
        errors: {
          components: {
            0: {
              components: {
                _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 5 in length.' }],
              },
            },
          },
        },
      },
    });
    // Unique custom ids are the loopback's own rule: the specification cannot say it.
    await expect(
      send([
        { type: ComponentType.ActionRow, components: [button('same')] },
        { type: ComponentType.ActionRow, components: [button('same')] },
      ]),
    ).rejects.toMatchObject({ code: 50035, rawError: { message: expect.stringMatching(/used twice/) } });
    expect(control.messages()).toHaveLength(before);
    const route = 'POST /channels/:channelId/messages';
    expect(control.takeContractViolations()).toEqual([
      {
        direction: 'request',
        route,
        field: 'components.0.components.0.custom_id',
        rule: 'BASE_TYPE_BAD_LENGTH',
      },
      { direction: 'request', route, field: 'components.0.components', rule: 'BASE_TYPE_BAD_LENGTH' },
      { direction: 'request', route, field: '', rule: expect.stringMatching(/"same" is used twice/) },
    ]);
  });

  it('the bot recorded no handler errors and the loopback no internal errors', () => {
    expect(h.errors).toEqual([]);
    expect(control.internalErrors()).toEqual([]);
  });
});
