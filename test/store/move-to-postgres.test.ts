/**
 * Moving a SQLite database to PostgreSQL: a file with every kind of row (real games played through
 * `GameStore`: finished and rated, running, cancelled, a lobby; schedule rows done and pending; settings; an
 * absence vote) moved into a fresh database, checked, and played on there; and every refusal and
 * difference reported with nothing written.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { getTableName, is, sql } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { checkMoved, MoveError, moveToPostgres } from '../../src/store/move-to-postgres.ts';
import { MOVED_TABLES, UNMOVED_TABLES } from '../../src/store/move-to-postgres-tables.ts';
import { openPostgresStore } from '../../src/store/postgres-store.ts';
import type { GameRecord } from '../../src/store/records.ts';
import * as sqliteSchema from '../../src/store/schema.ts';
import { GAME_STATUSES } from '../../src/store/schema.ts';
import { createTestDatabase, postgresMissing, type TestDatabase } from '../helpers/postgres.ts';
import { removeDir } from '../remove-dir.ts';
import { HOUR, must, started } from '../tournaments/helpers.ts';
import { REPO, runTs } from './helpers/children.ts';
import { randomMove } from './helpers/random-play.ts';

const ALL_TABLES = [
  'games',
  'seats',
  'seat_holders',
  'actions',
  'game_messages',
  'ratings',
  'rating_changes',
  'guild_settings',
  'seasons',
  'schedule',
  'player_settings',
  'seat_votes',
  'state_parts',
  'key_moments',
  'tournaments',
  'tournament_entrants',
  'tournament_rounds',
  'tournament_tables',
  'tournament_results',
];

interface Fixture {
  readonly path: string;
  readonly ids: {
    readonly finished: readonly number[];
    readonly active: number;
    readonly cancelled: number;
    readonly lobby: number;
  };
  /** The running game as the SQLite store read it. */
  readonly active: GameRecord;
  /** The highest game id SQLite ever gave (higher than any row: a game was deleted). */
  readonly highestGameId: number;
  readonly highestScheduleId: number;
}

