import type { Message } from '../kernel/message.ts';
import type { RngState } from '../kernel/rng.ts';
import type { Seat } from '../kernel/types.ts';
import type { CardPool } from './pools.ts';

export type CardId = string;
/** A physical card in this game: an index into `ValleyState.cards`. */
export type Instance = number;

/** The numbers and facts the rules need about one card, frozen into the game at setup. */
export interface CardDef {
  id: CardId;
  name: string;
  level: 1 | 2 | 3;
  kind: 'starter' | 'unique' | 'set';
  set: string | null;
  gold: number;
  cost: number;
  vp: number;
  reaction: boolean;
}

export interface ValleyOptions {
  players: number;
  /** Seat that plays first; chosen at random from the seed when absent (the Premium Edition's rule). */
  firstSeat?: number;
  /** The cards in play (see pools.ts); absent: the base box. */
  pool?: CardPool;
  /**
   * The version of each box's catalog the game is dealt with, by file name (catalog-versions.ts): set as
   * the game starts. Absent in games stored before pins, which are dealt with the unpinned versions. Setup
   * reads it; the state keeps what was dealt (`defs`), not the pin.
   */
  catalogs?: Record<string, string>;
  /**
   * A fixed deal instead of the shuffled one (a lesson's small deck, `lessons/`): every zone by card ids,
   * piles bottom to top. Absent in every ordinary game, whose options keep their shape.
   */
  deal?: ValleyDeal;
}

/** Every card of a fixed deal by id; piles list their top card last, as the state keeps them. */
export interface ValleyDeal {
  /** One per seat. */
  hands: CardId[][];
  /** One per seat. */
  decks: CardId[][];
  /** Six slots: base left, centre, right, middle left, right, top. */
  pyramid: CardId[];
  stock: CardId[];
  boneyard: CardId[];
}

export interface PlayerState {
  hand: Instance[];
  /** Draw pile; the top card is the last element. */
  deck: Instance[];
  /** Face up; the top card is the last element. */
  discard: Instance[];
  tomb: Instance[];
  /** Cards played this turn for gold or action. */
  play: Instance[];
  /** Cards revealed by Book of Gates or Statue of Sobek while their action resolves (public). */
  aside: Instance[];
}

export interface TurnState {
  seat: Seat;
  /** Turns completed by all seats before this one (0-based count of the turn in the whole game). */
  number: number;
  entombed: boolean;
  pyramidChanged: boolean;
  boughtCosts: number[];
  /** Cards whose action was executed this turn, in order (Tyet Amulet repeats one of them). */
  executed: CardId[];
  thoth: boolean;
  extraDraw: number;
  /*
   * The optional fields below exist only while they apply, so the state of a game that never uses
   * these cards keeps its exact shape (stored games are verified by replaying them). `clone` copies the
   * turn shallowly: the arrays are replaced, never changed in place.
   */
  /** Ring: the next card this seat plays (for gold, for its action or to entomb) has double gold value. */
  ring?: true;
  /** Axes discarded by the running action, resolved first in first out once it completes (engine.ts). */
  axes?: AxeTrigger[];
  /** Hands shown to one seat only (Senet Game: "show you their hand to prove it"); never public. */
  shown?: ShownHand[];
}

export interface AxeTrigger {
  /** The Axe's owner: the seat that discarded it. */
  seat: Seat;
  card: Instance;
}

export interface ShownHand {
  from: Seat;
  to: Seat;
  /** The hand as it was shown. */
  cards: Instance[];
}

export interface Option {
  value: string;
  label: Message;
  card?: CardId;
}

/** What one seat is asked; `options` are only shown to that seat. */
export interface Ask {
  seat: Seat;
  prompt: Message;
  options: Option[];
}

/**
 * A decision the game is waiting for. Every listed seat must answer; a reaction window asks every
 * opponent (most can only pass) so that nobody learns who holds a reaction card.
 */
export interface Question {
  /** Unique within the game: lets a client tell whether the question it answers is still open. */
  id: number;
  asks: Ask[];
  answers: Record<string, string>;
  /** Safe for everyone to read: does not reveal options or who could react. */
  publicText: Message;
  window: boolean;
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** One step of a running program (a card action, a buy, the end of a turn, a crumble, a window). */
export interface Frame {
  kind: string;
  seat: Seat;
  step: number;
  /** The card whose action runs (in play, revealed, or null for system frames). */
  src: Instance | null;
  v: { [key: string]: Json };
  q: Question | null;
}

export interface ValleyState {
  game: 'valley';
  options: ValleyOptions;
  defs: Record<CardId, CardDef>;
  cards: CardId[];
  players: PlayerState[];
  /** Slots 0–2: base (left, centre, right); 3–4: middle (left, right); 5: top. */
  pyramid: (Instance | null)[];
  /** Top card is the last element. */
  stock: Instance[];
  /** Face up; top card is the last element. */
  boneyard: Instance[];
  firstSeat: Seat;
  turn: TurnState;
  turnsTaken: number[];
  stack: Frame[];
  rng: RngState;
  /** The id of the last question asked. */
  questionSeq: number;
  finished: boolean;
}

export type ValleyAction =
  | { type: 'buy'; slot: number; pay: Instance[] }
  | { type: 'play'; card: Instance }
  | { type: 'entomb'; card: Instance }
  /**
   * `top` is left on top of the discard pile and `beneath` (optional, top-down) right under it; the
   * rest go below in the order they were played, then the hand's (see README, Interpretations).
   */
  | { type: 'end-turn'; top: Instance | null; beneath?: Instance[] }
  | { type: 'answer'; value: string };
