import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/** A channel the bot cannot use gets a reply naming the permission, and leaves no lobby behind. */
let h: TableHarness;
let alice: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness();
  alice = h.loopback.control.createUser('alice');
});
afterAll(async () => {
  await h?.stop();
});

const allGames = (channelId: string) =>
  h.store.gamesInChannel(channelId, ['lobby', 'active', 'finished', 'cancelled']);

describe('/valley where the bot may not play', () => {
  it('a channel the bot cannot see: names View Channel, creates nothing', async () => {
    const c = h.loopback.control;
    const hidden = c.createChannel({ name: 'hidden', denyBot: ['ViewChannel'] });
    const reply = await c.as(alice).slash('valley', {}, { channelId: hidden.id }).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toMatch(/missing the View Channel permission/);
    expect(reply.text).not.toMatch(/something went wrong/i);
    expect(allGames(hidden.id)).toEqual([]);
  });

  it('a channel where the bot may not attach files: names Attach Files (boards are pictures)', async () => {
    const c = h.loopback.control;
    const noFiles = c.createChannel({ name: 'no-files', denyBot: ['AttachFiles'] });
    const reply = await c.as(alice).slash('valley', {}, { channelId: noFiles.id }).reply();
    expect(reply.text).toMatch(/missing the Attach Files permission/);
    expect(allGames(noFiles.id)).toEqual([]);
  });

  it('several missing permissions are all named', async () => {
    const c = h.loopback.control;
    const mute = c.createChannel({ name: 'mute', denyBot: ['SendMessages', 'AttachFiles'] });
    const reply = await c.as(alice).slash('valley', {}, { channelId: mute.id }).reply();
    expect(reply.text).toMatch(/missing the Send Messages and Attach Files permissions/);
    expect(allGames(mute.id)).toEqual([]);
  });

  it('without thread permissions the game is played in the channel itself', async () => {
    const c = h.loopback.control;
    const flat = c.createChannel({ name: 'flat', denyBot: ['CreatePublicThreads'] });
    const reply = await c.as(alice).slash('valley', {}, { channelId: flat.id }).reply();
    expect(reply.text).toMatch(/is open in <#\d+>.*may not create threads here/);
    await h.settle();
    expect(allGames(flat.id).map((g) => g.status)).toEqual(['lobby']);
  });

  it('a lobby whose message cannot be posted is cancelled, not left behind', async () => {
    const c = h.loopback.control;
    const flaky = c.createChannel({ name: 'flaky', denyBot: ['CreatePublicThreads'] });
    c.faults.serverError('POST /channels/:channelId/messages', 500, 2);
    const handle = c.as(alice).slash('valley', {}, { channelId: flaky.id });
    const reply = await handle.reply();
    c.faults.clear();
    await h.settle();
    expect(reply.text).toMatch(/something went wrong/i);
    expect(allGames(flaky.id).map((g) => g.status)).toEqual(['cancelled']);
    expect(h.store.gamesInGuild(c.defaultGuild.id).some((g) => g.channelId === flaky.id)).toBe(false);
  });
});
