import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, runGamesCli } from '../../src/tools/games.ts';
import { registerDiceRace } from '../fixtures/dice-race.ts';
import { createTestDatabase, postgresMissing, type TestDatabase } from '../helpers/postgres.ts';
import { removeDir } from '../remove-dir.ts';
import { pgRowsHolding } from './helpers/rows-naming.ts';
import { finishedRecord, user } from './helpers/snowflake-games.ts';

/**
 * `npm run games` on a PostgreSQL deployment (issue #35, item 5): with DATABASE_URL set, every verb works on
 * that database, as the bot would open it, and no SQLite file is made. The same verbs on SQLite are in
 * tools.test.ts.
 */
registerDiceRace();
const missing = postgresMissing();

describe.skipIf(missing !== null)('the games tool with DATABASE_URL', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'scarab-games-pg-'));
  const sqlitePath = join(tmp, 'never.db');
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    removeDir(tmp);
  });

  function cli(): CliIo & { out: string[]; err: string[] } {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
      env: { DATABASE_URL: database.url, DATABASE_PATH: sqlitePath },
      readStdin: () => '',
    };
  }

  async function run(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const io = cli();
    const code = await runGamesCli(args, io);
    return { code, out: io.out, err: io.err };
  }

  it('imports, refuses a duplicate, exports, and verifies on PostgreSQL', async () => {
    const record = finishedRecord('tool-on-pg', 3);
    const file = join(tmp, 'record.json');
    writeFileSync(file, JSON.stringify(record));

    expect(await run('import', file)).toEqual({
      code: 0,
      out: [
        `imported game #${record.game.id} as game #1; it counts in nobody’s statistics or ratings (--count-in-stats to count it)`,
      ],
      err: [],
    });
    expect(await run('import', file)).toMatchObject({
      code: 1,
      err: [expect.stringMatching(/duplicates game #1 /)],
    });

    const exported = join(tmp, 'back.json');
    expect(await run('export', '1', exported)).toEqual({
      code: 0,
      out: [`exported game #1 to ${exported}`],
      err: [],
    });
    const back = JSON.parse(readFileSync(exported, 'utf8'));
    expect({ ...back, exportedAt: record.exportedAt }).toEqual({
      ...record,
      game: { ...record.game, id: 1 },
    });
    expect(await run('export', '2', '-')).toMatchObject({ code: 1, err: ['error: There is no game #2.'] });

    expect(await run('verify')).toEqual({ code: 0, out: ['verified 1 games: all consistent'], err: [] });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('update games set version = version + 1 where id = 1');
    } finally {
      await client.end();
    }
    const tampered = await run('verify');
    expect(tampered.code).toBe(1);
    expect(tampered.out).toEqual([
      expect.stringMatching(/^game #1 \(dice-race\): version is \d+ but the log holds \d+ actions$/),
      'verified 1 games: 1 inconsistent',
    ]);

    // Nothing went to the SQLite file DATABASE_PATH names.
    expect(existsSync(sqlitePath)).toBe(false);
  });

  it('forgets a person on PostgreSQL: no row holds their id, and a bad id is refused', async () => {
    const other = await createTestDatabase();
    try {
      const env = { DATABASE_URL: other.url, DATABASE_PATH: sqlitePath };
      const file = join(tmp, 'forget.json');
      writeFileSync(file, JSON.stringify(finishedRecord('forget-on-pg', 3)));
      expect(await runGamesCli(['import', file], { ...cli(), env })).toBe(0);
      expect((await pgRowsHolding(other.url, user(1))).hits).not.toEqual({});
      const bad = { ...cli(), env };
      expect(await runGamesCli(['forget', 'user-1'], bad)).toBe(2);
      expect(bad.err[0]).toMatch(/'user-1' is not a Discord user id/);
      const io = { ...cli(), env };
      expect(await runGamesCli(['forget', user(1)], io)).toBe(0);
      expect(io.out[0]).toMatch(/^forgot \d+: 1 game\(s\) now name them "a former player"/);
      expect((await pgRowsHolding(other.url, user(1))).hits).toEqual({});
    } finally {
      await other.drop();
    }
  });

  it('refuses a DATABASE_URL that is not PostgreSQL’s', async () => {
    const io = { ...cli(), env: { DATABASE_URL: 'mysql://x' } };
    expect(await runGamesCli(['verify'], io)).toBe(2);
  });
});
