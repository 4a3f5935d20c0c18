/** `HintStore` on PostgreSQL: the same column, counted in one statement. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import type { GameId } from './errors.ts';
import type { PgCore } from './pg-core.ts';
import { seats } from './pg-schema.ts';

export class PgHints {
  constructor(private readonly core: PgCore) {}

  async count(gameId: GameId, seat: Seat): Promise<number> {
    const [row] = await this.core.db
      .update(seats)
      .set({ hintsUsed: sql`${seats.hintsUsed} + 1` })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
      .returning({ n: seats.hintsUsed });
    return row?.n ?? 0;
  }

  async used(gameId: GameId): Promise<number[]> {
    const rows = await this.core.db
      .select({ n: seats.hintsUsed })
      .from(seats)
      .where(eq(seats.gameId, gameId))
      .orderBy(asc(seats.seat));
    return rows.map((r) => r.n);
  }
}
