import { writeLine } from '../kernel/log.ts';
import type { Message } from '../kernel/message.ts';
import { shuffleInPlace } from '../kernel/rng.ts';
import type { Seat } from '../kernel/types.ts';
import { defAt } from './card-table.ts';
import { say, seatOf } from './messages.ts';
import type { CardDef, Instance, PlayerState, TurnState, ValleyState } from './state.ts';

export function def(s: ValleyState, card: Instance): CardDef {
  const d = defAt(s, card);
  if (!d) throw new Error(`unknown card instance ${card}`);
  return d;
}

export const costOf = (s: ValleyState, card: Instance): number => def(s, card).cost;

export function player(s: ValleyState, seat: Seat): PlayerState {
  const p = s.players[seat];
  if (!p) throw new Error(`no seat ${seat}`);
  return p;
}

/** Gold a card gives when paid from `seat`'s hand now (Statue of Thoth makes every hand card worth 4). */
export function goldOf(s: ValleyState, seat: Seat, card: Instance): number {
  return s.turn.seat === seat && s.turn.thoth ? 4 : def(s, card).gold;
}

/** Whether Ring doubles the next card `seat` plays. */
export const ringPending = (s: ValleyState, seat: Seat): boolean =>
  s.turn.seat === seat && s.turn.ring === true;

/**
 * The card Ring doubles in a payment: the player lays out the most valuable card first, so the one
 * with the highest gold (the first of equals). Null without a pending Ring.
 */
export function doubledCard(s: ValleyState, seat: Seat, pay: readonly Instance[]): Instance | null {
  if (!ringPending(s, seat)) return null;
  let best: Instance | null = null;
  for (const c of pay) if (best === null || goldOf(s, seat, c) > goldOf(s, seat, best)) best = c;
  return best;
}

/** The gold of a payment: the cards' gold, the doubled card counted twice. */
export function paymentGold(s: ValleyState, seat: Seat, pay: readonly Instance[]): number {
  let gold = 0;
  for (const c of pay) gold += goldOf(s, seat, c);
  const doubled = doubledCard(s, seat, pay);
  return doubled === null ? gold : gold + goldOf(s, seat, doubled);
}

/** Removes `card` from `zone`; a missing card is a bug in the rules, never a player mistake. */
export function take(zone: Instance[], card: Instance): void {
  const k = zone.lastIndexOf(card);
  if (k < 0) throw new Error(`card ${card} is not in the expected zone`);
  zone.splice(k, 1);
}

export function opponentsInTurnOrder(s: ValleyState, seat: Seat): Seat[] {
  const n = s.players.length;
  const seats: Seat[] = [];
  for (let k = 1; k < n; k++) seats.push((seat + k) % n);
  return seats;
}

/** Hand, deck and discard pile: the count Qebehsenuef and Statue of Bastet look at (tomb excluded). */
export function totalCards(p: PlayerState): number {
  return p.hand.length + p.deck.length + p.discard.length + p.play.length + p.aside.length;
}

/** The top card of the deck, shuffling the discard pile into a new deck when the deck is empty. */
export function popDeck(s: ValleyState, seat: Seat): Instance | null {
  const p = player(s, seat);
  if (p.deck.length === 0) {
    if (p.discard.length === 0) return null;
    p.deck = p.discard;
    p.discard = [];
    shuffleInPlace(s.rng, p.deck);
    log(s, say('shuffled', { seat: seatOf(seat) }));
  }
  return p.deck.pop() ?? null;
}

export function draw(s: ValleyState, seat: Seat, n: number): number {
  const p = player(s, seat);
  let drawn = 0;
  for (; drawn < n; drawn++) {
    const card = popDeck(s, seat);
    if (card === null) break;
    p.hand.push(card);
  }
  return drawn;
}

/** The start of a turn: nothing entombed, bought or executed yet. */
export function newTurn(seat: Seat, number: number): TurnState {
  return {
    seat,
    number,
    entombed: false,
    pyramidChanged: false,
    boughtCosts: [],
    executed: [],
    thoth: false,
    extraDraw: 0,
  };
}

/** A public log line of the move being made (kernel/log.ts), with the turn it was said in. */
export function log(s: ValleyState, text: Message): void {
  writeLine({ turn: s.turn.number, text });
}
