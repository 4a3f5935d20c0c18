import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import type { GameModule } from '../../src/games/kernel/types.ts';
import { listGames, registerGame } from '../../src/games/registry.ts';
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import { exportGame, ImportError, importGame } from '../../src/store/export-import.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { type CliIo, runGamesCli } from '../../src/tools/games.ts';
import { diceRace, plain, registerDiceRace } from '../fixtures/dice-race.ts';
import { removeDir } from '../remove-dir.ts';
import { REGISTER_DICE_RACE, REPO, runTs } from './helpers/children.ts';
import { playRandomAction } from './helpers/memory-store.ts';
import { CHANNEL, GUILD, startedSnowflakeGame as startedGame, user } from './helpers/snowflake-games.ts';

registerDiceRace();
const tmp = mkdtempSync(join(tmpdir(), 'scarab-tools-'));
afterAll(() => removeDir(tmp));

let n = 0;
let path: string;
let db: ScarabDatabase;
let store: GameStore;
/** Games by situation: finished, in progress, just started, lobby, cancelled mid-game. */
let ids: { finished: number; active: number; fresh: number; lobby: number; cancelled: number };

beforeEach(() => {
  path = join(tmp, `games-${++n}.db`);
  db = openDatabase(path);
  store = new GameStore(db);
  const rng = seedRng(`tools-${n}`);
  const finished = startedGame(store, 3, 'finished');
  while (playRandomAction(store, finished, rng));
  // The table's settings travel with a game: its language, turn limit and stand-in, a seat handed over.
  const table = store.lobbies.create({
    type: 'dice-race',
    seed: 'active',
    channelId: CHANNEL,
    guildId: GUILD,
    hostUserId: user(0),
    seats: [0, 1].map((i) => ({ userId: user(i), displayName: `Player ${i}` })),
    language: 'es',
    turnLimitMinutes: 720,
  }).id;
  store.lobbies.setStandIn(table, 'hard');
  const active = store.startGame(table).id;
  for (let i = 0; i < 3; i++) playRandomAction(store, active, rng);
  store.lobbies.replaceSeat(active, 1, { botKind: 'normal', displayName: 'Computer' });
  for (let i = 3; i < 10; i++) playRandomAction(store, active, rng);
  const fresh = startedGame(store, 4, 'fresh');
  const lobby = store.lobbies.create({
    type: 'dice-race',
    seats: [{ userId: user(9), displayName: 'U' }],
  }).id;
  const cancelled = startedGame(store, 2, 'cancelled');
  for (let i = 0; i < 5; i++) playRandomAction(store, cancelled, rng);
  store.cancelGame(cancelled);
  ids = { finished, active, fresh, lobby, cancelled };
  return () => db.close();
});

/** Another database, closed after the test: a game's copy cannot go where the game is (a duplicate). */
const others: ScarabDatabase[] = [];
afterEach(() => {
  for (const other of others.splice(0)) other.close();
});
function elsewhere(): { db: ScarabDatabase; store: GameStore; path: string } {
  const at = join(tmp, `elsewhere-${n}-${others.length}.db`);
  const other = openDatabase(at);
  others.push(other);
  return { db: other, store: new GameStore(other), path: at };
}

function cli(dbPath = path): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: { DATABASE_PATH: dbPath },
    readStdin: () => '',
  };
}

