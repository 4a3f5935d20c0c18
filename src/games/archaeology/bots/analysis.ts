import type { Analysis, AnalysisRequest } from '../../kernel/analysis.ts';
import type { RngState } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import { analyse } from '../../search/analysis.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../state.ts';
import { archaeologyDecisionSeed } from './decision-seed.ts';
import { ARCHAEOLOGY_SEARCH_PLAYOUTS, archaeologySearchRules, searchArchaeology } from './search-bot.ts';

export function sameArchaeologyMove(a: ArchaeologyAction, b: ArchaeologyAction): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The Hard player's view of `seat`'s decision (../../search/analysis.ts): the same search, budget and seed
 * as its move at the table, so the first move is the one it would make (tests may spend fewer playouts). Null where it does not search (a
 * thief or sandstorm pending, or a single legal move).
 */
export function analyseArchaeology(
  state: ArchaeologyState,
  seat: Seat,
  request: AnalysisRequest<ArchaeologyAction>,
  rng: RngState = archaeologyDecisionSeed(state, seat, 'search'),
  playouts = ARCHAEOLOGY_SEARCH_PLAYOUTS,
): Analysis<ArchaeologyAction> | null {
  const result = searchArchaeology(state, seat, { playouts }, rng);
  if (!result) return null;
  return analyse(archaeologySearchRules, state, seat, result, request, sameArchaeologyMove, rng);
}
