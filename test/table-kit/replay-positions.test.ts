import { describe, expect, it } from 'vitest';
import { heuristicBot as archaeologyBot } from '../../src/games/archaeology/bots/heuristic-bot.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import type { AnyGame } from '../../src/games/registry.ts';
import { heuristicBot } from '../../src/games/valley/bots/heuristic-bot.ts';
import { valley } from '../../src/games/valley/index.ts';
import { CHECKPOINT_EVERY, ReplayError, ReplayPositions } from '../../src/table-kit/replay-positions.ts';

/** A whole game by heuristic players: its options, seed, actions, and every position as it was played. */
function played(
  game: AnyGame,
  players: number,
  seed: string,
  bot: (s: never, seat: number, r: never) => unknown,
) {
  const options = { players };
  let state = game.setup(game.parseOptions(options), seed);
  const rng = seedRng(`${seed}/bots`);
  const positions: unknown[] = [state];
  const actions: { seat: number; action: unknown }[] = [];
  while (game.outcome(state) === null) {
    const seat = game.waitingFor(state)[0] as number;
    const action = JSON.parse(JSON.stringify(bot(state as never, seat, rng as never)));
    const r = game.apply(state, seat, action);
    if (!r.ok) throw new Error(`refused: ${r.error.code}`);
    state = r.state;
    actions.push({ seat, action });
    positions.push(state);
  }
  return { source: { options, seed, actions }, positions };
}

describe('a replay’s positions, rebuilt from the action log', () => {
  for (const [name, game, players, bot] of [
    ['Valley, 4 players', valley, 4, heuristicBot],
    ['Archaeology, 3 players', archaeology, 3, archaeologyBot],
  ] as const)
    it(`${name}: every position is the one played, in any order asked`, () => {
      const { source, positions } = played(game as AnyGame, players, `replay-${name}`, bot as never);
      expect(positions.length).toBeGreaterThan(2 * CHECKPOINT_EVERY);
      const replay = ReplayPositions.build(game as AnyGame, source);
      expect(replay.moves).toBe(positions.length - 1);
      // Backwards, forwards and jumping: each position stands alone.
      const order = [replay.moves, 0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1];
      for (let k = replay.moves; k >= 0; k -= 7) order.push(k);
      for (const k of order) expect(replay.at(k)).toEqual(positions[k]);
      // The turn of each position, as its public view says.
      expect(replay.turns).toEqual(positions.map((p) => (game as AnyGame).view(p, null).turn.number));
      // Asking never changes a kept position.
      expect(replay.at(CHECKPOINT_EVERY)).toEqual(positions[CHECKPOINT_EVERY]);
    });

  it('refuses a move that is not there', () => {
    const { source } = played(valley as AnyGame, 2, 'range', heuristicBot as never);
    const replay = ReplayPositions.build(valley as AnyGame, source);
    expect(() => replay.at(-1)).toThrow(RangeError);
    expect(() => replay.at(replay.moves + 1)).toThrow(
      `a replay of ${replay.moves} moves has no move ${replay.moves + 1}`,
    );
    expect(() => replay.at(1.5)).toThrow(RangeError);
  });

  it('names the move a log cannot replay by, and why (another rules version, a damaged record)', () => {
    const { source } = played(valley as AnyGame, 2, 'damaged', heuristicBot as never);
    const actions = source.actions.map((a, i) => (i === 9 ? { ...a, seat: (a.seat + 1) % 2 } : a));
    const built = () => ReplayPositions.build(valley as AnyGame, { ...source, actions });
    expect(built).toThrow(ReplayError);
    expect(built).toThrow(/^move 10 does not replay: the rules refused it \(/);
    expect(() => ReplayPositions.build(valley as AnyGame, { ...source, options: { players: 9 } })).toThrow(
      /^the game cannot be set up again: /,
    );
  });
});
