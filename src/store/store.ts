/**
 * The store as the bot uses it, whatever holds the data: the contract both backends implement
 * (`SqliteStore` in sqlite-store.ts, `PostgresStore` in postgres-store.ts), written here by hand, one
 * repository per concern. Every method returns a promise, because a PostgreSQL shared by several shards
 * answers over a socket. A refusal is a rejected promise carrying a `StoreError` (errors.ts), and a refused
 * call wrote nothing. A backend keeps its invariants (README.md): the action log is the truth, one
 * transaction per action with the version check, ratings in the transaction that finishes a game, a
 * scheduled row closed at most once.
 *
 * This file names record and input types only (records.ts, ../ratings/rating-records.ts), never a
 * backend's classes: a backend conforms to the contract, not the other way round.
 */
import type { Seat } from '../games/kernel/types.ts';
import type {
  BoardPage,
  BoardQuery,
  OpenedSeason,
  PlayedGame,
  PlayedQuery,
  RatingSnapshot,
  RatingStep,
  RecomputeReport,
  Standing,
} from '../ratings/rating-records.ts';
import type {
  ActionRecord,
  AppliedAction,
  CreateLobbyInput,
  DiscordLocation,
  ForgetReport,
  GameId,
  GameMessage,
  GameMessageInput,
  GameRecord,
  GameStatus,
  GameSummary,
  GuildForgetReport,
  GuildSettings,
  GuildSettingsChange,
  ImportedGame,
  KeyMomentsRecord,
  MadeBy,
  Participant,
  PersonalData,
  PlannedRow,
  PlayerSettings,
  PlayerSettingsChange,
  ScheduledRow,
  SeatRecord,
  ShardSet,
  Tally,
  VerifyReport,
  VoteChoice,
} from './records.ts';
import type {
  NewTournament,
  StoredTournament,
  Tournament,
  TournamentId,
  TournamentStatus,
  TournamentSummary,
  TournamentTableRef,
} from './tournament-records.ts';

/** What is due later because of a move, as the timers decide it from the game after the move. */
export interface SchedulePlan {
  /** Rows to add; a key planned before keeps its row (planning is idempotent). */
  readonly rows: readonly PlannedRow[];
  /** Closes every pending row of the game with this outcome (a game over), before `rows` are added. */
  readonly cancel?: string;
}

/**
 * What an action writes beside itself, in its transaction, as data rather than a callback that writes:
 * such a callback would have to run inside a synchronous SQLite transaction and on a PostgreSQL
 * transaction's client. `schedule` is a function only because its rows depend on the state the move
 * makes; it is pure and synchronous, and the store writes what it returns.
 */
export interface Alongside {
  /**
   * The scheduled row (a time-out) that made this move: closed as 'fired' with it. If the row was closed
   * already nothing is written and the call fails (an `Error`, not a refusal: a row fires at most once, so
   * it means a bug).
   */
  readonly fireRow?: number;
  /**
   * The mover's run of time-outs: 'reset' when they moved themselves, 'count' when their turn timed out
   * (the new run is returned as `timeoutsInARow`).
   */
  readonly timeouts?: 'reset' | 'count';
  /** The rows of what is due after the move (reminders, time-outs), given the game it makes. */
  readonly schedule?: (next: GameRecord) => SchedulePlan;
}

export interface StoreApplyInput {
  readonly seat: Seat;
  readonly action: unknown;
  /** The version the caller's buttons were drawn from (carried in the custom_id). */
  readonly expectedVersion: number;
  /**
   * Who made the move, stored with it (`actions.made_by`): the table says so for every move it makes, so
   * that nothing a computer played for a person is ever read as theirs. Not given: not known (null).
   */
  readonly madeBy?: MadeBy;
  readonly alongside?: Alongside;
}

/** `settleAsItStands`' answer: the finished game, and the rows its plan added, for the timer to arm. */
export interface SettledGame {
  readonly game: GameRecord;
  readonly planned: readonly PlannedRow[];
}

export interface StoreAppliedAction extends AppliedAction {
  /** With `alongside.timeouts: 'count'`: the seat's time-outs in a row, this one included. */
  readonly timeoutsInARow?: number;
  /** With `alongside.schedule`: the rows it added (not those planned before), for the timer to arm. */
  readonly planned?: readonly PlannedRow[];
}

/**
 * Games: starting, playing, cancelling, and the lookups the Discord layer needs. `statuses` defaults to
 * the open ones (lobby, active); summaries come newest first.
 */
