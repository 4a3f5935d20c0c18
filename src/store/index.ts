/** The game store's public surface (see README.md next to this file). */
export {
  DatabaseOpenError,
  DEFAULT_DATABASE_PATH,
  databasePathFromEnv,
  type OpenDatabaseOptions,
  openDatabase,
  type ScarabDatabase,
} from './database.ts';
export { type DiscordLocation, DiscordLocations } from './discord-locations.ts';
export {
  type GameId,
  GameNotFoundError,
  InvalidActionError,
  InvalidOptionsError,
  LobbyError,
  type LobbyProblem,
  NotASeatError,
  RuleRefusedError,
  StaleVersionError,
  StoreError,
  WrongStatusError,
} from './errors.ts';
export { EXPORT_FORMAT, exportGame, type GameExport, ImportError, importGame } from './export-import.ts';
export {
  type AppliedAction,
  type ApplyInput,
  GameStore,
  type GameStoreOptions,
  OPEN_STATUSES,
  PLAYER_COUNT_OPTION,
} from './game-store.ts';
export { type CreateLobbyInput, LobbyStore } from './lobby-store.ts';
export type { GameMessage, GameMessageInput } from './messages.ts';
export type {
  ActionRecord,
  GameRecord,
  GameStatus,
  GameSummary,
  Participant,
  SeatRecord,
} from './records.ts';
export { firstDifference, type ReplayInput, type ReplayResult, replay } from './replay.ts';
export { openStore, openStoreOrExit } from './startup.ts';
export { type VerifyProblem, type VerifyReport, verifyAll, verifyGame } from './verify.ts';
