/** Read-only queries for the Discord layer: they return summaries and never load or cache a game's state. */
import { and, asc, desc, eq, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { ScarabDrizzle } from './database.ts';
import type { GameId } from './errors.ts';
import { decodeLines } from './log-codec.ts';
import { type ActionRecord, type GameSummary, LESSON_MARK, toSummary } from './records.ts';
import { actions, type GameStatus, gameMessages, games, seats, stateParts } from './schema.ts';
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

function summaries(db: ScarabDrizzle, where: SQL | undefined, limit = 1_000): GameSummary[] {
  return db
    .select(summaryColumns)
    .from(games)
    .where(where)
    .orderBy(desc(games.id))
    .limit(limit)
    .all()
    .map(toSummary);
}

export function actionLog(db: ScarabDrizzle, gameId: GameId): ActionRecord[] {
  const game = db.select({ type: games.type }).from(games).where(eq(games.id, gameId)).get();
  if (!game) return [];
  return db
    .select()
    .from(actions)
    .where(eq(actions.gameId, gameId))
    .orderBy(asc(actions.seq))
    .all()
    .map((row) => ({
      seq: row.seq,
      seat: row.seat,
      action: JSON.parse(row.action),
      createdAt: row.createdAt,
      said: row.log === null ? [] : decodeLines(game.type, row.log),
      madeBy: row.madeBy,
    }));
}

export function gamesInChannel(
  db: ScarabDrizzle,
  channelId: string,
  statuses: readonly GameStatus[],
): GameSummary[] {
  return summaries(
    db,
    and(
      or(eq(games.channelId, channelId), eq(games.threadId, channelId)),
      inArray(games.status, [...statuses]),
    ),
  );
}

export function gameInThread(db: ScarabDrizzle, threadId: string): GameSummary | undefined {
  return summaries(db, eq(games.threadId, threadId), 1)[0];
}

export function gamesInGuild(
  db: ScarabDrizzle,
  guildId: string,
  statuses: readonly GameStatus[],
): GameSummary[] {
  return summaries(db, and(eq(games.guildId, guildId), inArray(games.status, [...statuses]), notLesson(db)));
}

/** A lesson (`/learn`) is one person's private game: never one of the server's games. */
function notLesson(db: ScarabDrizzle): SQL {
  return notExists(
    db
      .select({ one: gameMessages.gameId })
      .from(gameMessages)
      .where(and(eq(gameMessages.gameId, games.id), eq(gameMessages.kind, LESSON_MARK))),
  );
}

export function gamesOfUser(
  db: ScarabDrizzle,
  userId: string,
  statuses: readonly GameStatus[],
): GameSummary[] {
  return db
    .select(summaryColumns)
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, userId), inArray(games.status, [...statuses])))
    .orderBy(desc(games.id))
    .all()
    .map(toSummary);
}

export function listGames(db: ScarabDrizzle, statuses: readonly GameStatus[], limit: number): GameSummary[] {
  return summaries(db, inArray(games.status, [...statuses]), limit);
}

export function countGames(db: ScarabDrizzle, statuses: readonly GameStatus[]): number {
  const row = db
    .select({ count: sql<number>`count(*)` })
    .from(games)
    .where(inArray(games.status, [...statuses]))
    .get();
  return row?.count ?? 0;
}

/**
 * Reads the parts stored states refer to that this process has not read yet (state-parts.ts), and returns
 * their hashes; throws for one that is not stored.
 */
export function readStoredParts(db: ScarabDrizzle, stateJsons: readonly (string | null)[]): string[] {
  const missing = missingParts(stateJsons);
  if (missing.length > 0)
    knowParts(missing, db.select().from(stateParts).where(inArray(stateParts.hash, missing)).all());
  return missing;
}
