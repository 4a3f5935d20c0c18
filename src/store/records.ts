import type { LogLine } from '../games/kernel/log.ts';
import type { Message } from '../games/kernel/message.ts';
/**
 * What the store hands out (plain read-only snapshots, never rows or live objects to mutate) and what it is
 * handed: the record and input types of the `Store` contract (store.ts), shared by both backends.
 */
import type { Outcome, Seat } from '../games/kernel/types.ts';
import type { GameId } from './errors.ts';
import { recentWithMoves } from './recent-log.ts';
import type { GameStatus, games, MadeBy, seats } from './schema.ts';
import { historyOf, type SeatHolderRow } from './seat-history.ts';
import { joinState, type StatePart } from './state-parts.ts';

export type { GameId } from './errors.ts';
export type { ForgetReport, GuildForgetReport, PersonalData } from './privacy-records.ts';
export type { GameStatus, MadeBy } from './schema.ts';

/** Who takes a seat: a Discord user, or a computer player of some kind. */
export type Participant =
  | { readonly userId: string; readonly displayName: string }
  | { readonly botKind: string; readonly displayName: string };

export interface SeatRecord {
  readonly seat: Seat;
  readonly userId: string | null;
  readonly botKind: string | null;
  readonly displayName: string;
}

/** Someone who held a seat, from the game's version (moves made) they took it at; null: not known. */
export interface SeatHolder extends SeatRecord {
  readonly fromVersion: number | null;
}

/** Everything about a game except its options, state and seats: cheap to list. */
export interface GameSummary {
  readonly id: GameId;
  readonly type: string;
  readonly status: GameStatus;
  readonly version: number;
  readonly guildId: string | null;
  readonly channelId: string | null;
  readonly threadId: string | null;
  readonly hostUserId: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
}

export interface GameRecord extends GameSummary {
  /** Lobby: the raw options chosen so far. Started: exactly what the module's `setup` received. */
  readonly options: unknown;
  readonly seed: string;
  /** The module's state (treat as immutable); null in the lobby. */
  readonly state: unknown;
  readonly outcome: Outcome | null;
  /**
   * Whether the result changes ratings: in the lobby the host's choice (null: automatic, see
   * src/ratings/eligibility.ts); from the start on, what was decided. Null on games older than ratings.
   */
  readonly rated: boolean | null;
  /** A seat changed hands after the start (someone replaced by a computer player): never rated. */
  readonly handedOver: boolean;
  /** In seat order; in the lobby, in joining order. */
  readonly seats: readonly SeatRecord[];
  /**
   * Every holder of every seat, seat by seat in the order they took it (the last of a seat is its holder in
   * `seats`): seat-history.ts reads it. Always set by the store (optional for hand-written records).
   */
  readonly holders?: readonly SeatHolder[];
  /**
   * Minutes a person may take per turn or decision before the computer plays it; null: no limit.
   * Always set by the store (optional only so hand-written records in tests may leave it out).
   */
  readonly turnLimitMinutes?: number | null;
  /** The language of its public messages (null: English, games from before languages). */
  readonly language?: string | null;
  /** The level of the computer playing timed-out or absent people's turns; null: the default (Normal). */
  readonly standIn?: string | null;
  /** Whether hints are allowed on this casual table (null: yes, the default); a rated game has none. */
  readonly hints?: boolean | null;
  /**
   * The newest lines of its log (recent-log.ts), every seat's: whoever shows them shows a reader only what
   * `readableBy` gives. Empty in the lobby. Always set by the store (optional for hand-written records).
   */
  readonly log?: readonly LogLine[];
  /**
   * The move that said each line of `log` (0: setup), so a line keeps the name of whoever held its seat
   * then (seat-history.ts). Set by the store with `log`.
   */
  readonly logMoves?: readonly number[];
}

/** What applying an action committed. */
export interface AppliedAction {
  readonly game: GameRecord;
  /** What the move did, as the rules say it of the position it was made in. */
  readonly label: Message;
  /** The action's place in the log; equals `game.version`. */
  readonly seq: number;
  /** The rules declared the game over with this action. */
  readonly finished: boolean;
}

export interface CreateLobbyInput {
  readonly type: string;
  /** Raw options from the command; validated now and again at start with the real player count. */
  readonly options?: Record<string, unknown>;
  /** Chosen at random when absent (tests and imports pass one). */
  readonly seed?: string;
  readonly guildId?: string | null;
  readonly channelId?: string | null;
  readonly threadId?: string | null;
  readonly hostUserId?: string | null;
  /** Seated at once, in this order (usually the host). */
  readonly seats?: readonly Participant[];
  /** Rated or casual; null or absent: automatic (rated when every seat is a person). */
  readonly rated?: boolean | null;
  /** Minutes a person may take per turn or decision; null or absent: no limit. */
  readonly turnLimitMinutes?: number | null;
  /** The language of its public messages (default: English). */
  readonly language?: string | null;
}

