/**
 * Ratings in the database. `gameFinished` runs inside the store's transaction that finishes a game, so a
 * result and its rating changes commit together or not at all. `recompute` rebuilds both tables from the
 * finished games, in the order they finished, through the same code: the two cannot disagree. What to
 * write is decided in rating-steps.ts; this file only reads and writes SQLite.
 */
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { ScarabDatabase, ScarabDrizzle } from '../store/database.ts';
import { batches } from '../store/schedule-store.ts';
import { games, guildSettings, ratingChanges, ratings, seasons, seats } from '../store/schema.ts';
import type { RatableGame } from './eligibility.ts';
import { finishedGamesOf, type PlayedGame, type PlayedQuery } from './player-stats.ts';
import {
  type BoardPage,
  type BoardQuery,
  boardPage,
  changesOfGame,
  historyOf,
  PAGE_SIZE,
  type RatingSnapshot,
  type RatingStep,
  ratingSnapshot,
  type Standing,
  standingOf,
} from './queries.ts';
import type { FinishEffect, RecomputeReport } from './rating-records.ts';
import {
  calendarOf,
  columns,
  finishStep,
  openedSeason,
  type RatedGame,
  READS,
  ROWS_PER_INSERT,
  ratableGames,
  ratedGame,
  ratingKeys,
  ratingWrites,
  recomputation,
  seasonRow,
} from './rating-steps.ts';
import { GLOBAL_SCOPE, scopesOf } from './scopes.ts';
import { type OpenedSeason, seasonOf, seasonScope } from './seasons.ts';

export type { FinishEffect, RecomputeReport } from './rating-records.ts';

export class RatingBook {
  constructor(private readonly database: ScarabDatabase) {}

  private get db(): ScarabDrizzle {
    return this.database.db;
  }

  /** A person's finished games of a type, oldest first (what /stats summarises). */
  playedGames(q: PlayedQuery): PlayedGame[] {
    return finishedGamesOf(this.db, q);
  }

  /**
   * Must run inside the transaction that marked `game` finished: rates it, or recomputes everything when
   * it finished before a game already rated (`finishStep`).
   */
  gameFinished(game: RatableGame): FinishEffect {
    const plain = ratedGame(game);
    if (!plain) return 'unrated';
    const rated: RatedGame = { ...plain, seasons: this.seasonsOf(plain) };
    const latest = this.db
      .select(columns(ratingChanges, READS.latest))
      .from(ratingChanges)
      .orderBy(desc(ratingChanges.finishedAt), desc(ratingChanges.gameId))
      .limit(1)
      .get();
    if (finishStep(rated, latest) === 'recompute') {
      this.recomputeInTransaction();
      return 'recomputed';
    }
    const { gameType, scopes, userIds } = ratingKeys(rated);
    const current = this.db
      .select(columns(ratings, READS.current))
      .from(ratings)
      .where(
        and(eq(ratings.gameType, gameType), inArray(ratings.scope, scopes), inArray(ratings.userId, userIds)),
      )
      .all();
    for (const { rating, change } of ratingWrites(rated, current)) {
      this.db
        .insert(ratings)
        .values(rating)
        .onConflictDoUpdate({ target: [ratings.gameType, ratings.scope, ratings.userId], set: rating })
        .run();
      this.db.insert(ratingChanges).values(change).run();
    }
    return 'rated';
  }

  /** The season scopes `game` counts in, each scope's season opened here if none holds its finish yet. */
  private seasonsOf(game: RatedGame): string[] {
    const at = game.finishedAt.getTime();
    const columnsOf = columns(seasons, READS.season);
    return scopesOf(game).flatMap((scope) => {
      // The global scope's calendar is fixed: only a server's is read.
      const settings =
        scope === GLOBAL_SCOPE
          ? undefined
          : this.db
              .select({ seasonCadence: guildSettings.seasonCadence, seasonZone: guildSettings.seasonZone })
              .from(guildSettings)
              .where(eq(guildSettings.guildId, scope))
              .get();
      const before = this.db
        .select(columnsOf)
        .from(seasons)
        .where(and(eq(seasons.scope, scope), lte(seasons.startsAt, game.finishedAt)))
        .orderBy(desc(seasons.startsAt))
        .limit(1)
        .get();
      const after = this.db
        .select(columnsOf)
        .from(seasons)
        .where(and(eq(seasons.scope, scope), gt(seasons.startsAt, game.finishedAt)))
        .orderBy(asc(seasons.startsAt))
        .limit(1)
        .get();
      const found = seasonOf(
        scope,
        at,
        { before: before && openedSeason(before), after: after && openedSeason(after) },
        calendarOf(scope, settings),
      );
      if (!found) return [];
      if (found.opened) this.db.insert(seasons).values(seasonRow(found.season)).run();
      return [seasonScope(scope, found.season.name)];
    });
  }

  board(q: BoardQuery, page: number, pageSize = PAGE_SIZE): BoardPage {
    return boardPage(this.db, q, page, pageSize);
  }

  standing(q: BoardQuery, userId: string): Standing | undefined {
    return standingOf(this.db, q, userId);
  }

  history(q: BoardQuery, userId: string): RatingStep[] {
    return historyOf(this.db, q, userId);
  }

  changesOfGame(gameId: number, scope: string): RatingStep[] {
    return changesOfGame(this.db, gameId, scope);
  }

  /** The seasons opened in `scope`, oldest first. */
  seasons(scope: string): OpenedSeason[] {
    return this.db
      .select(columns(seasons, READS.season))
      .from(seasons)
      .where(eq(seasons.scope, scope))
      .orderBy(asc(seasons.startsAt))
      .all()
      .map(openedSeason);
  }

  /** Every scope's seasons ending after `since`, by end: the ones whose podium may still be owed. */
  seasonsEndingAfter(since: Date): OpenedSeason[] {
    return this.db
      .select(columns(seasons, READS.season))
      .from(seasons)
      .where(gt(seasons.endsAt, since))
      .orderBy(asc(seasons.endsAt), asc(seasons.scope))
      .all()
      .map(openedSeason);
  }

  snapshot(): RatingSnapshot {
    return ratingSnapshot(this.db);
  }

  /** Rebuilds every rating from the finished games, in one transaction. */
  recompute(): RecomputeReport {
    return this.database.sqlite.transaction(() => this.recomputeInTransaction()).immediate();
  }

  /** `recompute`, inside a transaction the caller holds. */
  recomputeInTransaction(): RecomputeReport {
    const opened = this.db.select(columns(seasons, READS.season)).from(seasons).all().map(openedSeason);
    const rebuilt = recomputation(this.finishedGames(), opened);
    this.db.delete(ratingChanges).run();
    this.db.delete(ratings).run();
    for (const rows of batches(rebuilt.ratings, ROWS_PER_INSERT)) this.db.insert(ratings).values(rows).run();
    for (const rows of batches(rebuilt.changes, ROWS_PER_INSERT))
      this.db.insert(ratingChanges).values(rows).run();
    return { ratedGames: rebuilt.ratedGames, ratings: rebuilt.ratings.length };
  }

  /** Every finished game with its seats. */
  private finishedGames(): RatableGame[] {
    const rows = this.db
      .select(columns(games, READS.finishedGame))
      .from(games)
      .where(eq(games.status, 'finished'))
      .all();
    const seatRows = this.db
      .select(columns(seats, READS.seat))
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(eq(games.status, 'finished'))
      .orderBy(asc(seats.gameId), asc(seats.seat))
      .all();
    return ratableGames(rows, seatRows);
  }
}
