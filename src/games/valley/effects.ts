import type { Message } from '../kernel/message.ts';
import type { Seat } from '../kernel/types.ts';
import { frame } from './choices.ts';
import { cardIdOf, cardOf, say, seatOf, slotOf } from './messages.ts';
import type { Frame, Instance, ValleyState } from './state.ts';
import { def, log, player, take } from './zones.ts';

/**
 * Card movements shared by several programs. Each writes its public log line; anything that may need a
 * decision afterwards (a crumble, a reaction window) is returned as a frame for the caller to run.
 */

export function entombFromHand(s: ValleyState, seat: Seat, card: Instance): void {
  const p = player(s, seat);
  take(p.hand, card);
  p.tomb.push(card);
  log(s, say('entombed', { seat: seatOf(seat), card: cardOf(s, card) }));
}

/** `why`: the card whose action it is (its id). */
export function entombFromDiscard(s: ValleyState, seat: Seat, card: Instance, why: string): void {
  const p = player(s, seat);
  take(p.discard, card);
  p.tomb.push(card);
  log(s, say('entombed-from-discard', { seat: seatOf(seat), card: cardOf(s, card), why: named(why) }));
}

/**
 * A discard from hand as the result of an action (never the end of the turn's discard, nor Boat and
 * Mummified Cat discarding themselves): an Axe discarded this way triggers.
 */
export function discardFromHand(s: ValleyState, seat: Seat, card: Instance, why?: string): void {
  const p = player(s, seat);
  take(p.hand, card);
  p.discard.push(card);
  log(s, discarded(s, seat, card, why));
  if (s.cards[card] === AXE) queueAxe(s, seat, card);
}

/** A revealed card discarded by the action that revealed it (Book of Gates, Statue of Sobek). */
export function discardFromAside(s: ValleyState, seat: Seat, card: Instance, why?: string): void {
  const p = player(s, seat);
  take(p.aside, card);
  p.discard.push(card);
  if (why) log(s, discarded(s, seat, card, why));
  if (s.cards[card] === AXE) queueAxe(s, seat, card);
}

export const AXE = 'axe';

/**
 * "You must complete all the action parts on a card before doing anything else": an Axe discarded by
 * an action waits until that action is complete (see `nextAxe`).
 */
function queueAxe(s: ValleyState, seat: Seat, card: Instance): void {
  s.turn.axes = [...(s.turn.axes ?? []), { seat, card }];
}

/** The oldest waiting Axe as a program to run, or null; the queue's key goes once it is empty. */
export function nextAxe(s: ValleyState): Frame | null {
  const queue = s.turn.axes;
  if (!queue) return null;
  const [first, ...rest] = queue;
  if (rest.length > 0) s.turn.axes = rest;
  else delete s.turn.axes;
  return first ? frame(AXE, first.seat, first.card) : null;
}

/** Puts a hand card on the boneyard and opens the Mummified Cat window for everyone else. */
export function sacrificeFromHand(s: ValleyState, seat: Seat, card: Instance): Frame | null {
  take(player(s, seat).hand, card);
  s.boneyard.push(card);
  log(s, say('sacrificed-from-hand', { seat: seatOf(seat), card: cardOf(s, card) }));
  return catWindow(s, seat, card);
}

/** Removes a pyramid card (the caller puts it somewhere) and returns the crumble that follows. */
export function removeFromPyramid(
  s: ValleyState,
  slot: number,
  causer: Seat,
): { card: Instance; crumble: Frame } {
  const card = s.pyramid[slot];
  if (card === null || card === undefined) throw new Error(`rules bug: slot ${slot} is empty`);
  s.pyramid[slot] = null;
  s.turn.pyramidChanged = true;
  return { card, crumble: frame('crumble', causer, null, { slot }) };
}

/**
 * "Take": a pyramid card onto the taker's discard pile. `how`: the card whose action takes it (its id,
 * logged as "(Name)"), or a message saying how.
 */
export function takeFromPyramid(s: ValleyState, seat: Seat, slot: number, how: string | Message): Frame {
  const { card, crumble } = removeFromPyramid(s, slot, seat);
  player(s, seat).discard.push(card);
  log(
    s,
    say('took-from-pyramid', {
      seat: seatOf(seat),
      card: cardOf(s, card),
      slot: slotOf(slot),
      how: typeof how === 'string' ? because(how) : how,
    }),
  );
  return crumble;
}

/** "(Name)" of the card `id`, whose action this is. */
export const because = (id: string): Message => say('because', { card: cardIdOf(id) });

/** The card `id`'s name. */
export const named = (id: string): Message => say('option.card', { card: cardIdOf(id) });

function discarded(s: ValleyState, seat: Seat, card: Instance, why: string | undefined): Message {
  return why === undefined
    ? say('discarded', { seat: seatOf(seat), card: cardOf(s, card) })
    : say('discarded-why', { seat: seatOf(seat), card: cardOf(s, card), why: because(why) });
}

/** Removes the card whose action is running from wherever it waits (in play, or revealed aside). */
export function removeSource(s: ValleyState, seat: Seat, card: Instance): void {
  const p = player(s, seat);
  if (p.play.includes(card)) take(p.play, card);
  else take(p.aside, card);
}

/**
 * A reaction card can only be in an opponent's hand if no copy is publicly known to be elsewhere.
 * The window is skipped only on public knowledge (pyramid, tombs, boneyard, in play, the top of a
 * discard pile), so skipping it never tells anyone who holds what.
 */
function couldBeHeld(s: ValleyState, cardId: string): boolean {
  if (!s.defs[cardId]) return false;
  for (const c of copiesOf(s, cardId)) if (!publiclyPlaced(s, c)) return true;
  return false;
}

/**
 * The instances of each reaction card, found once per game: a game's cards never change (copies of a
 * state share the list), and every purchase and sacrifice asks, in every playout of the search.
 */
const copies = new WeakMap<readonly string[], { length: number; byId: Map<string, Instance[]> }>();

function copiesOf(s: ValleyState, cardId: string): readonly Instance[] {
  let found = copies.get(s.cards);
  // A test that builds a position may add cards to the list: then it is read again.
  if (!found || found.length !== s.cards.length) {
    found = { length: s.cards.length, byId: new Map() };
    copies.set(s.cards, found);
  }
  const byId = found.byId;
  let list = byId.get(cardId);
  if (!list) {
    list = [];
    for (let c = 0; c < s.cards.length; c++) if (s.cards[c] === cardId) list.push(c);
    byId.set(cardId, list);
  }
  return list;
}

function publiclyPlaced(s: ValleyState, c: Instance): boolean {
  if (s.pyramid.includes(c) || s.boneyard.includes(c)) return true;
  for (const p of s.players) {
    if (p.tomb.includes(c) || p.play.includes(c) || p.aside.includes(c) || p.discard.at(-1) === c)
      return true;
  }
  return false;
}

export function catWindow(s: ValleyState, sacrificer: Seat, card: Instance): Frame | null {
  if (!couldBeHeld(s, 'mummified-cat')) return null;
  return frame('cat-window', sacrificer, null, { card });
}

export function boatWindow(s: ValleyState, buyer: Seat): Frame | null {
  if (!couldBeHeld(s, 'boat')) return null;
  return frame('boat-window', buyer, null, {});
}

export function isSetCard(s: ValleyState, card: Instance): boolean {
  return def(s, card).kind === 'set';
}
