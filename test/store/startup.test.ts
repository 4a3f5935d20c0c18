/**
 * Bad input at startup: the process stops with a clear message and a non-zero exit, and the database file is
 * left byte for byte as it was. Each case starts a real child process, as the bot starts.
 */

import { type SpawnOptions, spawn } from 'node:child_process';
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
import { bundledChild } from '../helpers/bundled-child.ts';
import { removeDir } from '../remove-dir.ts';
import { type ChildResult, REPO, runBundled, runTs, UNPRIVILEGED } from './helpers/children.ts';
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

/**
 * How a child meets the permission errors these tests are about. File modes do not stop root, so a
 * test running as root starts that child as root without the capabilities that bypass them
 * (`setpriv`, util-linux): it reads the project's own files wherever they were cloned, a home
 * directory or a 0700 temporary folder included, and still meets every file mode. Where `setpriv`
 * cannot drop them, the child runs as `nobody`, which works only if every user can read the
 * checkout; where neither works, those tests are skipped, saying why.
 */
type Restricted =
  | { readonly how: string; run(env: NodeJS.ProcessEnv): Promise<ChildResult> }
  | { readonly how: null; readonly why: string };

const NO_FILE_MODE_BYPASS = '-dac_override,-dac_read_search,-fowner';

function runCollecting(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<ChildResult> {
  const proc = spawn(command, args, {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  proc.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => {
    proc.on('error', (error) => resolve({ code: null, signal: null, stdout, stderr: String(error) }));
    proc.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The stand-in for the bot's start, bundled as `npm start` runs the bot (bundled-child.ts). */
const START_BUNDLE = await bundledChild(START);
const runStart = (env: NodeJS.ProcessEnv, spawnOptions?: SpawnOptions) =>
  runBundled(START, [], { env, ...(spawnOptions ? { spawn: spawnOptions } : {}) });

const withoutBypass = (env: NodeJS.ProcessEnv) =>
  runCollecting(
    'setpriv',
    [
      `--inh-caps=${NO_FILE_MODE_BYPASS}`,
      `--bounding-set=${NO_FILE_MODE_BYPASS}`,
      process.execPath,
      START_BUNDLE,
    ],
    env,
  );

/** Whether a child started this way opens a new database and is held back by a file mode. */
async function works(
  run: (env: NodeJS.ProcessEnv) => Promise<ChildResult>,
  name: string,
): Promise<string | null> {
  const dir = join(tmp, `probe-${name}`);
  mkdirSync(dir, { mode: 0o777 });
  chmodSync(dir, 0o777);
  const opens = await run({ DATABASE_PATH: join(dir, 'new.db') });
  if (opens.stdout !== 'ready 0\n') {
    const lines = opens.stderr.trim().split('\n');
    return (lines.find((l) => /error/i.test(l)) ?? lines[0] ?? `exit ${opens.code}`).slice(0, 300);
  }
  chmodSync(dir, 0o555);
  const held = await run({ DATABASE_PATH: join(dir, 'refused.db') });
  chmodSync(dir, 0o777);
  return held.code === 1 ? null : 'file modes did not stop it';
}

async function restricted(): Promise<Restricted> {
  if (process.getuid?.() !== 0) return { how: 'this user', run: (env) => runStart(env) };
  const setpriv = await works(withoutBypass, 'setpriv');
  if (setpriv === null) return { how: 'root without CAP_DAC_OVERRIDE (setpriv)', run: withoutBypass };
  const asNobody = (env: NodeJS.ProcessEnv) => runStart(env, UNPRIVILEGED);
  const nobody = await works(asNobody, 'nobody');
  if (nobody === null) return { how: 'nobody', run: asNobody };
  return {
    how: null,
    why: `running as root, and neither setpriv (${setpriv}) nor the user nobody (${nobody}; can nobody read ${REPO}?) can start a child that file modes hold back`,
  };
}

const restrictedChild = await restricted();
if (restrictedChild.how === null)
  console.warn(`startup.test.ts: the file-mode tests are skipped: ${restrictedChild.why}`);
const permissionTest = restrictedChild.how === null ? it.skip : it;
const permissionTitle = (title: string) =>
  restrictedChild.how === null ? `${title} (skipped: ${restrictedChild.why})` : title;

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

async function expectRefusedStartup(path: string, message: RegExp, heldByFileModes = false): Promise<void> {
  const before = existsSync(path) && statSync(path).isFile() ? snapshot(path) : null;
  const env = { DATABASE_PATH: path };
  let result: ChildResult;
  if (!heldByFileModes) result = await runStart(env);
  else if (restrictedChild.how !== null) result = await restrictedChild.run(env);
  else throw new Error(restrictedChild.why);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^scarab: cannot start: /);
  expect(result.stderr).toMatch(message);
  expect(result.code).toBe(1);
  if (before) expect(snapshot(path)).toEqual(before);
}

describe('startup', () => {
  it('creates the directory and the database when neither exists, and is ready', async () => {
    const path = join(tmp, 'new', 'nested', 'scarab.db');
    const result = await runStart({ DATABASE_PATH: path });
    expect(result).toMatchObject({ code: 0, stdout: 'ready 0\n', stderr: '' });
    expect(statSync(path).size).toBeGreaterThan(0);
  });

  it('uses ./data/scarab.db when DATABASE_PATH is not set', async () => {
    const cwd = join(tmp, 'default-path');
    mkdirSync(cwd);
    const result = await runStart({ DATABASE_PATH: '' }, { cwd });
    expect(result).toMatchObject({ code: 0, stdout: 'ready 0\n' });
    expect(existsSync(join(cwd, 'data', 'scarab.db'))).toBe(true);
  });

  it('opens a healthy database with its games', async () => {
    const result = await runStart({ DATABASE_PATH: healthy });
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

  permissionTest(permissionTitle('refuses a database file it may not read'), async () => {
    const path = spoiled('unreadable', (p) => chmodSync(p, 0o000));
    await expectRefusedStartup(path, /cannot read and write the database file .*EACCES/, true);
  });

  permissionTest(permissionTitle('refuses a database file it may read but not write'), async () => {
    const path = spoiled('read-only-file', (p) => chmodSync(p, 0o444));
    await expectRefusedStartup(path, /cannot read and write the database file .*EACCES/, true);
  });

  permissionTest(
    permissionTitle('refuses a directory it may not write, for a new database and for an existing one'),
    async () => {
      const existing = spoiled('read-only-dir', () => {});
      chmodSync(join(tmp, 'read-only-dir'), 0o555);
      await expectRefusedStartup(
        existing,
        /database directory .*read-only-dir is not writable.*EACCES/,
        true,
      );
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
    },
  );

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
