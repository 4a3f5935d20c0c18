/**
 * Opening a PostgreSQL store's connection: a `pg.Pool` under drizzle, and the committed migrations of
 * ./migrations-pg run at every open. Shards of one bot boot together, so the migrations run while holding a
 * session advisory lock: the first shard migrates, the others wait for it and then find nothing to do.
 */
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fromRoot } from '../paths.ts';
import { runPgDataMigrations } from './pg-data-migrations.ts';
import * as schema from './pg-schema.ts';

export const PG_MIGRATIONS_FOLDER = fromRoot('src', 'store', 'migrations-pg');

/** Any number the bot's other advisory locks never use: "SCARAB" spelt in hex-ish digits. */
export const MIGRATION_LOCK = 0x5ca7ab01;

export type PgDrizzle = NodePgDatabase<typeof schema>;
/** The pool's database or one transaction on it: what every query helper accepts. */
export type PgExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface PgConnection {
  readonly pool: pg.Pool;
  readonly db: PgDrizzle;
  close(): Promise<void>;
}

export interface OpenPgOptions {
  /** Connections in the pool (default 10). */
  readonly poolSize?: number;
  /** Another migrations folder (tests); defaults to the committed one. */
  readonly migrationsFolder?: string;
}

export async function openPgDatabase(url: string, options: OpenPgOptions = {}): Promise<PgConnection> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client losing its connection (the server restarting) must not crash the process.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migrate(drizzle(client, { schema }), {
          migrationsFolder: options.migrationsFolder ?? PG_MIGRATIONS_FOLDER,
        });
        // Games stored by older rules are replayed into today's state shape once (data-migrations.ts), which
        // writes today's columns: a database migrated only so far (tests of older schemas) waits for the rest.
        if ((options.migrationsFolder ?? PG_MIGRATIONS_FOLDER) === PG_MIGRATIONS_FOLDER)
          for (const problem of await runPgDataMigrations(client))
            process.emitWarning(`a stored game was left in an older shape: ${problem}`);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { pool, db: drizzle(pool, { schema }), close: () => pool.end() };
}
