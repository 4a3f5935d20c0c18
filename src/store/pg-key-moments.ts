/** `KeyMomentsStore` on PostgreSQL: the same rows, written once alike. */
import { eq } from 'drizzle-orm';
import type { PgCore } from './pg-core.ts';
import { keyMoments } from './pg-schema.ts';
import type { GameId, KeyMomentsRecord } from './records.ts';

export class PgKeyMoments {
  constructor(private readonly core: PgCore) {}

  async save(record: KeyMomentsRecord): Promise<boolean> {
    const inserted = await this.core.db
      .insert(keyMoments)
      .values({
        gameId: record.gameId,
        moments: JSON.stringify(record.moments),
        decisions: record.decisions,
        computedAt: record.computedAt,
      })
      .onConflictDoNothing()
      .returning({ gameId: keyMoments.gameId });
    return inserted.length > 0;
  }

  async of(gameId: GameId): Promise<KeyMomentsRecord | undefined> {
    const [row] = await this.core.db.select().from(keyMoments).where(eq(keyMoments.gameId, gameId));
    return row && { ...row, moments: JSON.parse(row.moments) as unknown };
  }
}
