/**
 * The PostgreSQL schema (src/store/pg-schema.ts, migrations in src/store/migrations-pg) against a real
 * server: its migrations apply, the result has SQLite's tables, columns, keys, indexes and checks, and a
 * row reads back as the record SQLite gives for the same values.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import * as pgSchema from '../../src/store/pg-schema.ts';
import * as sqliteSchema from '../../src/store/schema.ts';
import { createTestDatabase, postgresMissing, type TestDatabase } from '../helpers/postgres.ts';

const PG_MIGRATIONS = fileURLToPath(new URL('../../src/store/migrations-pg', import.meta.url));

/** The PostgreSQL type each SQLite column kind of schema.ts becomes. */
const PG_TYPE_OF: Record<string, string> = {
  SQLiteInteger: 'integer',
  SQLiteText: 'text',
  SQLiteReal: 'double precision',
  SQLiteTimestamp: 'timestamp with time zone',
  SQLiteBoolean: 'boolean',
};

interface Column {
  nullable: boolean;
  hasDefault: boolean;
}
type Tables = Record<string, Record<string, Column>>;
interface Index {
  table: string;
  columns: string[];
  unique: boolean;
}

function sorted<T>(entries: [string, T][]): Record<string, T> {
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** SQLite's side, from a database migrated the way the bot opens one. */
function sqliteShape(sqlite: ScarabDatabase['sqlite']) {
  const tables = sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' " +
        "and name <> '__drizzle_migrations' order by name",
    )
    .pluck()
    .all() as string[];
  const columns: Tables = {};
  const primaryKeys: Record<string, string[]> = {};
  const foreignKeys: string[] = [];
  const checks: string[] = [];
  for (const table of tables) {
    const info = sqlite.pragma(`table_info(${table})`) as {
      name: string;
      notnull: number;
      dflt_value: unknown;
      pk: number;
    }[];
    columns[table] = sorted(
      info.map((c) => [c.name, { nullable: c.notnull === 0, hasDefault: c.dflt_value !== null }]),
    );
    primaryKeys[table] = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    for (const fk of sqlite.pragma(`foreign_key_list(${table})`) as {
      table: string;
      from: string;
      to: string;
    }[]) {
      foreignKeys.push(`${table}.${fk.from} -> ${fk.table}.${fk.to}`);
    }
    const createSql = sqlite
      .prepare('select sql from sqlite_master where name = ?')
      .pluck()
      .get(table) as string;
    for (const match of createSql.matchAll(/CONSTRAINT "(\w+)" CHECK/g)) checks.push(match[1] as string);
  }
  const indexes: Record<string, Index> = {};
  // `sql is not null`: the indexes the schema declares, not SQLite's automatic ones behind primary keys.
  const rows = sqlite
    .prepare('select name, tbl_name as "table" from sqlite_master where type = \'index\' and sql is not null')
    .all() as { name: string; table: string }[];
  for (const { name, table } of rows) {
    const unique = (sqlite.pragma(`index_list(${table})`) as { name: string; unique: number }[]).find(
      (i) => i.name === name,
    )?.unique;
    const cols = (sqlite.pragma(`index_info(${name})`) as { seqno: number; name: string }[])
      .sort((a, b) => a.seqno - b.seqno)
      .map((c) => c.name);
    indexes[name] = { table, columns: cols, unique: unique === 1 };
  }
  return {
    columns: sorted(Object.entries(columns)),
    primaryKeys: sorted(Object.entries(primaryKeys)),
    foreignKeys: foreignKeys.sort(),
    checks: checks.sort(),
    indexes: sorted(Object.entries(indexes)),
  };
}

