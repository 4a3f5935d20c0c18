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

/** Receives each payment found; `pay` is reused for the next one (copy it to keep it). */
type PaymentVisit = (pay: readonly Instance[]) => void;

function search(
  kinds: Kinds,
  cost: number,
  counts: number[],
  k: number,
  total: number,
  visit: PaymentVisit,
  pay: Instance[],
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
    pay.length = 0;
    for (let i = 0; i < k; i++)
      for (let n = 0; n < (counts[i] as number); n++) pay.push((kinds.cards[i] as Instance[])[n] as Instance);
    visit(pay);
    return;
  }
  if (k >= kinds.cards.length || total + (kinds.rest[k] as number) + (kinds.ring ? kinds.top : 0) < cost)
    return;
  const copies = (kinds.cards[k] as Instance[]).length;
  const gold = kinds.gold[k] as number;
  for (let n = 0; n <= copies; n++) {
    counts[k] = n;
    search(kinds, cost, counts, k + 1, total + n * gold, visit, pay);
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
  search(kinds, cost, counts, 0, 0, (pay) => out.push(pay.slice()), []);
  return out;
}

/**
 * The main phase's moves one kind at a time, in the order `legalActions` lists them, for a player that
 * weighs them without building the list (the heuristic, which the search's playouts call at every move:
 * a hand can pay for a card in ~70 ways). Only for the seat whose turn it is, with no question open.
 */
export class MainMoves {
  readonly #s: ValleyState;
  readonly #seat: Seat;
  readonly #kinds: Kinds;
  #counts: number[] | null = null;
  #pay: Instance[] | null = null;

  constructor(s: ValleyState, seat: Seat) {
    this.#s = s;
    this.#seat = seat;
    this.#kinds = kindsOf(s, seat, player(s, seat).hand);
  }

  /** Calls `visit` with each minimal payment for the base card in `slot` (none if the slot is empty). */
  eachPayment(slot: number, visit: PaymentVisit): void {
    const card = this.#s.pyramid[slot];
    if (card === null || card === undefined) return;
    this.#counts ??= new Array<number>(this.#kinds.cards.length).fill(0);
    this.#pay ??= [];
    search(this.#kinds, def(this.#s, card).cost, this.#counts, 0, 0, visit, this.#pay);
  }

  /** The lowest instance of each distinct card in hand, in order of first appearance. */
  handKinds(): Instance[] {
    return this.#kinds.cards.map((g) => g[0] as Instance);
  }

  /** The cards whose action may be played now (one instance per distinct card). */
  plays(): Instance[] {
    const s = this.#s;
    return this.handKinds().filter((card) =>
      programFor(s.cards[card] as string)?.canExecute(s, this.#seat, card),
    );
  }

  /** The cards that may be left on top of the discard pile at the end of the turn (null: none). */
  endTops(): (Instance | null)[] {
    const p = player(this.#s, this.#seat);
    const tops = distinct(this.#s, [...p.hand, ...p.play]);
    return tops.length === 0 ? [null] : tops;
  }
}

/** Whether `seat` has anything to do: `legalActions(s, seat)` is not empty (without listing it). */
export function hasLegalAction(s: ValleyState, seat: Seat): boolean {
  if (s.finished) return false;
  const top = s.stack.at(-1);
  if (top?.q) {
    const ask = top.q.asks.find((a) => a.seat === seat);
    return ask !== undefined && top.q.answers[String(seat)] === undefined && ask.options.length > 0;
  }
  // The main phase always allows ending the turn.
  return seat === s.turn.seat;
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
  const actions: ValleyAction[] = [];
  const moves = new MainMoves(s, seat);
  for (const slot of BASE)
    moves.eachPayment(slot, (pay) => actions.push({ type: 'buy', slot, pay: pay.slice() }));
  for (const card of moves.plays()) actions.push({ type: 'play', card });
  if (!s.turn.entombed) for (const card of moves.handKinds()) actions.push({ type: 'entomb', card });
  for (const top of moves.endTops()) actions.push({ type: 'end-turn', top });
  return actions;
}
