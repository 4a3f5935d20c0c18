import type { Seat } from '../games/kernel/types.ts';
import type { AnyGame } from '../games/registry.ts';

/** Every this many moves a replay keeps the position whole; any other is played from the one before it. */
export const CHECKPOINT_EVERY = 32;

/** What a replay is rebuilt from: the game's truth (its options, seed and action log), nothing else. */
export interface ReplaySource {
  /** The options as stored (before the rules parse them). */
  readonly options: unknown;
  readonly seed: string;
  readonly actions: readonly { readonly seat: Seat; readonly action: unknown }[];
}

/** A log these rules cannot replay (another rules version, a damaged record): which move, and why. */
export class ReplayError extends Error {
  override readonly name = 'ReplayError';
  constructor(
    /** The move (1-based) that failed; 0: the setup. */
    readonly move: number,
    readonly problem: string,
  ) {
    super(
      move === 0 ? `the game cannot be set up again: ${problem}` : `move ${move} does not replay: ${problem}`,
    );
  }
}

/**
 * The positions of a game, move by move, for a replay to show any of them quickly: the whole log is played
 * once (so a log these rules refuse is known at once, not halfway through someone's replay), every
 * `CHECKPOINT_EVERY`-th position is kept, and a position is played from the nearest kept one before it —
 * at most 31 moves of the rules. The rules' `apply` never changes a state it is given, so a kept position
 * is never changed by the positions played from it.
 */
export class ReplayPositions {
  private constructor(
    private readonly game: AnyGame,
    private readonly source: ReplaySource,
    private readonly checkpoints: readonly unknown[],
    /** The turn number (0-based) each position is in, as the public view says it. */
    readonly turns: readonly number[],
  ) {}

  /** Plays `source` through `game`'s rules; throws `ReplayError` where they refuse it. */
  static build(game: AnyGame, source: ReplaySource): ReplayPositions {
    let state: unknown;
    try {
      state = game.setup(game.parseOptions(source.options), source.seed);
    } catch (e) {
      throw new ReplayError(0, e instanceof Error ? e.message : String(e));
    }
    const checkpoints: unknown[] = [state];
    const turns = [turnOf(game, state)];
    source.actions.forEach((a, i) => {
      state = step(game, state, a.seat, a.action, i + 1);
      turns.push(turnOf(game, state));
      if ((i + 1) % CHECKPOINT_EVERY === 0) checkpoints.push(state);
    });
    return new ReplayPositions(game, source, checkpoints, turns);
  }

  /** How many moves the game has: positions go from 0 (the setup) to this. */
  get moves(): number {
    return this.source.actions.length;
  }

  /** The position after `move` moves (0: as set up); a `RangeError` outside 0…`moves`. */
  at(move: number): unknown {
    if (!Number.isInteger(move) || move < 0 || move > this.moves)
      throw new RangeError(`a replay of ${this.moves} moves has no move ${move}`);
    const from = Math.floor(move / CHECKPOINT_EVERY);
    let state = this.checkpoints[from];
    for (let k = from * CHECKPOINT_EVERY; k < move; k++) {
      const a = this.source.actions[k] as ReplaySource['actions'][number];
      state = step(this.game, state, a.seat, a.action, k + 1);
    }
    return state;
  }
}

function step(game: AnyGame, state: unknown, seat: Seat, action: unknown, move: number): unknown {
  let result: ReturnType<AnyGame['apply']>;
  try {
    result = game.apply(state, seat, action);
  } catch (e) {
    throw new ReplayError(move, `applying it threw: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!result.ok) throw new ReplayError(move, `the rules refused it (${result.error.code})`);
  return result.state;
}

/** The turn a position is in, from the public view (a table game's views say it the same way). */
function turnOf(game: AnyGame, state: unknown): number {
  const turn = (game.view(state, null) as { turn?: { number?: unknown } }).turn?.number;
  return typeof turn === 'number' ? turn : 0;
}
