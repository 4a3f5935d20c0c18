import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageChannel, PageMessage, PageUser } from '../../src/local/page-types.ts';
import { call, type LocalHarness, post, startLocalHarness } from './local-harness.ts';

/**
 * A game started at the local table survives a restart of everything (page, loopback, bot): the same
 * users, the game's thread and its public messages come back from the database file, the bot finds
 * its board where the store says it is, and play goes on from it.
 */
let h: LocalHarness;

beforeAll(async () => {
  h = await startLocalHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const messages = async (channelId: string, as: string) =>
  (await call(`${h.url}/api/channels/${channelId}/messages?as=${as}`)).body as unknown as PageMessage[];
const customId = (m: PageMessage, verb: string) =>
  JSON.stringify(m.components).match(new RegExp(`"custom_id":"([^"]*:${verb}[^"]*)"`))?.[1] as string;

describe('a restart of the local table', () => {
  it('keeps the users, the thread, the board and the game going', async () => {
    const alice = (await call(`${h.url}/api/users`, { body: { name: 'alice' } })).body as unknown as PageUser;
    const general = (await call(`${h.url}/api/state`)).body.defaultChannelId as string;
    await post(`${h.url}/api/commands`, {
      as: alice.id,
      channelId: general,
      command: 'valley',
      options: { computers: 1 },
    });
    const opened = await until(
      async () => (await messages(general, alice.id)).find((m) => m.text.includes('is open in')),
      'the lobby',
    );
    const thread = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    const lobby = await until(
      async () => (await messages(thread, alice.id)).find((m) => m.text.includes('lobby')),
      'lobby',
    );
    await post(`${h.url}/api/messages/${lobby.id}/click`, {
      as: alice.id,
      customId: customId(lobby, 'start'),
    });
    const board = await until(
      async () =>
        (await messages(thread, alice.id)).findLast((m) => m.text.includes('@') && customId(m, 'hand')),
      'a board',
    );
    const before = (await messages(thread, alice.id)).filter((m) => !m.ephemeral);
    // Let the computer player finish whatever it started, so the saved board is the current one.
    await h.table.bot.runtime.locks.idle();

    await h.restart();

    const state = (await call(`${h.url}/api/state`)).body as { users: PageUser[]; defaultChannelId: string };
    expect(state.users).toEqual([alice]);
    expect(state.defaultChannelId).toBe(general);
    const channels = (await call(`${h.url}/api/channels?as=${alice.id}`)).body as unknown as PageChannel[];
    expect(channels.map((c) => c.id)).toEqual([general, thread]);
    const after = await messages(thread, alice.id);
    expect(after.map((m) => m.id).slice(0, before.length)).toEqual(before.map((m) => m.id));
    expect(after.every((m) => !m.ephemeral)).toBe(true);
    const image = after.find((m) => m.id === board.id)?.attachments[0];
    expect(image?.description).toMatch(/Turn \d+/);
    const png = await fetch(`${h.url}${image?.url}`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await png.arrayBuffer()).byteLength).toBe(image?.size);
    // The bot's own messages are its own again: its name, not an unknown author.
    const bot = ((await call(`${h.url}/api/state`)).body.bot as PageUser).id;
    expect(after.every((m) => m.authorId === bot)).toBe(true);

    // Play goes on: the newest board's My hand answers, with the hand of alice.
    const newest = after.findLast((m) => customId(m, 'hand')) as PageMessage;
    await post(`${h.url}/api/messages/${newest.id}/click`, {
      as: alice.id,
      customId: customId(newest, 'hand'),
    });
    const hand = await until(
      async () => (await messages(thread, alice.id)).find((m) => m.ephemeral && m.text.includes('Your hand')),
      'the hand after the restart',
    );
    expect(hand.attachments[0]?.contentType).toBe('image/png');
  });
});
