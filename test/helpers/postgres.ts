/**
 * PostgreSQL for test files: whether the run's server is there (started by postgres-global-setup.ts) and a
 * fresh database on it per test file.
 *
 *   const missing = postgresMissing();
 *   describe.skipIf(missing !== null)('on PostgreSQL', () => {
 *     let database: TestDatabase;
 *     beforeAll(async () => { database = await createTestDatabase(); });
 *     afterAll(() => database?.drop());
 *     ...
 *   });
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type ProvidedPostgres, postgresUrl, REQUIRE_POSTGRES_ENV } from './postgres-server.ts';

export { REQUIRE_POSTGRES_ENV };

let warned = false;

function provided(): ProvidedPostgres {
  // Undefined when the config lacks the global setup (a config of its own, say): then there is no server.
  const value = inject('postgres') as ProvidedPostgres | undefined;
  return value ?? { skip: 'the global setup test/helpers/postgres-global-setup.ts did not run' };
}

/**
 * Null when the run has a PostgreSQL server; otherwise why not, printed once per test file so a skipped
 * suite says why. With SCARAB_REQUIRE_POSTGRES=1 a missing server throws instead: the file fails.
 */
export function postgresMissing(): string | null {
  const value = provided();
  if ('socketDir' in value) return null;
  if (process.env[REQUIRE_POSTGRES_ENV] === '1') {
    throw new Error(`${REQUIRE_POSTGRES_ENV}=1 but there is no test PostgreSQL: ${value.skip}`);
  }
  if (!warned) {
    warned = true;
    console.warn(`skipping the PostgreSQL tests: ${value.skip}`);
  }
  return value.skip;
}

export interface TestDatabase {
  /** `scarab_test_<random>`. */
  readonly name: string;
  /** A `postgresql://` URL through the server's Unix socket, for pg's `Pool`/`Client` (and psql). */
  readonly url: string;
  /** Drops the database, ending any session still connected to it. */
  drop(): Promise<void>;
}

function socketDir(): string {
  const value = provided();
  if ('skip' in value) throw new Error(`no test PostgreSQL: ${value.skip}`);
  return value.socketDir;
}

async function asSuperuser(dir: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl(dir, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database (no tables, no migrations) on the run's server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dir = socketDir();
  const name = `scarab_test_${randomBytes(6).toString('hex')}`;
  await asSuperuser(dir, `create database ${name}`);
  return {
    name,
    url: postgresUrl(dir, name),
    drop: () => asSuperuser(dir, `drop database if exists ${name} with (force)`),
  };
}
