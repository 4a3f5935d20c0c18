/**
 * The schedule's key-prefix reads (`fired`, `lastPlanned`) on PostgreSQL use the key's index whatever the
 * database's collation: the column is `COLLATE "C"` (SQLite's byte order), so its unique index is built in
 * the order the prefix range is compared in.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres-store.ts';
import { createTestDatabase, postgresMissing, type TestDatabase } from '../helpers/postgres.ts';
import { createIcuTestDatabase } from './helpers/pg-locale.ts';

const missing = postgresMissing();

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The statements `read` sends through the store's pool. */
async function statementsOf(read: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
  const spy = vi.spyOn(pg.Pool.prototype, 'query');
  try {
    await read();
    return spy.mock.calls.map(([query, values]) => ({
      text: typeof query === 'string' ? query : (query as { text: string }).text,
      values: (values as unknown[] | undefined) ?? [],
    }));
  } finally {
    spy.mockRestore();
  }
}

describe.skipIf(missing !== null)('schedule keys on PostgreSQL', () => {
  let database: TestDatabase;
  let store: PostgresStore;
  let icu = true;

  beforeAll(async () => {
    const withIcu = await createIcuTestDatabase();
    icu = withIcu !== undefined;
    database = withIcu ?? (await createTestDatabase());
    store = await openPostgresStore(database.url, { poolSize: 1 });
    for (const key of ['remind:1:a', 'remind:1:b', 'remind:10:a', 'nudge:1:5', 'timeout:1:a'])
      await store.schedule.plan({ key, gameId: null, kind: 'k', dueAt: new Date(0), payload: {} });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('the key column sorts by bytes, so its unique index serves prefix ranges in any locale', async () => {
    const rows = await withClient(database.url, async (c) => {
      const { rows } = await c.query<{ collation: string | null; definition: string }>(
        `select a.attcollation::regcollation::text as collation, pg_get_indexdef('schedule_key_unique'::regclass) as definition
           from pg_attribute a where a.attrelid = 'schedule'::regclass and a.attname = 'key'`,
      );
      return rows;
    });
    expect(rows[0]?.collation).toBe('"C"');
    expect(rows[0]?.definition).toBe(
      'CREATE UNIQUE INDEX schedule_key_unique ON public.schedule USING btree (key)',
    );
  });

  it('fired and lastPlanned read through the key index in a database whose locale does not sort by bytes', async (context) => {
    if (!icu) return context.skip('the test PostgreSQL has no ICU: the index definition is checked above');
    const statements = [
      ...(await statementsOf(() => store.schedule.fired('remind:1:'))),
      ...(await statementsOf(() => store.schedule.lastPlanned('remind:1:'))),
    ];
    expect(statements).toHaveLength(2);
    await withClient(database.url, async (c) => {
      // A table this small is scanned whatever the indexes; with scans priced out, only an index that
      // can answer the range is taken.
      await c.query('set enable_seqscan = off');
      for (const s of statements) {
        const { rows } = await c.query<{ 'QUERY PLAN': unknown }>(
          `explain (format json) ${s.text}`,
          s.values,
        );
        expect(JSON.stringify(rows[0]?.['QUERY PLAN'])).toContain('"Index Name":"schedule_key_unique"');
      }
    });
    expect(await store.schedule.lastPlanned('remind:1:')).toBeInstanceOf(Date);
    expect(await store.schedule.lastPlanned('remind:2')).toBeUndefined();
  });
});
