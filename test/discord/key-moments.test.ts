import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archaeologyAdapter } from '../../src/adapters/archaeology/index.ts';
import { en } from '../../src/adapters/english.ts';
import type { AnyAdapter } from '../../src/adapters/game-adapter.ts';
import { valleyAdapter } from '../../src/adapters/valley/index.ts';
import { ManualClock } from '../../src/clock.ts';
import {
  KEY_MOMENTS_LEASE_MS,
  type KeyMoment,
  type KeyMomentsBudget,
} from '../../src/discord/key-moments.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { splitAlt } from '../../src/table-kit/alt-text.ts';
import { controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Key moments through the client: a game ends, its key moments are analysed in the background (on the
 * tests' clock, with a budget counted in playouts, far smaller than the bot's), stored once, and the
 * results' "Key moments" button shows a person theirs privately, with the position as they saw it and
 * a button that opens the replay at that move. A restart between the end and the analysis still gets
 * them, once; a spectator is told they are for the players.
 */
const BUDGET: KeyMomentsBudget = {
  screenPlayouts: 4,
  screenDuels: 4,
  confirm: 4,
  confirmDuels: 40,
  confirmPlayouts: 12,
};

/** Valley with reasons of its own (`moveReasons`), so the test knows which sentences come from it. */
function withReasons(adapter: AnyAdapter): AnyAdapter {
  return { ...adapter, moveReasons: (_s, _seat, action) => [`[reason ${adapter.codec.encode(action)}]`] };
}

let h: TableHarness;
let d: Driver;
let clock: ManualClock;
let alice: LoopbackUser;
let carol: LoopbackUser;

beforeAll(async () => {
  clock = new ManualClock();
  h = await startTableHarness({
    clock,
    adapters: [withReasons(valleyAdapter()), archaeologyAdapter()],
    keyMoments: BUDGET,
  });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  carol = h.loopback.control.createUser('carol');
});
afterAll(async () => {
  await h?.stop();
});

/**
 * A Valley game of alice against a Normal computer, played in the store up to its last move (alice plays as
 * Normal does but for a random move every sixth decision, blunders worth showing; a fixed deal, so the
 * analysis is the same every run), then ended through the one move path, as a
 * click would: the move that finishes it plans the key moments in its own transaction.
 */
async function finishGame(seed: string): Promise<{ gameId: number; where: string; aliceSeat: number }> {
  const c = h.loopback.control;
  const where = c.createChannel({ name: `key-moments-${seed}` }).id;
  const lobby = h.store.lobbies.create({
    type: 'valley',
    guildId: c.defaultGuild.id,
    channelId: where,
    hostUserId: alice.id,
    seed,
    seats: [
      { userId: alice.id, displayName: 'alice' },
      { botKind: 'normal', displayName: 'Computer' },
    ],
  });
  const gameId = h.store.startGame(lobby.id).id;
  const rt = h.bot.runtime;
  const adapter = rt.tables.adapterOf(h.store.getGame(gameId));
  const aliceSeat = h.store.getGame(gameId).seats.findIndex((s) => s.userId === alice.id);
  let decided = 0;
  const next = (state: unknown) => {
    const seat = adapter.game.waitingFor(state)[0] as number;
    // Every sixth of her decisions a random move: blunders in an even game, worth showing.
    const blunder =
      seat === aliceSeat && adapter.game.legalActions(state, seat).length > 1 && ++decided % 6 === 0;
    return { seat, action: adapter.computers.move(state, seat, blunder ? 'random' : 'normal') };
  };
  for (;;) {
    const game = h.store.getGame(gameId);
    const { seat, action } = next(game.state);
    const after = adapter.game.apply(game.state, seat, action);
    if (!after.ok) throw new Error(`a move was refused: ${en(after.error.msg)}`);
    if (adapter.game.outcome(after.state) !== null) {
      await rt.locks.run(gameId, () => rt.publisher.postBoard(game));
      const moved = await rt.table.move(gameId, seat, action, game.version);
      expect(moved.ok).toBe(true);
      break;
    }
    h.store.applyAction(gameId, { seat, action, expectedVersion: game.version });
  }
  return { gameId, where, aliceSeat };
}

/** Waits until the key moments due now are analysed and stored (or given up). */
async function analysed(): Promise<void> {
  await h.quiet();
  await h.bot.runtime.keyMoments.idle();
}

const byLabel = (m: LoopbackMessage, label: RegExp) => controls(m).find((c) => label.test(c.label));

describe('key moments', () => {
  it('are analysed once after the game, refused to a spectator, and shown privately with the position, the better move, its reasons and the replay', async () => {
    const { gameId, where, aliceSeat } = await finishGame('key-moments-a');
    const results = d.latest(where, 'moments');
    const button = controls(results).find((c) => c.verb === 'moments');
    expect(button?.label).toBe('Key moments');
    // Pressed before the analysis is done (it takes seconds): when they should be ready.
    if (!(await h.bot.runtime.tables.store.keyMoments.of(gameId))) {
      const early = await d.press(alice, results, button as NonNullable<typeof button>);
      expect(early.ephemeral).toBe(true);
      expect(early.text).toMatch(/being worked out in the background; they should be ready <t:\d+:R>/);
    }
    // Someone who did not play is told so, clearly.
    const refused = await d.press(carol, results, button as NonNullable<typeof button>);
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toMatch(/for the people who played game #\d+, and you did not play in it/);
    await analysed();
    const store = h.bot.runtime.tables.store;
    const stored = await store.keyMoments.of(gameId);
    expect(stored?.decisions).toBeGreaterThan(10);
    expect((await store.schedule.find(`key-moments:${gameId}`))?.outcome).toBe('fired');
    const moments = stored?.moments as KeyMoment[];
    expect(moments.length).toBeGreaterThan(0);
    expect(moments.length).toBeLessThanOrEqual(3);
    for (const m of moments) {
      // Only alice's moves, and only losses clear of the noise.
      expect(m.seat).toBe(aliceSeat);
      expect(m.duels).toBe(BUDGET.confirmDuels);
      expect(m.loss - 1.96 * m.stderr).toBeGreaterThanOrEqual(0.05);
    }

    const shown = await d.press(alice, results, button as NonNullable<typeof button>);
    expect(shown.ephemeral).toBe(true);
    const first = moments[0] as KeyMoment;
    const adapter = h.bot.runtime.tables.adapterOf(h.store.getGame(gameId));
    expect(shown.text).toContain(`1 of ${moments.length}`);
    expect(shown.text).toMatch(/You played: .+/);
    expect(shown.text).toMatch(/Better: .+/);
    // What the better move does that hers did not: the adapter's own sentences, the better move's only.
    expect(shown.text).toContain(`Why: [reason ${adapter.codec.encode(first.best)}]`);
    expect(shown.text).not.toContain(`[reason ${adapter.codec.encode(first.played)}]`);
    expect(shown.text).toContain(`${Math.round(first.bestWinChance * 100)}% with the better move`);
    expect(shown.text).toContain(`${Math.round(first.playedWinChance * 100)}% with yours`);
    // The position as she saw it: the public table and her own hand, nobody else's.
    const replay = await h.bot.runtime.replays.of(h.store.getGame(gameId));
    const state = replay.positions.at(first.move);
    const ctx = h.bot.runtime.tables.context(h.store.getGame(gameId), 'en');
    const hand = adapter.messages.hand(adapter.game.view(state, aliceSeat), ctx, {});
    const names = shown.attachments.map((a) => a.filename);
    expect(names).toEqual([`moment-${first.move}-table.png`, `moment-${first.move}-hand.png`]);
    expect(splitAlt(shown.attachments[1]?.description ?? '').alt).toBe(
      splitAlt(hand.files[0]?.description ?? '').alt,
    );

    if (moments.length > 1) {
      const next = await d.press(
        alice,
        shown,
        byLabel(shown, /Next/) as NonNullable<ReturnType<typeof byLabel>>,
      );
      expect(next.id).toBe(shown.id);
      expect(next.text).toContain(`2 of ${moments.length}`);
    }

    // The replay opens, privately, at that very position.
    const moment = await d.press(alice, results, button as NonNullable<typeof button>);
    const open = controls(moment).find((c) => c.verb === 'open');
    expect(open?.version).toBe(first.move);
    const opened = await d.press(alice, moment, open as NonNullable<typeof open>);
    expect(opened.id).not.toBe(moment.id);
    expect(opened.ephemeral).toBe(true);
    expect(opened.text).toContain(`move ${first.move} of ${replay.positions.moves}`);
  }, 240_000);

  it('are computed after a restart between the end and the analysis, once', async () => {
    const { gameId } = await finishGame('key-moments-b');
    // Whether or not the analysis had started, the restart drops it; the row is the intent.
    await h.restart();
    clock.advance(KEY_MOMENTS_LEASE_MS);
    await analysed();
    const stored = await h.bot.runtime.tables.store.keyMoments.of(gameId);
    expect(stored).toBeDefined();
    const row = await h.bot.runtime.tables.store.schedule.find(`key-moments:${gameId}`);
    expect(row?.outcome).toBe('fired');
    // Later starts and times find it done: nothing is analysed again.
    await h.restart();
    clock.advance(KEY_MOMENTS_LEASE_MS * 2);
    await h.quiet();
    expect(h.bot.runtime.keyMoments.pending).toBe(0);
    expect(await h.bot.runtime.tables.store.keyMoments.of(gameId)).toEqual(stored);
  }, 240_000);
});
