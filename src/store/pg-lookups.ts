/** `lookups.ts` on PostgreSQL: summaries without state, never cached; `count(*)` cast from int8. */
import { and, asc, desc, eq, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { GameId } from './errors.ts';
import { decodeLines } from './log-codec.ts';
import type { PgExecutor } from './pg-database.ts';
import { actions, gameMessages, games, seats, stateParts } from './pg-schema.ts';
import { type ActionRecord, type GameStatus, type GameSummary, LESSON_MARK, toSummary } from './records.ts';
import { knowParts, missingParts } from './state-parts.ts';

const summaryColumns = {
  id: games.id,
  type: games.type,
  status: games.status,
  version: games.version,
  guildId: games.guildId,
  channelId: games.channelId,
  threadId: games.threadId,
  hostUserId: games.hostUserId,
  createdAt: games.createdAt,
  updatedAt: games.updatedAt,
  startedAt: games.startedAt,
  finishedAt: games.finishedAt,
};

async function summaries(db: PgExecutor, where: SQL | undefined, limit = 1_000): Promise<GameSummary[]> {
  const rows = await db.select(summaryColumns).from(games).where(where).orderBy(desc(games.id)).limit(limit);
  return rows.map(toSummary);
}

export async function actionLog(db: PgExecutor, gameId: GameId): Promise<ActionRecord[]> {
  const [game] = await db.select({ type: games.type }).from(games).where(eq(games.id, gameId));
  if (!game) return [];
  const rows = await db.select().from(actions).where(eq(actions.gameId, gameId)).orderBy(asc(actions.seq));
  return rows.map((row) => ({
    seq: row.seq,
    seat: row.seat,
    action: JSON.parse(row.action),
    createdAt: row.createdAt,
    said: row.log === null ? [] : decodeLines(game.type, row.log),
    madeBy: row.madeBy,
  }));
}

export function gamesInChannel(
  db: PgExecutor,
  channelId: string,
  statuses: readonly GameStatus[],
): Promise<GameSummary[]> {
  return summaries(
    db,
    and(
      or(eq(games.channelId, channelId), eq(games.threadId, channelId)),
      inArray(games.status, [...statuses]),
    ),
  );
}

export async function gameInThread(db: PgExecutor, threadId: string): Promise<GameSummary | undefined> {
  return (await summaries(db, eq(games.threadId, threadId), 1))[0];
}

export function gamesInGuild(
  db: PgExecutor,
  guildId: string,
  statuses: readonly GameStatus[],
): Promise<GameSummary[]> {
  return summaries(db, and(eq(games.guildId, guildId), inArray(games.status, [...statuses]), notLesson(db)));
}

/** A lesson (`/learn`) is one person's private game: never one of the server's games. */
function notLesson(db: PgExecutor): SQL {
  return notExists(
    db
      .select({ one: gameMessages.gameId })
      .from(gameMessages)
      .where(and(eq(gameMessages.gameId, games.id), eq(gameMessages.kind, LESSON_MARK))),
  );
}

export async function gamesOfUser(
  db: PgExecutor,
  userId: string,
  statuses: readonly GameStatus[],
): Promise<GameSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, userId), inArray(games.status, [...statuses])))
    .orderBy(desc(games.id));
  return rows.map(toSummary);
}

export function listGames(
  db: PgExecutor,
  statuses: readonly GameStatus[],
  limit: number,
): Promise<GameSummary[]> {
  return summaries(db, inArray(games.status, [...statuses]), limit);
}

export async function countGames(db: PgExecutor, statuses: readonly GameStatus[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(games)
    .where(inArray(games.status, [...statuses]));
  return row?.count ?? 0;
}

/** `readStoredParts` (lookups.ts) on PostgreSQL: the parts stored states refer to, in one read. */
export async function readStoredParts(
  db: PgExecutor,
  stateJsons: readonly (string | null)[],
): Promise<string[]> {
  const missing = missingParts(stateJsons);
  if (missing.length > 0)
    knowParts(missing, await db.select().from(stateParts).where(inArray(stateParts.hash, missing)));
  return missing;
}
