import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyAdapter } from '../../src/adapters/game-adapter.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import type { GameRecord } from '../../src/store/records.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A seat handed over during play keeps its history: the replay shows Alice on her seat for the moves before
 * a computer took it and the computer after, and the results credit both.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
});
afterAll(async () => {
  await h?.stop();
});

const HANDOVER = 6;

/** An Archaeology game of Alice and a computer, played in the store; Alice's seat goes to Nefer at `HANDOVER`. */
function handedOverGame(until = Number.POSITIVE_INFINITY): {
  id: number;
  moves: number;
  justAfter: GameRecord;
} {
  const c = h.loopback.control;
  const channel = c.createChannel({ name: 'handed-over' });
  const lobby = h.store.lobbies.create({
    type: 'archaeology',
    seed: 'handed-over',
    guildId: c.defaultGuild.id,
    channelId: channel.id,
    hostUserId: alice.id,
    seats: [
      { userId: alice.id, displayName: 'Alice' },
      { botKind: 'normal', displayName: 'Khufu' },
    ],
  });
  let game = h.store.startGame(lobby.id);
  let justAfter: GameRecord | undefined;
  const adapter: AnyAdapter = h.bot.runtime.tables.adapterOf(game);
  while (game.status === 'active' && game.version < until) {
    if (game.version === HANDOVER)
      game = h.store.lobbies.replaceSeat(game.id, 0, { botKind: 'normal', displayName: 'Nefer' });
    const seat = adapter.game.waitingFor(game.state)[0] as number;
    const action = adapter.computers.move(game.state, seat, 'normal');
    game = h.store.applyAction(game.id, { seat, action, expectedVersion: game.version }).game;
    if (game.version === HANDOVER + 1) justAfter = game;
  }
  if (!justAfter) throw new Error('the game ended before the handover');
  return { id: game.id, moves: game.version, justAfter };
}

const go = (m: LoopbackMessage, label: string) =>
  controls(m).find((c) => c.kind === 'button' && c.label === label) as Control;
const shown = (m: LoopbackMessage) => `${m.text}\n${m.attachments[0]?.description ?? ''}`;

describe('a seat handed over during play', () => {
  it('replays with Alice before the handover and the computer after; the results credit both', async () => {
    const { id, moves } = handedOverGame();
    expect(moves).toBeGreaterThan(HANDOVER);
    let m = await h.loopback.control.as(alice).slash('replay', { game: id }).reply();
    expect(m.text).toContain(`· move 0 of ${moves}`);
    expect(shown(m)).toContain('Alice');
    expect(shown(m)).not.toContain('Nefer');
    // Each position before the handover shows Alice on her seat; from it on, Nefer holds the seat and the
    // log still says what Alice did.
    for (let move = 1; move < HANDOVER; move++) {
      m = await d.press(alice, m, go(m, '▶'));
      expect(m.text).toContain('Alice: ');
    }
    m = await d.press(alice, m, go(m, '▶'));
    expect(m.text).toContain(`· move ${HANDOVER} of ${moves}`);
    expect(m.text).toContain('Nefer (Normal): ');
    expect(m.text).toMatch(/^> Alice /m);
    m = await d.press(alice, m, go(m, '⏭'));
    expect(m.text).toContain(`· move ${moves} of ${moves}`);
    expect(shown(m)).toContain('Nefer');
    expect(shown(m)).not.toContain('Alice');

    await h.bot.runtime.publisher.postResults(h.store.getGame(id));
    await h.settle();
    const game = h.store.getGame(id);
    const results = h.loopback.control
      .messages(game.channelId as string)
      .find((x) => x.text.includes(`#${id}`) && x.text.includes('Nefer'));
    expect(results?.text).toContain(`Alice (until move ${HANDOVER}), then Nefer`);
  }, 60_000);

  it('the live log keeps the names of whoever made each move, as played and once read back', () => {
    const { id, justAfter } = handedOverGame(HANDOVER + 1);
    const tables = h.bot.runtime.tables;
    const said = (g: GameRecord) => JSON.stringify(tables.context(g).log);
    expect(tables.context(justAfter).names[0]).toBe('Nefer');
    // Lines of Alice's moves name her (a literal name), as the cached game and a game read again say.
    expect(said(justAfter)).toContain('"Alice"');
    h.store.clearCache();
    const reread = h.store.getGame(id);
    expect(reread.version).toBe(HANDOVER + 1);
    expect(said(reread)).toBe(said(justAfter));
  });
});
