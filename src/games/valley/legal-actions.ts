import type { Seat } from '../kernel/types.ts';
import { programFor } from './programs.ts';
import { BASE } from './pyramid.ts';
import type { Instance, ValleyAction, ValleyState } from './state.ts';
import { def, goldOf, player, ringPending } from './zones.ts';

/** The lowest instance of each distinct card in `cards`: copies are interchangeable. */
function distinct(s: ValleyState, cards: readonly Instance[]): Instance[] {
  const out: Instance[] = [];
  for (const c of cards) {
    const id = s.cards[c];
    let k = 0;
    while (k < out.length && s.cards[out[k] as Instance] !== id) k++;
    if (k === out.length) out.push(c);
    else if (c < (out[k] as Instance)) out[k] = c;
  }
  return out;
}

/** Copies of each distinct card in a hand, lowest instance first, with the gold each gives now. */
interface Kinds {
  cards: Instance[][];
  gold: number[];
  /** Gold of kinds k and after, all copies: where the search can stop early. */
  rest: number[];
  /** Ring is pending: a payment's most valuable card counts twice. */
  ring: boolean;
  /** The highest gold of any kind (what Ring can add at most). */
  top: number;
}

function kindsOf(s: ValleyState, seat: Seat, hand: readonly Instance[]): Kinds {
  const ids: string[] = [];
  const cards: Instance[][] = [];
  for (const c of hand) {
    const id = s.cards[c] as string;
    const k = ids.indexOf(id);
    if (k < 0) {
      ids.push(id);
      cards.push([c]);
      continue;
    }
    // Kept in ascending order as they come: a group holds a few copies at most.
    const g = cards[k] as Instance[];
    let i = g.length;
    g.push(c);
    for (; i > 0 && (g[i - 1] as Instance) > c; i--) g[i] = g[i - 1] as Instance;
    g[i] = c;
  }
  const n = cards.length;
  const gold = new Array<number>(n);
  const rest = new Array<number>(n + 1);
  rest[n] = 0;
  let top = 0;
  for (let k = n - 1; k >= 0; k--) {
    const g = cards[k] as Instance[];
    gold[k] = goldOf(s, seat, g[0] as Instance);
    rest[k] = (rest[k + 1] as number) + (gold[k] as number) * g.length;
    top = Math.max(top, gold[k] as number);
  }
  return { cards, gold, rest, ring: ringPending(s, seat), top };
}

/** The highest gold among the chosen cards of kinds before `k`, one copy of kind `drop` left out. */
function highest(kinds: Kinds, counts: readonly number[], k: number, drop: number): number {
  let max = 0;
  for (let i = 0; i < k; i++) {
    const n = (counts[i] as number) - (i === drop ? 1 : 0);
    if (n > 0) max = Math.max(max, kinds.gold[i] as number);
  }
  return max;
}

function search(
  kinds: Kinds,
  cost: number,
  counts: number[],
  k: number,
  total: number,
  out: Instance[][],
): void {
  // `total` is the plain sum; with Ring the payment is worth its highest card more. Adding a card never
  // lowers what a payment is worth, so a payment that suffices ends the search down this branch.
  const worth = kinds.ring ? total + highest(kinds, counts, k, -1) : total;
  if (worth >= cost) {
    // Minimal: dropping any one chosen card would fall short.
    for (let i = 0; i < k; i++) {
      if ((counts[i] as number) === 0) continue;
      const less = total - (kinds.gold[i] as number);
      if ((kinds.ring ? less + highest(kinds, counts, k, i) : less) >= cost) return;
    }
    const pay: Instance[] = [];
    for (let i = 0; i < k; i++)
      for (let n = 0; n < (counts[i] as number); n++) pay.push((kinds.cards[i] as Instance[])[n] as Instance);
    out.push(pay);
    return;
  }
  if (k >= kinds.cards.length || total + (kinds.rest[k] as number) + (kinds.ring ? kinds.top : 0) < cost)
    return;
  const copies = (kinds.cards[k] as Instance[]).length;
  const gold = kinds.gold[k] as number;
  for (let n = 0; n <= copies; n++) {
    counts[k] = n;
    search(kinds, cost, counts, k + 1, total + n * gold, out);
  }
  counts[k] = 0;
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
  const kinds = kindsOf(s, seat, hand);
  return payments(kinds, cost, new Array<number>(kinds.cards.length).fill(0));
}

/** `counts` holds zeros for every kind, and does again on return: one array serves several costs. */
function payments(kinds: Kinds, cost: number, counts: number[]): Instance[][] {
  const out: Instance[][] = [];
  search(kinds, cost, counts, 0, 0, out);
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
  // One grouping of the hand serves the three base slots, and gives the distinct cards in hand (the
  // lowest instance of each, in order of first appearance, as `distinct` would).
  const kinds = kindsOf(s, seat, p.hand);
  const counts = new Array<number>(kinds.cards.length).fill(0);
  for (const slot of BASE) {
    const card = s.pyramid[slot];
    if (card === null || card === undefined) continue;
    for (const pay of payments(kinds, def(s, card).cost, counts)) actions.push({ type: 'buy', slot, pay });
  }
  const kindsInHand = kinds.cards.map((g) => g[0] as Instance);
  for (const card of kindsInHand) {
    if (programFor(s.cards[card] as string)?.canExecute(s, seat, card)) actions.push({ type: 'play', card });
  }
  if (!s.turn.entombed) for (const card of kindsInHand) actions.push({ type: 'entomb', card });
  const tops = distinct(s, [...p.hand, ...p.play]);
  if (tops.length === 0) actions.push({ type: 'end-turn', top: null });
  for (const card of tops) actions.push({ type: 'end-turn', top: card });
  return actions;
}
