/**
 * What the lobby decides, whichever database holds the game: who may take or leave a seat, which options
 * and turn limits are accepted, what a seat changing hands writes. Both backends (lobby-store.ts,
 * pg-lobbies.ts) call these inside their own transaction, on the game as committed, and only write what
 * they return, so SQLite and PostgreSQL refuse and record exactly alike (as game-steps.ts does for moves).
 */
import type { Seat } from '../games/kernel/types.ts';
import type { AnyGame } from '../games/registry.ts';
import { getGame as getModule } from '../games/registry.ts';
import { LobbyError, NotASeatError } from './errors.ts';
import {
  type CreateLobbyInput,
  type GameRecord,
  type Participant,
  participantColumns,
  type SeatRecord,
} from './records.ts';
import { toJson } from './replay.ts';
import { handoverRows } from './seat-history.ts';
import { parseOptionsFor } from './store-core.ts';

/** A lobby about to be created: its game, who is seated at once, and the options as stored. */
export interface NewLobby {
  readonly module: AnyGame;
  readonly seated: readonly Participant[];
  readonly optionsJson: string;
}

/**
 * Checks a new lobby before anything is written: a known game type, no more seats than it has, options it
 * accepts (the player count a placeholder until the start) and that can be stored as JSON.
 */
export function newLobby(input: CreateLobbyInput): NewLobby {
  const module = getModule(input.type);
  const rawOptions = input.options ?? {};
  const seated = input.seats ?? [];
  if (seated.length > module.maxPlayers) {
    throw new RangeError(`${module.title} seats at most ${module.maxPlayers} players`);
  }
  // Fail early on options the module will never accept; the player count is a placeholder until start.
  parseOptionsFor(module, 0, rawOptions, Math.max(module.minPlayers, seated.length));
  return { module, seated, optionsJson: toJson(rawOptions, 'the options') };
}

/** The new lobby's game row (its id is the database's). */
export function lobbyColumns(input: CreateLobbyInput, lobby: NewLobby, seed: string, now: Date) {
  return {
    type: lobby.module.id,
    status: 'lobby' as const,
    options: lobby.optionsJson,
    seed,
    guildId: input.guildId ?? null,
    channelId: input.channelId ?? null,
    threadId: input.threadId ?? null,
    hostUserId: input.hostUserId ?? null,
    rated: input.rated ?? null,
    turnLimitMinutes: input.turnLimitMinutes ?? null,
    language: input.language ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The seat row `participant` takes, last; refused when they are seated already or the game is full. */
export function joinedSeat(game: GameRecord, module: AnyGame, participant: Participant) {
  const gameId = game.id;
  if ('userId' in participant && game.seats.some((s) => s.userId === participant.userId)) {
    throw new LobbyError(gameId, 'already-seated', 'You are already in this game.');
  }
  if (game.seats.length >= module.maxPlayers) {
    throw new LobbyError(gameId, 'full', `This game is full (${module.maxPlayers} seats).`, {
      most: module.maxPlayers,
    });
  }
  return {
    gameId,
    seat: game.seats.length,
    displayName: participant.displayName,
    ...participantColumns(participant),
  };
}

/** The seats once `who` (a seat number or a Discord user id) has left, to renumber; refused when absent. */
export function seatsAfterLeaving(game: GameRecord, who: Seat | string): SeatRecord[] {
  const leaving = game.seats.find((s) => (typeof who === 'string' ? s.userId === who : s.seat === who));
  if (!leaving) throw new LobbyError(game.id, 'not-seated', 'You are not in this game.');
  return game.seats.filter((s) => s !== leaving);
}

/**
 * Who hosts the lobby once `who` has left: unchanged (undefined) unless the host leaves, when the lobby goes
 * to the first person still seated — or to nobody (null), which leaves a lobby only its cancel can close.
 */
export function hostAfterLeaving(game: GameRecord, who: Seat | string): string | null | undefined {
  const leaving = game.seats.find((s) => (typeof who === 'string' ? s.userId === who : s.seat === who));
  if (!leaving || leaving.userId === null || leaving.userId !== game.hostUserId) return undefined;
  return game.seats.find((s) => s !== leaving && s.userId !== null && s.botKind === null)?.userId ?? null;
}

/** The options as stored, once the module accepts them for the players seated (at least its minimum). */
export function lobbyOptions(game: GameRecord, module: AnyGame, options: Record<string, unknown>): string {
  parseOptionsFor(module, game.id, options, Math.max(module.minPlayers, game.seats.length));
  return toJson(options, 'the options');
}

/** A turn limit is a positive whole number of minutes, or null for none; checked before any read. */
export function checkTurnLimit(minutes: number | null): void {
  if (minutes !== null && (!Number.isInteger(minutes) || minutes <= 0))
    throw new RangeError(`a turn limit is a positive number of minutes, not ${minutes}`);
}

/**
 * What giving `seat` to `participant` writes: the seat's new columns, its holders' history during play, and
 * whether the game is now handed
 * over (a person leaving or joining mid-game makes the result no one's whole game; computers swapping is
 * not). Refused for a seat the game does not have, or a person seated elsewhere in it.
 */
export function seatReplacement(
  game: GameRecord,
  seat: Seat,
  participant: Participant,
): {
  readonly columns: ReturnType<typeof seatColumns>;
  readonly handedOver: boolean;
  /** The `seat_holders` rows to add (seat-history.ts): none in the lobby. */
  readonly holders: ReturnType<typeof handoverRows>;
} {
  const gameId = game.id;
  if (!game.seats.some((s) => s.seat === seat)) throw new NotASeatError(gameId, seat);
  if ('userId' in participant && game.seats.some((s) => s.userId === participant.userId && s.seat !== seat)) {
    throw new LobbyError(gameId, 'already-seated', 'That player already has a seat in this game.', {
      who: 'someone',
    });
  }
  const handedOver =
    game.status === 'active' &&
    (game.seats.find((s) => s.seat === seat)?.userId != null || 'userId' in participant);
  return { columns: seatColumns(participant), handedOver, holders: handoverRows(game, seat, participant) };
}

function seatColumns(participant: Participant) {
  return { displayName: participant.displayName, ...participantColumns(participant) };
}