describe('verify', () => {
  it('finds every game consistent after normal play', () => {
    expect(verifyAll(db)).toEqual({ checked: 5, problems: [], olderCatalogs: [] });
  });

  it.each([
    [
      'a changed state',
      "update games set state = json_set(state, '$.positions[0]', 99) where id = :active",
      /\$\.positions\[0\]: stored 99/,
    ],
    [
      'a changed action',
      `update actions set action = case action when '{"type":"pass"}' then '{"type":"move","die":"both"}' else '{"type":"pass"}' end where game_id = :active and seq = 3`,
      /state differs/,
    ],
    [
      'a lost action',
      'delete from actions where game_id = :active and seq = 10',
      /version is 10 but the log holds 9/,
    ],
    [
      'a hole in the log',
      'delete from actions where game_id = :active and seq = 4',
      /log jumps from #3 to #5/,
    ],
    [
      'a refused action',
      `update actions set action = '{"type":"jump"}' where game_id = :active and seq = 2`,
      /action #2: the rules refused it \(bad-action/,
    ],
    [
      'a finished game marked active',
      "update games set status = 'active' where id = :finished",
      /over but still marked active/,
    ],
    ['a lobby with a state', "update games set state = '{}' where id = :lobby", /lobby has a state/],
  ])('detects %s', (_what, tamper, message) => {
    // The database's own checks would refuse some tampering; a hand edit with the sqlite3 shell would not.
    db.sqlite.pragma('ignore_check_constraints = ON');
    const changed = db.sqlite.prepare(tamper).run(ids);
    expect(changed.changes).toBe(1);
    const report = verifyAll(db);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]?.problem).toMatch(message);
  });

  it('detects a module whose state does not survive JSON, as a restart would meet it', () => {
    // Live, the module sees its own Date; a restarted bot (and the replay) would see a string.
    const dated: GameModule<unknown, { n: number; when: unknown }, unknown, unknown> = {
      ...(diceRace as unknown as GameModule<unknown, { n: number; when: unknown }, unknown, unknown>),
      id: 'dated',
      parseOptions: () => ({}),
      setup: () => ({ n: 0, when: 0 }),
      waitingFor: () => [0],
      outcome: () => null,
      apply: (state) => ({
        ok: true,
        label: plain('One more'),
        log: [],
        state: { n: state.n + (typeof state.when === 'string' ? 2 : 1), when: new Date(0) },
      }),
    };
    if (!listGames().some((g) => g.id === 'dated')) registerGame(dated);
    const seats = [
      { botKind: 'x', displayName: 'A' },
      { botKind: 'x', displayName: 'B' },
    ];
    const id = store.startGame(store.lobbies.create({ type: 'dated', seats }).id).id;
    store.applyAction(id, { seat: 0, action: 'tick', expectedVersion: 0 });
    store.applyAction(id, { seat: 0, action: 'tick', expectedVersion: 1 });
    expect(verifyAll(db).problems).toEqual([
      { gameId: id, type: 'dated', problem: expect.stringMatching(/at \$\.n: stored 2, replayed 3/) },
    ]);
  });

  it('exits 0 when all is well and 1, naming the game, when a state was tampered with', async () => {
    const ok = cli();
    expect(await runGamesCli(['verify'], ok)).toBe(0);
    expect(ok.out.at(-1)).toBe('verified 5 games: all consistent');

    db.sqlite
      .prepare("update games set state = json_set(state, '$.turns', 0) where id = ?")
      .run(ids.finished);
    const bad = cli();
    expect(await runGamesCli(['verify'], bad)).toBe(1);
    expect(bad.out).toEqual([
      expect.stringMatching(
        new RegExp(`^game #${ids.finished} \\(dice-race\\): state differs .* at \\$\\.turns`),
      ),
      'verified 5 games: 1 inconsistent',
    ]);
  });

  it('runs as `npm run games -- verify` does, in its own process', async () => {
    db.sqlite.prepare("update games set state = json_set(state, '$.turn', 3) where id = ?").run(ids.active);
    const result = await runTs(join(REPO, 'src/tools/games.ts'), ['verify'], {
      env: { DATABASE_PATH: path },
      imports: [REGISTER_DICE_RACE],
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(new RegExp(`game #${ids.active} \\(dice-race\\): state differs`));
    expect(result.code).toBe(1);
  });
});

