/**
 * Lobbies and seats (`store.lobbies`): creating a lobby, coming and going, its options, and a seat changing
 * hands. Starting the game is `GameStore.startGame`: from then on the game belongs to the rules.
 */
import { and, eq } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import { getGame as getModule } from '../games/registry.ts';
import { type GameId, LobbyError, NotASeatError } from './errors.ts';
import {
  type CreateLobbyInput,
  type GameRecord,
  type Participant,
  participantColumns,
  type SeatRecord,
} from './records.ts';
import { toJson } from './replay.ts';
import { games, seats } from './schema.ts';
import { OPEN_STATUSES, parseOptionsFor, type StoreCore } from './store-core.ts';

export type { CreateLobbyInput } from './records.ts';

export class LobbyStore {
  constructor(private readonly core: StoreCore) {}

  create(input: CreateLobbyInput): GameRecord {
    const module = getModule(input.type);
    const rawOptions = input.options ?? {};
    const seated = input.seats ?? [];
    if (seated.length > module.maxPlayers) {
      throw new RangeError(`${module.title} seats at most ${module.maxPlayers} players`);
    }
    // Fail early on options the module will never accept; the player count is a placeholder until start.
    parseOptionsFor(module, 0, rawOptions, Math.max(module.minPlayers, seated.length));
    const optionsJson = toJson(rawOptions, 'the options');
    const now = this.core.now();
    const game = this.core.transaction(() => {
      const row = this.core.database.db
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
        .returning()
        .get();
      this.core.writeSeats(row.id, seated);
      return this.core.loadFromDatabase(row.id);
    });
    this.core.cache.set(game);
    return game;
  }

  join(gameId: GameId, participant: Participant): SeatRecord {
    const game = this.core.lobbyChange(gameId, (game, module) => {
      if ('userId' in participant && game.seats.some((s) => s.userId === participant.userId)) {
        throw new LobbyError(gameId, 'already-seated', 'You are already in this game.');
      }
      if (game.seats.length >= module.maxPlayers) {
        throw new LobbyError(gameId, 'full', `This game is full (${module.maxPlayers} seats).`, {
          most: module.maxPlayers,
        });
      }
      this.core.database.db
        .insert(seats)
        .values({
          gameId,
          seat: game.seats.length,
          displayName: participant.displayName,
          ...participantColumns(participant),
        })
        .run();
    });
    const seat = game.seats.at(-1);
    if (!seat) throw new Error(`game #${gameId} lost the seat it just added`);
    return seat;
  }

  /** Frees a lobby seat, given as a seat number or a Discord user id; later seats move up. */
  leave(gameId: GameId, who: Seat | string): GameRecord {
    return this.core.lobbyChange(gameId, (game) => {
      const leaving = game.seats.find((s) => (typeof who === 'string' ? s.userId === who : s.seat === who));
      if (!leaving) throw new LobbyError(gameId, 'not-seated', 'You are not in this game.');
      this.core.writeSeats(
        gameId,
        game.seats.filter((s) => s !== leaving),
      );
    });
  }

  setOptions(gameId: GameId, options: Record<string, unknown>): GameRecord {
    return this.core.lobbyChange(gameId, (game, module) => {
      parseOptionsFor(module, gameId, options, Math.max(module.minPlayers, game.seats.length));
      this.core.database.db
        .update(games)
        .set({ options: toJson(options, 'the options') })
        .where(eq(games.id, gameId))
        .run();
    });
  }

  /** Rated (true), casual (false) or automatic (null); see src/ratings/eligibility.ts. */
  setRated(gameId: GameId, rated: boolean | null): GameRecord {
    return this.core.lobbyChange(gameId, () => {
      this.core.database.db.update(games).set({ rated }).where(eq(games.id, gameId)).run();
    });
  }

  /** The host's turn limit, in minutes (null: none); only in the lobby, so nobody's clock changes mid-game. */
  setTurnLimit(gameId: GameId, minutes: number | null): GameRecord {
    if (minutes !== null && (!Number.isInteger(minutes) || minutes <= 0))
      throw new RangeError(`a turn limit is a positive number of minutes, not ${minutes}`);
    return this.core.lobbyChange(gameId, () => {
      this.core.database.db
        .update(games)
        .set({ turnLimitMinutes: minutes })
        .where(eq(games.id, gameId))
        .run();
    });
  }

  /** The language of the game's public messages; only in the lobby, so a game reads the same throughout. */
  setLanguage(gameId: GameId, language: string): GameRecord {
    return this.core.lobbyChange(gameId, () => {
      this.core.database.db.update(games).set({ language }).where(eq(games.id, gameId)).run();
    });
  }

  /**
   * Gives a seat to someone else (a computer player taking over, say); the game state is untouched. During
   * play this marks the game handed over, which keeps it out of the ratings.
   */
  replaceSeat(gameId: GameId, seat: Seat, participant: Participant): GameRecord {
    return this.core.change(gameId, OPEN_STATUSES, (game) => {
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
      this.core.database.db
        .update(seats)
        .set({ displayName: participant.displayName, ...participantColumns(participant) })
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
        .run();
      this.core.database.db
        .update(games)
        .set({ updatedAt: this.core.now(), ...(handedOver ? { handedOver: true } : {}) })
        .where(eq(games.id, gameId))
        .run();
    });
  }

  seatsOf(gameId: GameId): readonly SeatRecord[] {
    return this.core.getGame(gameId).seats;
  }
}
