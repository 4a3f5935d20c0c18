import type { Analysis, AnalysisRequest } from './analysis.ts';
import type { CatalogPin } from './catalog-book.ts';
import type { LogLine } from './log.ts';
import type { Message } from './message.ts';

/**
 * The contract every game module fulfils. Everything outside `src/games` (store, bots, Discord, fuzzers)
 * talks to a game only through these verbs, so a new game needs no changes elsewhere.
 */

/** A seat is the index of a player in turn order, 0-based. */
export type Seat = number;

/** Why an action was refused: `msg` is written for the player who tried it. */
export interface RuleError {
  readonly code: string;
  readonly msg: Message;
}

export type ApplyResult<S> =
  /**
   * `label`: what the move did, for people, as `describe` says it of the position it was made in.
   * `log`: the lines the move adds to the game's log (kernel/log.ts); the state keeps none.
   */
  | { readonly ok: true; readonly state: S; readonly label: Message; readonly log: readonly LogLine[] }
  | { readonly ok: false; readonly error: RuleError };

export interface SeatResult {
  readonly seat: Seat;
  readonly score: number;
  /** 1 = winner; equal ranks mean a shared place. */
  readonly rank: number;
  /** Game-specific numbers used to break ties, in the order they were applied. */
  readonly tieBreakers: readonly number[];
}

export interface Outcome {
  readonly results: readonly SeatResult[];
  /** How the winner was decided, for people: e.g. "Tie on 25 broken by fewest tomb cards". */
  readonly summary: Message;
  /**
   * Set when the game was not played out but ranked as it stood (a tournament round's deadline): the
   * places are `GameModule.outcomeAsItStands` of the last position. Absent for a game played to its end.
   */
  readonly settled?: 'as-it-stands';
}

/** An action together with a short text a person can read (button label, log line). */
export interface LabelledAction<A> {
  readonly action: A;
  readonly label: Message;
}

/**
 * What every game's view says in the same words, so the layers above the rules (Discord, the local
 * table) decide what to post, whom to ping and what to do for a seat from views alone: hidden
 * information never leaves the rules library to make those decisions. A game played at a table
 * (through a game adapter, src/adapters) has views of this shape; the store needs none of it.
 */
export interface TableView<Action> {
  readonly viewer: Seat | null;
  readonly finished: boolean;
  /** The turn being played (0-based) and the seat whose turn it is. */
  readonly turn: { readonly seat: Seat; readonly number: number };
  /**
   * Who the game waits for, as everyone may know it. A reaction window lists every seat asked, never
   * who can actually react.
   */
  readonly waiting: {
    readonly seats: readonly Seat[];
    readonly text: Message;
    readonly window: boolean;
  };
  /**
   * Identifies a decision owed outside the ordinary flow of the turn (a question, a reaction window);
   * null when only the player to move is awaited. It changes when that decision closes.
   */
  readonly decision: number | null;
  /** The question the viewer must answer now, if any. */
  readonly questionId: number | null;
  /** The viewer's legal actions, labelled; empty for the public view. */
  readonly actions: readonly LabelledAction<Action>[];
  /**
   * The viewer's pass when passing a reaction window is all it may do: the table takes it for them
   * after a random delay, so the speed of a pass reveals nothing. null otherwise.
   */
  readonly autoPass: Action | null;
  readonly outcome: Outcome | null;
}

/**
 * A game's computer players, by the names its rules library gives them (`heuristic`, `search`…): what a
 * caller that knows a game only by its id plays with (a thinking thread, through the registry).
 */
export interface GamePlayers<State, Action> {
  readonly names: readonly string[];
  /** One move for `seat` (one of `waitingFor(state)`) by the player `name`, one of `names`. */
  move(state: State, seat: Seat, name: string): Action;
  /**
   * The Hard player's view of `seat`'s decision (src/games/search/analysis.ts), or null where it does not
   * search; absent for a game without a search player.
   */
  analyse?(state: State, seat: Seat, request: AnalysisRequest<Action>): Analysis<Action> | null;
}

export interface GameModule<Options, State, Action, View> {
  readonly id: string;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /**
   * Top-level keys of the state that never change once the game is set up and are the same in many games
   * (card definitions): the store keeps each distinct value once (src/store/state-parts.ts). The rules must
   * never change such a value in place; their copies of a state share it.
   */
  readonly sharedParts?: readonly string[];
  /**
   * A game dealt from card catalogs (assets/cards) is pinned to their versions in its options, so that an
   * edit of a catalog applies to new games only (kernel/catalog-book.ts).
   */
  readonly catalogs?: CatalogPinning<Options>;
  /** Validates untrusted options (from a command or a database row); throws with a readable message. */
  parseOptions(raw: unknown): Options;
  /** The lines setup says (who begins…) are written to the open collection: see `collectLines` (kernel/log.ts). */
  setup(options: Options, seed: string): State;
  /** What `seat` may see (null: a spectator / the public board), with its prompt and legal actions. */
  view(state: State, seat: Seat | null): View;
  /** The legal actions of `seat` now; empty when it has nothing to do. */
  legalActions(state: State, seat: Seat): Action[];
  /** What an action that is legal in `state` does, for people. */
  describe(state: State, seat: Seat, action: Action): Message;
  /** Seats that owe a decision now (the player to move, or those asked to react). */
  waitingFor(state: State): Seat[];
  /** Never mutates `state`. Refuses anything not legal, leaving `state` untouched. */
  apply(state: State, seat: Seat, action: unknown): ApplyResult<State>;
  /** null while the game is running. */
  outcome(state: State): Outcome | null;
  /**
   * The places the position would give if the game ended now, counted as the rules count at the end
   * (ties share a place): how a game still going at a tournament round's deadline is ranked. Pure and
   * deterministic; for a finished state it is `outcome`. Absent: the game cannot be ranked early.
   */
  outcomeAsItStands?(state: State): Outcome;
}

/**
 * How a game's options pin the catalog versions it is dealt with. Options without a pin (games stored before
 * pins existed) are dealt with fixed versions, the module's rule, so that `setup(options, seed)` deals the
 * same game forever either way.
 */
export interface CatalogPinning<Options> {
  /** `options` pinned to today's version of each catalog they deal from: the store pins a game as it starts. */
  pin(options: Options): Options;
  /** The catalogs `options` deal from: the version each is dealt with (the rule's, without a pin), and today's. */
  pins(options: Options): readonly CatalogPin[];
  /**
   * For options without a pin: those options pinned to each combination of kept versions they may have been
   * dealt with, the rule's first (a store finds the one that deals a stored state). Empty for pinned options.
   */
  candidates(options: Options): readonly Options[];
}
