/**
 * Ratings in the database. `gameFinished` runs inside the store's transaction that finishes a game, so a
 * result and its rating changes commit together or not at all. `recompute` rebuilds both tables from the
 * finished games, in the order they finished, through the same code: the two cannot disagree.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Outcome } from '../games/kernel/types.ts';
import type { ScarabDatabase, ScarabDrizzle } from '../store/database.ts';
import { games, ratingChanges, ratings, seats } from '../store/schema.ts';
import { type Entrant, type RatableGame, ratingDecision } from './eligibility.ts';
import { INITIAL_SKILL, type Skill, updateSkills } from './model.ts';
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
import { ratingRows } from './rating-rows.ts';
import { scopesOf } from './scopes.ts';

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
   * Must run inside the transaction that marked `game` finished. A game that finished before one already
   * rated (a clock that stepped back, two games in the same millisecond in id order reversed) would be
   * applied out of the recompute's order, so then everything is recomputed instead: rare, and exact.
   */
  gameFinished(game: RatableGame): FinishEffect {
    const decision = ratingDecision(game);
    if (!decision.rated) return 'unrated';
    const latest = this.db
      .select({ finishedAt: ratingChanges.finishedAt, gameId: ratingChanges.gameId })
      .from(ratingChanges)
      .orderBy(desc(ratingChanges.finishedAt), desc(ratingChanges.gameId))
      .limit(1)
      .get();
    if (latest?.gameId === game.id) throw new Error(`game #${game.id} is already rated`);
    const at = decision.finishedAt.getTime();
    if (
      latest &&
      (latest.finishedAt.getTime() > at || (latest.finishedAt.getTime() === at && latest.gameId > game.id))
    ) {
      this.recomputeInTransaction();
      return 'recomputed';
    }
    this.apply(game, decision.entrants, decision.finishedAt);
    return 'rated';
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

  snapshot(): RatingSnapshot {
    return ratingSnapshot(this.db);
  }

  /** Rebuilds every rating from the finished games, in one transaction. */
  recompute(): RecomputeReport {
    return this.database.sqlite.transaction(() => this.recomputeInTransaction()).immediate();
  }

  recomputeInTransaction(): RecomputeReport {
    this.db.delete(ratingChanges).run();
    this.db.delete(ratings).run();
    let ratedGames = 0;
    for (const game of this.finishedGames()) {
      const decision = ratingDecision(game);
      if (!decision.rated) continue;
      this.apply(game, decision.entrants, decision.finishedAt);
      ratedGames++;
    }
    const count = this.db.select({ n: sql<number>`count(*)` }).from(ratings).get();
    return { ratedGames, ratings: count?.n ?? 0 };
  }

  private apply(game: RatableGame, entrants: readonly Entrant[], finishedAt: Date): void {
    for (const scope of scopesOf(game)) {
      const key = (userId: string) =>
        and(eq(ratings.gameType, game.type), eq(ratings.scope, scope), eq(ratings.userId, userId));
      const current = entrants.map((e) =>
        this.db.select({ mu: ratings.mu, sigma: ratings.sigma }).from(ratings).where(key(e.userId)).get(),
      );
      const before: Skill[] = current.map((c) => c ?? INITIAL_SKILL);
      const after = updateSkills(entrants.map((e, k) => ({ skill: before[k] as Skill, rank: e.rank })));
      entrants.forEach((e, k) => {
        const rows = ratingRows(game, scope, e, before[k] as Skill, after[k] as Skill, finishedAt);
        this.db
          .insert(ratings)
          .values(rows.rating)
          .onConflictDoUpdate({
            target: [ratings.gameType, ratings.scope, ratings.userId],
            set: {
              ...rows.latest,
              games: sql`${ratings.games} + 1`,
              wins: sql`${ratings.wins} + ${rows.won}`,
            },
          })
          .run();
        this.db.insert(ratingChanges).values(rows.change).run();
      });
    }
  }

  /** Every finished game with its seats, in the order ratings are applied: finish time, then id. */
  private finishedGames(): RatableGame[] {
    const rows = this.db
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
      .orderBy(asc(games.finishedAt), asc(games.id))
      .all();
    const seatRows = this.db
      .select({
        gameId: seats.gameId,
        seat: seats.seat,
        userId: seats.userId,
        displayName: seats.displayName,
      })
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(inArray(games.status, ['finished']))
      .orderBy(asc(seats.gameId), asc(seats.seat))
      .all();
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
}
