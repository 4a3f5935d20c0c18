/** How the bot (or any long-running process) gets its store: open, migrate, and nothing loaded eagerly. */
import { DatabaseOpenError, databasePathFromEnv, openDatabase } from './database.ts';
import { GameStore, type GameStoreOptions } from './game-store.ts';

/** Throws `DatabaseOpenError` with a message for the person starting the bot. */
export function openStore(env: NodeJS.ProcessEnv = process.env, options: GameStoreOptions = {}): GameStore {
  return new GameStore(openDatabase(databasePathFromEnv(env)), options);
}

/**
 * For entry points: a database that cannot be opened stops the process with the reason on stderr and exit
 * code 1, before anything else starts (and before anything writes to the file).
 */
export function openStoreOrExit(
  env: NodeJS.ProcessEnv = process.env,
  options: GameStoreOptions = {},
): GameStore {
  try {
    return openStore(env, options);
  } catch (error) {
    if (!(error instanceof DatabaseOpenError)) throw error;
    process.stderr.write(`scarab: cannot start: ${error.message}\n`);
    process.exit(1);
  }
}