export interface GameRepository {
  /** Seats the lobby for good (in `seatOrder`, a permutation of its seat numbers, or joining order) and sets the game up; throws `GameNotFoundError`, `WrongStatusError` (not a lobby), `LobbyError` ('too-few-players', 'bad-seat-order'), `InvalidOptionsError`. */
  startGame(gameId: GameId, seatOrder?: readonly Seat[]): Promise<GameRecord>;
  /** Checks the version, status, seat and rules, then logs the action, saves the state and writes `alongside`, in one transaction; throws `GameNotFoundError`, `StaleVersionError`, `WrongStatusError`, `NotASeatError`, `RuleRefusedError`, `InvalidActionError`, or an `Error` (a row fired twice, a bug in the rules). */
  applyAction(gameId: GameId, input: StoreApplyInput): Promise<StoreAppliedAction>;
  /** Cancels an open game (lobby or active); throws `GameNotFoundError`, `WrongStatusError` (finished or cancelled already). */
  cancelGame(gameId: GameId): Promise<GameRecord>;
  /**
   * Finishes an active game ranked as it stands (a tournament round's deadline; settled-outcome.ts): status
   * finished, the module's `outcomeAsItStands` marked `settled`, unrated, and `schedule`'s plan of the
   * finished game (its `cancel` closes the pending rows, as any game over's; its rows are added), in one
   * transaction. Returns the game and the rows added. Throws `GameNotFoundError`, `WrongStatusError` (not
   * active: finished or cancelled already), or an `Error` (the game cannot be ranked early).
   */
  settleAsItStands(gameId: GameId, schedule: (next: GameRecord) => SchedulePlan): Promise<SettledGame>;
  /** The game as committed; throws `GameNotFoundError`. */
  getGame(gameId: GameId): Promise<GameRecord>;
  /** The game as committed, or undefined when there is none; throws nothing of its own. */
  findGame(gameId: GameId): Promise<GameRecord | undefined>;
  /** The action log in order (empty for an unknown game); throws nothing of its own. */
  actionLog(gameId: GameId): Promise<ActionRecord[]>;
  /** Games played in a channel, or in a thread with this id; throws nothing of its own. */
  gamesInChannel(channelId: string, statuses?: readonly GameStatus[]): Promise<GameSummary[]>;
  /** The newest game living in this thread, if any; throws nothing of its own. */
  gameInThread(threadId: string): Promise<GameSummary | undefined>;
  /** Games of a Discord server; throws nothing of its own. */
  gamesInGuild(guildId: string, statuses?: readonly GameStatus[]): Promise<GameSummary[]>;
  /** Games where this Discord user holds a seat; throws nothing of its own. */
  gamesOfUser(userId: string, statuses?: readonly GameStatus[]): Promise<GameSummary[]>;
  /** Games of these statuses, at most `limit` (default 1000); throws nothing of its own. */
  listGames(statuses?: readonly GameStatus[], limit?: number): Promise<GameSummary[]>;
  /** How many games have these statuses; throws nothing of its own. */
  countGames(statuses?: readonly GameStatus[]): Promise<number>;
  /** Stores a game an import read and replayed (export-import.ts) under a new id, its seats, log and mark with it, in one transaction; throws `DuplicateGameError` when the store holds the same game (by type and seed, then options and log). */
  importGame(game: ImportedGame): Promise<GameId>;
  /** Replays every stored game, a page at a time, and reports those whose state, log or status disagree (verify.ts); throws nothing of its own. */
  verifyGames(onProgress?: (checked: number) => void): Promise<VerifyReport>;
}

