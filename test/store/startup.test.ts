/**
 * Bad input at startup: the process stops with a clear message and a non-zero exit, and the database file is
 * left byte for byte as it was. Each case starts a real child process, as the bot starts.
 */
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError, openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { registerDiceRace } from '../fixtures/dice-race.ts';
import { removeDir } from '../remove-dir.ts';
import { REPO, runTs, UNPRIVILEGED } from './helpers/children.ts';
import { startedGame } from './helpers/memory-store.ts';

const START = join(REPO, 'test/store/helpers/start-store.ts');
const GAMES_CLI = join(REPO, 'src/tools/games.ts');
const tmp = mkdtempSync(join(tmpdir(), 'scarab-startup-'));
// Children may run as another user: they must be able to reach the files whose permissions are tested.
chmodSync(tmp, 0o755);
afterAll(() => {
  chmodSync(tmp, 0o755);
  for (const entry of readdirSync(tmp)) chmodSync(join(tmp, entry), 0o755);
  removeDir(tmp);
});

let healthy: string;
beforeAll(() => {
  registerDiceRace();
  healthy = join(tmp, 'healthy.db');
  const db = openDatabase(healthy);
  const store = new GameStore(db);
  for (let i = 0; i < 30; i++) startedGame(store, 2, `g${i}`);
  db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
});

function snapshot(path: string): { bytes: Buffer; mtimeMs: number } {
  return { bytes: readFileSync(path), mtimeMs: statSync(path).mtimeMs };
}

/** A copy of the healthy database, spoiled by `spoil`, in a directory of its own. */
function spoiled(name: string, spoil: (path: string) => void): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { mode: 0o777 });
  chmodSync(dir, 0o777);
  const path = join(dir, 'scarab.db');
  copyFileSync(healthy, path);
  chmodSync(path, 0o666);
  spoil(path);
  return path;
}

function scribble(offset: number, length: number) {
  return (path: string) => {
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(length, 0xa5), 0, length, offset);
    closeSync(fd);
  };
}

async function expectRefusedStartup(path: string, message: RegExp, asOtherUser = false): Promise<void> {
  const before = existsSync(path) && statSync(path).isFile() ? snapshot(path) : null;
  const result = await runTs(START, [], {
    env: { DATABASE_PATH: path },
    ...(asOtherUser ? { spawn: UNPRIVILEGED } : {}),
  });
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^scarab: cannot start: /);
  expect(result.stderr).toMatch(message);
  expect(result.code).toBe(1);
  if (before) expect(snapshot(path)).toEqual(before);
}

describe('startup', () => {
  it('creates the directory and the database when neither exists, and is ready', async () => {
    const path = join(tmp, 'new', 'nested', 'scarab.db');
    const result = await runTs(START, [], { env: { DATABASE_PATH: path } });
    expect(result).toMatchObject({ code: 0, stdout: 'ready 0\n', stderr: '' });
    expect(statSync(path).size).toBeGreaterThan(0);
  });

  it('uses ./data/scarab.db when DATABASE_PATH is not set', async () => {
    const cwd = join(tmp, 'default-path');
    mkdirSync(cwd);
    const result = await runTs(START, [], { env: { DATABASE_PATH: '' }, spawn: { cwd } });
    expect(result).toMatchObject({ code: 0, stdout: 'ready 0\n' });
    expect(existsSync(join(cwd, 'data', 'scarab.db'))).toBe(true);
  });

  it('opens a healthy database with its games', async () => {
    const result = await runTs(START, [], { env: { DATABASE_PATH: healthy } });
    expect(result).toMatchObject({ code: 0, stdout: 'ready 30\n', stderr: '' });
  });

  it('refuses a file that is not a database', async () => {
    const path = spoiled('garbage', (p) => writeFileSync(p, 'these are my holiday notes\n'.repeat(200)));
    await expectRefusedStartup(path, /is not a SQLite database .*refusing to touch it/);
    expect(readdirSync(join(tmp, 'garbage'))).toEqual(['scarab.db']);
  });

  it('refuses a database whose schema page is damaged', async () => {
    const path = spoiled('schema-page', scribble(100, 1000));
    await expectRefusedStartup(
      path,
      /database disk image is malformed \(the file is damaged; it was left as it is/,
    );
  });

  it('refuses a database whose header is damaged', async () => {
    const path = spoiled('header', scribble(16, 8));
    await expectRefusedStartup(path, /file is not a database/);
  });

  it('refuses a truncated database', async () => {
    const path = spoiled('truncated', (p) => truncateSync(p, 4096 * 2));
    await expectRefusedStartup(path, /malformed/);
  });

  it('refuses a directory where the file should be', async () => {
    const path = join(tmp, 'a-directory.db');
    mkdirSync(path);
    await expectRefusedStartup(path, /is not a file/);
  });

  it('refuses a database file it may not read', async () => {
    const path = spoiled('unreadable', (p) => chmodSync(p, 0o000));
    await expectRefusedStartup(path, /cannot read and write the database file .*EACCES/, true);
  });

  it('refuses a database file it may read but not write', async () => {
    const path = spoiled('read-only-file', (p) => chmodSync(p, 0o444));
    await expectRefusedStartup(path, /cannot read and write the database file .*EACCES/, true);
  });

  it('refuses a directory it may not write, for a new database and for an existing one', async () => {
    const existing = spoiled('read-only-dir', () => {});
    chmodSync(join(tmp, 'read-only-dir'), 0o555);
    await expectRefusedStartup(existing, /database directory .*read-only-dir is not writable.*EACCES/, true);
    await expectRefusedStartup(
      join(tmp, 'read-only-dir', 'new.db'),
      /database directory .*read-only-dir is not writable/,
      true,
    );
    await expectRefusedStartup(
      join(tmp, 'read-only-dir', 'sub', 'new.db'),
      /cannot create the directory .*read-only-dir\/sub for the database: EACCES/,
      true,
    );
    expect(readdirSync(join(tmp, 'read-only-dir'))).toEqual(['scarab.db']);
  });

  it('stops the games CLI the same way', async () => {
    const path = spoiled('cli-garbage', (p) => writeFileSync(p, Buffer.alloc(8192, 7)));
    const before = snapshot(path);
    const result = await runTs(GAMES_CLI, ['verify'], { env: { DATABASE_PATH: path } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .* is not a SQLite database/);
    expect(snapshot(path)).toEqual(before);
  });

  it('reports the same problems in process as a DatabaseOpenError', () => {
    const path = spoiled('in-process', scribble(100, 1000));
    expect(() => openDatabase(path)).toThrow(DatabaseOpenError);
    expect(() => openDatabase(join(tmp, 'a-directory.db'))).toThrow(/is not a file/);
  });
});
