import type { Seat } from '../../kernel/types.ts';
import { type CardTable, cardTable } from '../card-table.ts';
import { hasLegalAction, legalActions, MainMoves } from '../legal-actions.ts';
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
  /** `defs[id]`, looked up faster (card-table.ts). */
  defOf(id: CardId): CardDef | undefined;
  /** Every instance's definition, by instance: what `def` reads (the heuristic indexes it directly). */
  table: CardTable;
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
  /** Whether the seat has anything to do (`legal` is not empty), without listing the moves. */
  canAct: boolean;
  legal: readonly ValleyAction[];
  /** The main phase's legal moves one kind at a time, in `legal`'s order (its own main phase only). */
  moves: MainMoves;
}

/**
 * Built for every decision of every playout of the search, so it copies nothing up front: the lists
 * below are made the first time a bot reads them, and the legal moves only if it asks for them all.
 */
class Sight implements Observation {
  readonly #s: ValleyState;
  readonly seat: Seat;
  readonly players: number;
  readonly defs: Readonly<Record<CardId, CardDef>>;
  readonly table: CardTable;
  readonly #byInstance: readonly (CardDef | undefined)[];
  readonly #byId: ReadonlyMap<CardId, CardDef>;
  readonly hand: readonly Instance[];
  readonly discard: readonly Instance[];
  readonly pyramid: readonly (Instance | null)[];
  readonly boneyardTop: Instance | null;
  readonly stockCount: number;
  readonly turn: Readonly<ValleyState['turn']>;
  readonly turnsTaken: readonly number[];
  readonly question: Observation['question'];
  #tombs: Instance[][] | null = null;
  #inPlay: Instance[][] | null = null;
  #discardTops: (Instance | null)[] | null = null;
  #handCounts: number[] | null = null;
  #totalCards: number[] | null = null;
  #resolving: string[] | null = null;
  #legal: ValleyAction[] | null = null;
  #moves: MainMoves | null = null;

  constructor(s: ValleyState, seat: Seat) {
    const me = s.players[seat];
    if (!me) throw new Error(`no seat ${seat}`);
    this.#s = s;
    this.seat = seat;
    this.players = s.players.length;
    this.defs = s.defs;
    this.table = cardTable(s);
    this.#byInstance = this.table.byInstance;
    this.#byId = this.table.byId;
    this.hand = me.hand;
    this.discard = me.discard;
    this.pyramid = s.pyramid;
    this.boneyardTop = s.boneyard.at(-1) ?? null;
    this.stockCount = s.stock.length;
    this.turn = s.turn;
    this.turnsTaken = s.turnsTaken;
    const top = s.stack.at(-1);
    const ask = top?.q?.asks.find((a) => a.seat === seat);
    this.question =
      top && ask ? { kind: top.kind, step: top.step, asker: top.seat, options: ask.options, v: top.v } : null;
  }

  id(card: Instance): CardId {
    return this.#s.cards[card] as CardId;
  }

  def(card: Instance): CardDef {
    return this.#byInstance[card] as CardDef;
  }

  defOf(id: CardId): CardDef | undefined {
    return this.#byId.get(id);
  }

  get tombs(): readonly (readonly Instance[])[] {
    this.#tombs ??= this.#s.players.map((p) => p.tomb);
    return this.#tombs;
  }

  get inPlay(): readonly (readonly Instance[])[] {
    this.#inPlay ??= this.#s.players.map((p) => p.play);
    return this.#inPlay;
  }

  get discardTops(): readonly (Instance | null)[] {
    this.#discardTops ??= this.#s.players.map((p) => p.discard.at(-1) ?? null);
    return this.#discardTops;
  }

  get handCounts(): readonly number[] {
    this.#handCounts ??= this.#s.players.map((p) => p.hand.length);
    return this.#handCounts;
  }

  get totalCards(): readonly number[] {
    this.#totalCards ??= this.#s.players.map(
      (p) => p.hand.length + p.deck.length + p.discard.length + p.play.length + p.aside.length,
    );
    return this.#totalCards;
  }

  get resolving(): readonly string[] {
    this.#resolving ??= this.#s.stack.map((f) => f.kind);
    return this.#resolving;
  }

  get canAct(): boolean {
    return this.#legal ? this.#legal.length > 0 : hasLegalAction(this.#s, this.seat);
  }

  get legal(): readonly ValleyAction[] {
    this.#legal ??= legalActions(this.#s, this.seat);
    return this.#legal;
  }

  get moves(): MainMoves {
    this.#moves ??= new MainMoves(this.#s, this.seat);
    return this.#moves;
  }
}

export function observe(s: ValleyState, seat: Seat): Observation {
  return new Sight(s, seat);
}
