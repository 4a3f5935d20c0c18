/**
 * The contract every game module fulfils. Everything outside `src/games` (store, bots, Discord, fuzzers)
 * talks to a game only through these verbs, so a new game needs no changes elsewhere.
 */

/** A seat is the index of a player in turn order, 0-based. */
export type Seat = number;

/** Why an action was refused. `message` is written for the player who tried it. */
export interface RuleError {
  readonly code: string;
  readonly message: string;
}

export type ApplyResult<S> =
  | { readonly ok: true; readonly state: S }
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
  readonly summary: string;
}

/** An action together with a short text a person can read (button label, log line). */
export interface LabelledAction<A> {
  readonly action: A;
  readonly label: string;
}

export interface GameModule<Options, State, Action, View> {
  readonly id: string;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Validates untrusted options (from a command or a database row); throws with a readable message. */
  parseOptions(raw: unknown): Options;
  setup(options: Options, seed: string): State;
  /** What `seat` may see (null: a spectator / the public board), with its prompt and legal actions. */
  view(state: State, seat: Seat | null): View;
  /** The legal actions of `seat` now; empty when it has nothing to do. */
  legalActions(state: State, seat: Seat): Action[];
  /** Human-readable text for an action that is legal in `state`. */
  describe(state: State, seat: Seat, action: Action): string;
  /** Seats that owe a decision now (the player to move, or those asked to react). */
  waitingFor(state: State): Seat[];
  /** Never mutates `state`. Refuses anything not legal, leaving `state` untouched. */
  apply(state: State, seat: Seat, action: unknown): ApplyResult<State>;
  /** null while the game is running. */
  outcome(state: State): Outcome | null;
}
