import type { RngState } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import {
  type SearchBudget,
  type SearchResult,
  type SearchRules,
  searchMove,
} from '../../search/search-move.ts';
import { clone } from '../clone.ts';
import { applyInPlace, waitingFor } from '../index.ts';
import { legalActions } from '../legal-actions.ts';
import { outcome } from '../score.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../state.ts';
import { determinize } from './determinize.ts';
import { bestTrades, heuristicBot } from './heuristic-bot.ts';

/** Archaeology for the search (../../search/search-move.ts): the heuristic player plays the playouts. */
export const archaeologySearchRules: SearchRules<ArchaeologyState, ArchaeologyAction> = {
  clone,
  waitingFor,
  applyInPlace,
  isOver: (s) => s.finished,
  outcome,
  determinize,
  policy: heuristicBot,
};

const sameAction = (a: ArchaeologyAction, b: ArchaeologyAction) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The search's choice for `seat`, or null where it does not search: a pending thief or sandstorm (answered
 * as the heuristic answers: the cards set aside are hidden, and a new deal would leave them stale) or a
 * single legal move. The heuristic's own choice is always a candidate and wins what playouts cannot tell.
 */
export function searchArchaeology(
  state: ArchaeologyState,
  seat: Seat,
  budget: SearchBudget,
  rng: RngState,
): SearchResult<ArchaeologyAction> | null {
  if (state.pending !== null) return null;
  const legal = legalActions(state, seat);
  if (legal.length < 2) return null;
  const hint = heuristicBot(state, seat, [...rng] as RngState);
  const cands = candidates(state, seat, legal, hint);
  if (cands.length < 2) return null;
  const at = cands.findIndex((a) => sameAction(a, hint));
  return searchMove(archaeologySearchRules, state, seat, cands, { ...budget, favour: at }, rng);
}

/** Trades searched: the best by the heuristic's valuation (a hand may allow ~40, most of them poor). */
export const SEARCHED_TRADES = 4;

/** Every sale, exploration and end of turn; the best few trades; and the heuristic's own choice. */
export function candidates(
  state: ArchaeologyState,
  seat: Seat,
  legal: readonly ArchaeologyAction[],
  hint: ArchaeologyAction,
): ArchaeologyAction[] {
  const out = [...legal.filter((a) => a.type !== 'trade'), ...bestTrades(state, seat, SEARCHED_TRADES)];
  return out.some((a) => sameAction(a, hint)) ? out : [...out, hint];
}

/** The Hard player's budget: playouts per decision (see README.md in ../../search for what it costs). */
export const ARCHAEOLOGY_SEARCH_PLAYOUTS = 500;

/** A player that plans its turns by search and answers thieves and sandstorms like the heuristic. */
export function searchBot(playouts = ARCHAEOLOGY_SEARCH_PLAYOUTS) {
  return (state: ArchaeologyState, seat: Seat, rng: RngState): ArchaeologyAction =>
    searchArchaeology(state, seat, { playouts }, rng)?.action ?? heuristicBot(state, seat, rng);
}
