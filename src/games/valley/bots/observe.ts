import type { Seat } from '../../kernel/types.ts';
import { legalActions } from '../legal-actions.ts';
import type { CardDef, CardId, Instance, Json, Option, ValleyAction, ValleyState } from '../state.ts';

/**
 * Everything a computer player is allowed to know, taken from the state by reference (no copies, so
 * building it costs almost nothing per decision). Bots read the game ONLY through this object; that
 * keeps them honest without paying for a full `view()` (whose labels bots do not need).
 *
 * What is in it, and why a person at the table would know it too:
 * - public zones: the pyramid, the top of the boneyard, every tomb, cards in play and revealed aside,
 *   the sizes of every hand, deck and discard pile, the stock count, the turn's public record;
 * - the seat's own hand;
 * - the seat's own discard pile: a player may look at it between turns (rulebook, Rule Clarifications)
 *   and everything that lands on it during their own turn is public, so they know it by memory;
 * - the decision the seat is asked now: the kind of card or step asking (the prompt names it) and its
 *   options. `v` is the asking frame's data, only ever read for the seat's own actions or public facts.
 * Never in it: other hands, any deck's order or contents, the stock's order, the boneyard below its top.
 */
export interface Observation {
  seat: Seat;
  players: number;
  defs: Readonly<Record<CardId, CardDef>>;
  /** Card id of an instance; only ever applied to instances found in the zones below. */
  id(card: Instance): CardId;
  def(card: Instance): CardDef;
  hand: readonly Instance[];
  discard: readonly Instance[];
  tombs: readonly (readonly Instance[])[];
  inPlay: readonly (readonly Instance[])[];
  pyramid: readonly (Instance | null)[];
  boneyardTop: Instance | null;
  /** Top card of each seat's discard pile (public). */
  discardTops: readonly (Instance | null)[];
  handCounts: readonly number[];
  /** Hand + deck + discard + in play: the count Qebehsenuef and Bastet look at. */
  totalCards: readonly number[];
  stockCount: number;
  turn: Readonly<ValleyState['turn']>;
  turnsTaken: readonly number[];
  /** The question asked of this seat now, or null in its main phase. */
  question: {
    kind: string;
    step: number;
    asker: Seat;
    options: readonly Option[];
    v: Readonly<Record<string, Json>>;
  } | null;
  /** Kinds of the programs now resolving, bottom to top (public: everyone sees what is being resolved). */
  resolving: readonly string[];
  legal: readonly ValleyAction[];
}

export function observe(s: ValleyState, seat: Seat): Observation {
  const me = s.players[seat];
  if (!me) throw new Error(`no seat ${seat}`);
  const top = s.stack.at(-1);
  const ask = top?.q?.asks.find((a) => a.seat === seat);
  const def = (card: Instance): CardDef => s.defs[s.cards[card] as string] as CardDef;
  return {
    seat,
    players: s.players.length,
    defs: s.defs,
    id: (card) => s.cards[card] as CardId,
    def,
    hand: me.hand,
    discard: me.discard,
    tombs: s.players.map((p) => p.tomb),
    inPlay: s.players.map((p) => p.play),
    pyramid: s.pyramid,
    boneyardTop: s.boneyard.at(-1) ?? null,
    discardTops: s.players.map((p) => p.discard.at(-1) ?? null),
    handCounts: s.players.map((p) => p.hand.length),
    totalCards: s.players.map(
      (p) => p.hand.length + p.deck.length + p.discard.length + p.play.length + p.aside.length,
    ),
    stockCount: s.stock.length,
    turn: s.turn,
    turnsTaken: s.turnsTaken,
    question:
      top && ask ? { kind: top.kind, step: top.step, asker: top.seat, options: ask.options, v: top.v } : null,
    resolving: s.stack.map((f) => f.kind),
    legal: legalActions(s, seat),
  };
}
