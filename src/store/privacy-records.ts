/**
 * What the store keeps about one person and hands out on request (`store.privacy`, store.ts): plain
 * snapshots of the rows that name them, and what forgetting them did. Both backends fill the same shapes.
 */
import type { GameId } from './errors.ts';
import type { GameStatus, PlayerSettings } from './records.ts';

/**
 * The `bot_kind` of a seat whose person asked to be forgotten: no Discord id, no name but "a former
 * player" in the game's language. Not a computer (nothing plays it: only finished and cancelled games, and
 * earlier holders of a seat handed over, carry it), and no level (`levelOf` gives none), so no record
 * against computers counts it; the ratings see a seat without a person.
 */
export const FORMER_PLAYER = 'former';

/** One seat they held, now or earlier in the game (`fromVersion`: from which move; null: not known). */
export interface PersonalSeat {
  readonly seat: number;
  readonly displayName: string;
  readonly fromVersion: number | null;
}

/** A game they sat in, host or voted in. */
export interface PersonalGame {
  readonly id: GameId;
  readonly type: string;
  readonly status: GameStatus;
  readonly guildId: string | null;
  readonly channelId: string | null;
  readonly threadId: string | null;
  readonly host: boolean;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly seats: readonly PersonalSeat[];
  /** Their place and score, seat by seat, once the game is over. */
  readonly results: readonly { readonly seat: number; readonly rank: number; readonly score: number }[];
}

export interface PersonalRating {
  readonly gameType: string;
  readonly scope: string;
  readonly displayName: string;
  readonly mu: number;
  readonly sigma: number;
  readonly display: number;
  readonly games: number;
  readonly wins: number;
  readonly lastPlayedAt: Date;
}

export interface PersonalRatingChange {
  readonly gameId: GameId;
  readonly scope: string;
  readonly gameType: string;
  readonly seat: number;
  readonly rank: number;
  readonly muBefore: number;
  readonly sigmaBefore: number;
  readonly muAfter: number;
  readonly sigmaAfter: number;
  readonly finishedAt: Date;
}

export interface PersonalVote {
  readonly gameId: GameId;
  readonly seat: number;
  readonly choice: string;
  readonly createdAt: Date;
}

/** A scheduled row about them: a reminder, a time-out, a turn DM, a nudge to or from them. */
export interface PersonalScheduleRow {
  readonly id: number;
  readonly key: string;
  readonly gameId: GameId | null;
  readonly kind: string;
  readonly dueAt: Date;
  readonly doneAt: Date | null;
  readonly outcome: string | null;
}

/**
 * A tournament entrant's id once they are forgotten: `former:<their registration ordinal>`. Unique within
 * the tournament (the pure core keys entrants, seats, byes and places by id, so two forgotten entrants must
 * stay two), and meaningless outside it: nothing links their tournaments to each other or to them.
 */
export const formerEntrantId = (ordinal: number): string => `${FORMER_PLAYER}:${ordinal}`;
export const isFormerEntrant = (userId: string): boolean => userId.startsWith(`${FORMER_PLAYER}:`);

/** A tournament they entered or organised, with what it holds of them. */
export interface PersonalTournament {
  readonly id: number;
  readonly guildId: string;
  readonly game: string;
  readonly status: string;
  readonly organiser: boolean;
  /** Their entrant row; null when they only organised it. */
  readonly entrant: {
    readonly rating: number;
    readonly registeredAt: Date;
    readonly checkedIn: boolean;
    readonly droppedAfterRound: number | null;
    readonly dropReason: string | null;
  } | null;
  /** The rounds they sat out. */
  readonly byes: readonly number[];
  /** The tables they sat at, their seat, and their place once the table's result is in. */
  readonly tables: readonly {
    readonly tableId: string;
    readonly round: number;
    readonly seat: number;
    readonly place: number | null;
    readonly ending: string | null;
  }[];
}

/** Everything the store holds that names one person, row by row. */
export interface PersonalData {
  readonly userId: string;
  /** Their `/settings` row; null when they never changed one (the defaults are nobody's data). */
  readonly settings: PlayerSettings | null;
  readonly games: readonly PersonalGame[];
  readonly votes: readonly PersonalVote[];
  readonly ratings: readonly PersonalRating[];
  readonly ratingChanges: readonly PersonalRatingChange[];
  readonly schedule: readonly PersonalScheduleRow[];
  readonly tournaments: readonly PersonalTournament[];
}

/** What forgetting a person changed, in one transaction. */
export interface ForgetReport {
  /** Games where their seats (and earlier holdings) now read "a former player", and they host no more. */
  readonly games: number;
  /** Those games' ids (a process drops what it keeps of them: a replay, a cached record). */
  readonly gameIds: readonly GameId[];
  readonly settings: boolean;
  readonly votes: number;
  readonly scheduleRows: number;
  /** Their rating rows deleted (every scope and season), before the recompute. */
  readonly ratings: number;
  readonly ratingChanges: number;
  /**
   * The rated games of the recompute of every rating without them; null when they had no rated result, so
   * that no rating changes and nothing is recomputed (a recompute holds the write lock over every game).
   */
  readonly ratedGames: number | null;
  /**
   * Tournaments rewritten (privacy-steps.ts, `tournamentForgets`): their registration deleted where no
   * round was made, else their id replaced by `formerEntrantId`; organised ones name no organiser. Their
   * messages are redrawn by the caller.
   */
  readonly tournamentIds: readonly number[];
}

/** What forgetting a server the bot left deleted. */
export interface GuildForgetReport {
  readonly settings: boolean;
  /** Lobbies (never started) deleted with their seats, messages, votes and scheduled rows. */
  readonly lobbies: number;
}
