/**
 * PostgreSQL stores for tests: each on a fresh database of the run's server (test/helpers/postgres.ts),
 * with the dice race registered, and closed with the database dropped.
 */
import type { GameId } from '../../../src/store/errors.ts';
import type { GameStoreOptions } from '../../../src/store/game-store.ts';
import { openPostgresStore, type PostgresStore } from '../../../src/store/postgres-store.ts';
import type { Store } from '../../../src/store/store.ts';
import { registerDiceRace } from '../../fixtures/dice-race.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/postgres.ts';

export interface TestPgStore {
  readonly store: PostgresStore;
  readonly database: TestDatabase;
  /** Another store on the same database, with its own pool and cache: another shard. */
  another(options?: GameStoreOptions): Promise<PostgresStore>;
  /** Closes every store opened here and drops the database. */
  close(): Promise<void>;
}

export async function pgStore(options: GameStoreOptions = {}): Promise<TestPgStore> {
  registerDiceRace();
  const database = await createTestDatabase();
  const opened: PostgresStore[] = [];
  const open = async (o: GameStoreOptions) => {
    const store = await openPostgresStore(database.url, { poolSize: 4, ...o });
    opened.push(store);
    return store;
  };
  const store = await open(options);
  return {
    store,
    database,
    another: open,
    close: async () => {
      for (const s of opened) await s.close();
      await database.drop();
    },
  };
}

/** `startedGame` of memory-store.ts through the async API: the same lobby, seats and start. */
export async function startedGameOn(
  store: Store,
  players = 2,
  seed = 'seed',
  extra: Record<string, unknown> = {},
): Promise<GameId> {
  const lobby = await store.lobbies.create({
    type: 'dice-race',
    seed,
    options: extra,
    channelId: 'chan-1',
    guildId: 'guild-1',
    hostUserId: 'user-0',
    seats: Array.from({ length: players }, (_, i) => ({ userId: `user-${i}`, displayName: `Player ${i}` })),
  });
  return (await store.startGame(lobby.id)).id;
}