/** A Scarab database file as a bot leaves it, closed. */
function makeFixture(dir: string): Fixture {
  const path = join(dir, 'scarab.db');
  const database = openDatabase(path, { backgroundCheckpoints: false });
  let t = Date.UTC(2026, 2, 1);
  const now = () => {
    t += 1_000;
    return new Date(t);
  };
  const store = new GameStore(database, { now });
  const rng = seedRng('move');
  const people = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({ userId: `user-${from + i}`, displayName: `Player ${from + i}` }));
  const start = (type: string, players: number, guildId: string, from = 0) =>
    store.startGame(
      store.lobbies.create({
        type,
        seed: `seed-${t}`,
        guildId,
        channelId: `chan-${guildId}`,
        hostUserId: `user-${from}`,
        seats: people(players, from),
      }).id,
    ).id;
  const play = (id: number, moves = Number.POSITIVE_INFINITY) => {
    for (let i = 0; i < moves; i++) {
      const game = store.getGame(id);
      const move = randomMove(getGame(game.type), game.state, rng);
      if (!move) return;
      store.applyAction(id, { ...move, expectedVersion: game.version });
    }
  };

  const finished = [
    start('valley', 3, 'guild-1'),
    start('archaeology', 2, 'guild-2', 1),
    start('valley', 2, 'guild-1', 1),
  ];
  for (const id of finished) play(id);
  const active = start('valley', 3, 'guild-1');
  play(active, 6);
  // A seat handed over during play: its holders move too (seat_holders).
  store.lobbies.replaceSeat(active, 2, { botKind: 'normal', displayName: 'Computer' });
  play(active, 6);
  const cancelled = start('archaeology', 3, 'guild-2');
  play(cancelled, 4);
  store.cancelGame(cancelled);
  const lobby = store.lobbies.create({ type: 'valley', guildId: 'guild-1', seats: people(1, 4) }).id;

  store.locations.setMessage(active, 'board', { messageId: 'msg-1', channelId: 'chan-guild-1', version: 12 });
  store.locations.setMessage(lobby, 'lobby', { messageId: 'msg-2' });
  const due = (ms: number) => new Date(Date.UTC(2026, 2, 2) + ms);
  store.schedule.plan({
    key: `remind:${active}:1`,
    gameId: active,
    kind: 'remind',
    dueAt: due(0),
    payload: {},
  });
  store.schedule.plan({
    key: `timeout:${active}:2`,
    gameId: active,
    kind: 'timeout',
    dueAt: due(9),
    payload: { seat: 1 },
  });
  store.schedule.plan({ key: 'vacation:user-2', gameId: null, kind: 'vacation', dueAt: due(5), payload: {} });
  store.schedule.markDone(store.schedule.find(`remind:${active}:1`)?.id as number, 'fired');
  store.players.update('user-0', {
    timeZone: 'Europe/Madrid',
    quietStart: 22 * 60,
    quietEnd: 7 * 60,
    turnDms: true,
  });
  store.players.update('user-2', { vacationUntil: due(5) });
  store.guilds.update('g-1', {
    seasonCadence: 'quarterly',
    seasonZone: 'Europe/Madrid',
    seasonChannelId: 'c-1',
  });
  store.absences.countTimeout(active, 1);
  store.absences.vote(active, 1, 'user-0', 'replace');
  store.keyMoments.save({
    gameId: finished[0] as number,
    moments: [{ seat: 0, move: 12, loss: 0.21 }],
    decisions: 40,
    computedAt: due(60_000),
  });
  // A tournament in its first round: one table linked to its game, with its result.
  const begun = started(4, { tableSize: 2, rounds: 2 });
  const tournament = store.tournaments.create({
    guildId: 'guild-1',
    channelId: 'chan-guild-1',
    createdBy: 'user-0',
    seed: begun.seed,
    settings: begun.settings,
    createdAt: begun.createdAt,
  });
  const id = Number(tournament.tournament.id);
  const table = begun.rounds[0]?.tables[0];
  if (!table) throw new Error('no table');
  const reported = must(begun, {
    type: 'report',
    tableId: table.id,
    places: table.seats.map((userId, i) => ({ userId, place: i + 1 })),
    ending: 'played',
    at: begun.createdAt + 10 * HOUR,
  });
  store.tournaments.save(id, 0, { ...reported, id: String(id) });
  store.tournaments.linkGame(id, table.id, finished[1] as number);

  for (const id of finished) expect(store.getGame(id).status).toBe('finished');
  expect(store.getGame(active).status).toBe('active');
  // A game deleted since (an import done over, say): its id must never be handed out again.
  database.sqlite.prepare("update sqlite_sequence set seq = seq + 7 where name = 'games'").run();
  const highestGameId = database.sqlite
    .prepare("select seq from sqlite_sequence where name = 'games'")
    .pluck()
    .get() as number;
  const highestScheduleId = database.sqlite.prepare('select max(id) from schedule').pluck().get() as number;
  const record = store.getGame(active);
  database.close();
  return {
    path,
    ids: { finished, active, cancelled, lobby },
    active: record,
    highestGameId,
    highestScheduleId,
  };
}

