import { closeSync, mkdtempSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import { exportGame, type GameExport, importGame } from '../../src/store/export-import.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { type CliIo, runGamesCli } from '../../src/tools/games.ts';
import { registerDiceRace } from '../fixtures/dice-race.ts';
import { removeDir } from '../remove-dir.ts';
import { playRandomAction } from './helpers/memory-store.ts';
import { startedSnowflakeGame, user } from './helpers/snowflake-games.ts';

/**
 * A record can lie; an import must not believe it (issue #35, item 4). Each lie below was imported before,
 * and lands in people's statistics, channels and replays; each is refused now, naming the field, and
 * nothing is written.
 */
registerDiceRace();
const tmp = mkdtempSync(join(tmpdir(), 'scarab-lies-'));
afterAll(() => removeDir(tmp));

let n = 0;
/** Where the genuine game was played. */
let source: ScarabDatabase;
/** Where it is imported: empty but for what an import writes. */
let target: ScarabDatabase;
let targetPath: string;
/** A finished dice race of three people, exported. */
let record: GameExport;

beforeEach(() => {
  n++;
  source = openDatabase(':memory:');
  const store = new GameStore(source);
  const id = startedSnowflakeGame(store, 3, `lies-${n}`);
  const rng = seedRng(`lies-${n}`);
  while (playRandomAction(store, id, rng));
  record = JSON.parse(JSON.stringify(exportGame(source, id)));
  targetPath = join(tmp, `target-${n}.db`);
  target = openDatabase(targetPath);
  return () => {
    source.close();
    target.close();
  };
});

const gamesIn = (db: ScarabDatabase) =>
  new GameStore(db).countGames(['lobby', 'active', 'finished', 'cancelled']);

/** The record with `change` made to a deep copy. */
function lie(change: (r: GameExport) => void): GameExport {
  const copy = structuredClone(record);
  change(copy);
  return copy;
}

function refused(data: unknown, message: RegExp): void {
  expect(() => importGame(target, data)).toThrow(message);
  expect(gamesIn(target)).toBe(0);
}

function cli(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: { DATABASE_PATH: targetPath },
    readStdin: () => '',
  };
}

