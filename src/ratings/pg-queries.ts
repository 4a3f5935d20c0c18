/**
 * `queries.ts` and `player-stats.ts` on PostgreSQL: the same reads, the same orders and the same results.
 * `count(*)` and `rank()` are int8, which node-postgres hands back as text, hence the casts; user ids
 * compare in "C" order because SQLite compares text byte by byte whatever the database's locale.
 */
import { and, asc, type Column, desc, eq, gt, gte, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { PgExecutor } from '../store/pg-database.ts';
import { readStoredParts } from '../store/pg-lookups.ts';
import { gameMessages, games, ratingChanges, ratings, seatHolders, seats } from '../store/pg-schema.ts';
import { UNCOUNTED_MARKS } from '../store/records.ts';
import { joinState } from '../store/state-parts.ts';
import { holderCount, playedGame, playedRows } from './played-games.ts';
import {
  type BoardPage,
  type BoardQuery,
  PAGE_SIZE,
  type PlayedGame,
  type PlayedQuery,
  type RatingSnapshot,
  type RatingStep,
  type Standing,
} from './rating-records.ts';

const byteOrder = (column: Column) => sql`${column} collate "C"`;

/** The rows a board ranks: its game and scope, and on a season's board only those with enough games. */
function ranked(q: BoardQuery) {
  return and(
    eq(ratings.gameType, q.gameType),
    eq(ratings.scope, q.scope),
    gte(ratings.games, q.minGames ?? 0),
  );
}

async function count(db: PgExecutor, q: BoardQuery): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ratings).where(ranked(q));
  return row?.n ?? 0;
}

export async function boardPage(
  db: PgExecutor,
  q: BoardQuery,
  page: number,
  pageSize = PAGE_SIZE,
): Promise<BoardPage> {
  const players = await count(db, q);
  const pages = Math.max(1, Math.ceil(players / pageSize));
  const shown = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = (
    await db
      .select({
        place: sql<number>`(rank() over (order by ${ratings.display} desc))::int`,
        userId: ratings.userId,
        displayName: ratings.displayName,
        mu: ratings.mu,
        sigma: ratings.sigma,
        display: ratings.display,
        games: ratings.games,
        wins: ratings.wins,
      })
      .from(ratings)
      .where(ranked(q))
      .orderBy(desc(ratings.display), desc(ratings.games), byteOrder(ratings.userId))
      .limit(pageSize)
      .offset((shown - 1) * pageSize)
  ).map(({ mu, sigma, ...r }) => ({ ...r, skill: { mu, sigma } }));
  return { rows, page: shown, pages, players };
}

export async function standingOf(
  db: PgExecutor,
  q: BoardQuery,
  userId: string,
): Promise<Standing | undefined> {
  const [row] = await db
    .select()
    .from(ratings)
    .where(and(ranked(q), eq(ratings.userId, userId)));
  if (!row) return undefined;
  const [above] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ratings)
    .where(and(ranked(q), gt(ratings.display, row.display)));
  return {
    place: (above?.n ?? 0) + 1,
    userId: row.userId,
    displayName: row.displayName,
    skill: { mu: row.mu, sigma: row.sigma },
    display: row.display,
    games: row.games,
    wins: row.wins,
    players: await count(db, q),
  };
}

function toStep(r: typeof ratingChanges.$inferSelect): RatingStep {
  return {
    gameId: r.gameId,
    userId: r.userId,
    seat: r.seat,
    rank: r.rank,
    finishedAt: r.finishedAt,
    before: { mu: r.muBefore, sigma: r.sigmaBefore },
    after: { mu: r.muAfter, sigma: r.sigmaAfter },
  };
}

export async function historyOf(db: PgExecutor, q: BoardQuery, userId: string): Promise<RatingStep[]> {
  const rows = await db
    .select()
    .from(ratingChanges)
    .where(
      and(
        eq(ratingChanges.gameType, q.gameType),
        eq(ratingChanges.scope, q.scope),
        eq(ratingChanges.userId, userId),
      ),
    )
    .orderBy(asc(ratingChanges.finishedAt), asc(ratingChanges.gameId));
  return rows.map(toStep);
}

export async function changesOfGame(db: PgExecutor, gameId: number, scope: string): Promise<RatingStep[]> {
  const rows = await db
    .select()
    .from(ratingChanges)
    .where(and(eq(ratingChanges.gameId, gameId), eq(ratingChanges.scope, scope)))
    .orderBy(asc(ratingChanges.seat));
  return rows.map(toStep);
}

export async function ratingSnapshot(db: PgExecutor): Promise<RatingSnapshot> {
  return {
    ratings: await db
      .select()
      .from(ratings)
      .orderBy(byteOrder(ratings.gameType), byteOrder(ratings.scope), byteOrder(ratings.userId)),
    changes: await db
      .select()
      .from(ratingChanges)
      .orderBy(asc(ratingChanges.gameId), byteOrder(ratingChanges.scope), byteOrder(ratingChanges.userId)),
  };
}

/** `finishedGamesOf` (player-stats.ts). */
export async function finishedGamesOf(db: PgExecutor, q: PlayedQuery): Promise<PlayedGame[]> {
  const filters = (userId: SQL): SQL[] => {
    const where = [userId, eq(games.status, 'finished'), eq(games.type, q.gameType)];
    if (q.guildId !== null) where.push(eq(games.guildId, q.guildId));
    // A game brought in by an import (unless the operator said so) or a lesson counts for nobody (records.ts).
    where.push(
      notExists(
        db
          .select({ one: gameMessages.gameId })
          .from(gameMessages)
          .where(and(eq(gameMessages.gameId, games.id), inArray(gameMessages.kind, [...UNCOUNTED_MARKS]))),
      ),
    );
    return where;
  };
  const columns = {
    gameId: games.id,
    finishedAt: games.finishedAt,
    outcome: games.outcome,
    state: games.state,
  };
  const holding = await db
    .select({ ...columns, seat: seats.seat, holders: holderCount(games.id, seats.seat) })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(...filters(eq(seats.userId, q.userId))));
  const held = await db
    .select({ ...columns, seat: seatHolders.seat, holders: holderCount(games.id, seatHolders.seat) })
    .from(seatHolders)
    .innerJoin(games, eq(games.id, seatHolders.gameId))
    .where(and(...filters(eq(seatHolders.userId, q.userId))));
  const rows = playedRows([...holding, ...held]);
  // The shared parts the states refer to (src/store/state-parts.ts), in one read.
  await readStoredParts(
    db,
    rows.map((r) => r.state),
  );
  return rows.map((r) => {
    const stateJson = r.state;
    return playedGame(r, () => (stateJson === null ? null : joinState(stateJson)));
  });
}
