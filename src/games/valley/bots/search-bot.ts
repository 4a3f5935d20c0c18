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
import { playoutOutcome } from '../score.ts';
import type { ValleyAction, ValleyState } from '../state.ts';
import { def, goldOf } from '../zones.ts';
import type { Bot } from './bot.ts';
import { determinize } from './determinize.ts';
import { heuristicBot } from './heuristic-bot.ts';

/** One list per seat of that seat alone: what the playouts are told before nearly every move. */
const ALONE: readonly (readonly Seat[])[] = Array.from({ length: 8 }, (_, seat) => Object.freeze([seat]));

/**
 * `waitingFor`, without making a list where one seat is awaited (the main phase, most questions): the
 * playouts ask before every move and only read the list.
 */
function playoutWaiting(s: ValleyState): readonly Seat[] {
  if (s.finished) return waitingFor(s);
  const q = s.stack[s.stack.length - 1]?.q;
  let seat = s.turn.seat;
  if (q) {
    let awaited = 0;
    for (const a of q.asks)
      if (q.answers[a.seat] === undefined) {
        awaited++;
        seat = a.seat;
      }
    if (awaited !== 1) return waitingFor(s);
  }
  return ALONE[seat] ?? waitingFor(s);
}

/** Valley for the search (../../search/search-move.ts): the heuristic player plays the playouts. */
export const valleySearchRules: SearchRules<ValleyState, ValleyAction> = {
  clone,
  waitingFor: playoutWaiting,
  applyInPlace,
  isOver: (s) => s.finished,
  outcome: playoutOutcome,
  determinize,
  policy: heuristicBot,
};

/** The Hard player's budget: playouts per decision (see README.md in ../../search for what it costs). */
export const SEARCH_PLAYOUTS = 150;

/**
 * The search's choice for `seat`, or null where it does not search: a question (answered as the heuristic
 * answers it: an open question may name hidden cards a new deal would leave stale) or a single legal move.
 */
export function searchValley(
  state: ValleyState,
  seat: Seat,
  budget: SearchBudget,
  rng: RngState,
): SearchResult<ValleyAction> | null {
  if (state.stack.length > 0) return null;
  const legal = legalActions(state, seat);
  if (legal.length < 2) return null;
  // The heuristic's own choice is always a candidate, and wins what the playouts cannot tell apart.
  const hint = heuristicBot(state, seat, [...rng] as RngState);
  const cands = candidates(state, seat, legal, hint);
  if (cands.length < 2) return null;
  return searchMove(valleySearchRules, state, seat, cands, { ...budget, favour: cands.indexOf(hint) }, rng);
}

const sameAction = (a: ValleyAction, b: ValleyAction) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The moves worth searching: every play and entomb; for each pyramid card, the payment that wastes least
 * gold and the one that spends fewest cards (a legal buy lists every payment, up to ~70); one end of turn
 * (the order of the discard pile matters too rarely to spend playouts on); and the heuristic's choice.
 */
export function candidates(
  s: ValleyState,
  seat: Seat,
  legal: readonly ValleyAction[],
  hint: ValleyAction,
): ValleyAction[] {
  const out: ValleyAction[] = [];
  const buys = new Map<number, { action: ValleyAction; over: number; cards: number }[]>();
  let end: ValleyAction | null = null;
  for (const a of legal) {
    if (a.type === 'buy') {
      const card = s.pyramid[a.slot];
      const cost = card === null || card === undefined ? 0 : def(s, card).cost;
      const gold = a.pay.reduce((sum, c) => sum + goldOf(s, seat, c), 0);
      const list = buys.get(a.slot) ?? [];
      list.push({ action: a, over: gold - cost, cards: a.pay.length });
      buys.set(a.slot, list);
    } else if (a.type === 'end-turn') end ??= a;
    else out.push(a);
  }
  for (const list of buys.values()) {
    const least = [...list].sort((x, y) => x.over - y.over || x.cards - y.cards)[0];
    const fewest = [...list].sort((x, y) => x.cards - y.cards || x.over - y.over)[0];
    for (const b of [least, fewest]) if (b && !out.includes(b.action)) out.push(b.action);
  }
  if (end) out.push(end);
  const at = out.findIndex((a) => sameAction(a, hint) || (a.type === 'end-turn' && hint.type === 'end-turn'));
  if (at >= 0) out[at] = hint;
  else out.push(hint);
  return out;
}

/** A player that plans its main-phase moves by search and answers questions like the heuristic. */
export function searchBot(playouts = SEARCH_PLAYOUTS): Bot {
  return (state, seat, rng) =>
    searchValley(state, seat, { playouts }, rng)?.action ?? heuristicBot(state, seat, rng);
}