async function pgShape(client: pg.ClientBase) {
  const columnRows = (
    await client.query<{
      table_name: string;
      column_name: string;
      is_nullable: 'YES' | 'NO';
      column_default: string | null;
      is_identity: 'YES' | 'NO';
      data_type: string;
      datetime_precision: number | null;
    }>(
      `select table_name, column_name, is_nullable, column_default, is_identity, data_type, datetime_precision
       from information_schema.columns where table_schema = 'public'`,
    )
  ).rows;
  const columns: Tables = {};
  for (const c of columnRows) {
    columns[c.table_name] ??= {};
    (columns[c.table_name] as Record<string, Column>)[c.column_name] = {
      nullable: c.is_nullable === 'YES',
      // An identity column is SQLite's INTEGER PRIMARY KEY: a value comes from the key, not a default.
      hasDefault: c.column_default !== null,
    };
  }
  const indexRows = (
    await client.query<{ name: string; table: string; primary: boolean; unique: boolean; columns: string[] }>(
      `select i.relname as name, t.relname as "table", ix.indisprimary as primary, ix.indisunique as unique,
         array(select a.attname::text from unnest(ix.indkey) with ordinality as k(attnum, n)
               join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n) as columns
       from pg_index ix
       join pg_class i on i.oid = ix.indexrelid
       join pg_class t on t.oid = ix.indrelid
       join pg_namespace ns on ns.oid = t.relnamespace
       where ns.nspname = 'public'`,
    )
  ).rows;
  const constraintRows = (
    await client.query<{ name: string; type: string; table: string; def: string }>(
      `select c.conname as name, c.contype as type, t.relname as "table", pg_get_constraintdef(c.oid) as def
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace ns on ns.oid = t.relnamespace
       where ns.nspname = 'public'`,
    )
  ).rows;
  const foreignKeys = constraintRows
    .filter((c) => c.type === 'f')
    .map((c) => {
      const m = /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)/.exec(c.def);
      if (!m) throw new Error(`unexpected foreign key ${c.def}`);
      return `${c.table}.${m[1]} -> ${m[2]}.${m[3]}`;
    });
  return {
    columns: sorted(Object.entries(columns).map(([t, cols]) => [t, sorted(Object.entries(cols))])),
    primaryKeys: sorted(indexRows.filter((i) => i.primary).map((i) => [i.table, i.columns])),
    foreignKeys: foreignKeys.sort(),
    checks: constraintRows
      .filter((c) => c.type === 'c')
      .map((c) => c.name)
      .sort(),
    indexes: sorted(
      indexRows
        .filter((i) => !i.primary)
        .map((i): [string, Index] => [i.name, { table: i.table, columns: i.columns, unique: i.unique }]),
    ),
    columnRows,
  };
}

