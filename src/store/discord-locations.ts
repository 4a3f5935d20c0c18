/**
 * Where a game lives on Discord (`store.locations`): its guild, channel and thread, and the messages the
 * Discord layer keeps pointing at. Apart from the games because the rules never read any of it: a replay of
 * a game is the same wherever it was played.
 */

import { eq } from 'drizzle-orm';
import type { GameId } from './errors.ts';
import type { GameMessage, GameMessageInput } from './messages.ts';
import * as messages from './messages.ts';
import type { DiscordLocation, GameRecord } from './records.ts';
import { games } from './schema.ts';
import type { StoreCore } from './store-core.ts';

export type { DiscordLocation } from './records.ts';

export class DiscordLocations {
  constructor(private readonly core: StoreCore) {}

  /** Records where the game lives on Discord (the thread is often created after the lobby). */
  setLocation(gameId: GameId, location: DiscordLocation): GameRecord {
    return this.core.change(gameId, null, () => {
      this.core.database.db
        .update(games)
        .set({ ...location, updatedAt: this.core.now() })
        .where(eq(games.id, gameId))
        .run();
    });
  }

  /**
   * Remembers the latest message of a kind ('lobby', 'board', ...) for a game; null forgets it. One
   * statement, atomic on its own, and it leaves the game row alone: no transaction, no cache to refresh.
   */
  setMessage(gameId: GameId, kind: string, message: GameMessageInput | null): void {
    messages.setMessage(this.core.database.db, gameId, kind, message, this.core.now());
  }

  getMessage(gameId: GameId, kind: string): GameMessage | undefined {
    return messages.getMessage(this.core.database.db, gameId, kind);
  }

  messagesOf(gameId: GameId): Record<string, GameMessage> {
    return messages.messagesOf(this.core.database.db, gameId);
  }
}
