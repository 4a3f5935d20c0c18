/**
 * Every row of every table that holds a text, found from the database's own catalog (SQLite's
 * `sqlite_master` and `table_info`, PostgreSQL's `information_schema`): a table or column added later is
 * scanned too, with no list here to keep up. Every column is read as text, so an id kept in a number or a
 * JSON document is found as well.
 */
import type Database from 'better-sqlite3';
import pg from 'pg';
import { SqliteStore } from '../../../src/store/sqlite-store.ts';
import type { OpenedBackend } from './backends.ts';

/** `table.column` → how many rows hold `text` there (only the non-zero ones), and the tables scanned. */
export interface Found {
  readonly tables: readonly string[];
  readonly hits: Readonly<Record<string, number>>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function rowsHolding(opened: OpenedBackend, text: string): Promise<Found> {
  if (opened.store instanceof SqliteStore) return sqliteRowsHolding(opened.store.sync.database.sqlite, text);
  return pgRowsHolding(opened.location, text);
}

/** The tables of a SQLite database, from its catalog. */
export function sqliteTables(sqlite: Database.Database): string[] {
  return (
    sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[]
  ).map((t) => t.name);
}

/** Every row of every table, as text: two equal dumps around a refused request mean it wrote nothing. */
export function sqliteDump(sqlite: Database.Database): string {
  return JSON.stringify(
    sqliteTables(sqlite).map((table) => [table, sqlite.prepare(`select * from ${quote(table)}`).all()]),
    (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : value),
  );
}

export function sqliteRowsHolding(sqlite: Database.Database, text: string): Found {
  const hits: Record<string, number> = {};
  const tables = sqliteTables(sqlite);
  for (const table of tables)
    for (const { name } of sqlite.prepare(`pragma table_info(${quote(table)})`).all() as { name: string }[]) {
      const row = sqlite
        .prepare(`select count(*) as n from ${quote(table)} where instr(cast(${quote(name)} as text), ?) > 0`)
        .get(text) as { n: number };
      if (row.n > 0) hits[`${table}.${name}`] = row.n;
    }
  return { tables, hits };
}

export async function pgRowsHolding(url: string, text: string): Promise<Found> {
  const hits: Record<string, number> = {};
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query<{ table_schema: string; table_name: string; column_name: string }>(
      `select c.table_schema, c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const tables = [...new Set(columns.rows.map((c) => `${c.table_schema}.${c.table_name}`))];
    for (const c of columns.rows) {
      const result = await client.query<{ n: string }>(
        `select count(*) as n from ${quote(c.table_schema)}.${quote(c.table_name)}
         where strpos(${quote(c.column_name)}::text, $1) > 0`,
        [text],
      );
      const n = Number(result.rows[0]?.n ?? 0);
      if (n > 0) hits[`${c.table_name}.${c.column_name}`] = n;
    }
    return { tables: tables.map((t) => t.replace(/^public\./, '')), hits };
  } finally {
    await client.end();
  }
}
