/** Finished games' key moments on SQLite (`store.keyMoments`; the contract is store.ts's). */
import { eq } from 'drizzle-orm';
import type { GameId, KeyMomentsRecord } from './records.ts';
import { keyMoments } from './schema.ts';
import type { StoreCore } from './store-core.ts';

export class KeyMomentsStore {
  constructor(private readonly core: StoreCore) {}

  /** Written once: a game's moments already stored stay as they are (false). */
  save(record: KeyMomentsRecord): boolean {
    const inserted = this.core.database.db
      .insert(keyMoments)
      .values({
        gameId: record.gameId,
        moments: JSON.stringify(record.moments),
        decisions: record.decisions,
        computedAt: record.computedAt,
      })
      .onConflictDoNothing()
      .run();
    return inserted.changes > 0;
  }

  of(gameId: GameId): KeyMomentsRecord | undefined {
    const row = this.core.database.db.select().from(keyMoments).where(eq(keyMoments.gameId, gameId)).get();
    return row && { ...row, moments: JSON.parse(row.moments) as unknown };
  }
}
