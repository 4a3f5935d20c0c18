/**
 * `LobbyStore` and `DiscordLocations` on PostgreSQL: the same checks in the same order, each change one
 * transaction holding the game's row lock (pg-core.ts), so two shards seating people at once take turns.
 */
import { and, eq } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import { getGame as getModule } from '../games/registry.ts';
import { type GameId, LobbyError, NotASeatError } from './errors.ts';
import type { PgCore } from './pg-core.ts';
import { gameMessages, games, seats } from './pg-schema.ts';
import {
  type CreateLobbyInput,
  type DiscordLocation,
  type GameMessage,
  type GameMessageInput,
  type GameRecord,
  type Participant,
  participantColumns,
  type SeatRecord,
} from './records.ts';
import { toJson } from './replay.ts';
import { OPEN_STATUSES, parseOptionsFor } from './store-core.ts';

export class PgLobbies {
  constructor(private readonly core: PgCore) {}

  async create(input: CreateLobbyInput): Promise<GameRecord> {
    const module = getModule(input.type);
    const rawOptions = input.options ?? {};
    const seated = input.seats ?? [];
    if (seated.length > module.maxPlayers) {
      throw new RangeError(`${module.title} seats at most ${module.maxPlayers} players`);
    }
    parseOptionsFor(module, 0, rawOptions, Math.max(module.minPlayers, seated.length));
    const optionsJson = toJson(rawOptions, 'the options');
    const now = this.core.now();
    const game = await this.core.transaction(async (tx) => {
      const [row] = await tx
        .insert(games)
        .values({
          type: module.id,
          status: 'lobby',
          options: optionsJson,
          seed: input.seed ?? this.core.seeds(),
          guildId: input.guildId ?? null,
          channelId: input.channelId ?? null,
          threadId: input.threadId ?? null,
          hostUserId: input.hostUserId ?? null,
          rated: input.rated ?? null,
          turnLimitMinutes: input.turnLimitMinutes ?? null,
          language: input.language ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: games.id });
      if (!row) throw new Error('inserting a lobby returned no row');
      await this.core.writeSeats(tx, row.id, seated);
      return this.core.loadFromDatabase(tx, row.id);
    });
    this.core.cache.set(game);
    return game;
  }

  async join(gameId: GameId, participant: Participant): Promise<SeatRecord> {
    const game = await this.core.lobbyChange(gameId, async (tx, game, module) => {
      if ('userId' in participant && game.seats.some((s) => s.userId === participant.userId)) {
        throw new LobbyError(gameId, 'already-seated', 'You are already in this game.');
      }
      if (game.seats.length >= module.maxPlayers) {
        throw new LobbyError(gameId, 'full', `This game is full (${module.maxPlayers} seats).`, {
          most: module.maxPlayers,
        });
      }
      await tx.insert(seats).values({
        gameId,
        seat: game.seats.length,
        displayName: participant.displayName,
        ...participantColumns(participant),
      });
    });
    const seat = game.seats.at(-1);
    if (!seat) throw new Error(`game #${gameId} lost the seat it just added`);
    return seat;
  }

  leave(gameId: GameId, who: Seat | string): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx, game) => {
      const leaving = game.seats.find((s) => (typeof who === 'string' ? s.userId === who : s.seat === who));
      if (!leaving) throw new LobbyError(gameId, 'not-seated', 'You are not in this game.');
      await this.core.writeSeats(
        tx,
        gameId,
        game.seats.filter((s) => s !== leaving),
      );
    });
  }

  setOptions(gameId: GameId, options: Record<string, unknown>): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx, game, module) => {
      parseOptionsFor(module, gameId, options, Math.max(module.minPlayers, game.seats.length));
      await tx
        .update(games)
        .set({ options: toJson(options, 'the options') })
        .where(eq(games.id, gameId));
    });
  }

  setRated(gameId: GameId, rated: boolean | null): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx) => {
      await tx.update(games).set({ rated }).where(eq(games.id, gameId));
    });
  }

  async setTurnLimit(gameId: GameId, minutes: number | null): Promise<GameRecord> {
    if (minutes !== null && (!Number.isInteger(minutes) || minutes <= 0))
      throw new RangeError(`a turn limit is a positive number of minutes, not ${minutes}`);
    return this.core.lobbyChange(gameId, async (tx) => {
      await tx.update(games).set({ turnLimitMinutes: minutes }).where(eq(games.id, gameId));
    });
  }

  setLanguage(gameId: GameId, language: string): Promise<GameRecord> {
    return this.core.lobbyChange(gameId, async (tx) => {
      await tx.update(games).set({ language }).where(eq(games.id, gameId));
    });
  }

  replaceSeat(gameId: GameId, seat: Seat, participant: Participant): Promise<GameRecord> {
    return this.core.change(gameId, OPEN_STATUSES, async (tx, game) => {
      if (!game.seats.some((s) => s.seat === seat)) throw new NotASeatError(gameId, seat);
      if (
        'userId' in participant &&
        game.seats.some((s) => s.userId === participant.userId && s.seat !== seat)
      ) {
        throw new LobbyError(gameId, 'already-seated', 'That player already has a seat in this game.', {
          who: 'someone',
        });
      }
      // A person leaving or joining mid-game makes the result no one's whole game; computers swapping is not.
      const handedOver =
        game.status === 'active' &&
        (game.seats.find((s) => s.seat === seat)?.userId != null || 'userId' in participant);
      await tx
        .update(seats)
        .set({ displayName: participant.displayName, ...participantColumns(participant) })
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
