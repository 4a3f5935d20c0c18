/**
 * `Store.importGame` and `Store.verifyGames` on PostgreSQL: the SQLite versions (export-import.ts,
 * verify.ts) with the same checks, over a connection.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { DuplicateGameError, type GameId } from './errors.ts';
import { ratableImport, sameGame } from './export-import.ts';
import type { PgCore } from './pg-core.ts';
import { actions, gameMessages, games, seatHolders, seats } from './pg-schema.ts';
import { IMPORTED_MARK, type ImportedGame, type VerifyProblem, type VerifyReport } from './records.ts';
import type { LoggedActionWithLog } from './replay.ts';
import { checkGameLog, olderCatalog } from './verify.ts';

/** Imports take turns, so two of the same game at once cannot both find it absent. */
const IMPORT_LOCK = 0x5ca7_1e07;
const PAGE = 200;

export async function importOnPostgres(core: PgCore, imported: ImportedGame): Promise<GameId> {
  const id = await core.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const candidates = await tx
      .select({ id: games.id, options: games.options })
      .from(games)
      .where(and(eq(games.type, imported.columns.type), eq(games.seed, imported.columns.seed)))
      .orderBy(asc(games.id));
    for (const candidate of candidates) {
      const log = await tx
        .select({ seat: actions.seat, action: actions.action })
        .from(actions)
        .where(eq(actions.gameId, candidate.id))
        .orderBy(asc(actions.seq));
      if (sameGame({ options: candidate.options, log }, imported)) throw new DuplicateGameError(candidate.id);
    }
    await core.writeParts(tx, imported.parts);
    const [row] = await tx.insert(games).values(imported.columns).returning({ id: games.id });
    if (!row) throw new Error('the new game has no id');
    await tx.insert(seats).values(imported.seats.map((s) => ({ gameId: row.id, ...s })));
    if (imported.holders.length > 0)
      await tx.insert(seatHolders).values(imported.holders.map((h) => ({ gameId: row.id, ...h })));
    for (let i = 0; i < imported.actions.length; i += 1_000)
      await tx
        .insert(actions)
        .values(imported.actions.slice(i, i + 1_000).map((a) => ({ gameId: row.id, ...a })));
    if (!imported.countInStats) {
      await tx.insert(gameMessages).values({
        gameId: row.id,
        kind: IMPORTED_MARK,
        channelId: null,
        messageId: String(imported.originalId),
        version: null,
        updatedAt: imported.columns.updatedAt,
      });
    } else if (imported.columns.status === 'finished')
      await core.ratings.gameFinished(tx, ratableImport(row.id, imported));
    return row.id;
  });
  core.committed(imported.parts);
  return id;
}

/** `verifyAll` (verify.ts): every game in id order, a page at a time, each page in one transaction. */
export async function verifyOnPostgres(
  core: PgCore,
  onProgress?: (checked: number) => void,
): Promise<VerifyReport> {
  const problems: VerifyProblem[] = [];
  const olderCatalogs: VerifyProblem[] = [];
  let checked = 0;
  let after = 0;
  for (;;) {
    const page = await core.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(games)
        .where(gt(games.id, after))
        .orderBy(asc(games.id))
        .limit(PAGE);
      if (rows.length === 0) return rows;
      const logs = new Map<number, LoggedActionWithLog[]>();
      const logged = await tx
        .select({
          gameId: actions.gameId,
          seq: actions.seq,
          seat: actions.seat,
          action: actions.action,
          log: actions.log,
        })
        .from(actions)
        .where(
          inArray(
            actions.gameId,
            rows.map((g) => g.id),
          ),
        )
        .orderBy(asc(actions.gameId), asc(actions.seq));
      for (const { gameId, ...action } of logged) logs.set(gameId, [...(logs.get(gameId) ?? []), action]);
      for (const row of rows) {
        const problem = checkGameLog(row, logs.get(row.id) ?? []);
        if (problem) problems.push({ gameId: row.id, type: row.type, problem });
        else {
          const note = olderCatalog(row);
          if (note) olderCatalogs.push({ gameId: row.id, type: row.type, problem: note });
        }
      }
      return rows;
    });
    if (page.length === 0) break;
    checked += page.length;
    after = page.at(-1)?.id ?? after;
    onProgress?.(checked);
  }
  return { checked, problems, olderCatalogs };
}