/** Lobbies and seats (`store.lobbies`): creating, coming and going, options, a seat changing hands. */
export interface LobbyRepository {
  /** A new lobby with `input.seats` seated; throws an `Error` (unknown game type), `RangeError` (more seats than the game has), `InvalidOptionsError`, `TypeError` (options not JSON). */
  create(input: CreateLobbyInput): Promise<GameRecord>;
  /** Seats the participant last; throws `GameNotFoundError`, `WrongStatusError` (not a lobby), `LobbyError` ('already-seated', 'full'). */
  join(gameId: GameId, participant: Participant): Promise<SeatRecord>;
  /** Frees a seat, given as a seat number or a user id, later seats moving up; throws `GameNotFoundError`, `WrongStatusError`, `LobbyError` ('not-seated'). */
  leave(gameId: GameId, who: Seat | string): Promise<GameRecord>;
  /** Replaces the raw options; throws `GameNotFoundError`, `WrongStatusError`, `InvalidOptionsError`, `TypeError` (not JSON). */
  setOptions(gameId: GameId, options: Record<string, unknown>): Promise<GameRecord>;
  /** Rated (true), casual (false) or automatic (null); throws `GameNotFoundError`, `WrongStatusError`. */
  setRated(gameId: GameId, rated: boolean | null): Promise<GameRecord>;
  /** Minutes per turn (null: none); throws `RangeError` (not a positive integer, checked first), `GameNotFoundError`, `WrongStatusError`. */
  setTurnLimit(gameId: GameId, minutes: number | null): Promise<GameRecord>;
  /** The language of the game's public messages; throws `GameNotFoundError`, `WrongStatusError`. */
  setLanguage(gameId: GameId, language: string): Promise<GameRecord>;
  /** The level of the computer playing timed-out or absent people's turns (null: the default); throws `GameNotFoundError`, `WrongStatusError`. */
  setStandIn(gameId: GameId, level: string | null): Promise<GameRecord>;
  /** Whether a casual table offers hints (null: the default, allowed); throws `GameNotFoundError`, `WrongStatusError`. */
  setHints(gameId: GameId, allowed: boolean | null): Promise<GameRecord>;
  /** Gives a seat of an open game to someone else (during play: handed over, so never rated, and the new holder is kept from the game's version in `GameRecord.holders` with the earlier ones, in the same transaction); throws `GameNotFoundError`, `WrongStatusError`, `NotASeatError`, `LobbyError` ('already-seated'). */
  replaceSeat(gameId: GameId, seat: Seat, participant: Participant): Promise<GameRecord>;
  /** The game's seats in order; throws `GameNotFoundError`. */
  seatsOf(gameId: GameId): Promise<readonly SeatRecord[]>;
}

/** Where a game lives on Discord (`store.locations`): guild, channel, thread and the messages it points at. */
export interface LocationRepository {
  /** Records the given parts of where the game lives, in any status; throws `GameNotFoundError`. */
  setLocation(gameId: GameId, location: DiscordLocation): Promise<GameRecord>;
  /** Remembers the latest message of a kind (null forgets it), leaving the game row alone; throws only what the database does. */
  setMessage(gameId: GameId, kind: string, message: GameMessageInput | null): Promise<void>;
  /** The message remembered for a kind, if any; throws nothing of its own. */
  getMessage(gameId: GameId, kind: string): Promise<GameMessage | undefined>;
  /** Every remembered message of the game, by kind; throws nothing of its own. */
  messagesOf(gameId: GameId): Promise<Record<string, GameMessage>>;
}

/** What is due later (`store.schedule`): rows, idempotent by key, each closed at most once. */
export interface ScheduleRepository {
  /** Adds the row unless its key was planned before (done or not); true when added; throws nothing of its own. */
  plan(row: PlannedRow): Promise<boolean>;
  /** The row of this key, if any; throws nothing of its own. */
  find(key: string): Promise<ScheduledRow | undefined>;
  /** Closes a row with `outcome` only if pending and due no later than `dueBy`; true when closed; throws nothing of its own. */
  closeIfDue(id: number, dueBy: Date, outcome: string): Promise<boolean>;
  /** Moves a pending row's due time; true when moved; throws nothing of its own. */
  postpone(id: number, dueAt: Date): Promise<boolean>;
  /**
   * Takes a pending row due no later than `dueBy` until `dueAt` (a lease: due again then), replacing its
   * payload when given; true when taken, false when it is done or due later (someone else holds it);
   * throws nothing of its own.
   */
  claim(id: number, dueBy: Date, dueAt: Date, payload?: Record<string, unknown>): Promise<boolean>;
  /** Whether a row whose key starts with `prefix` and ends with `suffix` (default '') closed as 'fired'; throws nothing of its own. */
  fired(prefix: string, suffix?: string): Promise<boolean>;
  /** The keys of the rows whose key starts with `prefix` that closed as 'fired'; throws nothing of its own. */
  firedKeys(prefix: string): Promise<string[]>;
  /** When the newest row whose key starts with `prefix` was planned, if any; throws nothing of its own. */
  lastPlanned(prefix: string): Promise<Date | undefined>;
  /** The earliest pending row (of `shards`' games, when given); throws nothing of its own. */
  next(shards?: ShardSet): Promise<ScheduledRow | undefined>;
  /** Pending rows due at `now`, earliest first, at most `limit` (default 100), of `shards`' games when given; throws nothing of its own. */
  due(now: Date, limit?: number, shards?: ShardSet): Promise<ScheduledRow[]>;
  /** Closes a pending row with `outcome`; false when it was closed already; throws nothing of its own. */
  markDone(id: number, outcome: string): Promise<boolean>;
  /** Closes every pending row of the game with `outcome` (default 'cancelled'); returns how many; throws nothing of its own. */
  cancelGame(gameId: GameId, outcome?: string): Promise<number>;
  /** Deletes the closed rows the retention rules (schedule-retention.ts) give up; returns how many; throws nothing of its own. */
  prune(now: Date): Promise<number>;
}

