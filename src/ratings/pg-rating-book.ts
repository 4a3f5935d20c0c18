/**
 * `RatingBook` on PostgreSQL. `gameFinished` runs in the transaction that finishes the game, as on SQLite;
 * shards finish games at the same time, so it first takes a transaction advisory lock: rating writes are
 * serialised (no two finishes read the same "before" skill, nor both miss each other's latest change),
 * which SQLite's single writer gives for free.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Outcome } from '../games/kernel/types.ts';
import type { PgCore } from '../store/pg-core.ts';
import type { PgExecutor } from '../store/pg-database.ts';
import { games, ratingChanges, ratings, seats } from '../store/pg-schema.ts';
import { type Entrant, type RatableGame, ratingDecision } from './eligibility.ts';
import { INITIAL_SKILL, type Skill, updateSkills } from './model.ts';
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
import { ratingRows } from './rating-rows.ts';
import { scopesOf } from './scopes.ts';

/** Held by every transaction that writes ratings, until it ends. */
export const RATINGS_LOCK = 0x5ca7ab02;

export class PgRatingBook {
  constructor(private readonly core: PgCore) {}

  playedGames(q: PlayedQuery): Promise<PlayedGame[]> {
    return queries.finishedGamesOf(this.core.db, q);
  }

  /** `RatingBook.gameFinished`, inside the transaction `tx` that marked `game` finished. */
  async gameFinished(tx: PgExecutor, game: RatableGame): Promise<FinishEffect> {
    const decision = ratingDecision(game);
    if (!decision.rated) return 'unrated';
    await lockRatings(tx);
    const [latest] = await tx
      .select({ finishedAt: ratingChanges.finishedAt, gameId: ratingChanges.gameId })
      .from(ratingChanges)
      .orderBy(desc(ratingChanges.finishedAt), desc(ratingChanges.gameId))
      .limit(1);
    if (latest?.gameId === game.id) throw new Error(`game #${game.id} is already rated`);
    const at = decision.finishedAt.getTime();
    if (
      latest &&
      (latest.finishedAt.getTime() > at || (latest.finishedAt.getTime() === at && latest.gameId > game.id))
    ) {
      await this.recomputeInTransaction(tx);
      return 'recomputed';
    }
    await apply(tx, game, decision.entrants, decision.finishedAt);
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

  snapshot(): Promise<RatingSnapshot> {
    return queries.ratingSnapshot(this.core.db);
  }

  recompute(): Promise<RecomputeReport> {
    return this.core.transaction((tx) => this.recomputeInTransaction(tx));
  }

  async recomputeInTransaction(tx: PgExecutor): Promise<RecomputeReport> {
    await lockRatings(tx);
    await tx.delete(ratingChanges);
    await tx.delete(ratings);
    let ratedGames = 0;
    for (const game of await finishedGames(tx)) {
      const decision = ratingDecision(game);
      if (!decision.rated) continue;
      await apply(tx, game, decision.entrants, decision.finishedAt);
      ratedGames++;
    }
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(ratings);
    return { ratedGames, ratings: count?.n ?? 0 };
  }
}

async function lockRatings(tx: PgExecutor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RATINGS_LOCK})`);
}

async function apply(tx: PgExecutor, game: RatableGame, entrants: readonly Entrant[], finishedAt: Date) {
  for (const scope of scopesOf(game)) {
    const before: Skill[] = [];
    for (const e of entrants) {
      const [current] = await tx
        .select({ mu: ratings.mu, sigma: ratings.sigma })
        .from(ratings)
        .where(and(eq(ratings.gameType, game.type), eq(ratings.scope, scope), eq(ratings.userId, e.userId)));
      before.push(current ?? INITIAL_SKILL);
    }
    const after = updateSkills(entrants.map((e, k) => ({ skill: before[k] as Skill, rank: e.rank })));
    for (const [k, e] of entrants.entries()) {
      const rows = ratingRows(game, scope, e, before[k] as Skill, after[k] as Skill, finishedAt);
      await tx
        .insert(ratings)
        .values(rows.rating)
        .onConflictDoUpdate({
          target: [ratings.gameType, ratings.scope, ratings.userId],
          set: { ...rows.latest, games: sql`${ratings.games} + 1`, wins: sql`${ratings.wins} + ${rows.won}` },
        });
      await tx.insert(ratingChanges).values(rows.change);
    }
  }
}

/** Every finished game with its seats, in the order ratings are applied: finish time, then id. */
async function finishedGames(tx: PgExecutor): Promise<RatableGame[]> {
  const rows = await tx
    .select({
      id: games.id,
      type: games.type,
      status: games.status,
      guildId: games.guildId,
      rated: games.rated,
      handedOver: games.handedOver,
      outcome: games.outcome,
      finishedAt: games.finishedAt,
    })
    .from(games)
    .where(eq(games.status, 'finished'))
    .orderBy(asc(games.finishedAt), asc(games.id));
  const seatRows = await tx
    .select({ gameId: seats.gameId, seat: seats.seat, userId: seats.userId, displayName: seats.displayName })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(inArray(games.status, ['finished']))
    .orderBy(asc(seats.gameId), asc(seats.seat));
  const byGame = new Map<number, { seat: number; userId: string | null; displayName: string }[]>();
  for (const s of seatRows) {
    const list = byGame.get(s.gameId) ?? [];
    list.push({ seat: s.seat, userId: s.userId, displayName: s.displayName });
    byGame.set(s.gameId, list);
  }
  return rows.map((r) => ({
    ...r,
    outcome: r.outcome === null ? null : (JSON.parse(r.outcome) as Outcome),
    seats: byGame.get(r.id) ?? [],
  }));
}