/** Where a game lives on Discord; what is absent stays as it was. */
export interface DiscordLocation {
  readonly guildId?: string | null;
  readonly channelId?: string | null;
  readonly threadId?: string | null;
}

/** The latest Discord message of a kind ('lobby', 'board', ...) a game points at. */
export interface GameMessage {
  readonly messageId: string;
  readonly channelId: string | null;
  /** The game version the message shows, when it shows one. */
  readonly version: number | null;
}

export interface GameMessageInput {
  readonly messageId: string;
  readonly channelId?: string | null;
  readonly version?: number | null;
}

/** A row of the schedule as planned: a reminder, a time-out, a vacation's end, a deferred nudge. */
export interface PlannedRow {
  /** Names the row for good: planning a key that exists (done or not) changes nothing. */
  readonly key: string;
  readonly gameId: GameId | null;
  readonly kind: string;
  readonly dueAt: Date;
  readonly payload: Readonly<Record<string, unknown>>;
}

export interface ScheduledRow extends PlannedRow {
  readonly id: number;
  readonly doneAt: Date | null;
  readonly outcome: string | null;
}

/**
 * The gateway shards a process runs (`ids` of `count`). A row belongs to the shard of its game's server,
 * by Discord's rule `(guild_id >> 22) % count`; a row with no game, or of a game with no server, to shard 0
 * (where Discord sends DMs). Each row is thus due on exactly one shard.
 */
export interface ShardSet {
  readonly ids: readonly number[];
  readonly count: number;
}

/** A server's season settings (`store.guilds`); the defaults (monthly, UTC, no channel) until changed. */
export interface GuildSettings {
  readonly guildId: string;
  /** 'off', 'monthly' or 'quarterly' (src/ratings/seasons.ts). */
  readonly seasonCadence: string;
  /** IANA zone name: seasons change at local midnight there. */
  readonly seasonZone: string;
  /** Where podiums go; null: where most of the season's games were played. */
  readonly seasonChannelId: string | null;
  /** Who may run tournaments besides people with Manage Server; null: nobody else. */
  readonly tournamentRoleId: string | null;
}

export type GuildSettingsChange = Partial<Omit<GuildSettings, 'guildId'>>;

/** A server's settings before anyone changed them. */
export const GUILD_DEFAULTS: Omit<GuildSettings, 'guildId'> = {
  seasonCadence: 'monthly',
  seasonZone: 'UTC',
  seasonChannelId: null,
  tournamentRoleId: null,
};

export interface PlayerSettings {
  readonly userId: string;
  /** IANA zone name; null: not set. */
  readonly timeZone: string | null;
  /** Minutes after local midnight; both null or both set. */
  readonly quietStart: number | null;
  readonly quietEnd: number | null;
  readonly turnDms: boolean;
  readonly vacationUntil: Date | null;
  /** Since when Discord refuses our DMs to them (50007); null: not known to (any more). Set by the bot. */
  readonly dmsClosedAt: Date | null;
  /** Whether they were told so (once, until a DM gets through again). */
  readonly dmsClosedTold: boolean;
}

export type PlayerSettingsChange = Partial<Omit<PlayerSettings, 'userId'>>;

export type VoteChoice = 'replace' | 'wait';

/** The votes on replacing a seat whose person keeps timing out. */
export interface Tally {
  readonly replace: number;
  readonly wait: number;
}

export interface ActionRecord {
  readonly seq: number;
  readonly seat: Seat;
  readonly action: unknown;
  readonly createdAt: Date;
  /** What it said: its lines of the game's log, every seat's (a reader sees what `readableBy` gives). */
  readonly said: readonly LogLine[];
  /** Who made it (`MadeBy`); null: stored before this was recorded, not known. */
  readonly madeBy: MadeBy | null;
}

export type GameRow = typeof games.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;