/** A person's own settings (`store.players`): time zone, quiet hours, turn DMs, vacation. */
export interface PlayerRepository {
  /** Their settings, the defaults until they change one; throws nothing of its own. */
  get(userId: string): Promise<PlayerSettings>;
  /** Changes what is given, keeps the rest, returns the settings now; throws `RangeError` (quiet hours with only one end). */
  update(userId: string, change: PlayerSettingsChange): Promise<PlayerSettings>;
}

/** A server's own settings (`store.guilds`): how its seasons run. */
export interface GuildRepository {
  /** Its settings, the defaults until someone changes one; throws nothing of its own. */
  get(guildId: string): Promise<GuildSettings>;
  /** Changes what is given, keeps the rest, returns the settings now; throws nothing of its own. */
  update(guildId: string, change: GuildSettingsChange): Promise<GuildSettings>;
}

/** Seats whose person keeps timing out (`store.absences`), and the vote on replacing them. */
export interface AbsenceRepository {
  /** The seat's time-outs in a row (0 for an unknown seat); throws nothing of its own. */
  timeoutsInARow(gameId: GameId, seat: Seat): Promise<number>;
  /** One more timed-out turn, returning the run (0 for an unknown seat); throws nothing of its own. */
  countTimeout(gameId: GameId, seat: Seat): Promise<number>;
  /** The run starts again and any vote on the seat is cleared; throws nothing of its own. */
  reset(gameId: GameId, seat: Seat): Promise<void>;
  /** Records or changes one voter's choice, returning the tally; throws nothing of its own. */
  vote(gameId: GameId, seat: Seat, voterId: string, choice: VoteChoice): Promise<Tally>;
  /** The votes on replacing the seat; throws nothing of its own. */
  tally(gameId: GameId, seat: Seat): Promise<Tally>;
}

/** Hints people asked for (`store.hints`): counted per seat, shown in the results. */
export interface HintRepository {
  /** One more hint for the seat, returning its count (0 for an unknown seat); throws nothing of its own. */
  count(gameId: GameId, seat: Seat): Promise<number>;
  /** Hints used by each seat of the game, in seat order (empty for an unknown game); throws nothing of its own. */
  used(gameId: GameId): Promise<number[]>;
}

/** Ratings (`store.ratings`): read here, written only by the transaction that finishes a game, or rebuilt. */
export interface RatingRepository {
  /** One page (1-based, clamped) of a board, best first, `pageSize` rows (default `PAGE_SIZE`); throws nothing of its own. */
  board(q: BoardQuery, page: number, pageSize?: number): Promise<BoardPage>;
  /** A player's rating and place, undefined before their first rated game in the scope; throws nothing of its own. */
  standing(q: BoardQuery, userId: string): Promise<Standing | undefined>;
  /** A player's rated games in a scope, oldest first; throws nothing of its own. */
  history(q: BoardQuery, userId: string): Promise<RatingStep[]>;
  /** A game's rating changes in a scope, in seat order (empty when unrated); throws nothing of its own. */
  changesOfGame(gameId: GameId, scope: string): Promise<RatingStep[]>;
  /** Both rating tables in a fixed order (to compare a recompute with what the games wrote); throws nothing of its own. */
  snapshot(): Promise<RatingSnapshot>;
  /** Rebuilds every rating from the finished games, in finish order, in one transaction; throws nothing of its own. */
  recompute(): Promise<RecomputeReport>;
  /** A person's finished games of a type (handed-over seats excluded), oldest first; throws nothing of its own. */
  playedGames(q: PlayedQuery): Promise<PlayedGame[]>;
  /** The seasons opened in a scope (a server's id or 'global'), oldest first; throws nothing of its own. */
  seasons(scope: string): Promise<OpenedSeason[]>;
  /** Every scope's seasons ending after `since`, by end (one query, for the podiums planned at start); throws nothing of its own. */
  seasonsEndingAfter(since: Date): Promise<OpenedSeason[]>;
}

