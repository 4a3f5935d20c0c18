/**
 * Hints people asked for (`store.hints`): a count per seat (`seats.hints_used`), shown in the results.
 * A hint changes nothing in the game, so its count is written on its own, after the search answered.
 */
import { and, eq } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import type { GameId } from './errors.ts';
import { seats } from './schema.ts';
import type { StoreCore } from './store-core.ts';

export class HintStore {
  constructor(private readonly core: StoreCore) {}

  /** One more hint for the seat; returns its count (0 for a seat the game does not have). */
  count(gameId: GameId, seat: Seat): number {
    return this.core.transaction(() => {
      const key = and(eq(seats.gameId, gameId), eq(seats.seat, seat));
      const db = this.core.database.db;
      const now = db.select({ n: seats.hintsUsed }).from(seats).where(key).get()?.n;
      if (now === undefined) return 0;
      db.update(seats)
        .set({ hintsUsed: now + 1 })
        .where(key)
        .run();
      return now + 1;
    });
  }

  /** Hints used by each seat, in seat order. */
  used(gameId: GameId): number[] {
    return this.core.database.db
      .select({ seat: seats.seat, n: seats.hintsUsed })
      .from(seats)
      .where(eq(seats.gameId, gameId))
      .orderBy(seats.seat)
      .all()
      .map((r) => r.n);
  }
}