export function toSummary(
  row: Omit<
    GameRow,
    | 'options'
    | 'seed'
    | 'state'
    | 'outcome'
    | 'rated'
    | 'handedOver'
    | 'turnLimitMinutes'
    | 'language'
    | 'standIn'
    | 'hints'
  >,
): GameSummary {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    version: row.version,
    guildId: row.guildId,
    channelId: row.channelId,
    threadId: row.threadId,
    hostUserId: row.hostUserId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

/** `logRows`: the game's newest action rows that said something, newest first (recent-log.ts). */
export function toRecord(
  row: GameRow,
  seatRows: readonly SeatRow[],
  logRows: readonly { readonly log: string; readonly seq?: number }[],
  holderRows: readonly SeatHolderRow[] = [],
): GameRecord {
  const options: unknown = JSON.parse(row.options);
  const seatList = seatRows.map(toSeat).sort((a, b) => a.seat - b.seat);
  const record: GameRecord = {
    ...toSummary(row),
    options,
    seed: row.seed,
    // Its parts read first by the caller (state-parts.ts).
    state: row.state === null ? null : joinState(row.state),
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
    rated: row.rated,
    handedOver: row.handedOver,
    seats: seatList,
    holders: historyOf(row.handedOver, seatList, holderRows),
    turnLimitMinutes: row.turnLimitMinutes,
    language: row.language,
    standIn: row.standIn,
    hints: row.hints,
  };
  // Read when first asked: a game loaded but never shown (a restart with many running games) never
  // inflates its lines (each costs zlib a native buffer that outlives the call until the next GC).
  let recent: ReturnType<typeof recentWithMoves> | undefined;
  const read = () => {
    recent ??=
      row.state === null
        ? { lines: [], moves: [] }
        : recentWithMoves({ type: row.type, options, seed: row.seed, state: row.state }, logRows);
    return recent;
  };
  Object.defineProperty(record, 'log', { enumerable: true, get: () => read().lines });
  Object.defineProperty(record, 'logMoves', { enumerable: true, get: () => read().moves });
  return record;
}

export function toSeat(row: SeatRow): SeatRecord {
  return { seat: row.seat, userId: row.userId, botKind: row.botKind, displayName: row.displayName };
}

export function participantColumns(p: Participant): { userId: string | null; botKind: string | null } {
  return 'userId' in p ? { userId: p.userId, botKind: null } : { userId: null, botKind: p.botKind };
}

/**
 * The kind of `game_messages` row that marks a game brought in by an import, its `message_id` the game's id
 * where it came from: such a game counts in nobody's statistics (ratings leave it out by `rated` false).
 */
export const IMPORTED_MARK = 'imported';

/**
 * The kind of `game_messages` row that marks a lesson (`/learn`), its `message_id` the lesson's id and its
 * `version` the lessons read (src/discord/lessons.ts): a lesson counts in nobody's statistics or records
 * either, and is never rated (one person plays it).
 */
export const LESSON_MARK = 'lesson';

/** The `botKind` of a lesson's scripted seat: its moves come from the lesson, never from a computer player. */
export const LESSON_KIND = 'lesson';

/** Whether `game` is a lesson, known from its seats alone (its scripted rival). */
export function isLesson(game: { readonly seats: readonly { readonly botKind: string | null }[] }): boolean {
  return game.seats.some((s) => s.botKind === LESSON_KIND);
}

/** Marks that keep a finished game out of every statistic (player-stats.ts). */
export const UNCOUNTED_MARKS: readonly string[] = [IMPORTED_MARK, LESSON_MARK];

/** A game record read, checked and replayed by an import (export-import.ts): the rows a backend writes. */
export interface ImportedGame {
  /** Its id where it was exported. */
  readonly originalId: number;
  readonly columns: {
    readonly type: string;
    readonly status: GameStatus;
    readonly options: string;
    readonly seed: string;
    readonly state: string | null;
    readonly version: number;
    readonly outcome: string | null;
    readonly guildId: string | null;
    readonly channelId: string | null;
    readonly threadId: string | null;
    readonly hostUserId: string | null;
    readonly createdAt: Date;
    readonly updatedAt: Date;
    readonly startedAt: Date | null;
    readonly finishedAt: Date | null;
    readonly rated: boolean;
    readonly language: string | null;
    readonly turnLimitMinutes: number | null;
    readonly standIn: string | null;
    readonly handedOver: boolean;
  };
  readonly seats: readonly SeatRecord[];
  /** Every holder of its seats when one changed hands (seat-history.ts); empty otherwise. */
  readonly holders: readonly SeatHolderRow[];
  readonly actions: readonly {
    readonly seq: number;
    readonly seat: Seat;
    readonly action: string;
    readonly createdAt: Date;
    readonly log: string | null;
    readonly madeBy: MadeBy | null;
  }[];
  /** The state's shared parts (state-parts.ts). */
  readonly parts: readonly StatePart[];
  /** false (the default): marked `IMPORTED_MARK`, out of statistics, and never rated. */
  readonly countInStats: boolean;
}

/** A stored game whose state, log or status disagree (verify.ts). */
export interface VerifyProblem {
  readonly gameId: GameId;
  readonly type: string;
  readonly problem: string;
}

export interface VerifyReport {
  readonly checked: number;
  readonly problems: readonly VerifyProblem[];
  /** Games dealt with a card catalog other than today's (`problem`: which): consistent, only older. */
  readonly olderCatalogs: readonly VerifyProblem[];
}

/**
 * A finished game's key moments as stored (`store.keyMoments`): the table layer writes and reads `moments`
 * (../discord/key-moments.ts); the store keeps it as JSON without looking inside.
 */
export interface KeyMomentsRecord {
  readonly gameId: GameId;
  readonly moments: unknown;
  /** The people's decisions the analysis looked at. */
  readonly decisions: number;
  readonly computedAt: Date;
}
