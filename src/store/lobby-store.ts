/**
 * Lobbies and seats (`store.lobbies`): creating a lobby, coming and going, its options, and a seat changing
 * hands. Starting the game is `GameStore.startGame`: from then on the game belongs to the rules. What each
 * change decides (who may sit, which options) is lobby-steps.ts, shared with PostgreSQL; this only writes it.
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
import type { CreateLobbyInput, GameRecord, Participant, SeatRecord } from './records.ts';
import { games, seatHolders, seats } from './schema.ts';
import { OPEN_STATUSES, type StoreCore } from './store-core.ts';

export type { CreateLobbyInput } from './records.ts';

export class LobbyStore {
  constructor(private readonly core: StoreCore) {}

  create(input: CreateLobbyInput): GameRecord {
    const lobby = newLobby(input);
    const now = this.core.now();
    const game = this.core.transaction(() => {
      const row = this.core.database.db
        .insert(games)
        .values(lobbyColumns(input, lobby, input.seed ?? this.core.seeds(), now))
        .returning()
        .get();
      this.core.writeSeats(row.id, lobby.seated);
      return this.core.loadFromDatabase(row.id);
    });
    this.core.cache.set(game);
    return game;
  }

  join(gameId: GameId, participant: Participant): SeatRecord {
    const game = this.core.lobbyChange(gameId, (game, module) => {
      this.core.database.db
        .insert(seats)
        .values(joinedSeat(game, module, participant))
        .run();
    });
    const seat = game.seats.at(-1);
    if (!seat) throw new Error(`game #${gameId} lost the seat it just added`);
    return seat;
  }

  /** Frees a lobby seat, given as a seat number or a Discord user id; later seats move up. */
  leave(gameId: GameId, who: Seat | string): GameRecord {
    return this.core.lobbyChange(gameId, (game) => {
      const host = hostAfterLeaving(game, who);
      this.core.writeSeats(gameId, seatsAfterLeaving(game, who));
      if (host !== undefined)
        this.core.database.db.update(games).set({ hostUserId: host }).where(eq(games.id, gameId)).run();
    });
  }

  setOptions(gameId: GameId, options: Record<string, unknown>): GameRecord {
    return this.core.lobbyChange(gameId, (game, module) => {
      const optionsJson = lobbyOptions(game, module, options);
      this.core.database.db.update(games).set({ options: optionsJson }).where(eq(games.id, gameId)).run();
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
    checkTurnLimit(minutes);
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

  /** The level of the computer playing timed-out or absent people's turns (null: the default); only in the lobby. */
  setStandIn(gameId: GameId, level: string | null): GameRecord {
    return this.core.lobbyChange(gameId, () => {
      this.core.database.db.update(games).set({ standIn: level }).where(eq(games.id, gameId)).run();
    });
  }

  /** Whether a casual table offers hints (null: the default, allowed); only in the lobby. */
  setHints(gameId: GameId, allowed: boolean | null): GameRecord {
    return this.core.lobbyChange(gameId, () => {
      this.core.database.db.update(games).set({ hints: allowed }).where(eq(games.id, gameId)).run();
    });
  }

  /**
   * Gives a seat to someone else (a computer player taking over, say); the game state is untouched. During
   * play this marks the game handed over, which keeps it out of the ratings, and keeps who held the seat
   * until now and who holds it from this version (`seat_holders`, seat-history.ts).
   */
  replaceSeat(gameId: GameId, seat: Seat, participant: Participant): GameRecord {
    return this.core.change(gameId, OPEN_STATUSES, (game) => {
      const { columns, handedOver, holders } = seatReplacement(game, seat, participant);
      if (holders.length > 0) this.core.database.db.insert(seatHolders).values(holders).run();
      this.core.database.db
        .update(seats)
        .set(columns)
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
