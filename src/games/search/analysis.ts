/**
 * What the Hard player's search says to a person (README.md beside this file, "Analysis"): its best moves
 * with their estimated chance to win (a hint), and what a move someone made cost against the best one (a
 * key moment). Both come from the same search the Hard player makes, so a hint's first move is its move.
 */

import type { Analysis, AnalysisRequest, MoveCost, RankedMove } from '../kernel/analysis.ts';
import { nextUint32, type RngState } from '../kernel/rng.ts';
import type { Seat } from '../kernel/types.ts';
import { playOut, type SearchResult, type SearchRules, winShare } from './search-move.ts';

/** A loss smaller than this (in chance to win) is not worth telling a person about. */
export const NOTABLE_LOSS = 0.05;
/** How many standard errors the loss must clear (95%, one-sided at about 97.5%). */
export const NOISE_Z = 1.96;

/**
 * The search's candidates best first: its choice, then the others by how long they survived the halving
 * (a candidate kept longer has more playouts), then by mean reward. Candidates never tried are left out.
 */
export function rankMoves<A>(result: SearchResult<A>, count: number): RankedMove<A>[] {
  const order = result.candidates
    .map((_, i) => i)
    .filter((i) => (result.visits[i] as number) > 0 || i === result.chosen)
    .sort(
      (a, b) =>
        Number(b === result.chosen) - Number(a === result.chosen) ||
        (result.visits[b] as number) - (result.visits[a] as number) ||
        (result.means[b] as number) - (result.means[a] as number) ||
        a - b,
    );
  return order.slice(0, count).map((i) => {
    const visits = result.visits[i] as number;
    return {
      action: result.candidates[i] as A,
      winChance: visits > 0 ? (result.wins[i] as number) / visits : Number.NaN,
      playouts: visits,
    };
  });
}

/**
 * How much worse `played` is than `best` for `seat`: `duels` worlds the seat cannot tell from `state`
 * (dealt by `rules.determinize`, so it never reads hidden cards), each played out after both moves with the
 * same dice (common random numbers), which removes the luck of the deal from the difference.
 */
export function duel<S, A>(
  rules: SearchRules<S, A>,
  state: S,
  seat: Seat,
  best: A,
  played: A,
  duels: number,
  rng: RngState,
  maxActions = 5_000,
): MoveCost<A> {
  let bestWins = 0;
  let playedWins = 0;
  let sum = 0;
  let squares = 0;
  for (let j = 0; j < duels; j++) {
    const world = rules.determinize(state, seat, rng);
    const dice: RngState = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng)];
    const win = (move: A) => {
      const s = rules.clone(world);
      rules.applyInPlace(s, seat, move);
      playOut(rules, s, [...dice], maxActions);
      return winShare(rules.outcome(s), seat);
    };
    const a = win(best);
    const b = win(played);
    bestWins += a;
    playedWins += b;
    sum += a - b;
    squares += (a - b) ** 2;
  }
  const loss = duels > 0 ? sum / duels : 0;
  const variance = duels > 1 ? Math.max(0, (squares - duels * loss * loss) / (duels - 1)) : Number.NaN;
  const stderr = duels > 1 ? Math.sqrt(variance / duels) : Number.NaN;
  return {
    best,
    played,
    duels,
    bestWinChance: duels > 0 ? bestWins / duels : Number.NaN,
    playedWinChance: duels > 0 ? playedWins / duels : Number.NaN,
    loss,
    stderr,
    notable: duels > 1 && loss - NOISE_Z * stderr >= NOTABLE_LOSS,
  };
}

/** Paired playouts a key moment spends comparing a move with the best, unless asked otherwise. */
export const DEFAULT_DUELS = 200;

/**
 * The analysis of a decision from a search's result: its ranked moves, and if asked, the cost of `played`
 * (nothing lost when it is the search's own choice, `same` saying when two moves are one).
 */
export function analyse<S, A>(
  rules: SearchRules<S, A>,
  state: S,
  seat: Seat,
  result: SearchResult<A>,
  request: AnalysisRequest<A>,
  same: (a: A, b: A) => boolean,
  rng: RngState,
): Analysis<A> {
  const moves = rankMoves(result, request.top);
  if (request.played === undefined) return { moves, playouts: result.playouts };
  const best = result.action;
  if (same(best, request.played)) {
    const mine = moves[0];
    const chance = mine?.winChance ?? Number.NaN;
    return {
      moves,
      playouts: result.playouts,
      cost: {
        best,
        played: request.played,
        duels: 0,
        bestWinChance: chance,
        playedWinChance: chance,
        loss: 0,
        stderr: 0,
        notable: false,
      },
    };
  }
  const duels = request.duels ?? DEFAULT_DUELS;
  const cost = duel(rules, state, seat, best, request.played, duels, rng);
  return { moves, playouts: result.playouts + 2 * duels, cost };
}
