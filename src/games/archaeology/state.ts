import type { RngState } from '../kernel/rng.ts';
import type { Seat } from '../kernel/types.ts';
import type { Chamber, Treasure } from './catalog.ts';

/** A physical card of this game: an index into `ArchaeologyState.cards`. */
export type Instance = number;
export type CardKind = Treasure | 'thief' | 'sandstorm' | 'pyramid';
/** Cards of each treasure, by type; absent types count zero. */
export type Counts = Partial<Record<Treasure, number>>;

export interface ArchaeologyOptions {
  players: number;
  /** Seat that plays first; chosen at random from the seed when absent (the rulebook's rule). */
  firstSeat?: number;
  /**
   * The catalog version the game is dealt with (catalog-versions.ts): set as the game starts. Absent in
   * games stored before pins, which are dealt with the unpinned version. Setup reads it; the state keeps
   * what was dealt (`numbers`, `cards`), not the pin.
   */
  catalogs?: Record<string, string>;
  /**
   * A fixed deal instead of the shuffled one (a lesson's small deck, `lessons/`): every zone by kind,
   * piles with their top card last. Absent in every ordinary game, whose options keep their shape.
   */
  deal?: ArchaeologyDeal;
}

/** Every card of a fixed deal by kind; the dig site lists its top card last, as the state keeps it. */
export interface ArchaeologyDeal {
  /** One per seat. */
  hands: Treasure[][];
  market: Treasure[];
  /** Each chamber holds as many cards as the catalog's chamber of that name. */
  chambers: Record<Chamber, Treasure[]>;
  /** Treasures, thieves and sandstorms. */
  dig: Exclude<CardKind, 'pyramid'>[];
}

/** A treasure's numbers as they were when the game began, so a replay never depends on later edits. */
export interface TreasureNumbers {
  trade: number;
  /** prices[n - 1] is what a set of n pays. */
  prices: number[];
}

export interface SoldSet {
  kind: Treasure;
  cards: Instance[];
}

export interface TurnState {
  seat: Seat;
  /** Turns begun in the whole game before this one (0-based). */
  number: number;
  /** The player dug at the start of this turn (false once the dig site is empty). */
  dug: boolean;
  /** The player traded, explored or sold this turn: a turn with none of these and no dig is a pass. */
  acted: boolean;
  /** Sold this turn, as `mustSell` requires. */
  sold: boolean;
  /** Everyone passed in sequence since this player's pass: this turn must sell at least one card. */
  mustSell: boolean;
}

export type Pending =
  /** A thief was dug and two or more opponents hold cards: the drawer chooses whom to rob. */
  | { type: 'thief'; id: number; seat: Seat; targets: Seat[] }
  /**
   * A sandstorm: each player owes half their hand (rounded down). Chosen cards wait, hidden, in
   * `aside` until everyone has chosen, then go to the marketplace clockwise from the drawer.
   */
  | { type: 'sandstorm'; id: number; drawer: Seat; owed: number[]; aside: Instance[][] };

export interface ArchaeologyState {
  game: 'archaeology';
  options: ArchaeologyOptions;
  numbers: Record<Treasure, TreasureNumbers>;
  /** What each instance is. */
  cards: CardKind[];
  /** The dig site, face down; the top card is the last element. */
  dig: Instance[];
  market: Instance[];
  /** Face-down treasures in each chamber; null once explored (each chamber is explored once). */
  chambers: Record<Chamber, Instance[] | null>;
  hands: Instance[][];
  sold: SoldSet[][];
  /** Drawn thieves and sandstorms, face up, so everyone can count how many are still to come. */
  thieves: Instance[];
  sandstorms: Instance[];
  /** Maps spent exploring ("removed from the game"), sandstorms returned to the box, the pyramid card. */
  out: Instance[];
  firstSeat: Seat;
  turn: TurnState;
  /** The seat whose pass began the current run of passes, and how many passes it holds. */
  passes: { first: Seat; count: number } | null;
  pending: Pending | null;
  decisionSeq: number;
  rng: RngState;
  finished: boolean;
}

export type ArchaeologyAction =
  | { type: 'trade'; give: Counts; take: Counts }
  | { type: 'explore'; chamber: Chamber }
  | { type: 'sell'; kind: Treasure; count: number }
  | { type: 'end' }
  | { type: 'steal'; from: Seat }
  | { type: 'discard'; cards: Counts };
