/**
 * How the crash and race writers (child processes) open their store: through the async contract on the
 * backend named by their first argument, as the bot would. SQLite reads DATABASE_PATH, PostgreSQL
 * DATABASE_URL.
 */
import { openPostgresStore } from '../../../src/store/postgres-store.ts';
import { SqliteStore } from '../../../src/store/sqlite-store.ts';
import { openStore } from '../../../src/store/startup.ts';
import type { Store } from '../../../src/store/store.ts';

export async function openChildStore(backend: string | undefined): Promise<Store> {
  if (backend === 'sqlite') return new SqliteStore(openStore());
  if (backend === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('the postgres writer needs DATABASE_URL');
    return openPostgresStore(url, { poolSize: 2 });
  }
  throw new Error(`unknown backend '${backend}' (sqlite or postgres)`);
}

/** The environment a writer child needs to open `location` on `backend`. */
export function childEnv(backend: 'sqlite' | 'postgres', location: string): NodeJS.ProcessEnv {
  return backend === 'sqlite' ? { DATABASE_PATH: location } : { DATABASE_URL: location };
}
