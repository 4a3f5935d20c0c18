/**
 * The store as the bot uses it, whatever holds the data: every method returns a promise, because a
 * PostgreSQL shared by several shards answers over a socket. The contract is the SQLite store's own
 * (`GameStore` and its parts: same names, arguments, results and errors), made asynchronous; a backend
 * keeps its invariants (README.md): the action log is the truth, one transaction per action with the
 * version check, ratings in the transaction that finishes a game, a scheduled row closed at most once.
 */
import type { RatingBook } from '../ratings/rating-book.ts';
import type { AbsenceStore } from './absence-store.ts';
import type { DiscordLocations } from './discord-locations.ts';
import type { AppliedAction, ApplyInput, GameStore } from './game-store.ts';
import type { LobbyStore } from './lobby-store.ts';
import type { PlayerSettingsStore } from './player-settings-store.ts';
import type { ScheduleStore } from './schedule-store.ts';

/** `T`'s methods, each returning a promise of what it returned. */
export type Async<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

/**
 * What an action writes beside itself, in its transaction, as data rather than a callback: a callback
 * would have to run inside a synchronous SQLite transaction and on a PostgreSQL transaction's client.
 */
export interface Alongside {
  /**
   * The scheduled row (a time-out) that made this move: closed as 'fired' with it. If the row was closed
   * already nothing is written and the call fails (an `Error`, not a refusal: a row fires at most once, so
   * it means a bug).
   */
  readonly fireRow?: number;
  /**
   * The mover's run of time-outs: 'reset' when they moved themselves, 'count' when their turn timed out
   * (the new run is returned as `timeoutsInARow`).
   */
  readonly timeouts?: 'reset' | 'count';
}

export interface StoreApplyInput extends Omit<ApplyInput, 'inSameTransaction'> {
  readonly alongside?: Alongside;
}

export interface StoreAppliedAction extends AppliedAction {
  /** With `alongside.timeouts: 'count'`: the seat's time-outs in a row, this one included. */
  readonly timeoutsInARow?: number;
}

type GameReads = Pick<
  GameStore,
  | 'startGame'
  | 'cancelGame'
  | 'getGame'
  | 'findGame'
  | 'actionLog'
  | 'gamesInChannel'
  | 'gameInThread'
  | 'gamesInGuild'
  | 'gamesOfUser'
  | 'listGames'
  | 'countGames'
>;

export const LOBBY_METHODS = [
  'create',
  'join',
  'leave',
  'setOptions',
  'setRated',
  'setTurnLimit',
  'setLanguage',
  'replaceSeat',
  'seatsOf',
] as const satisfies readonly (keyof LobbyStore)[];
export const LOCATION_METHODS = [
  'setLocation',
  'setMessage',
  'getMessage',
  'messagesOf',
] as const satisfies readonly (keyof DiscordLocations)[];
export const SCHEDULE_METHODS = [
  'plan',
  'find',
  'closeIfDue',
  'postpone',
  'fired',
  'lastPlanned',
  'next',
  'due',
  'markDone',
  'cancelGame',
  'prune',
] as const satisfies readonly (keyof ScheduleStore)[];
export const PLAYER_METHODS = ['get', 'update'] as const satisfies readonly (keyof PlayerSettingsStore)[];
export const ABSENCE_METHODS = [
  'timeoutsInARow',
  'countTimeout',
  'reset',
  'vote',
  'tally',
] as const satisfies readonly (keyof AbsenceStore)[];
export const RATING_METHODS = [
  'board',
  'standing',
  'history',
  'changesOfGame',
  'snapshot',
  'recompute',
  'playedGames',
] as const satisfies readonly (keyof RatingBook)[];

export interface Store extends Async<GameReads> {
  /** Which database holds the games (for logs, the benchmark and the tools). */
  readonly backend: 'sqlite' | 'postgres';
  applyAction(gameId: number, input: StoreApplyInput): Promise<StoreAppliedAction>;
  readonly lobbies: Async<Pick<LobbyStore, (typeof LOBBY_METHODS)[number]>>;
  readonly locations: Async<Pick<DiscordLocations, (typeof LOCATION_METHODS)[number]>>;
  readonly schedule: Async<Pick<ScheduleStore, (typeof SCHEDULE_METHODS)[number]>>;
  readonly players: Async<Pick<PlayerSettingsStore, (typeof PLAYER_METHODS)[number]>>;
  readonly absences: Async<Pick<AbsenceStore, (typeof ABSENCE_METHODS)[number]>>;
  readonly ratings: Async<Pick<RatingBook, (typeof RATING_METHODS)[number]>>;
  /** Games in this process's memory (for tests and the benchmark). */
  readonly cachedGames: number;
  /** Forgets every loaded game; the next touch reads the database again. */
  clearCache(): void;
  /** Closes the connection(s); the store is unusable afterwards. */
  close(): Promise<void>;
}
