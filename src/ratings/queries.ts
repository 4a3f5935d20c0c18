/** Reading ratings: boards, one player's standing and history, a game's changes. Never writes. */
import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { ScarabDrizzle } from '../store/database.ts';
import { ratingChanges, ratings } from '../store/schema.ts';
import {
  type BoardPage,
  type BoardQuery,
  PAGE_SIZE,
  type RatingSnapshot,
  type RatingStep,
  type Standing,
} from './rating-records.ts';

export {
  type BoardPage,
  type BoardQuery,
  type BoardRow,
  PAGE_SIZE,
  type RatingSnapshot,
  type RatingStep,
  type Standing,
} from './rating-records.ts';

/** The rows a board ranks: its game and scope, and on a season's board only those with enough games. */
function ranked(q: BoardQuery) {
  return and(
    eq(ratings.gameType, q.gameType),
    eq(ratings.scope, q.scope),
    gte(ratings.games, q.minGames ?? 0),
  );
}

function count(db: ScarabDrizzle, q: BoardQuery): number {
  const row = db.select({ n: sql<number>`count(*)` }).from(ratings).where(ranked(q)).get();
  return row?.n ?? 0;
}

/** One page of a board, best first; a page past the end shows the last one. */
export function boardPage(db: ScarabDrizzle, q: BoardQuery, page: number, pageSize = PAGE_SIZE): BoardPage {
  const players = count(db, q);
  const pages = Math.max(1, Math.ceil(players / pageSize));
  const shown = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = db
    .select({
      // Computed over the whole scope before the page is cut out of it.
      place: sql<number>`rank() over (order by ${ratings.display} desc)`,
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
    .orderBy(desc(ratings.display), desc(ratings.games), asc(ratings.userId))
    .limit(pageSize)
    .offset((shown - 1) * pageSize)
    .all()
    .map(({ mu, sigma, ...r }) => ({ ...r, skill: { mu, sigma } }));
  return { rows, page: shown, pages, players };
}

/** A player's rating and place in a scope; undefined before their first rated game there. */
export function standingOf(db: ScarabDrizzle, q: BoardQuery, userId: string): Standing | undefined {
  const row = db
    .select()
    .from(ratings)
    .where(and(ranked(q), eq(ratings.userId, userId)))
    .get();
  if (!row) return undefined;
  const above = db
    .select({ n: sql<number>`count(*)` })
    .from(ratings)
    .where(and(ranked(q), gt(ratings.display, row.display)))
    .get();
  return {
    place: (above?.n ?? 0) + 1,
    userId: row.userId,
    displayName: row.displayName,
    skill: { mu: row.mu, sigma: row.sigma },
    display: row.display,
    games: row.games,
    wins: row.wins,
    players: count(db, q),
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

/** A player's rated games in a scope, oldest first. */
export function historyOf(db: ScarabDrizzle, q: BoardQuery, userId: string): RatingStep[] {
  return db
    .select()
    .from(ratingChanges)
    .where(
      and(
        eq(ratingChanges.gameType, q.gameType),
        eq(ratingChanges.scope, q.scope),
        eq(ratingChanges.userId, userId),
      ),
    )
    .orderBy(asc(ratingChanges.finishedAt), asc(ratingChanges.gameId))
    .all()
    .map(toStep);
}

/** What one game changed in a scope, in seat order; empty when it was not rated. */
export function changesOfGame(db: ScarabDrizzle, gameId: number, scope: string): RatingStep[] {
  return db
    .select()
    .from(ratingChanges)
    .where(and(eq(ratingChanges.gameId, gameId), eq(ratingChanges.scope, scope)))
    .orderBy(asc(ratingChanges.seat))
    .all()
    .map(toStep);
}

/** Both tables in a fixed order: to compare a recompute with what the games wrote one by one. */
export function ratingSnapshot(db: ScarabDrizzle): RatingSnapshot {
  return {
    ratings: db
      .select()
      .from(ratings)
      .orderBy(asc(ratings.gameType), asc(ratings.scope), asc(ratings.userId))
      .all(),
    changes: db
      .select()
      .from(ratingChanges)
      .orderBy(asc(ratingChanges.gameId), asc(ratingChanges.scope), asc(ratingChanges.userId))
      .all(),
  };
}
