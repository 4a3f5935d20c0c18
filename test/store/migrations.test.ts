import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { creditedNames } from '../../src/discord/seat-names.ts';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import * as schema from '../../src/store/schema.ts';
import { diceRace, registerDiceRace } from '../fixtures/dice-race.ts';
import { removeDir } from '../remove-dir.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};
const tmp = mkdtempSync(join(tmpdir(), 'scarab-migrations-'));
afterAll(() => removeDir(tmp));

/** A copy of the migrations folder holding only the first `count` migrations: the schema of an older bot. */
function olderMigrations(count: number): string {
  const dir = join(tmp, `upto-${count}`);
  mkdirSync(join(dir, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count);
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  return dir;
}

/** Tables with their columns, indexes and foreign keys, as SQLite reports them (not the CREATE text). */
function schemaOf(sqlite: BetterSqlite3.Database): Record<string, unknown> {
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((t) => [
      t,
      {
        columns: sqlite.pragma(`table_xinfo(${t})`),
        indexes: (sqlite.pragma(`index_list(${t})`) as { name: string }[])
          .map((i) => ({ ...i, columns: sqlite.pragma(`index_xinfo(${i.name})`) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        foreignKeys: sqlite.pragma(`foreign_key_list(${t})`),
        checks: (
          (sqlite.prepare('select sql from sqlite_master where name = ?').pluck().get(t) as string).match(
            /CONSTRAINT "\w+" CHECK/g,
          ) ?? []
        ).sort(),
      },
    ]),
  );
}

/** What a game row written before a column existed reads in it after the upgrade. */
const NEW_GAME_COLUMN_DEFAULTS = { rated: null, handed_over: 0 };

function pickColumns(row: Record<string, unknown>, like: object): Record<string, unknown> {
  return Object.fromEntries(Object.keys(like).map((k) => [k, row[k]]));
}

function appliedMigrations(sqlite: BetterSqlite3.Database): number[] {
  return sqlite.prepare('select created_at from __drizzle_migrations order by id').pluck().all() as number[];
}

describe('migrations', () => {
  it('are committed in order: each journal entry has its SQL and a later timestamp than the one before', () => {
    // The migrator skips a migration older than the newest applied one, so a clock that went backwards
    // on a developer's machine would silently lose a migration.
    expect(journal.entries.length).toBeGreaterThanOrEqual(2);
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(readFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8').length).toBeGreaterThan(0);
      if (i > 0) expect(entry.when).toBeGreaterThan((journal.entries[i - 1] as JournalEntry).when);
    });
  });

  it('match schema.ts (run `npx drizzle-kit generate` after changing it)', async () => {
    const { generateSQLiteDrizzleJson, generateSQLiteMigration } = await import('drizzle-kit/api');
    const last = journal.entries.at(-1) as JournalEntry;
    const snapshot = JSON.parse(
      readFileSync(
        join(MIGRATIONS_FOLDER, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`),
        'utf8',
      ),
    );
    const current = await generateSQLiteDrizzleJson({ ...schema });
    expect(await generateSQLiteMigration(snapshot, current)).toEqual([]);
  });

  it('bring an empty database to the current schema', () => {
    const db = openDatabase(':memory:');
    expect(Object.keys(schemaOf(db.sqlite))).toEqual([
      '__drizzle_migrations',
      'actions',
      'data_migrations',
      'game_messages',
      'games',
      'guild_settings',
      'key_moments',
      'player_settings',
      'rating_changes',
      'ratings',
      'schedule',
      'seasons',
      'seat_holders',
      'seat_votes',
      'seats',
      'state_parts',
      'tournament_entrants',
      'tournament_results',
      'tournament_rounds',
      'tournament_tables',
      'tournaments',
    ]);
    // The action log is one B-tree clustered by game and move, with no second index for its key.
    const actionsSql = db.sqlite
      .prepare("select sql from sqlite_master where name = 'actions'")
      .pluck()
      .get();
    expect(actionsSql).toMatch(/\) WITHOUT ROWID$/);
    expect(
      db.sqlite
        .prepare("select count(*) from sqlite_master where tbl_name = 'actions' and type = 'index'")
        .pluck()
        .get(),
    ).toBe(0);
    expect(appliedMigrations(db.sqlite)).toEqual(journal.entries.map((e) => e.when));
    db.close();
  });

  it('are idempotent: opening a current database again changes nothing', () => {
    const path = join(tmp, 'twice.db');
    openDatabase(path).close();
    const again = openDatabase(path);
    expect(appliedMigrations(again.sqlite)).toHaveLength(journal.entries.length);
    again.close();
  });

  // Every older schema, not only the previous one: a bot may be upgraded across several releases at once.
  it.each(journal.entries.slice(0, -1).map((e) => [e.idx + 1, e.tag]))(
    'bring a database made by the first %i migration(s) (up to %s), with games in it, to the current schema',
    (count) => {
      registerDiceRace();
      const path = join(tmp, `from-${count}.db`);
      const old = openDatabase(path, { migrationsFolder: olderMigrations(count) });
      // Rows written as an older bot would have (raw SQL: the current drizzle schema may not fit it).
      // The state its rules dealt (opening the database replays every game: data-migrations.ts).
      const state = JSON.stringify(diceRace.setup({ players: 2, goal: 30 }, 'old'));
      old.sqlite
        .prepare(
          `insert into games (type, status, options, seed, state, version, channel_id, created_at, updated_at)
           values ('dice-race', 'active', '{"players":2,"goal":30}', 'old', ?, 0, 'c1', 1, 1)`,
        )
        .run(state);
      old.sqlite
        .prepare(
          "insert into seats (game_id, seat, user_id, bot_kind, display_name) values (1, 0, 'u1', null, 'Ann'), (1, 1, null, 'random', 'Bot')",
        )
        .run();
      const before = old.sqlite.prepare('select * from games').all();
      old.close();

      const upgraded = openDatabase(path);
      const fresh = openDatabase(':memory:');
      expect(schemaOf(upgraded.sqlite)).toEqual(schemaOf(fresh.sqlite));
      expect(appliedMigrations(upgraded.sqlite)).toEqual(journal.entries.map((e) => e.when));
      // Every old column keeps its value; columns added since hold their defaults.
      const after = upgraded.sqlite.prepare('select * from games').all() as Record<string, unknown>[];
      expect(after.map((row) => pickColumns(row, before[0] as object))).toEqual(before);
      expect(after[0]).toMatchObject(NEW_GAME_COLUMN_DEFAULTS);

      // And the upgraded bot can carry on with the old game.
      const store = new GameStore(upgraded);
      expect(store.gamesOfUser('u1').map((g) => g.id)).toEqual([1]);
      const applied = store.applyAction(1, {
        seat: 0,
        action: { type: 'move', die: 'a' },
        expectedVersion: 0,
      });
      expect(applied.game.version).toBe(1);
      upgraded.close();
      fresh.close();
    },
  );

  it('bring finished games from before ratings into the ratings: a recompute rates those the rule rates', () => {
    registerDiceRace();
    const previous = journal.entries.length - 1;
    const path = join(tmp, 'before-ratings.db');
    const old = openDatabase(path, { migrationsFolder: olderMigrations(previous) });
    const outcome = (ranks: number[]) =>
      JSON.stringify({
        results: ranks.map((rank, seat) => ({ seat, score: 40 - rank, rank, tieBreakers: [] })),
        summary: 'old',
      });
    const insertGame = old.sqlite.prepare(
      `insert into games (type, status, options, seed, state, version, outcome, guild_id, created_at, updated_at, finished_at)
       values ('dice-race', ?, '{"players":2,"goal":30}', 'old', '{}', 9, ?, 'g1', 1, ?, ?)`,
    );
    insertGame.run('finished', outcome([1, 2]), 20, 20); // #1: two people: rated by the automatic rule
    insertGame.run('finished', outcome([2, 1]), 10, 10); // #2: a computer seat: casual
    insertGame.run('cancelled', null, 30, 30); // #3: cancelled
    insertGame.run('finished', outcome([2, 1]), 15, 15); // #4: two people, finished before #1
    old.sqlite
      .prepare(
        `insert into seats (game_id, seat, user_id, bot_kind, display_name) values (1, 0, 'u1', null, 'Ann'), (1, 1, 'u2', null, 'Bob'),
           (2, 0, 'u1', null, 'Ann'), (2, 1, null, 'heuristic', 'Khufu'),
           (3, 0, 'u1', null, 'Ann'), (3, 1, 'u2', null, 'Bob'),
           (4, 0, 'u1', null, 'Ann'), (4, 1, 'u2', null, 'Bob')`,
      )
      .run();
    old.close();

    const upgraded = openDatabase(path);
    const store = new GameStore(upgraded);
    expect(store.getGame(1)).toMatchObject({ rated: null, handedOver: false });
    expect(store.ratings.snapshot()).toEqual({ ratings: [], changes: [] });
    expect(store.ratings.recompute()).toEqual({ ratedGames: 2, ratings: 4 });
    const board = store.ratings.board({ gameType: 'dice-race', scope: 'g1' }, 1);
    expect(board.rows.map((r) => [r.displayName, r.games, r.wins])).toEqual([
      ['Ann', 2, 1],
      ['Bob', 2, 1],
    ]);
    // In finishing order: #4 (Bob won), then #1 (Ann won).
    const history = store.ratings.history({ gameType: 'dice-race', scope: 'global' }, 'u1');
    expect(history.map((h) => h.gameId)).toEqual([4, 1]);
    upgraded.close();
  });

  it('keep what can be known of a game handed over before seat holders were kept: its holders from move ?', () => {
    registerDiceRace();
    const before = journal.entries.findIndex((e) => e.tag.endsWith('_seat_holders'));
    const path = join(tmp, 'before-seat-holders.db');
    const old = openDatabase(path, { migrationsFolder: olderMigrations(before) });
    const state = JSON.stringify(diceRace.setup({ players: 2, goal: 30 }, 'old'));
    old.sqlite
      .prepare(
        `insert into games (type, status, options, seed, state, version, channel_id, handed_over, created_at, updated_at)
         values ('dice-race', 'active', '{"players":2,"goal":30}', 'old', ?, 0, 'c1', 1, 1, 1)`,
      )
      .run(state);
    old.sqlite
      .prepare(
        "insert into seats (game_id, seat, user_id, bot_kind, display_name) values (1, 0, 'u1', null, 'Ann'), (1, 1, null, 'random', 'Bot')",
      )
      .run();
    old.close();

    const upgraded = openDatabase(path);
    const store = new GameStore(upgraded);
    const game = store.getGame(1);
    expect(game.holders).toEqual([
      { seat: 0, fromVersion: null, userId: 'u1', botKind: null, displayName: 'Ann' },
      { seat: 1, fromVersion: null, userId: null, botKind: 'random', displayName: 'Bot' },
    ]);
    expect(creditedNames(game, 'en')).toEqual([
      'someone (until move ?), then Ann',
      'someone (until move ?), then Bot',
    ]);
    // Handed over again now: the holders so far are kept from move ?, the new one from its move.
    store.applyAction(1, { seat: 0, action: { type: 'move', die: 'a' }, expectedVersion: 0 });
    const again = store.lobbies.replaceSeat(1, 0, { botKind: 'random', displayName: 'Nefer' });
    expect(creditedNames(again, 'en')).toEqual([
      'someone (until move ?), then Ann (until move 1), then Nefer',
      'someone (until move ?), then Bot',
    ]);
    upgraded.close();
  });
});