describe('the PostgreSQL migrations', () => {
  const journal = JSON.parse(readFileSync(join(PG_MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    dialect: string;
    entries: { idx: number; when: number; tag: string }[];
  };

  it('are committed in order, for PostgreSQL', () => {
    // As for SQLite's: the migrator skips a migration older than the newest applied one.
    expect(journal.dialect).toBe('postgresql');
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(readFileSync(join(PG_MIGRATIONS, `${entry.tag}.sql`), 'utf8').length).toBeGreaterThan(0);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('match pg-schema.ts (run `npm run db:generate` after changing it)', async () => {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    const last = journal.entries.at(-1)!;
    const snapshot = JSON.parse(
      readFileSync(join(PG_MIGRATIONS, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
    );
    expect(await generateMigration(snapshot, generateDrizzleJson({ ...pgSchema }))).toEqual([]);
  });
});

const missing = postgresMissing();

describe.skipIf(missing !== null)('the PostgreSQL schema', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: NodePgDatabase<typeof pgSchema>;
  let sqlite: ScarabDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    db = drizzle(pool, { schema: pgSchema });
    sqlite = openDatabase(':memory:');
  });
  afterAll(async () => {
    sqlite?.close();
    await pool?.end();
    await database?.drop();
  });

  it('is built by its generated migrations, and running them again changes nothing', async () => {
    const journal = JSON.parse(readFileSync(join(PG_MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    await migrate(db, { migrationsFolder: PG_MIGRATIONS });
    await migrate(db, { migrationsFolder: PG_MIGRATIONS });
    const applied = await pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });

  it("has SQLite's tables, columns, nullability, defaults, keys, indexes and checks", async () => {
    const client = await pool.connect();
    let onPg: Awaited<ReturnType<typeof pgShape>>;
    try {
      onPg = await pgShape(client);
    } finally {
      client.release();
    }
    const onSqlite = sqliteShape(sqlite.sqlite);
    expect(Object.keys(onPg.columns)).toEqual(Object.keys(onSqlite.columns));
    expect(onPg.columns).toEqual(onSqlite.columns);
    expect(onPg.primaryKeys).toEqual(onSqlite.primaryKeys);
    expect(onPg.foreignKeys).toEqual(onSqlite.foreignKeys);
    expect(onPg.checks).toEqual(onSqlite.checks);
    expect(onPg.indexes).toEqual(onSqlite.indexes);

    // Each column's type is the one that reads back as the same JS value (see pg-schema.ts).
    const sqliteTables = Object.values(sqliteSchema).filter((v) => {
      try {
        sqliteTableConfig(v as never);
        return true;
      } catch {
        return false;
      }
    });
    expect(sqliteTables.length).toBe(Object.keys(onSqlite.columns).length);
    for (const table of sqliteTables) {
      const config = sqliteTableConfig(table as never);
      for (const column of config.columns) {
        const row = onPg.columnRows.find(
          (r) => r.table_name === config.name && r.column_name === column.name,
        );
        expect({ table: config.name, column: column.name, type: row?.data_type }).toEqual({
          table: config.name,
          column: column.name,
          type: PG_TYPE_OF[column.columnType],
        });
        if (column.columnType === 'SQLiteTimestamp') expect(row?.datetime_precision).toBe(3);
      }
    }
  });

  it('reads a game back as the record SQLite gives for the same values: the same Dates, the same JSON text', async () => {
    const values = {
      type: 'valley',
      status: 'finished' as const,
      // Key order, spacing, escapes and non-ASCII text survive as written: the column is text.
      options: '{"players":3,  "b":[1,2.50],"a":"Ünïcödé ☥ \\u0000 \\"q\\""}',
      seed: 'seed-1',
      state: '{"z":1,"a":{"nested":[true,null]}}',
      version: 7,
      outcome: '{"ranks":[0,1,1]}',
      guildId: '1234567890123456789',
      channelId: '9876543210987654321',
      threadId: null,
      hostUserId: '111111111111111111',
      createdAt: new Date('2024-02-29T23:59:59.987Z'),
      updatedAt: new Date(1_700_000_000_001),
      startedAt: new Date('1969-12-31T23:59:59.999Z'),
      finishedAt: new Date(Date.UTC(2038, 0, 19, 3, 14, 8, 1)),
      rated: true,
      handedOver: false,
      turnLimitMinutes: 1440,
      language: 'es',
    };
    const [inserted] = await db.insert(pgSchema.games).values(values).returning();
    const fromSqlite = sqlite.db.insert(sqliteSchema.games).values(values).returning().get();
    const id = inserted!.id;
    expect(inserted).toEqual({ ...fromSqlite, id });

    // Whatever the session's time zone (a server configured for its owner's), the instants are the same.
    const client = await pool.connect();
    try {
      await client.query("set time zone 'Asia/Kathmandu'");
      const read = await drizzle(client, { schema: pgSchema })
        .select()
        .from(pgSchema.games)
        .where(eq(pgSchema.games.id, id));
      expect(read[0]).toEqual({ ...fromSqlite, id });
      expect(read[0]!.createdAt.getTime()).toBe(values.createdAt.getTime());
      expect(read[0]!.options).toBe(values.options);
      // A Date given as a raw parameter (outside drizzle's column encoding) compares as the same instant.
      const due = await client.query(
        'select count(*)::int as n from games where id = $1 and finished_at = $2',
        [id, values.finishedAt],
      );
      expect(due.rows[0].n).toBe(1);
    } finally {
      await client.query('reset time zone');
      client.release();
    }
  });

  it('keeps doubles exact (ratings) and defaults as SQLite does', async () => {
    const [game] = await db
      .insert(pgSchema.games)
      .values({
        type: 'valley',
        status: 'lobby',
        options: '{}',
        seed: 's',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    expect(game).toMatchObject({ version: 0, handedOver: false, state: null, rated: null });
    const rating = {
      gameType: 'valley',
      scope: 'global',
      userId: '42',
      displayName: 'Ana',
      mu: 25.123456789012344,
      sigma: 8.333333333333334,
      display: 0.1 + 0.2,
      games: 1,
      wins: 1,
      lastPlayedAt: new Date(1_700_000_000_123),
    };
    await db.insert(pgSchema.ratings).values(rating);
    const [read] = await db.select().from(pgSchema.ratings).where(eq(pgSchema.ratings.userId, '42'));
    expect(read).toEqual(rating);
  });

  it('enforces the same keys and checks', async () => {
    const now = new Date();
    const [game] = await db
      .insert(pgSchema.games)
      .values({ type: 'valley', status: 'lobby', options: '{}', seed: 's', createdAt: now, updatedAt: now })
      .returning();
    const gameId = game!.id;
    const seat = (n: number, userId: string | null, botKind: string | null) =>
      db.insert(pgSchema.seats).values({ gameId, seat: n, userId, botKind, displayName: `p${n}` });
    // Several computer players (NULL user ids are distinct in the unique index), each person once.
    await seat(0, null, 'random');
    await seat(1, null, 'random');
    await seat(2, '7', null);
    await expect(seat(3, '7', null)).rejects.toThrow();
    await expect(seat(3, '8', 'random')).rejects.toThrow(); // both a person and a computer player
    await expect(seat(-1, '9', null)).rejects.toThrow();
    await expect(seat(0, '9', null)).rejects.toThrow(); // the seat is taken
    await expect(
      db.insert(pgSchema.seats).values({ gameId: gameId + 1000, seat: 0, userId: '1', displayName: 'x' }),
    ).rejects.toThrow(); // no such game
    await expect(
      db.update(pgSchema.games).set({ status: 'active' }).where(eq(pgSchema.games.id, gameId)),
    ).rejects.toThrow(); // active without a state
    await expect(db.execute(sql`update games set status = 'paused' where id = ${gameId}`)).rejects.toThrow();
    await db.insert(pgSchema.actions).values({ gameId, seq: 1, seat: 0, action: '{}', createdAt: now });
    await expect(
      db.insert(pgSchema.actions).values({ gameId, seq: 1, seat: 1, action: '{}', createdAt: now }),
    ).rejects.toThrow(); // a doubled append
    await expect(
      db.insert(pgSchema.actions).values({ gameId, seq: 0, seat: 1, action: '{}', createdAt: now }),
    ).rejects.toThrow();
  });

  it("never reuses a deleted row's id, like AUTOINCREMENT", async () => {
    const now = new Date();
    const newGame = async () => {
      const [row] = await db
        .insert(pgSchema.games)
        .values({ type: 'valley', status: 'lobby', options: '{}', seed: 's', createdAt: now, updatedAt: now })
        .returning({ id: pgSchema.games.id });
      return row!.id;
    };
    const first = await newGame();
    const second = await newGame();
    await db.delete(pgSchema.games).where(eq(pgSchema.games.id, second));
    const third = await newGame();
    expect(third).toBeGreaterThan(second);
    await db.delete(pgSchema.games).where(sql`${pgSchema.games.id} >= ${first}`);
    const fourth = await newGame();
    expect(fourth).toBeGreaterThan(third);

    // The schedule's ids too.
    const plan = async (key: string) => {
      const [row] = await db
        .insert(pgSchema.schedule)
        .values({ key, kind: 'reminder', dueAt: now, payload: '{}', createdAt: now })
        .returning({ id: pgSchema.schedule.id });
      return row!.id;
    };
    const a = await plan('a');
    await db.delete(pgSchema.schedule);
    expect(await plan('a')).toBeGreaterThan(a);
  });

  it('takes a given id (a move from SQLite keeps ids) and, once the sequence is set past it, never hands it out', async () => {
    const now = new Date();
    const given = 1_000_000;
    await db.insert(pgSchema.games).values({
      id: given,
      type: 'valley',
      status: 'lobby',
      options: '{}',
      seed: 's',
      createdAt: now,
      updatedAt: now,
    });
    await db.execute(sql`select setval(pg_get_serial_sequence('games', 'id'), (select max(id) from games))`);
    const [next] = await db
      .insert(pgSchema.games)
      .values({ type: 'valley', status: 'lobby', options: '{}', seed: 's', createdAt: now, updatedAt: now })
      .returning({ id: pgSchema.games.id });
    expect(next!.id).toBe(given + 1);
  });
});
