/**
 * `LobbyStore` and `DiscordLocations` on PostgreSQL: the lobby's decisions are lobby-steps.ts, as on
 * SQLite; each change is one transaction holding the game's row lock (pg-core.ts), so two shards seating
 * people at once take turns.
 */
import { and, eq } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import type { GameId } from './errors.ts';
import {
  checkTurnLimit,
  hostAfterLeaving,
  joinedSeat,
  lobbyColumns,
  lobbyOptions,
  newLobby,
  seatReplacement,
  seatsAfterLeaving,
} from './lobby-steps.ts';
import type { PgCore } from './pg-core.ts';
import { gameMessages, games, seatHolders, seats } from './pg-schema.ts';
import type {
  CreateLobbyInput,
  DiscordLocation,
  GameMessage,
  GameMessageInput,
  GameRecord,
  Participant,
  SeatRecord,
} from './records.ts';
import { OPEN_STATUSES } from './store-core.ts';

export class PgLobbies {
  constructor(private readonly core: PgCore) {}

  async create(input: CreateLobbyInput): Promise<GameRecord> {
    const lobby = newLobby(input);
    const now = this.core.now();
    const game = await this.core.transaction(async (tx) => {
      const [row] = await tx
        .insert(games)
        .values(lobbyColumns(input, lobby, input.seed ?? this.core.seeds(), now))
        .returning({ id: games.id });
      if (!row) throw new Error('inserting a lobby returned no row');
      await this.core.writeSeats(tx, row.id, lobby.seated);
      return this.core.loadFromDatabase(tx, row.id);
    });
    this.core.cache.set(game);
    return game;
  }

  async join(gameId: GameId, participant: Participant): Promise<SeatRecord> {
    const game = await this.core.lobbyChange(gameId, async (tx, game, module) => {
      await tx.insert(seats).values(joinedSeat(game, module, participant));
    });
    const seat = game.seats.at(-1);
    if (!seat) throw new Error(`game #${gameId} lost the seat it just added`);
    return seat;
  }

  leave(gameId: GameId, who: Seat | string): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx, game) => {
      const host = hostAfterLeaving(game, who);
      await this.core.writeSeats(tx, gameId, seatsAfterLeaving(game, who));
      if (host !== undefined) await tx.update(games).set({ hostUserId: host }).where(eq(games.id, gameId));
    });
  }

  setOptions(gameId: GameId, options: Record<string, unknown>): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx, game, module) => {
      const optionsJson = lobbyOptions(game, module, options);
      await tx.update(games).set({ options: optionsJson }).where(eq(games.id, gameId));
    });
  }

  setRated(gameId: GameId, rated: boolean | null): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx) => {
      await tx.update(games).set({ rated }).where(eq(games.id, gameId));
    });
  }

  async setTurnLimit(gameId: GameId, minutes: number | null): Promise<GameRecord> {
    checkTurnLimit(minutes);
    return this.core.lobbyChange(gameId, async (tx) => {
      await tx.update(games).set({ turnLimitMinutes: minutes }).where(eq(games.id, gameId));
    });
  }

  setLanguage(gameId: GameId, language: string): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx) => {
      await tx.update(games).set({ language }).where(eq(games.id, gameId));
    });
  }

  setStandIn(gameId: GameId, level: string | null): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx) => {
      await tx.update(games).set({ standIn: level }).where(eq(games.id, gameId));
    });
  }

  setHints(gameId: GameId, allowed: boolean | null): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx) => {
      await tx.update(games).set({ hints: allowed }).where(eq(games.id, gameId));
    });
  }

  replaceSeat(gameId: GameId, seat: Seat, participant: Participant): Promise<GameRecord> {
    return this.core.change(gameId, OPEN_STATUSES, async (tx, game) => {
      const { columns, handedOver, holders } = seatReplacement(game, seat, participant);
      if (holders.length > 0) await tx.insert(seatHolders).values(holders);
      await tx
        .update(seats)
        .set(columns)
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
      await tx
        .update(games)
        .set({ updatedAt: this.core.now(), ...(handedOver ? { handedOver: true } : {}) })
        .where(eq(games.id, gameId));
    });
  }

  async seatsOf(gameId: GameId): Promise<readonly SeatRecord[]> {
    return (await this.core.getGame(gameId)).seats;
  }
}

export class PgLocations {
  constructor(private readonly core: PgCore) {}

  setLocation(gameId: GameId, location: DiscordLocation): Promise<GameRecord> {
    return this.core.change(gameId, null, async (tx) => {
      await tx
        .update(games)
        .set({ ...location, updatedAt: this.core.now() })
        .where(eq(games.id, gameId));
    });
  }

  /** One statement, atomic on its own; it leaves the game row alone. */
  async setMessage(gameId: GameId, kind: string, message: GameMessageInput | null): Promise<void> {
    const key = and(eq(gameMessages.gameId, gameId), eq(gameMessages.kind, kind));
    // Read even when forgetting, as SQLite's store does: a pinned test clock ticks alike on both.
    const now = this.core.now();
    if (message === null) {
      await this.core.db.delete(gameMessages).where(key);
      return;
    }
    const values = {
      messageId: message.messageId,
      channelId: message.channelId ?? null,
      version: message.version ?? null,
      updatedAt: now,
    };
    await this.core.db
      .insert(gameMessages)
      .values({ gameId, kind, ...values })
      .onConflictDoUpdate({ target: [gameMessages.gameId, gameMessages.kind], set: values });
  }

  async getMessage(gameId: GameId, kind: string): Promise<GameMessage | undefined> {
    const [row] = await this.core.db
      .select({
        messageId: gameMessages.messageId,
        channelId: gameMessages.channelId,
        version: gameMessages.version,
      })
      .from(gameMessages)
      .where(and(eq(gameMessages.gameId, gameId), eq(gameMessages.kind, kind)));
    return row;
  }

  async messagesOf(gameId: GameId): Promise<Record<string, GameMessage>> {
    const rows = await this.core.db.select().from(gameMessages).where(eq(gameMessages.gameId, gameId));
    return Object.fromEntries(
      rows.map((r) => [r.kind, { messageId: r.messageId, channelId: r.channelId, version: r.version }]),
    );
  }
}
