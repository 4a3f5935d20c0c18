import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import {
  ApplicationCommandOptionType,
  type RESTPostAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopbackHttpClient, type WireEvent } from '../../src/loopback/index.ts';
import { TINY_PNG } from './harness.ts';

const COMMANDS: RESTPostAPIApplicationCommandsJSONBody[] = [
  { name: 'ping', description: 'Replies pong' },
  { name: 'hand', description: 'Shows your hand' },
  { name: 'note', description: 'Opens a modal' },
  {
    name: 'pick',
    description: 'Autocompletes',
    options: [
      { type: ApplicationCommandOptionType.String, name: 'card', description: 'x', autocomplete: true },
    ],
  },
];

/**
 * The loopback runs in a child process (its CLI), the bot in this one, and the test drives the
 * loopback only through the HTTP control API: the set-up of the local mode and of a bot in a container.
 */
describe('the control API over HTTP, with the loopback in another process', () => {
  let child: ChildProcess;
  let remote: LoopbackHttpClient;
  let client: Client;

  beforeAll(async () => {
    const cli = fileURLToPath(new URL('../../src/loopback/cli.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(
      createInterface({ input: child.stdout as NodeJS.ReadableStream }),
      'line',
    )) as [string];
    const info = JSON.parse(line) as { url: string; restApi: string; token: string };
    remote = new LoopbackHttpClient(info.url);
    client = new Client({
      intents: [GatewayIntentBits.Guilds],
      rest: { api: info.restApi, timeout: 2_000, retries: 0 },
    });
    client.on('interactionCreate', async (i) => {
      if (i.isChatInputCommand() && i.commandName === 'ping') {
        await i.reply({
          content: 'pong',
          files: [new AttachmentBuilder(TINY_PNG, { name: 'p.png' })],
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('again').setLabel('Again').setStyle(ButtonStyle.Primary),
            ),
          ],
        });
      } else if (i.isChatInputCommand() && i.commandName === 'hand') {
        await i.reply({ content: `hand of ${i.user.username}`, flags: MessageFlags.Ephemeral });
      } else if (i.isChatInputCommand() && i.commandName === 'note') {
        await i.showModal(
          new ModalBuilder()
            .setCustomId('note-form')
            .setTitle('Note')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder()
                  .setCustomId('text')
                  .setLabel('Text')
                  .setStyle(TextInputStyle.Paragraph),
              ),
            ),
        );
      } else if (i.isModalSubmit()) {
        await i.reply(`noted: ${i.fields.getTextInputValue('text')}`);
      } else if (i.isButton()) {
        await i.update({ content: 'pong again' });
      } else if (i.isAutocomplete()) {
        await i.respond([{ name: 'Ankh', value: 'ankh' }]);
      }
    });
    const ready = once(client, 'clientReady');
    await client.login(info.token);
    await ready;
    await client.application?.commands.set(COMMANDS);
  });

  afterAll(async () => {
    await client?.destroy();
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('shows the state and the registered commands', async () => {
    const state = await remote.state();
    expect(state.guilds).toHaveLength(1);
    expect(state.defaultChannelId).toBe(state.guilds[0]?.channels[0]?.id);
    expect((await remote.commands()).map((c) => c.name)).toEqual(['ping', 'hand', 'note', 'pick']);
  });

  it('runs a command and a click, and serves the attachment bytes', async () => {
    const alice = await remote.createUser('alice');
    const ping = await remote.slash(alice.id, 'ping');
    const reply = await ping.reply();
    expect(reply.text).toBe('pong');
    const bytes = await remote.attachment(reply.attachments[0]?.url ?? '');
    expect(Buffer.from(bytes).equals(TINY_PNG)).toBe(true);
    const inline = await remote.message(reply.id, { bytes: true });
    expect(Buffer.from(inline.attachments[0]?.base64 ?? '', 'base64').equals(TINY_PNG)).toBe(true);
    const click = await remote.click('alice', reply.id, 'again');
    expect((await click.reply()).text).toBe('pong again');
  });

  it('submits a modal and requests autocomplete', async () => {
    const opener = await remote.slash('alice', 'note');
    expect((await opener.modal()).title).toBe('Note');
    const submitted = await remote.submitModal('alice', opener.id, { text: 'buy more scarabs' });
    expect((await submitted.reply()).text).toBe('noted: buy more scarabs');
    const auto = await remote.autocomplete('alice', 'pick', { card: 'a' }, 'card');
    expect(await auto.choices()).toEqual([{ name: 'Ankh', value: 'ankh' }]);
  });

  it('keeps ephemeral replies out of other users’ message lists and feeds', async () => {
    const bob = await remote.createUser('bob');
    const state = await remote.state();
    const channelId = state.defaultChannelId ?? '';
    const stop = new AbortController();
    const bobFeed: WireEvent[] = [];
    const aliceFeed: WireEvent[] = [];
    const feeds = [
      remote.feed((e) => bobFeed.push(e), { as: bob.id, signal: stop.signal }),
      remote.feed((e) => aliceFeed.push(e), { as: 'alice', signal: stop.signal }),
    ];
    await new Promise((r) => setTimeout(r, 50)); // let both streams open
    const hand = await (await remote.slash('alice', 'hand')).reply();
    const ping = await (await remote.slash('alice', 'ping')).reply();
    await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    await Promise.all(feeds);
    const ids = (events: WireEvent[]) =>
      events.flatMap((e) => (e.type === 'message-create' ? [(e.message as { id: string }).id] : []));
    expect(ids(aliceFeed)).toEqual([hand.id, ping.id]);
    expect(ids(bobFeed)).toEqual([ping.id]);
    expect((await remote.messages(channelId, { as: 'bob' })).map((m) => m.id)).not.toContain(hand.id);
    expect((await remote.messages(channelId, { as: 'alice' })).map((m) => m.id)).toContain(hand.id);
  });

  it('reports misuse as 400 with the reason, and a wait that times out as 408', async () => {
    await expect(remote.slash('alice', 'nope')).rejects.toThrow(/400: \/nope is not registered/);
    const opener = await remote.slash('alice', 'note');
    await expect(remote.wait(opener.id, 'reply', { timeoutMs: 50 })).rejects.toThrow(/408|not a message/);
    await expect(remote.wait(opener.id, 'follow-up', { timeoutMs: 50 })).rejects.toThrow(
      /408: Timed out after 50 ms/,
    );
  });

  it('deletes a channel as a moderator would: the bot hears CHANNEL_DELETE, a second delete is misuse', async () => {
    const channel = await remote.createChannel({ name: 'short-lived' });
    const heard = new Promise<string>((resolve) => client.once('channelDelete', (c) => resolve(c.id)));
    await expect(remote.deleteChannel(channel.id)).resolves.toMatchObject({ id: channel.id });
    expect(await heard).toBe(channel.id);
    await expect(remote.deleteChannel(channel.id)).rejects.toThrow(`400: no guild channel ${channel.id}`);
  });

  it('injects REST and gateway faults', async () => {
    await remote.addFault({
      route: 'POST /interactions/:interactionId/:token/callback',
      effect: { kind: 'rate-limit', retryAfterMs: 30 },
      times: 1,
    });
    expect((await (await remote.slash('alice', 'ping')).reply()).text).toBe('pong');
    const calls = await remote.requests();
    expect(calls.filter((r) => r.status === 429)).toHaveLength(1);
    expect(await remote.dropGateway()).toEqual({ dropped: 1 });
    expect((await (await remote.slash('alice', 'ping')).reply()).text).toBe('pong');
  });
});