describe('an import refuses a record that lies', () => {
  it('imports the genuine record', () => {
    expect(importGame(target, record)).toBe(1);
  });

  it('refuses one seat, or six, for a game of three players', () => {
    refused(
      lie((r) => {
        r.seats = r.seats.slice(0, 1);
      }),
      /^not a Scarab game export: seats: 1 seats for a game of 3 players \(game\.options\.players\)$/,
    );
    refused(
      lie((r) => {
        for (let i = 3; i < 6; i++)
          r.seats.push({ seat: i, userId: user(i), botKind: null, displayName: `P${i}` });
      }),
      /seats: 6 seats for a game of 3 players/,
    );
  });

  it('refuses a computer of a kind the bot cannot play', () => {
    refused(
      lie((r) => {
        r.seats[2] = { seat: 2, userId: null, botKind: 'grandmaster', displayName: 'Computer' };
      }),
      /^not a Scarab game export: seats\.2\.botKind: 'grandmaster' is no computer this bot can play/,
    );
  });

  it('refuses a seat holder who is a computer of an unknown kind, or sits at a seat the game lacks', () => {
    const holder = { seat: 2, fromVersion: 0, userId: null, displayName: 'Computer' };
    refused(
      lie((r) => {
        r.holders = [{ ...holder, botKind: 'grandmaster' }];
      }),
      /^not a Scarab game export: holders\.0\.botKind: 'grandmaster' is no computer this bot can play/,
    );
    refused(
      lie((r) => {
        r.holders = [{ ...holder, seat: 7, botKind: 'normal' }];
      }),
      /^not a Scarab game export: holders\.0\.seat: seat 7 is not one of the game's seats/,
    );
  });

  it('refuses user, server and channel ids that are not Discord snowflakes', () => {
    const notSnowflake = /must be a Discord id \(a snowflake of 17 to 20 digits\)/;
    refused(
      lie((r) => {
        (r.seats[0] as { userId: string }).userId = 'alice';
      }),
      new RegExp(`seats\\.0\\.userId: ${notSnowflake.source}`),
    );
    refused(
      lie((r) => {
        r.game.guildId = 'guild-1';
      }),
      /game\.guildId: must be a Discord id/,
    );
    refused(
      lie((r) => {
        r.game.hostUserId = '12';
      }),
      /game\.hostUserId: must be a Discord id/,
    );
  });

  it('refuses forged dates: before Discord, in the future, out of order', () => {
    refused(
      lie((r) => {
        r.game.createdAt = '2000-01-01T00:00:00.000Z';
        r.game.startedAt = '2000-01-01T00:00:00.000Z';
      }),
      /^not a Scarab game export: game\.createdAt: 2000-01-01T00:00:00\.000Z is before 2017-/,
    );
    refused(
      lie((r) => {
        r.game.finishedAt = '2099-01-01T00:00:00.000Z';
      }),
      /game\.finishedAt: 2099-01-01T00:00:00\.000Z is in the future/,
    );
    refused(
      lie((r) => {
        r.game.finishedAt = r.game.createdAt;
        r.game.startedAt = r.exportedAt;
      }),
      /game\.finishedAt: .* is before game\.startedAt/,
    );
    refused(
      lie((r) => {
        (r.actions[0] as { createdAt: string }).createdAt = '2099-01-01T00:00:00.000Z';
      }),
      /actions\.0\.createdAt: 2099-01-01T00:00:00\.000Z is in the future/,
    );
  });

  it('refuses a display name longer than Discord’s, and options beyond their size', () => {
    refused(
      lie((r) => {
        (r.seats[1] as { displayName: string }).displayName = 'x'.repeat(33);
      }),
      /seats\.1\.displayName: /,
    );
    refused(
      lie((r) => {
        r.game.options = { players: 3, note: 'x'.repeat(5_000) };
      }),
      /game\.options: longer than 2000 characters as JSON/,
    );
    refused(
      lie((r) => {
        r.actions[0] = {
          ...(r.actions[0] as GameExport['actions'][number]),
          action: { pad: 'x'.repeat(2_000) },
        };
      }),
      /actions\.0\.action: longer than 1000 characters as JSON/,
    );
  });

  it('refuses a NUL character, which PostgreSQL cannot store, on SQLite too', () => {
    refused(
      lie((r) => {
        (r.seats[1] as { displayName: string }).displayName = 'A\u0000B';
      }),
      /^not a Scarab game export: seats\.1\.displayName: holds a NUL character/,
    );
  });

  it('refuses a 50 MB file by its size, without reading it', async () => {
    const file = join(tmp, `huge-${n}.json`);
    // The record with a display name of 50 MB, written in three pieces (one string that long is slow).
    const [before, after] = JSON.stringify(record).split('Player 0') as [string, string];
    const fd = openSync(file, 'w');
    writeSync(fd, before);
    writeSync(fd, Buffer.alloc(50 * 1024 * 1024, 'x'));
    writeSync(fd, after);
    closeSync(fd);
    const io = cli();
    expect(await runGamesCli(['import', file], io)).toBe(1);
    expect(io.err).toEqual([
      expect.stringMatching(
        /^error: .*huge-\d+\.json is 524\d{5} bytes; a game record is at most 4194304 bytes/,
      ),
    ]);
    expect(gamesIn(target)).toBe(0);
  });

  it('refuses invalid UTF-8, naming the byte, where it was silently replaced', async () => {
    const text = Buffer.from(JSON.stringify(record));
    const at = text.indexOf('Player 1') + 'Player'.length;
    text[at] = 0xff;
    const file = join(tmp, `latin-${n}.json`);
    writeFileSync(file, text);
    const io = cli();
    expect(await runGamesCli(['import', file], io)).toBe(1);
    expect(io.err).toEqual([
      expect.stringMatching(new RegExp(`is not UTF-8 text: byte ${at} is not valid UTF-8$`)),
    ]);
    expect(gamesIn(target)).toBe(0);
  });

  it('accepts a genuine record saved with a byte order mark', async () => {
    const file = join(tmp, `bom-${n}.json`);
    writeFileSync(file, `\uFEFF${JSON.stringify(record, null, 2)}`);
    const io = cli();
    expect(await runGamesCli(['import', file], io)).toBe(0);
    expect(io.out[0]).toMatch(/^imported game #1 as game #1; /);
  });

  it('counts an imported game only on the operator’s word, --count-in-stats', async () => {
    const file = join(tmp, `counted-${n}.json`);
    writeFileSync(file, JSON.stringify(record));
    const bad = cli();
    expect(await runGamesCli(['import', file, '--rated'], bad)).toBe(2);
    expect(bad.err[0]).toMatch(/^import: cannot understand '--rated'\nusage: /);
    expect(bad.err[0]).toContain('import <file> [--count-in-stats]');
    const io = cli();
    expect(await runGamesCli(['import', file, '--count-in-stats'], io)).toBe(0);
    expect(io.out).toEqual([
      'imported game #1 as game #1; it counts in statistics and ratings (--count-in-stats)',
    ]);
    const store = new GameStore(target);
    expect(store.getGame(1).rated).toBe(true);
    expect(store.ratings.playedGames({ gameType: 'dice-race', userId: user(0), guildId: null })).toHaveLength(
      1,
    );
  });

  it('refuses the same game twice, naming the game it duplicates, even exported again later', () => {
    const store = new GameStore(source);
    const id = startedSnowflakeGame(store, 3, 'twice');
    const rng = seedRng('twice');
    for (let i = 0; i < 3; i++) playRandomAction(store, id, rng);
    const earlier = JSON.parse(JSON.stringify(exportGame(source, id)));
    while (playRandomAction(store, id, rng));
    const later = JSON.parse(JSON.stringify(exportGame(source, id)));

    expect(importGame(target, later)).toBe(1);
    expect(() => importGame(target, later)).toThrow(
      /^it duplicates game #1 \(the same game, dealt from the same seed and played the same way\)$/,
    );
    // An earlier export of the same game, still going then, is the same game too.
    expect(() => importGame(target, earlier)).toThrow(/^it duplicates game #1 /);
    expect(gamesIn(target)).toBe(1);
    // Another game is as welcome as ever.
    expect(importGame(target, record)).toBe(2);
  });
});
