import type { Analysis, AnalysisRequest } from '../../kernel/analysis.ts';
import type { RngState } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import { analyse } from '../../search/analysis.ts';
import type { ValleyAction, ValleyState } from '../state.ts';
import { decisionSeed } from './decision-seed.ts';
import { SEARCH_PLAYOUTS, searchValley, valleySearchRules } from './search-bot.ts';

/** One move, as the search counts moves: every end of turn is the same move (the discard order aside). */
export function sameValleyMove(a: ValleyAction, b: ValleyAction): boolean {
  if (a.type === 'end-turn' && b.type === 'end-turn') return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The Hard player's view of `seat`'s decision (../../search/analysis.ts): the same search, budget and seed
 * as its move at the table, so the first move is the one it would make (tests may spend fewer playouts). Null where it does not search (a
 * question inside an action, or a single legal move).
 */
export function analyseValley(
  state: ValleyState,
  seat: Seat,
  request: AnalysisRequest<ValleyAction>,
  rng: RngState = decisionSeed(state, seat, 'search'),
  playouts = SEARCH_PLAYOUTS,
): Analysis<ValleyAction> | null {
  const result = searchValley(state, seat, { playouts }, rng);
  if (!result) return null;
  return analyse(valleySearchRules, state, seat, result, request, sameValleyMove, rng);
}
