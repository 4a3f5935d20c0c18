/** The statements on the path of every action, prepared once per connection. */
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { ScarabDrizzle } from './database.ts';
import { RECENT_LINES } from './recent-log.ts';
import { actions, games, seatHolders, seats, stateParts } from './schema.ts';

export function prepareStatements(db: ScarabDrizzle) {
  const id = sql.placeholder('id');
  return {
    head: db
      .select({ version: games.version, status: games.status })
      .from(games)
      .where(eq(games.id, id))
      .prepare(),
    game: db.select().from(games).where(eq(games.id, id)).prepare(),
    seats: db.select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(seats.seat)).prepare(),
    holders: db.select().from(seatHolders).where(eq(seatHolders.gameId, id)).prepare(),
    appendAction: db
      .insert(actions)
      .values({
        gameId: sql.placeholder('gameId'),
        seq: sql.placeholder('seq'),
        seat: sql.placeholder('seat'),
        action: sql.placeholder('action'),
        createdAt: sql.placeholder('createdAt'),
        log: sql.placeholder('log'),
        madeBy: sql.placeholder('madeBy'),
      })
      .prepare(),
    recentLog: db
      .select({ log: sql<string>`${actions.log}`, seq: actions.seq })
      .from(actions)
      .where(and(eq(actions.gameId, id), isNotNull(actions.log)))
      .orderBy(desc(actions.seq))
      .limit(RECENT_LINES)
      .prepare(),
    writePart: db
      .insert(stateParts)
      .values({ hash: sql.placeholder('hash'), json: sql.placeholder('json') })
      .onConflictDoNothing()
      .prepare(),
    saveState: db
      .update(games)
      // drizzle types placeholders in set() only as SQL, which skips the column's encoder: times are numbers here.
      .set({
        state: sql`${sql.placeholder('state')}`,
        version: sql`${sql.placeholder('version')}`,
        status: sql`${sql.placeholder('status')}`,
        outcome: sql`${sql.placeholder('outcome')}`,
        finishedAt: sql`${sql.placeholder('finishedAtMs')}`,
        updatedAt: sql`${sql.placeholder('updatedAtMs')}`,
      })
      .where(and(eq(games.id, id), eq(games.version, sql.placeholder('expected'))))
      .prepare(),
  };
}