/**
 * A person's own data (`store.privacy`): every row that names them, and forgetting them on request; and a
 * server's, once the bot has left it for good (privacy-steps.ts decides, README "Privacy").
 */
export interface PrivacyRepository {
  /** Every row naming the person: settings, games (seats, hosting, results), votes, ratings, their scheduled rows; throws nothing of its own. */
  dataOf(userId: string): Promise<PersonalData>;
  /**
   * In one transaction: their seats and earlier holdings in every game become a former player's (`FORMER_PLAYER`,
   * named `formerName(game's language)`), they host nothing, their settings, votes, scheduled rows and rating rows
   * are deleted, and every rating is recomputed without them; throws `PersonStillSeatedError` while they hold a
   * seat in a lobby or a running game (hand those over first).
   */
  forget(userId: string, formerName: (language: string | null) => string): Promise<ForgetReport>;
  /** In one transaction: the server's settings and its lobbies (seats, messages, votes, scheduled rows) are deleted; throws nothing of its own. */
  forgetGuild(guildId: string): Promise<GuildForgetReport>;
}

/** Finished games' key moments (`store.keyMoments`): written once, when the analysis after a game is done. */
export interface KeyMomentsRepository {
  /** Stores a game's key moments unless stored already (a second analysis changes nothing); true when stored; throws nothing of its own. */
  save(record: KeyMomentsRecord): Promise<boolean>;
  /** The game's key moments, if they were computed; throws nothing of its own. */
  of(gameId: GameId): Promise<KeyMomentsRecord | undefined>;
}

/**
 * Tournaments (`store.tournaments`): the pure core's value in rows (tournament-rows.ts). Every write compares
 * the version it was decided from, so a round, a game per table and a result are each written once.
 */
export interface TournamentRepository {
  /** A new tournament in draft, its id the row's; throws nothing of its own. */
  create(input: NewTournament): Promise<StoredTournament>;
  /** The tournament as committed, if any; throws nothing of its own. */
  get(id: TournamentId): Promise<StoredTournament | undefined>;
  /**
   * Writes `next` over the stored value if nobody wrote since `expectedVersion`, and plans `plan`'s schedule
   * rows (keys planned before are left), in one transaction; throws `TournamentNotFoundError`,
   * `StaleTournamentError`, or an `Error` when `next` rewrites a stored round or result (a bug).
   */
  save(
    id: TournamentId,
    expectedVersion: number,
    next: Tournament,
    plan?: readonly PlannedRow[],
  ): Promise<StoredTournament>;
  /** Remembers the tournament's message; throws nothing of its own. */
  setMessage(id: TournamentId, messageId: string): Promise<void>;
  /** Links the table to `gameId` unless it has a game already; returns the table's game; throws `TournamentNotFoundError` (no such table). */
  linkGame(id: TournamentId, tableId: string, gameId: GameId): Promise<GameId>;
  /**
   * The table's game: the one it has, else a new lobby (from `lobby`) linked to it in the same transaction;
   * throws `TournamentNotFoundError` (no such table) and what creating a lobby throws.
   */
  createTableGame(id: TournamentId, tableId: string, lobby: CreateLobbyInput): Promise<GameRecord>;
  /** A server's tournaments, newest first, of these statuses (all when not given); throws nothing of its own. */
  inGuild(guildId: string, statuses?: readonly TournamentStatus[]): Promise<TournamentSummary[]>;
  /** The tournament table a game was made for, if any; throws nothing of its own. */
  tableOfGame(gameId: GameId): Promise<TournamentTableRef | undefined>;
}

export interface Store extends GameRepository {
  /** Which database holds the games (for logs, the benchmark and the tools). */
  readonly backend: 'sqlite' | 'postgres';
  readonly lobbies: LobbyRepository;
  readonly locations: LocationRepository;
  readonly schedule: ScheduleRepository;
  readonly players: PlayerRepository;
  readonly guilds: GuildRepository;
  readonly absences: AbsenceRepository;
  readonly hints: HintRepository;
  readonly ratings: RatingRepository;
  readonly privacy: PrivacyRepository;
  readonly keyMoments: KeyMomentsRepository;
  readonly tournaments: TournamentRepository;
  /** Games in this process's memory (for tests and the benchmark). */
  readonly cachedGames: number;
  /** Forgets every loaded game; the next touch reads the database again. */
  clearCache(): void;
  /** Closes the connection(s); the store is unusable afterwards. */
  close(): Promise<void>;
}
