import { nextInt, nextUint32, type RngState } from '../kernel/rng.ts';
import type { Outcome, Seat } from '../kernel/types.ts';

/**
 * What the search needs of a game: its rules played in place on copies, a way to deal the cards a seat
 * cannot see again (a "determinization"), and a fast policy for the playouts (the heuristic player).
 * Written once for every game (README.md beside this file).
 */
export interface SearchRules<S, A> {
  clone(s: S): S;
  waitingFor(s: S): readonly Seat[];
  applyInPlace(s: S, seat: Seat, action: A): void;
  isOver(s: S): boolean;
  outcome(s: S): Outcome | null;
  /** A fresh state `seat` cannot tell from `s`, its hidden cards dealt again from `rng` only. */
  determinize(s: S, seat: Seat, rng: RngState): S;
  /** The playouts' player: one legal action for `seat`. */
  policy(s: S, seat: Seat, rng: RngState): A;
}

export interface SearchBudget {
  /** Playouts in all: each plays one candidate to the end of the game in one sampled world. */
  readonly playouts: number;
  /** A playout longer than this many actions counts as a draw (a guard, never reached in practice). */
  readonly maxActions?: number;
  /** A candidate (index) preferred when the playouts cannot tell it from another: the policy's own choice. */
  readonly favour?: number;
}

/** What the favoured candidate's mean is given: about what a few dozen playouts cannot resolve. */
const FAVOUR_BONUS = 0.03;

export interface SearchResult<A> {
  readonly action: A;
  /** Index of the chosen candidate. */
  readonly chosen: number;
  /** The moves compared, in the order the indices below refer to. */
  readonly candidates: readonly A[];
  /** Mean reward of each candidate (NaN for one never tried), and how many playouts it got. */
  readonly means: readonly number[];
  readonly visits: readonly number[];
  /** Playouts each candidate won (a tie shared among its winners counts its share). */
  readonly wins: readonly number[];
  readonly playouts: number;
  /** Actions applied in all the playouts: the search's work. */
  readonly steps: number;
}

/**
 * Run before every playout. A thinking thread sets it to give way to the bot's clicks
 * (src/adapters/give-way.ts); it must not read or change the game, so the choice never depends on it.
 */
let beforePlayout: () => void = () => {};

/** Sets what runs before every playout in this thread (by default nothing). */
export function setBeforePlayout(run: () => void): void {
  beforePlayout = run;
}

/** How much a point of score margin counts beside a win (1): it breaks ties between won and lost playouts. */
const MARGIN_WEIGHT = 0.01;

/**
 * Chooses among `candidates` (legal actions of `seat` in `state`, where the game waits for it) by
 * sampling: each playout deals a world `seat` cannot tell from the real one (`rules.determinize`),
 * makes one candidate's move in it and lets the policy play every seat to the end; the reward is a win
 * (shared on ties) plus a little for the score margin. Candidates are narrowed by sequential halving
 * (Karnin, Koren and Somekh 2013): in each round the surviving half share the budget equally, and all of
 * them are tried in the same worlds with the same playout dice (common random numbers), so they are
 * compared on equal luck. Deterministic given `rng`, and it reads `state` only through `determinize`.
 */
export function searchMove<S, A>(
  rules: SearchRules<S, A>,
  state: S,
  seat: Seat,
  candidates: readonly A[],
  budget: SearchBudget,
  rng: RngState,
): SearchResult<A> {
  const k = candidates.length;
  if (k === 0) throw new Error(`search: seat ${seat} has no candidate`);
  const sums = new Array<number>(k).fill(0);
  const visits = new Array<number>(k).fill(0);
  const wins = new Array<number>(k).fill(0);
  let playouts = 0;
  let steps = 0;
  let alive = candidates.map((_, i) => i);
  if (k > 1) {
    const rounds = Math.ceil(Math.log2(k));
    for (let r = 0; r < rounds && alive.length > 1; r++) {
      const worlds = Math.max(1, Math.floor(budget.playouts / (alive.length * rounds)));
      for (let j = 0; j < worlds; j++) {
        const world = rules.determinize(state, seat, rng);
        const dice: RngState = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng)];
        for (const i of alive) {
          const s = rules.clone(world);
          rules.applyInPlace(s, seat, candidates[i] as A);
          const played = playOut(rules, s, [...dice], budget.maxActions ?? 5_000);
          steps += played + 1;
          const end = rules.outcome(s);
          sums[i] = (sums[i] as number) + reward(end, seat);
          wins[i] = (wins[i] as number) + winShare(end, seat);
          visits[i] = (visits[i] as number) + 1;
          playouts++;
        }
      }
      const mean = (i: number) =>
        (sums[i] as number) / (visits[i] as number) + (i === budget.favour ? FAVOUR_BONUS : 0);
      // Stable: on equal means the earlier candidate (the legal order) stays.
      alive = [...alive].sort((a, b) => mean(b) - mean(a)).slice(0, Math.ceil(alive.length / 2));
    }
  }
  const means = sums.map((x, i) => (visits[i] ? x / (visits[i] as number) : Number.NaN));
  const score = (i: number) =>
    (visits[i] as number) === 0
      ? Number.NEGATIVE_INFINITY
      : (means[i] as number) + (i === budget.favour ? FAVOUR_BONUS : 0);
  // The last round's survivors, each tried in the most worlds; the earlier rounds' losers are out.
  let chosen = alive[0] as number;
  for (const i of alive) if (score(i) > score(chosen)) chosen = i;
  return { action: candidates[chosen] as A, chosen, candidates, means, visits, wins, playouts, steps };
}

/** Plays the policy for whoever is awaited until the game ends; returns how many actions it took. */
export function playOut<S, A>(rules: SearchRules<S, A>, s: S, rng: RngState, maxActions: number): number {
  beforePlayout();
  let n = 0;
  while (!rules.isOver(s) && n < maxActions) {
    const waiting = rules.waitingFor(s);
    if (waiting.length === 0) break;
    const who = waiting.length === 1 ? (waiting[0] as Seat) : (waiting[nextInt(rng, waiting.length)] as Seat);
    rules.applyInPlace(s, who, rules.policy(s, who, rng));
    n++;
  }
  return n;
}

/** 1 for a win, 1/n for a tie among n winners, 0 otherwise (no outcome: 0). */
export function winShare(outcome: Outcome | null, seat: Seat): number {
  if (!outcome) return 0;
  const mine = outcome.results.find((r) => r.seat === seat);
  if (mine?.rank !== 1) return 0;
  return 1 / outcome.results.filter((r) => r.rank === 1).length;
}

/** A win (shared among tied winners) plus a little for the margin over the best other seat. */
export function reward(outcome: Outcome | null, seat: Seat): number {
  if (!outcome) return 0;
  const results = outcome.results;
  const mine = results.find((r) => r.seat === seat);
  if (!mine) return 0;
  let best = Number.NEGATIVE_INFINITY;
  let winners = 0;
  for (const r of results) {
    if (r.rank === 1) winners++;
    if (r.seat !== seat && r.score > best) best = r.score;
  }
  const win = mine.rank === 1 ? 1 / winners : 0;
  return win + MARGIN_WEIGHT * (mine.score - best);
}
