import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * While only computers are to move, the board is not edited at each of their steps (their next move shows a
 * newer position anyway): each edit would spend Discord's 5 edits per 5 s, and the autopilot would then
 * wait for room before the next move. Counted in requests, not time.
 */
let h: TableHarness;

beforeAll(async () => {
  h = await startTableHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('a board while computers play on', () => {
  it('is posted each turn, and edited far less often than the computers move', async () => {
    const c = h.loopback.control;
    const channel = c.createChannel({ name: 'computers-only' });
    const lobby = h.store.lobbies.create({
      type: 'valley',
      guildId: c.defaultGuild.id,
      channelId: channel.id,
      hostUserId: null,
      seats: [
        { botKind: 'easy', displayName: 'Nefer' },
        { botKind: 'easy', displayName: 'Khufu' },
      ],
    });
    const started = h.store.startGame(lobby.id);
    await h.bot.runtime.publisher.postBoard(started);
    await h.bot.runtime.autopilot.poke(started);
    await h.quiet(180_000);
    const game = h.store.getGame(started.id);
    expect(game.status).toBe('finished');
    const writes = c.requests().filter((r) => r.path.startsWith(`/channels/${channel.id}/messages`));
    const posts = writes.filter((r) => r.method === 'POST').length;
    const edits = writes.filter((r) => r.method === 'PATCH').length;
    // Each new board strips the one before it: about one edit per post; a step-by-step board would edit at
    // every one of the game's moves.
    expect(game.version).toBeGreaterThan(3 * posts);
    expect(edits).toBeLessThan(posts + 5);
  }, 240_000);
});
