/**
 * `RatingBook` on PostgreSQL. `gameFinished` runs in the transaction that finishes the game, as on SQLite;
 * shards finish games at the same time, so it first takes a transaction advisory lock: rating writes are
 * serialised (no two finishes read the same "before" skill and counts, nor both miss each other's latest
 * change), which SQLite's single writer gives for free. What to write is decided in rating-steps.ts.
 */
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { PgCore } from '../store/pg-core.ts';
import type { PgExecutor } from '../store/pg-database.ts';
import { games, guildSettings, ratingChanges, ratings, seasons, seats } from '../store/pg-schema.ts';
import { batches } from '../store/schedule-store.ts';
import type { RatableGame } from './eligibility.ts';
import * as queries from './pg-queries.ts';
import {
  type BoardPage,
  type BoardQuery,
  type FinishEffect,
  PAGE_SIZE,
  type PlayedGame,
  type PlayedQuery,
  type RatingSnapshot,
  type RatingStep,
  type RecomputeReport,
  type Standing,
} from './rating-records.ts';
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

/** Held by every transaction that writes ratings, until it ends. */
export const RATINGS_LOCK = 0x5ca7ab02;

export class PgRatingBook {
  constructor(private readonly core: PgCore) {}

  playedGames(q: PlayedQuery): Promise<PlayedGame[]> {
    return queries.finishedGamesOf(this.core.db, q);
  }

  /** `RatingBook.gameFinished`, inside the transaction `tx` that marked `game` finished. */
  async gameFinished(tx: PgExecutor, game: RatableGame): Promise<FinishEffect> {
    const plain = ratedGame(game);
    if (!plain) return 'unrated';
    await lockRatings(tx);
    // Under the lock: two shards finishing games at once never open the same season twice.
    const rated: RatedGame = { ...plain, seasons: await seasonsOf(tx, plain) };
    const [latest] = await tx
      .select(columns(ratingChanges, READS.latest))
      .from(ratingChanges)
      .orderBy(desc(ratingChanges.finishedAt), desc(ratingChanges.gameId))
      .limit(1);
    if (finishStep(rated, latest) === 'recompute') {
      await this.recomputeInTransaction(tx);
      return 'recomputed';
    }
    const { gameType, scopes, userIds } = ratingKeys(rated);
    const current = await tx
      .select(columns(ratings, READS.current))
      .from(ratings)
      .where(
        and(eq(ratings.gameType, gameType), inArray(ratings.scope, scopes), inArray(ratings.userId, userIds)),
      );
    for (const { rating, change } of ratingWrites(rated, current)) {
      await tx
        .insert(ratings)
        .values(rating)
        .onConflictDoUpdate({ target: [ratings.gameType, ratings.scope, ratings.userId], set: rating });
      await tx.insert(ratingChanges).values(change);
    }
    return 'rated';
  }

  board(q: BoardQuery, page: number, pageSize = PAGE_SIZE): Promise<BoardPage> {
    return queries.boardPage(this.core.db, q, page, pageSize);
  }

  standing(q: BoardQuery, userId: string): Promise<Standing | undefined> {
    return queries.standingOf(this.core.db, q, userId);
  }

  history(q: BoardQuery, userId: string): Promise<RatingStep[]> {
    return queries.historyOf(this.core.db, q, userId);
  }

  changesOfGame(gameId: number, scope: string): Promise<RatingStep[]> {
    return queries.changesOfGame(this.core.db, gameId, scope);
  }

  async seasons(scope: string): Promise<OpenedSeason[]> {
    const rows = await this.core.db
      .select(columns(seasons, READS.season))
      .from(seasons)
      .where(eq(seasons.scope, scope))
      .orderBy(asc(seasons.startsAt));
    return rows.map(openedSeason);
  }

  /** Every scope's seasons ending after `since`, by end: the ones whose podium may still be owed. */
  async seasonsEndingAfter(since: Date): Promise<OpenedSeason[]> {
    const rows = await this.core.db
      .select(columns(seasons, READS.season))
      .from(seasons)
      .where(gt(seasons.endsAt, since))
      .orderBy(asc(seasons.endsAt), asc(seasons.scope));
    return rows.map(openedSeason);
  }

  snapshot(): Promise<RatingSnapshot> {
    return queries.ratingSnapshot(this.core.db);
  }

  recompute(): Promise<RecomputeReport> {
    return this.core.transaction((tx) => this.recomputeInTransaction(tx));
  }

  /** `recompute`, inside the transaction `tx`. */
  async recomputeInTransaction(tx: PgExecutor): Promise<RecomputeReport> {
    await lockRatings(tx);
    const opened = (await tx.select(columns(seasons, READS.season)).from(seasons)).map(openedSeason);
    const rebuilt = recomputation(await finishedGames(tx), opened);
    await tx.delete(ratingChanges);
    await tx.delete(ratings);
    for (const rows of batches(rebuilt.ratings, ROWS_PER_INSERT)) await tx.insert(ratings).values(rows);
    for (const rows of batches(rebuilt.changes, ROWS_PER_INSERT)) await tx.insert(ratingChanges).values(rows);
    return { ratedGames: rebuilt.ratedGames, ratings: rebuilt.ratings.length };
  }
}

/** `RatingBook`'s `seasonsOf` on PostgreSQL: the season scopes `game` counts in, opening those missing. */
async function seasonsOf(tx: PgExecutor, game: RatedGame): Promise<string[]> {
  const at = game.finishedAt.getTime();
  const columnsOf = columns(seasons, READS.season);
  const out: string[] = [];
  for (const scope of scopesOf(game)) {
    // The global scope's calendar is fixed: only a server's is read.
    const [settings] =
      scope === GLOBAL_SCOPE
        ? []
        : await tx
            .select({ seasonCadence: guildSettings.seasonCadence, seasonZone: guildSettings.seasonZone })
            .from(guildSettings)
            .where(eq(guildSettings.guildId, scope));
    const [before] = await tx
      .select(columnsOf)
      .from(seasons)
      .where(and(eq(seasons.scope, scope), lte(seasons.startsAt, game.finishedAt)))
      .orderBy(desc(seasons.startsAt))
      .limit(1);
    const [after] = await tx
      .select(columnsOf)
      .from(seasons)
      .where(and(eq(seasons.scope, scope), gt(seasons.startsAt, game.finishedAt)))
      .orderBy(asc(seasons.startsAt))
      .limit(1);
    const found = seasonOf(
      scope,
      at,
      { before: before && openedSeason(before), after: after && openedSeason(after) },
      calendarOf(scope, settings),
    );
    if (!found) continue;
    if (found.opened) await tx.insert(seasons).values(seasonRow(found.season));
    out.push(seasonScope(scope, found.season.name));
  }
  return out;
}

async function lockRatings(tx: PgExecutor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RATINGS_LOCK})`);
}

/** Every finished game with its seats. */
async function finishedGames(tx: PgExecutor): Promise<RatableGame[]> {
  const rows = await tx
    .select(columns(games, READS.finishedGame))
    .from(games)
    .where(eq(games.status, 'finished'));
  const seatRows = await tx
    .select(columns(seats, READS.seat))
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(eq(games.status, 'finished'))
    .orderBy(asc(seats.gameId), asc(seats.seat));
  return ratableGames(rows, seatRows);
}
