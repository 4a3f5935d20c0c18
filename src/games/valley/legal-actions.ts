import type { Seat } from '../kernel/types.ts';
import { programFor } from './programs.ts';
import { BASE } from './pyramid.ts';
import type { Instance, ValleyAction, ValleyState } from './state.ts';
import { def, goldOf, player } from './zones.ts';

/** The lowest instance of each distinct card in `cards`: copies are interchangeable. */
function distinct(s: ValleyState, cards: readonly Instance[]): Instance[] {
  const seen = new Map<string, Instance>();
  for (const c of cards) {
    const id = s.cards[c] as string;
    const prev = seen.get(id);
    if (prev === undefined || c < prev) seen.set(id, c);
  }
  return [...seen.values()];
}

/**
 * Every minimal way to pay `cost` from `hand` (no card could be left out), as sets of distinct card
 * kinds with counts; identical copies are interchangeable, so each payment is listed once.
 */
export function minimalPayments(
  s: ValleyState,
  seat: Seat,
  hand: readonly Instance[],
  cost: number,
): Instance[][] {
  const groups = new Map<string, Instance[]>();
  for (const c of hand) {
    const id = s.cards[c] as string;
    const g = groups.get(id);
    if (g) g.push(c);
    else groups.set(id, [c]);
  }
  const kinds = [...groups.values()];
  for (const g of kinds) g.sort((a, b) => a - b);
  const golds = kinds.map((g) => goldOf(s, seat, g[0] as Instance));
  // Gold still available from kinds k.. onwards: lets the search stop where the cost is out of reach.
  const rest = new Array<number>(kinds.length + 1).fill(0);
  for (let k = kinds.length - 1; k >= 0; k--)
    rest[k] = (rest[k + 1] as number) + (golds[k] as number) * (kinds[k] as Instance[]).length;
  const out: Instance[][] = [];
  const counts = new Array<number>(kinds.length).fill(0);
  const visit = (k: number, total: number): void => {
    if (total >= cost) {
      // Minimal: dropping any one chosen card would fall short.
      for (let i = 0; i < k; i++)
        if ((counts[i] as number) > 0 && total - (golds[i] as number) >= cost) return;
      const pay: Instance[] = [];
      for (let i = 0; i < k; i++)
        for (let n = 0; n < (counts[i] as number); n++) pay.push((kinds[i] as Instance[])[n] as Instance);
      out.push(pay);
      return;
    }
    if (k >= kinds.length || total + (rest[k] as number) < cost) return;
    const g = kinds[k] as Instance[];
    for (let n = 0; n <= g.length; n++) {
      counts[k] = n;
      visit(k + 1, total + n * (golds[k] as number));
    }
    counts[k] = 0;
  };
  visit(0, 0);
  return out;
}

export function legalActions(s: ValleyState, seat: Seat): ValleyAction[] {
  if (s.finished) return [];
  const top = s.stack.at(-1);
  if (top?.q) {
    const ask = top.q.asks.find((a) => a.seat === seat);
    if (!ask || top.q.answers[String(seat)] !== undefined) return [];
    return ask.options.map((o) => ({ type: 'answer', value: o.value }));
  }
  if (seat !== s.turn.seat) return [];
  const p = player(s, seat);
  const actions: ValleyAction[] = [];
  for (const slot of BASE) {
    const card = s.pyramid[slot];
    if (card === null || card === undefined) continue;
    for (const pay of minimalPayments(s, seat, p.hand, def(s, card).cost))
      actions.push({ type: 'buy', slot, pay });
  }
  for (const card of distinct(s, p.hand)) {
    if (programFor(s.cards[card] as string)?.canExecute(s, seat, card)) actions.push({ type: 'play', card });
  }
  if (!s.turn.entombed) for (const card of distinct(s, p.hand)) actions.push({ type: 'entomb', card });
  const tops = distinct(s, [...p.hand, ...p.play]);
  if (tops.length === 0) actions.push({ type: 'end-turn', top: null });
  for (const card of tops) actions.push({ type: 'end-turn', top: card });
  return actions;
}
