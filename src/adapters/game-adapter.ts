import type { Message } from '../games/kernel/message.ts';
import type { GameModule, Seat, TableView } from '../games/kernel/types.ts';
import type { SetInGame } from '../ratings/player-stats.ts';
import type { GameContext } from '../table-kit/context.ts';
import type { Payload } from '../table-kit/payload.ts';
import type { LobbySettings } from './lobby-settings.ts';

/**
 * Everything the table layer (Discord handlers, publisher, computer players, commands) needs from a
 * game beyond its rules. The layer is written once against this interface; a game brings one adapter,
 * registered beside its rules module in `installed.ts` (or by a test), and nothing else changes.
 *
 * The adapter decides nothing about hidden information: it builds messages from views, which the
 * rules library has already stripped (`GameModule.view`).
 */
export interface GameAdapter<
  Action = unknown,
  View extends TableView<Action> = TableView<Action>,
  Step = unknown,
> {
  // biome-ignore lint/suspicious/noExplicitAny: options and state are opaque to the table layer
  readonly game: GameModule<any, any, Action, View>;
  /** The slash command that opens a lobby (e.g. `valley`) and its description. */
  readonly lobbyCommand: { readonly name: string; readonly description: string };
  /** Compact text for an action in a custom_id or a select value (≤ 100 characters); null if malformed. */
  readonly codec: { encode(action: Action): string; decode(code: string): Action | null };
  readonly messages: GameMessages<View, Step>;
  /**
   * A click on one of the game's own hand controls (any verb but the table's own: hand, respond,
   * mygames, and the game's info verbs). `view` is the clicking seat's view now; a refusal is written in
   * `language`, the clicking person's. null: not a verb of this game.
   */
  click(
    verb: string,
    arg: string,
    values: readonly string[],
    view: View,
    language: string,
  ): ClickStep<Action, Step> | null;
  /** Read-only public views behind the board's buttons, e.g. Tombs and Log. */
  readonly info: readonly InfoView<View>[];
  readonly computers: {
    /** Kinds a lobby may seat; the first is the default. */
    readonly kinds: readonly [string, ...string[]];
    /** Kinds that think long (a search): the table plays them on its thinking pool, off its own thread. */
    readonly thinks?: readonly string[];
    // biome-ignore lint/suspicious/noExplicitAny: the game's own state, read only by its own players
    move(state: any, seat: Seat, kind: string): Action;
  };
  /**
   * `/card`: the cards of the game's catalog, named in `language` (`aliases`: their names in the other
   * languages, which `/card` matches too), and a card shown privately in the reader's language.
   */
  readonly cards: {
    list(language: string): readonly {
      readonly id: string;
      readonly name: string;
      readonly aliases: readonly string[];
    }[];
    show(id: string, language: string): Payload;
  };
  /** `/rules`: the game in brief, in the reader's language. */
  rules(language: string): Payload;
  /** What the host may choose in the lobby beyond seats, rating and turn limit (stored in the options). */
  readonly lobbySettings?: LobbySettings;
  /**
   * Why a move is worth making, for hints and key moments: short sentences in `language` saying what
   * `action` of `seat` does — points and set scores it changes, gold or money it leaves or wastes, cards it
   * denies others, what it puts at risk — each true of the position. Computed from what the seat can see
   * (its own view), never from a hidden card. Absent: the game gives no reasons.
   */
  moveReasons?(state: unknown, seat: number, action: unknown, language: string): readonly string[];
  /** `/stats`: a player's favourite groups of cards in a finished game (e.g. Valley's sets), if any. */
  readonly favourites?: {
    // biome-ignore lint/suspicious/noExplicitAny: the game's own final state
    of(state: any, seat: Seat): readonly SetInGame[];
    /** A group's name as players of `language` know it. */
    name(id: string, language: string): string;
  };
}

export interface BoardOptions {
  /** Replaces "@X, it is your turn." (a board posted again, a turn that goes on). */
  readonly headline?: string;
  /** Ping the player to move: a new turn's board, or a turn that goes on after a long wait. */
  readonly ping?: boolean;
  /** When the player to move's time runs out (ms since the epoch), under a turn limit. */
  readonly deadline?: number | null;
}

export interface HandOptions<Step = unknown> {
  /** Shown above everything: the result of the last click, or why it was refused. */
  readonly banner?: string;
  /** Where the player is in a choice made in several clicks (the game's own data). */
  readonly step?: Step;
}

export interface GameMessages<View, Step = unknown> {
  /** The public board, from the view of nobody, mentioning the player to move. */
  board(view: View, ctx: GameContext, options: BoardOptions): Payload;
  /** The private hand of `view.viewer`, with a control for each legal action. */
  hand(view: View, ctx: GameContext, options: HandOptions<Step>): Payload;
  /** A short message mentioning people who owe a decision outside a reaction window. */
  decisionPing(view: View, ctx: GameContext): Payload;
  /** The results, with the rating lines the table computed. */
  results(view: View, ctx: GameContext, ratingLines: readonly string[]): Payload;
  /**
   * The last board once the game is over, pointing to the results: its text and the picture of the
   * final position (nobody to play, the final scores), without controls.
   */
  finishedBoard(view: View, ctx: GameContext, resultsLink: string | null): Payload;
  /** A sentence the rules said (a refusal, an action's label) in the context's language, with names. */
  names(msg: Message, ctx: GameContext): string;
}

export interface InfoView<View> {
  readonly verb: string;
  readonly label: string;
  build(view: View, ctx: GameContext): Payload;
}

/** What a click on the game's own hand controls asks the table to do. */
export type ClickStep<Action, Step> =
  /**
   * Apply `action`. `fresh: 'version'`: only if the game has not moved since the control was drawn;
   * `'question'`: the game checked the question is still open in the current view (other seats'
   * answers to the same window move the game on without closing it).
   */
  | { readonly kind: 'act'; readonly action: Action; readonly fresh: 'version' | 'question' }
  /** Draw the hand again at another step of a choice, or with a banner; nothing is applied. */
  | { readonly kind: 'show'; readonly options: HandOptions<Step>; readonly fresh: 'version' | 'any' }
  /** The control is damaged (forged or from an incompatible release). */
  | { readonly kind: 'refuse'; readonly message: string };

// biome-ignore lint/suspicious/noExplicitAny: the table layer holds adapters of every game
export type AnyAdapter = GameAdapter<any, any, any>;
