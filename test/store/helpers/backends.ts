/**
 * The store's backends for suites that run once per backend, through the async `Store` contract. Each
 * `open()` gives a store on an empty database of its own: SQLite in a temporary file (so that `another()`
 * is a second connection, as a restarted bot or a second process would have), PostgreSQL on a fresh
 * database of the run's server. PostgreSQL is left out, with the reason printed once per file, when the
 * run has no server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { RngState } from '../../../src/games/kernel/rng.ts';
import { getGame as getModule } from '../../../src/games/registry.ts';
import { openDatabase } from '../../../src/store/database.ts';
import type { GameId } from '../../../src/store/errors.ts';
import { GameStore, type GameStoreOptions } from '../../../src/store/game-store.ts';
import { openPostgresStore } from '../../../src/store/postgres-store.ts';
import { SqliteStore } from '../../../src/store/sqlite-store.ts';
import type { Store, StoreAppliedAction } from '../../../src/store/store.ts';
import { registerDiceRace } from '../../fixtures/dice-race.ts';
import { createTestDatabase, postgresMissing } from '../../helpers/postgres.ts';
import { removeDir } from '../../remove-dir.ts';
import { randomMove } from './random-play.ts';

/** `startedGame` of memory-store.ts through the async contract, on either backend. */
export { startedGameOn } from './pg-store.ts';

export type BackendKind = 'sqlite' | 'postgres';

export interface OpenedBackend {
  readonly store: Store;
  readonly kind: BackendKind;
  /** The SQLite file's path or the PostgreSQL URL: what a child process opens. */
  readonly location: string;
  /** Another store on the same database, with its own connection(s) and an empty cache. */
  another(options?: GameStoreOptions): Promise<Store>;
  /**
   * Runs one SQL statement beside the store (`?` placeholders on both backends): for a test that damages
   * what the store wrote, to prove a check can fail.
   */
  execute(statement: string, params: readonly unknown[]): Promise<void>;
  /** Closes every store opened here and deletes the database. */
  close(): Promise<void>;
}

export interface Backend {
  readonly name: 'SQLite' | 'PostgreSQL';
  readonly kind: BackendKind;
  open(options?: GameStoreOptions): Promise<OpenedBackend>;
}

/** A store whose `close` may be called again (by a case, then by the cleanup): pg's pool refuses that. */
function closingOnce<S extends Store>(store: S): S {
  const close = store.close.bind(store);
  let closing: Promise<void> | undefined;
  store.close = () => {
    closing ??= close();
    return closing;
  };
  return store;
}

async function closeAll(stores: readonly Store[]): Promise<void> {
  for (const store of stores) await store.close();
}

const SQLITE: Backend = {
  name: 'SQLite',
  kind: 'sqlite',
  async open(options = {}) {
    registerDiceRace();
    const dir = mkdtempSync(join(tmpdir(), 'scarab-backend-'));
    const path = join(dir, 'scarab.db');
    const opened: Store[] = [];
    const connect = (o: GameStoreOptions) => {
      const store = closingOnce(new SqliteStore(new GameStore(openDatabase(path), o)));
      opened.push(store);
      return store;
    };
    const store = connect(options);
    return {
      store,
      kind: 'sqlite',
      location: path,
      another: async (o = {}) => connect(o),
      execute: async (statement, params) => {
        store.sync.database.sqlite.prepare(statement).run(...params);
      },
      close: async () => {
        await closeAll(opened);
        removeDir(dir);
      },
    };
  },
};

const POSTGRES: Backend = {
  name: 'PostgreSQL',
  kind: 'postgres',
  async open(options = {}) {
    registerDiceRace();
    const database = await createTestDatabase();
    const opened: Store[] = [];
    const connect = async (o: GameStoreOptions) => {
      const store = closingOnce(await openPostgresStore(database.url, { poolSize: 4, ...o }));
      opened.push(store);
      return store;
    };
    return {
      store: await connect(options),
      kind: 'postgres',
      location: database.url,
      another: connect,
      execute: async (statement, params) => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          let n = 0;
          await client.query(
            statement.replace(/\?/g, () => `$${++n}`),
            [...params],
          );
        } finally {
          await client.end();
        }
      },
      close: async () => {
        await closeAll(opened);
        await database.drop();
      },
    };
  },
};

/** The backends this run can test: SQLite always, PostgreSQL when the run has its server. */
export function availableBackends(): Backend[] {
  return postgresMissing() === null ? [SQLITE, POSTGRES] : [SQLITE];
}

/**
 * Opens backends for a suite's cases and closes whatever a case opened, even when it failed: call
 * `closeOpened` from `afterEach`.
 */
export function backendOpener(backend: Backend) {
  const opened: OpenedBackend[] = [];
  return {
    async open(options?: GameStoreOptions): Promise<OpenedBackend> {
      const o = await backend.open(options);
      opened.push(o);
      return o;
    },
    async closeOpened(): Promise<void> {
      for (const o of opened.splice(0)) await o.close();
    },
  };
}

/** `playRandomAction` of memory-store.ts through the async contract. */
export async function playRandomActionOn(
  store: Store,
  gameId: GameId,
  rng: RngState,
): Promise<StoreAppliedAction | undefined> {
  const game = await store.getGame(gameId);
  const move = randomMove(getModule(game.type), game.state, rng);
  if (!move) return undefined;
  return store.applyAction(gameId, { ...move, expectedVersion: game.version });
}

export const ALL_STATUSES = ['lobby', 'active', 'finished', 'cancelled'] as const;

/**
 * What the tables hold, read through the contract: the logged actions of every game and the sum of their
 * versions. Two equal readings around a refused call mean it wrote nothing.
 */
export async function countsOn(store: Store): Promise<{ actions: number; version: number }> {
  const all = await store.listGames(ALL_STATUSES, 1_000_000);
  let actions = 0;
  let version = 0;
  for (const game of all) {
    actions += (await store.actionLog(game.id)).length;
    version += game.version;
  }
  return { actions, version };
}
