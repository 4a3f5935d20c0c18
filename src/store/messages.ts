/** The Discord messages a game points at (its lobby, its latest board, ...), the latest one of each kind. */
import { and, eq } from 'drizzle-orm';
import type { ScarabDrizzle } from './database.ts';
import type { GameId } from './errors.ts';
import type { GameMessage, GameMessageInput } from './records.ts';
import { gameMessages } from './schema.ts';

export type { GameMessage, GameMessageInput } from './records.ts';

export function setMessage(
  db: ScarabDrizzle,
  gameId: GameId,
  kind: string,
  message: GameMessageInput | null,
  now: Date,
): void {
  if (message === null) {
    db.delete(gameMessages)
      .where(and(eq(gameMessages.gameId, gameId), eq(gameMessages.kind, kind)))
      .run();
    return;
  }
  const values = {
    messageId: message.messageId,
    channelId: message.channelId ?? null,
    version: message.version ?? null,
    updatedAt: now,
  };
  db.insert(gameMessages)
    .values({ gameId, kind, ...values })
    .onConflictDoUpdate({ target: [gameMessages.gameId, gameMessages.kind], set: values })
    .run();
}

export function getMessage(db: ScarabDrizzle, gameId: GameId, kind: string): GameMessage | undefined {
  const row = db
    .select({
      messageId: gameMessages.messageId,
      channelId: gameMessages.channelId,
      version: gameMessages.version,
    })
    .from(gameMessages)
    .where(and(eq(gameMessages.gameId, gameId), eq(gameMessages.kind, kind)))
    .get();
  return row;
}

export function messagesOf(db: ScarabDrizzle, gameId: GameId): Record<string, GameMessage> {
  const rows = db.select().from(gameMessages).where(eq(gameMessages.gameId, gameId)).all();
  return Object.fromEntries(
    rows.map((r) => [r.kind, { messageId: r.messageId, channelId: r.channelId, version: r.version }]),
  );
}
