/**
 * The state rewrite of data-migrations.ts on PostgreSQL: a game stored by older rules (the legacy fixture's,
 * copied in as it was) is replayed into today's state shape when the database is opened, exactly as SQLite
 * rewrites the same game, and once.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_REWRITES } from '../../src/store/data-migrations.ts';
import { openDatabase } from '../../src/store/database.ts';
import { openPgDatabase } from '../../src/store/pg-database.ts';
import { createTestDatabase, postgresMissing, type TestDatabase } from '../helpers/postgres.ts';
import { removeDir } from '../remove-dir.ts';

const missing = postgresMissing();
const FIXTURE = new URL('../fixtures/legacy/valley-base-9704a95.db', import.meta.url);
const GAME = 6;

interface GameRow {
  id: number;
  type: string;
  status: string;
  options: string;
  seed: string;
  state: string;
  version: number;
  outcome: string | null;
  created_at: number;
  updated_at: number;
}

describe.skipIf(missing !== null)('stored games of older rules, on PostgreSQL', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'scarab-pg-rewrite-'));
  let database: TestDatabase;
  let legacy: { game: GameRow; actions: { seq: number; seat: number; action: string; created_at: number }[] };

  beforeAll(async () => {
    database = await createTestDatabase();
    // A copy: even a read-only open of a WAL database leaves files beside it, never beside the fixture.
    const copy = join(tmp, 'read.db');
    copyFileSync(FIXTURE, copy);
    const sqlite = new Database(copy, { readonly: true });
    legacy = {
      game: sqlite.prepare('select * from games where id = ?').get(GAME) as GameRow,
      actions: sqlite
        .prepare('select seq, seat, action, created_at from actions where game_id = ? order by seq')
        .all(GAME) as never[],
    };
    sqlite.close();
  });
  afterAll(async () => {
    await database?.drop();
    removeDir(tmp);
  });

  async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('are replayed into the shape of today when the database opens, as on SQLite, and once', async () => {
    await (await openPgDatabase(database.url)).close();
    // The game as the older release stored it, and no record of the rewrite.
    const g = legacy.game;
    await sql(
      `insert into games (id, type, status, options, seed, state, version, outcome, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9 / 1000.0), to_timestamp($10 / 1000.0))`,
      [g.id, g.type, g.status, g.options, g.seed, g.state, g.version, g.outcome, g.created_at, g.updated_at],
    );
    for (const a of legacy.actions)
      await sql(
        'insert into actions (game_id, seq, seat, action, created_at) values ($1, $2, $3, $4, to_timestamp($5 / 1000.0))',
        [g.id, a.seq, a.seat, a.action, a.created_at],
      );
    await sql('delete from data_migrations');

    await (await openPgDatabase(database.url)).close();
    const [row] = await sql<{ state: string }>('select state from games where id = $1', [GAME]);
    expect(row?.state).not.toBe(g.state);
    // SQLite rewrites the same game to the same state.
    const path = join(tmp, 'legacy.db');
    copyFileSync(FIXTURE, path);
    const sqlite = openDatabase(path, { backgroundCheckpoints: false });
    const rewritten = sqlite.sqlite.prepare('select state from games where id = ?').get(GAME) as {
      state: string;
    };
    const sqliteLogs = sqlite.sqlite
      .prepare('select log from actions where game_id = ? order by seq')
      .pluck()
      .all(GAME) as (string | null)[];
    sqlite.close();
    expect(JSON.parse(row?.state ?? 'null')).toEqual(JSON.parse(rewritten.state));
    // What each action said, written into its row by the same replay on either backend.
    const pgLogs = await sql<{ log: string | null }>(
      'select log from actions where game_id = $1 order by seq',
      [GAME],
    );
    expect(pgLogs.map((r) => r.log)).toEqual(sqliteLogs);
    expect(sqliteLogs.filter((l) => l !== null).length).toBeGreaterThan(0);
    const records = await sql<{ note: string }>('select note from data_migrations');
    expect(records.map((r) => r.note)).toEqual(STATE_REWRITES.map(() => 'rewrote 1 game'));

    // Opened again: recorded, so nothing is replayed or written.
    await sql('update games set state = $1 where id = $2', ['{"untouched":true}', GAME]);
    await (await openPgDatabase(database.url)).close();
    const [again] = await sql<{ state: string }>('select state from games where id = $1', [GAME]);
    expect(again?.state).toBe('{"untouched":true}');
  });
});
