/**
 * A test database whose text does not sort by bytes (an ICU locale), unlike the run's C-locale server:
 * where the PostgreSQL store must say `COLLATE "C"` to give SQLite's order. Undefined when the server
 * was built without ICU.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestDatabase } from '../../helpers/postgres.ts';
import { type ProvidedPostgres, postgresUrl } from '../../helpers/postgres-server.ts';

async function asSuperuser<T>(dir: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgresUrl(dir, 'postgres') });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function createIcuTestDatabase(): Promise<TestDatabase | undefined> {
  const provided = inject('postgres') as ProvidedPostgres | undefined;
  if (!provided || 'skip' in provided) throw new Error('no test PostgreSQL');
  const dir = provided.socketDir;
  const icu = await asSuperuser(dir, "select 1 from pg_collation where collprovider = 'i' limit 1");
  if (icu.length === 0) return undefined;
  const name = `scarab_test_icu_${randomBytes(6).toString('hex')}`;
  await asSuperuser(
    dir,
    `create database ${name} template template0 encoding 'UTF8' locale 'C' locale_provider icu icu_locale 'en-US'`,
  );
  return {
    name,
    url: postgresUrl(dir, name),
    drop: async () => {
      await asSuperuser(dir, `drop database if exists ${name} with (force)`);
    },
  };
}