describe('export and import', () => {
  it('round-trips every kind of game into another database, which then verifies and plays on', () => {
    const other = openDatabase(join(tmp, `other-${n}.db`));
    const otherStore = new GameStore(other);
    for (const id of Object.values(ids)) {
      const exported = exportGame(db, id);
      const json = JSON.parse(JSON.stringify(exported));
      const newId = importGame(other, json);
      const { id: _old, ...original } = store.getGame(id);
      const { id: _new, ...copy } = otherStore.getGame(newId);
      // An imported game never counts for ratings (src/ratings/README.md): everything else is the same.
      expect(copy).toEqual({ ...original, rated: false });
      expect(otherStore.actionLog(newId)).toEqual(store.actionLog(id));
      expect(exportGame(other, newId, new Date(exported.exportedAt))).toEqual({
        ...exported,
        game: { ...exported.game, id: newId },
      });
    }
    // Who held the handed-over seat, and from which move, travels with the record.
    expect(exportGame(db, ids.active).holders?.filter((h) => h.seat === 1)).toEqual([
      { seat: 1, fromVersion: 0, userId: user(1), botKind: null, displayName: 'Player 1' },
      { seat: 1, fromVersion: 3, userId: null, botKind: 'normal', displayName: 'Computer' },
    ]);
    expect(exportGame(db, ids.finished).holders).toBeUndefined();
    expect(verifyAll(other).problems).toEqual([]);
    const carriedOn = otherStore.gamesOfUser(user(0), ['active']);
    expect(carriedOn.length).toBeGreaterThan(0);
    for (const game of carriedOn)
      expect(playRandomAction(otherStore, game.id, seedRng('on'))?.seq).toBe(game.version + 1);
    other.close();
  });

  it('refuses an export whose log does not reproduce its state, writing nothing', () => {
    const exported = exportGame(db, ids.active);
    const cheat = structuredClone(exported);
    (cheat.game.state as { positions: number[] }).positions[0] = 29;
    expect(() => importGame(db, cheat)).toThrow(
      /state differs from the replay of its log at \$\.positions\[0\]/,
    );
    const shortLog = { ...exported, actions: exported.actions.slice(0, -1) };
    expect(() => importGame(db, shortLog)).toThrow(/version is 10 but the log holds 9/);
    expect(() => importGame(db, { ...exported, format: 'other' })).toThrow(ImportError);
    expect(() => importGame(db, { ...exported, game: { ...exported.game, type: 'chess' } })).toThrow(
      /unknown game type 'chess'/,
    );
    expect(() =>
      importGame(db, { ...exported, seats: [{ seat: 0, userId: null, botKind: null, displayName: 'x' }] }),
    ).toThrow(/seats\.0: a seat has a user id or a bot kind/);
    expect(() => importGame(db, { ...exported, game: { ...exported.game, turnLimitMinutes: -5 } })).toThrow(
      /game\.turnLimitMinutes: /,
    );
    expect(store.countGames(['lobby', 'active', 'finished', 'cancelled'])).toBe(5);
  });

  it('imports a record written before it carried the table’s settings, with the defaults', () => {
    const { language, turnLimitMinutes, standIn, handedOver, ...older } = exportGame(db, ids.active).game;
    expect([language, turnLimitMinutes, standIn, handedOver]).toEqual(['es', 720, 'hard', true]);
    const other = elsewhere();
    const id = importGame(other.db, { ...exportGame(db, ids.active), game: older });
    expect(other.store.getGame(id)).toMatchObject({
      language: null,
      turnLimitMinutes: null,
      standIn: null,
      handedOver: false,
    });
  });

  it('names the rules a record was played under, and both when another version cannot replay it', () => {
    const exported = exportGame(db, ids.finished);
    const seated = exported.actions[3] as (typeof exported.actions)[number];
    const broken = exported.actions.map((a, i) => (i === 3 ? { ...a, seat: seated.seat + 7 } : a));
    expect(() => importGame(db, { ...exported, actions: broken })).toThrow(
      /^the log does not replay: action #4: /,
    );
    expect(() =>
      importGame(db, { ...exported, rules: 'dice-race@0000000000000000', actions: broken }),
    ).toThrow(
      /^it was played under other rules \(dice-race@0000000000000000; these are dice-race@[0-9a-f]{16}\): the log does not replay: action #4: /,
    );
    // Other rules whose log still replays: imported all the same.
    expect(importGame(elsewhere().db, { ...exported, rules: 'dice-race@0000000000000000' })).toBeGreaterThan(
      0,
    );
  });

  it('imports an export of format 1, whose state is of an older shape, comparing its results', () => {
    const exported = exportGame(db, ids.finished);
    expect(exported.formatVersion).toBe(4);
    expect(exported.rules).toMatch(/^dice-race@[0-9a-f]{16}$/);
    const outcome = exported.game.outcome as { results: { score: number }[] };
    const older = {
      ...exported,
      formatVersion: 1,
      game: { ...exported.game, state: { older: 'shape' }, outcome: { ...outcome, summary: 'In English' } },
    };
    const other = elsewhere();
    const newId = importGame(other.db, older);
    expect(other.store.getGame(newId).state).toEqual(store.getGame(ids.finished).state);
    const results = structuredClone(outcome.results);
    (results[0] as { score: number }).score += 1;
    expect(() =>
      importGame(db, { ...older, game: { ...older.game, outcome: { ...outcome, results } } }),
    ).toThrow(/the outcome differs from the replayed one/);
    expect(() => importGame(db, { ...older, formatVersion: 5 })).toThrow(ImportError);
  });

  it('goes through files with the CLI, refusing bad input with a message and a non-zero exit', async () => {
    const file = join(tmp, `export-${n}.json`);
    const io = cli();
    expect(await runGamesCli(['export', String(ids.finished), file], io)).toBe(0);
    expect(io.out).toEqual([`exported game #${ids.finished} to ${file}`]);
    const written = readFileSync(file, 'utf8');
    expect(JSON.parse(written)).toMatchObject({ format: 'scarab-game', game: { id: ids.finished } });

    // Never overwrites an existing file.
    const again = cli();
    expect(await runGamesCli(['export', String(ids.active), file], again)).toBe(1);
    expect(again.err[0]).toMatch(/cannot write .*EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe(written);

    // Back where it came from, it would be the same game twice.
    const twice = cli();
    expect(await runGamesCli(['import', file], twice)).toBe(1);
    expect(twice.err).toEqual([
      `error: it duplicates game #${ids.finished} (the same game, dealt from the same seed and played the same way)`,
    ]);
    const other = elsewhere();
    const imported = cli(other.path);
    expect(await runGamesCli(['import', file], imported)).toBe(0);
    expect(imported.out).toEqual([
      `imported game #${ids.finished} as game #1; it counts in nobody’s statistics or ratings (--count-in-stats to count it)`,
    ]);

    const toStdout = cli();
    expect(await runGamesCli(['export', String(ids.lobby), '-'], toStdout)).toBe(0);
    expect(JSON.parse(toStdout.out.join('\n')).game.status).toBe('lobby');

    const notJson = join(tmp, `not-json-${n}.json`);
    writeFileSync(notJson, '{"format": "scarab-game", ');
    const cases: [string[], number, RegExp][] = [
      [['import', notJson], 1, /is not JSON/],
      [['import', join(tmp, 'missing.json')], 1, /cannot read .*missing\.json.*ENOENT/],
      [['export', '999'], 1, /There is no game #999/],
      [['export', 'abc'], 2, /'abc' is not a game id/],
      [['export'], 2, /usage:/],
      [[], 2, /no command given/],
      [['frobnicate'], 2, /cannot understand: frobnicate/],
    ];
    for (const [args, code, message] of cases) {
      const bad = cli();
      expect(await runGamesCli(args, bad), args.join(' ')).toBe(code);
      expect(bad.err.join('\n')).toMatch(message);
    }
    expect(store.countGames(['lobby', 'active', 'finished', 'cancelled'])).toBe(5);
  });
});
