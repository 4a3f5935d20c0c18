import { AttachmentBuilder, type Channel, ChannelType, type SendableChannels } from 'discord.js';
import { Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackControl, LoopbackUser, PermissionName } from '../../src/loopback/index.ts';
import { asCommand, type Harness, startHarness, TINY_PNG } from './harness.ts';

let h: Harness;
let control: LoopbackControl;
let alice: LoopbackUser;

const png = () => new AttachmentBuilder(TINY_PNG, { name: 'board.png' });

/** The channel as the bot's discord.js cache holds it (fetching one the bot may not view would fail). */
async function cached(channelId: string): Promise<Channel> {
  return control.waitUntil(() => h.client.channels.cache.get(channelId), `channel ${channelId} cached`);
}

async function sendable(channelId: string): Promise<SendableChannels> {
  const channel = await cached(channelId);
  if (!channel.isSendable()) throw new Error(`channel ${channelId} is not sendable`);
  return channel;
}

function channelDenying(name: string, denyBot: PermissionName[]) {
  return control.createChannel({ name, denyBot });
}

beforeAll(async () => {
  h = await startHarness({
    commands: [
      { name: 'chart', description: 'replies with a PNG' },
      { name: 'charts', description: 'defers, then edits and follows up with PNGs' },
    ],
  });
  control = h.loopback.control;
  alice = control.createUser('alice');
  h.on('chart', (i) => asCommand(i).reply({ content: 'chart', files: [png()] }));
  h.on('charts', async (i) => {
    const c = asCommand(i);
    await c.deferReply();
    await c.editReply({ content: 'edited', files: [png()] });
    await c.followUp({ content: 'follow-up', files: [png()] });
  });
});
afterAll(() => h.stop());

describe('Attach Files', () => {
  it('a channel message with a file, without Attach Files there, answers 403 / 50013 and stores nothing', async () => {
    const locked = channelDenying('no-files', ['AttachFiles']);
    const channel = await sendable(locked.id);
    // discord.js's own permission model agrees with the refusal: it is a member overwrite on the bot.
    if (channel.type !== ChannelType.GuildText) throw new Error('expected a text channel');
    expect(channel.permissionsFor(h.client.user?.id ?? '')?.has('AttachFiles')).toBe(false);
    await expect(channel.send({ content: 'with a file', files: [png()] })).rejects.toMatchObject({
      status: 403,
      code: 50013,
      rawError: { message: 'Missing Permissions' },
    });
    expect(control.messages(locked.id)).toEqual([]);
    // Without a file the same channel is fine.
    await expect(channel.send('text only')).resolves.toBeDefined();
  });

  it('an edit that uploads a file needs it too; an edit that keeps or drops attachments does not', async () => {
    const open = control.createChannel({ name: 'files-then-not' });
    const channel = await sendable(open.id);
    const message = await channel.send({ content: 'with a file', files: [png()] });
    control.denyBot(open.id, ['AttachFiles']);
    await expect(message.edit({ files: [png()] })).rejects.toMatchObject({ status: 403, code: 50013 });
    const kept = await message.edit({ content: 'renamed, file kept' });
    expect(kept.attachments.size).toBe(1);
    const dropped = await message.edit({ content: 'file dropped', attachments: [] });
    expect(dropped.attachments.size).toBe(0);
  });

  it('interaction replies, deferred edits and follow-ups may carry files anyway, as on Discord', async () => {
    const locked = channelDenying('no-files-but-interactions', ['AttachFiles']);
    const reply = await control.as(alice).slash('chart', {}, { channelId: locked.id }).reply();
    expect(reply.attachments.map((a) => a.filename)).toEqual(['board.png']);
    const handle = control.as(alice).slash('charts', {}, { channelId: locked.id });
    expect((await handle.edited(0)).attachments).toHaveLength(1);
    expect((await handle.followUp(0)).attachments).toHaveLength(1);
  });
});

describe('Missing Access (50001) against Missing Permissions (50013)', () => {
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: { status?: number; code?: number; rawError?: { message?: string } }) =>
        `${error.status} ${error.code} ${error.rawError?.message}`,
    );
  const MISSING_ACCESS = '403 50001 Missing Access';
  const MISSING_PERMISSIONS = '403 50013 Missing Permissions';

  it('a channel the bot cannot view answers Missing Access to a send, a fetch and a thread', async () => {
    const hidden = channelDenying('hidden', ['ViewChannel']);
    const channel = await sendable(hidden.id);
    expect(await refusal(channel.send('hello'))).toBe(MISSING_ACCESS);
    expect(await refusal(h.client.channels.fetch(hidden.id, { force: true }))).toBe(MISSING_ACCESS);
    expect(
      await refusal(h.client.rest.post(Routes.threads(hidden.id), { body: { name: 't', type: 11 } })),
    ).toBe(MISSING_ACCESS);
  });

  it('a channel the bot can view but not post in answers Missing Permissions', async () => {
    const readOnly = channelDenying('read-only', ['SendMessages']);
    const channel = await sendable(readOnly.id);
    expect(await refusal(channel.send('hello'))).toBe(MISSING_PERMISSIONS);
    await expect(h.client.channels.fetch(readOnly.id, { force: true })).resolves.toBeDefined();
  });

  it('threads: Send Messages in Threads missing is 50013; the parent hidden is 50001', async () => {
    const parent = control.createChannel({ name: 'thread-parent' });
    const thread = control.createThread({ parentId: parent.id, name: 'game', ownerId: alice.id });
    const inThread = await sendable(thread.id);
    await expect(inThread.send('first')).resolves.toBeDefined();
    control.denyBot(parent.id, ['SendMessagesInThreads']);
    expect(await refusal(inThread.send('second'))).toBe(MISSING_PERMISSIONS);
    control.denyBot(parent.id, ['ViewChannel']);
    expect(await refusal(inThread.send('third'))).toBe(MISSING_ACCESS);
  });

  it('a viewable channel without Create Public Threads answers 50013', async () => {
    const noThreads = channelDenying('no-public-threads', ['CreatePublicThreads']);
    expect(
      await refusal(h.client.rest.post(Routes.threads(noThreads.id), { body: { name: 't', type: 11 } })),
    ).toBe(MISSING_PERMISSIONS);
  });
});

it('the bot recorded no handler errors and the loopback no internal errors', () => {
  expect(h.errors).toEqual([]);
  expect(control.internalErrors()).toEqual([]);
});

describe('DMs', () => {
  it('a DM to someone whose DMs are closed answers 403 / 50007 and stores nothing; opened again, it arrives', async () => {
    const bob = control.createUser('bob');
    control.setDmsOpen(bob.id, false);
    // Opening the DM channel still works, as on Discord: only the message is refused.
    const dm = await h.client.users.createDM(bob.id);
    await expect(dm.send('hello')).rejects.toMatchObject({
      status: 403,
      code: 50007,
      rawError: { message: 'Cannot send messages to this user' },
    });
    expect(control.messages(dm.id)).toEqual([]);
    control.setDmsOpen(bob.id, true);
    await dm.send('hello again');
    expect(control.messages(dm.id).map((m) => m.text)).toEqual(['hello again']);
  });
});