function fingerprint(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function rowCounts(url: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ALL_TABLES) {
    const [row] = await query<{ n: number }>(url, `select count(*)::int as n from ${table}`);
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

const missing = postgresMissing();

describe.skipIf(missing !== null)('moving from SQLite to PostgreSQL', () => {
  let dir: string;
  let fixture: Fixture;
  const databases: TestDatabase[] = [];
  const fresh = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scarab-move-'));
    fixture = makeFixture(dir);
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
    removeDir(dir);
  });

  it('moves every table of the schema', () => {
    expect(MOVED_TABLES.map((t) => t.name).sort()).toEqual([...ALL_TABLES].sort());
    // The rest of the schema is the database's own bookkeeping, which each database keeps for itself.
    const schemaTables = Object.values(sqliteSchema)
      .filter((t) => is(t, SQLiteTable))
      .map((t) => getTableName(t as SQLiteTable));
    expect([...ALL_TABLES, ...UNMOVED_TABLES].sort()).toEqual(schemaTables.sort());
    expect(MOVED_TABLES[0]?.name).toBe('games');
  });

  it('copies every row, checks the copy, and the bot carries on there; a second move is refused', async () => {
    const target = await fresh();
    const before = fingerprint(fixture.path);
    const progress: string[] = [];
    const report = await moveToPostgres({
      from: fixture.path,
      to: target.url,
      batchSize: 7,
      onProgress: (m) => progress.push(m),
    });
    expect(report.differences).toEqual([]);
    expect(report.moved).toBe(true);
    expect(report.tables.map((t) => t.name)).toEqual(MOVED_TABLES.map((t) => t.name));
    for (const table of report.tables) {
      expect(table.sqliteRows, table.name).toBeGreaterThan(0);
      expect(table.postgresRows, table.name).toBe(table.sqliteRows);
      expect(table.postgresChecksum, table.name).toBe(table.sqliteChecksum);
    }
    expect(report.games).toBe(6);
    expect(report.ratedGames).toBe(3);
    expect(progress).toContain('copied games: 6 rows');
    expect(fingerprint(fixture.path)).toBe(before);

    const sqlite = new BetterSqlite3(fixture.path, { readonly: true });
    const counts = Object.fromEntries(
      ALL_TABLES.map((t) => [t, sqlite.prepare(`select count(*) from ${t}`).pluck().get() as number]),
    );
    const sqliteIds = sqlite.prepare('select id from games order by id').pluck().all();
    sqlite.close();
    expect(await rowCounts(target.url)).toEqual(counts);
    expect(
      (await query<{ id: number }>(target.url, 'select id from games order by id')).map((r) => r.id),
    ).toEqual(sqliteIds);

    // A second move into the now non-empty database: refused, and nothing there changes.
    await expect(moveToPostgres({ from: fixture.path, to: target.url })).rejects.toThrow(
      /not empty \(rows in games, seats, .*\): .* nothing was written/,
    );
    expect(await rowCounts(target.url)).toEqual(counts);
    expect((await checkMoved({ from: fixture.path, to: target.url })).differences).toEqual([]);

    const store = await openPostgresStore(target.url, { poolSize: 2 });
    try {
      const active = await store.getGame(fixture.ids.active);
      expect(active).toEqual(fixture.active);
      expect(await store.countGames(GAME_STATUSES)).toBe(6);
      const move = randomMove(getGame(active.type), active.state, seedRng('on postgres'));
      if (!move) throw new Error('the running game waits for nobody');
      const applied = await store.applyAction(active.id, { ...move, expectedVersion: active.version });
      expect(applied.seq).toBe(active.version + 1);
      expect(await store.absences.tally(active.id, 1)).toEqual({ replace: 1, wait: 0 });
      expect((await store.players.get('user-0')).timeZone).toBe('Europe/Madrid');
      expect(
        (await store.ratings.board({ gameType: 'valley', scope: 'global' }, 0)).rows.length,
      ).toBeGreaterThan(0);

      const lobby = await store.lobbies.create({
        type: 'valley',
        seats: [{ userId: 'new', displayName: 'New' }],
      });
      expect(lobby.id).toBe(fixture.highestGameId + 1);
      await store.schedule.plan({
        key: 'new-row',
        gameId: lobby.id,
        kind: 'remind',
        dueAt: new Date(),
        payload: {},
      });
      expect((await store.schedule.find('new-row'))?.id).toBe(fixture.highestScheduleId + 1);
    } finally {
      await store.close();
    }
  });

  it('commits nothing when the copy does not check out', async () => {
    const target = await fresh();
    const { active } = fixture.ids;
    const report = await moveToPostgres({
      from: fixture.path,
      to: target.url,
      beforeCheck: async (tx) => {
        await tx.execute(sql`update actions set seat = (seat + 1) % 3 where game_id = ${active} and seq = 3`);
      },
    });
    expect(report.moved).toBe(false);
    expect(report.differences).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^actions: row \\(game_id ${active}, seq 3\\) differs: seat is \\d in the SQLite file, \\d on PostgreSQL$`,
          ),
        ),
        'actions: the checksums differ',
        expect.stringMatching(new RegExp(`^game #${active} \\(valley\\) on PostgreSQL: `)),
      ]),
    );
    expect(Object.values(await rowCounts(target.url))).toEqual(ALL_TABLES.map(() => 0));
  });

  it('finds a copy damaged after the move, and says whether the file has the problem too', async () => {
    const target = await fresh();
    expect((await moveToPostgres({ from: fixture.path, to: target.url })).differences).toEqual([]);
    const [finished] = fixture.ids.finished;
    await query(target.url, "update actions set action = '{}' where game_id = $1 and seq = 2", [finished]);
    await query(target.url, 'delete from seat_votes');
    await query(
      target.url,
      "update ratings set mu = mu + 1 where scope = 'global' and user_id = 'user-0' and game_type = 'valley'",
    );
    const check = await checkMoved({ from: fixture.path, to: target.url });
    const text = check.differences.join('\n');
    expect(text).toMatch(
      new RegExp(`actions: row \\(game_id ${finished}, seq 2\\) differs: action is .* on PostgreSQL`),
    );
    expect(text).toMatch(
      /seat_votes: row \(game_id \d+, seat 1, voter_id "user-0"\) is missing on PostgreSQL/,
    );
    expect(text).toMatch(/seat_votes: 1 rows in the SQLite file, 0 on PostgreSQL/);
    expect(text).toMatch(
      new RegExp(`game #${finished} \\(valley\\) on PostgreSQL: replay fails at action #2`),
    );
    expect(text).not.toMatch(/the SQLite file has this problem too/);
    expect(text).toMatch(
      /ratings: row \(game_type "valley", scope "global", user_id "user-0"\) differs: mu is/,
    );
    expect(text).toMatch(/ratings valley global user-0: copied .*, recomputed/);
    // The check itself changed nothing.
    expect((await rowCounts(target.url)).seat_votes).toBe(0);
  });

  it('refuses bad input with a message, writing nothing', async () => {
    const target = await fresh();
    const notSqlite = join(dir, 'notes.txt');
    writeFileSync(notSqlite, 'hello, this is not a database');
    const otherSqlite = join(dir, 'other.db');
    const other = new BetterSqlite3(otherSqlite);
    other.exec('create table things (id integer primary key)');
    other.close();
    // A file whose games an older bot stored and no current one has opened since: not yet rewritten.
    const unrewritten = join(dir, 'unrewritten.db');
    copyFileSync(fixture.path, unrewritten);
    const raw = new BetterSqlite3(unrewritten);
    raw.exec('delete from data_migrations');
    raw.close();
    const cases: [string, string, RegExp][] = [
      [join(dir, 'missing.db'), target.url, /cannot find the SQLite database .*missing\.db/],
      [notSqlite, target.url, /is not a SQLite database/],
      [otherSqlite, target.url, /is a SQLite database but not Scarab's/],
      [
        unrewritten,
        target.url,
        /games were stored by an older Scarab \(not yet rewritten: 2026-11-messages-only, 2026-11-log-leaves-state, 2026-11-shared-state-parts\)/,
      ],
      [fixture.path, 'mysql://somewhere/db', /is not a PostgreSQL URL/],
      [
        fixture.path,
        'postgresql://scarab:secret@127.0.0.1:1/none',
        /cannot connect .* postgresql:\/\/scarab:\*\*\*@127\.0\.0\.1:1\/none/,
      ],
    ];
    for (const [from, to, message] of cases) {
      const attempt = moveToPostgres({ from, to });
      await expect(attempt, from).rejects.toThrow(MoveError);
      await expect(attempt, from).rejects.toThrow(message);
    }
    // Refused before connecting: not even the migrations ran on the target.
    const tables = await query(
      target.url,
      "select 1 from information_schema.tables where table_schema = 'public'",
    );
    expect(tables).toEqual([]);
  });

  it('rolls everything back when PostgreSQL refuses a row that SQLite let in', async () => {
    const target = await fresh();
    const damaged = join(dir, 'damaged.db');
    copyFileSync(fixture.path, damaged);
    const file = new BetterSqlite3(damaged);
    // A hand edit with the sqlite3 shell can break a check SQLite enforces only on its own writes.
    file.pragma('ignore_check_constraints = ON');
    file.prepare('update games set version = -1 where id = ?').run(fixture.ids.lobby);
    file.close();
    await expect(moveToPostgres({ from: damaged, to: target.url })).rejects.toThrow(
      /the move failed and was rolled back, nothing was committed: .*games_version_check/,
    );
    expect(Object.values(await rowCounts(target.url))).toEqual(ALL_TABLES.map(() => 0));
  });

  it('moves nothing from a file whose own games do not replay, and says the file is at fault', async () => {
    const target = await fresh();
    const broken = join(dir, 'broken.db');
    copyFileSync(fixture.path, broken);
    const file = new BetterSqlite3(broken);
    file
      .prepare("update games set state = json_set(state, '$.turn.number', 999) where id = ?")
      .run(fixture.ids.active);
    file.close();
    const report = await moveToPostgres({ from: broken, to: target.url });
    expect(report.moved).toBe(false);
    expect(report.differences).toEqual([
      expect.stringMatching(
        new RegExp(
          `^game #${fixture.ids.active} \\(valley\\) on PostgreSQL: state differs .* at \\$\\.turn\\.number: ` +
            'stored 999, .*\\(the SQLite file has this problem too',
        ),
      ),
    ]);
    expect(Object.values(await rowCounts(target.url))).toEqual(ALL_TABLES.map(() => 0));
  });

  it('a move refused after its commit empties the target again, and the next move is accepted', async () => {
    const target = await fresh();
    // Refused before its commit (the check differs): rolled back, the migrated tables stay, empty.
    const differing = await moveToPostgres({
      from: fixture.path,
      to: target.url,
      beforeCheck: async (tx) => {
        await tx.execute(sql`delete from seat_votes`);
      },
    });
    expect(differing.moved).toBe(false);
    // What the bot's own store reads back after the commit fails: the move is refused, and takes its rows back.
    const refused = await moveToPostgres({
      from: fixture.path,
      to: target.url,
      afterCommit: async (db) => {
        await db.execute(sql`update games set state = '{' where id = (select max(id) from games)`);
      },
    });
    expect(refused.moved).toBe(false);
    expect(refused.differences).toEqual([
      expect.stringMatching(/^PostgresStore cannot read game #\d+ back: /),
    ]);
    expect(Object.values(await rowCounts(target.url))).toEqual(ALL_TABLES.map(() => 0));
    const report = await moveToPostgres({ from: fixture.path, to: target.url });
    expect(report.differences).toEqual([]);
    expect(report.moved).toBe(true);
  });

  it('runs as `npm run games -- move-to-postgres` does: a move, then a refusal', async () => {
    const target = await fresh();
    const script = join(REPO, 'src/tools/games.ts');
    const args = ['move-to-postgres', '--from', fixture.path, '--to', target.url];
    const moved = await runTs(script, args);
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/^moved .*scarab\.db to postgresql:.* in \d+\.\d s$/m);
    expect(moved.stdout).toMatch(/^ {2}actions +\d+ rows {2}sha256 [0-9a-f]{16} {2}=$/m);
    expect(moved.stdout).toMatch(/verified: .* 6 games replay .* from 3 rated games/);

    const refused = await runTs(script, args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: the PostgreSQL database is not empty/);
    expect(refused.stdout).toBe('');

    const usage = await runTs(script, ['move-to-postgres', '--from', fixture.path]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/needs --from <sqlite file> and --to/);
  });
});
