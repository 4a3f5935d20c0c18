/**
 * What the ratings hand out and are asked with: the record types of the `Store` contract's ratings
 * (store.ts), shared by both backends (rating-book.ts on SQLite, pg-rating-book.ts on PostgreSQL).
 */

import type { Seat } from '../games/kernel/types.ts';
import type { ratingChanges, ratings } from '../store/schema.ts';
import type { Skill } from './model.ts';

export type { OpenedSeason } from './seasons.ts';

export interface BoardRow {
  /** 1-based; equal shown ratings share a place. */
  readonly place: number;
  readonly userId: string;
  readonly displayName: string;
  readonly skill: Skill;
  readonly display: number;
  readonly games: number;
  readonly wins: number;
}

export interface BoardPage {
  readonly rows: readonly BoardRow[];
  /** 1-based, clamped to the pages there are. */
  readonly page: number;
  readonly pages: number;
  /** Rated players in the scope. */
  readonly players: number;
}

/** Rows on a board's page unless asked otherwise. */
export const PAGE_SIZE = 10;

export interface BoardQuery {
  readonly gameType: string;
  readonly scope: string;
  /** Only players with at least this many rated games in the scope are ranked (a season's board). */
  readonly minGames?: number;
}

export interface Standing extends BoardRow {
  readonly players: number;
}

export interface RatingStep {
  readonly gameId: number;
  readonly userId: string;
  readonly seat: number;
  readonly rank: number;
  readonly finishedAt: Date;
  readonly before: Skill;
  readonly after: Skill;
}

export interface RatingSnapshot {
  readonly ratings: readonly (typeof ratings.$inferSelect)[];
  readonly changes: readonly (typeof ratingChanges.$inferSelect)[];
}

export interface PlayedGame {
  readonly gameId: number;
  readonly finishedAt: Date | null;
  readonly seat: Seat;
  readonly score: number;
  readonly rank: number;
  readonly players: number;
  /**
   * They held the seat from the start to the end. False for a seat they left during play or took over (a
   * handover, src/store/seat-history.ts): the game counts as played, its result is the seat's, not theirs.
   */
  readonly whole: boolean;
  /** The final state (parsed on demand: most questions need only the outcome). */
  readonly state: () => unknown;
}

export interface PlayedQuery {
  readonly gameType: string;
  readonly userId: string;
  /** A server's games only, or null for every server. */
  readonly guildId: string | null;
}

export interface RecomputeReport {
  /** Finished games that changed ratings. */
  readonly ratedGames: number;
  /** Rating rows written (one per person and scope). */
  readonly ratings: number;
}

/** What `gameFinished` did: rated the game alone, rebuilt everything (it finished out of order), or nothing. */
export type FinishEffect = 'rated' | 'recomputed' | 'unrated';
