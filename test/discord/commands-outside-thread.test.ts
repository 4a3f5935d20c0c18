import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { bareLinks } from '../helpers/bare-links.ts';
import { Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * `/board` and `/nudge` typed in the channel rather than in a game's thread: the answer names the game
 * it acted on and links its board; with several games there, it acts on none and says where to ask.
 */
let h: TableHarness;
let alice: LoopbackUser;
let bob: LoopbackUser;
let first: { where: string; gameId: number };

beforeAll(async () => {
  h = await startTableHarness();
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
  first = await startGameByLobby(new Driver(h), alice, [bob]);
  await h.quiet();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const inChannel = async (command: 'board' | 'nudge', user: LoopbackUser) => {
  const r = await h.loopback.control
    .as(user)
    .slash(command, {}, { channelId: h.loopback.control.defaultChannel.id })
    .reply();
  await h.quiet();
  return r;
};
const boardLink = (where: string, gameId: number) => {
  const board = h.store.locations.getMessage(gameId, 'board');
  expect(board?.channelId).toBe(where);
  return `https://discord.com/channels/${h.loopback.control.defaultChannel.guildId}/${where}/${board?.messageId}`;
};

describe('/board and /nudge outside the game’s thread', () => {
  it('with one game in the channel: name that game and link its board', async () => {
    const board = await inChannel('board', alice);
    expect(board.ephemeral).toBe(true);
    // The game's name is the link: Discord shows those words, not the address.
    expect(board.text).toBe(
      `Posted the board of [Valley of the Kings #${first.gameId}](${boardLink(first.where, first.gameId)}).`,
    );
    const nudge = await inChannel('nudge', alice);
    expect(nudge.text).toContain(
      `[Valley of the Kings #${first.gameId}](${boardLink(first.where, first.gameId)}): `,
    );
    expect(bareLinks(nudge.text)).toEqual([]);
  });

  it('in the thread itself the answers stay short', async () => {
    const r = await h.loopback.control.as(alice).slash('board', {}, { channelId: first.where }).reply();
    expect(r.text).toBe('Posted.');
  });

  it('with several games in the channel: act on none, say to use the thread, list them', async () => {
    const second = await startGameByLobby(new Driver(h), bob, [alice]);
    await h.quiet();
    const before = h.loopback.control.messages(first.where).length;
    for (const command of ['board', 'nudge'] as const) {
      const r = await inChannel(command, alice);
      expect(r.text).toMatch(/2 games are being played in this channel: use \/\w+ in the thread/);
      expect(r.text).toContain(
        `[Valley of the Kings #${first.gameId}](${boardLink(first.where, first.gameId)})`,
      );
      expect(r.text).toContain(
        `[Valley of the Kings #${second.gameId}](${boardLink(second.where, second.gameId)})`,
      );
      expect(bareLinks(r.text)).toEqual([]);
    }
    expect(h.loopback.control.messages(first.where)).toHaveLength(before);
  }, 60_000);
});
