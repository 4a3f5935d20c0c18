/**
 * A throwaway PostgreSQL server (the tests' global setup, `npm run bench -- postgres`): a fresh cluster in a
 * temporary directory, reachable only through a Unix socket in that directory (no TCP port to collide with
 * another run or a system server), removed when stopped. It runs the binaries of the machine's PostgreSQL
 * (Debian's `postgresql` package in CI); nothing is mocked.
 *
 * PostgreSQL refuses to run as root, so under root the cluster belongs to the `postgres` system user (the
 * package creates it) and its processes are spawned with that user's uid and gid. Node's `uid`/`gid` rather
 * than `runuser`: the spawned process is the postmaster itself, so a signal stops it directly (runuser
 * would answer a signal with SIGTERM, a "smart" shutdown that waits for clients, then SIGKILL, which
 * leaves the server's children behind).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Set to 1 (CI does) to make a missing PostgreSQL fail the run instead of skipping its tests and its
 * benchmark.
 */
export const REQUIRE_POSTGRES_ENV = 'SCARAB_REQUIRE_POSTGRES';

/** The cluster's superuser, whoever runs the server: URLs stay the same on every machine. */
export const SUPERUSER = 'postgres';

/** Where the binaries are, or why there are none. */
export type PostgresBinaries = { readonly binDir: string } | { readonly missing: string };

function hasServerBinaries(dir: string): boolean {
  return existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'));
}

/** Overrides the search: the one directory to take initdb and postgres from (a build of one's own). */
export const POSTGRES_BINDIR_ENV = 'SCARAB_POSTGRES_BINDIR';

/**
 * `pg_config --bindir` first (any installation on the PATH), then Debian's versioned directories, newest
 * first: Debian's `/usr/bin/pg_config` may come from libpq-dev alone and point at a directory without a
 * server.
 */
export function findPostgresBinaries(): PostgresBinaries {
  const override = process.env[POSTGRES_BINDIR_ENV];
  if (override) {
    return hasServerBinaries(override)
      ? { binDir: override }
      : { missing: `${POSTGRES_BINDIR_ENV}=${override} holds no initdb and postgres` };
  }
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim());
  } catch {
    // No pg_config on the PATH: the Debian layout may still hold a server.
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  const binDir = candidates.find((dir) => dir !== '' && hasServerBinaries(dir));
  if (binDir) return { binDir };
  return {
    missing:
      'no PostgreSQL server binaries (initdb, postgres) found via pg_config --bindir or in ' +
      '/usr/lib/postgresql/*/bin; install them with `apt-get install postgresql`',
  };
}

/** A `postgresql://` URL for a database of the server whose socket is in `socketDir`; pg and libpq both read it. */
export function postgresUrl(socketDir: string, database: string): string {
  return `postgresql://${SUPERUSER}@/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;
}

export interface PostgresServer {
  /** The directory holding the socket (and the cluster, and its log). */
  readonly socketDir: string;
  /** initdb's and the start's durations, in milliseconds. */
  readonly timings: { readonly initdbMs: number; readonly startMs: number };
  url(database: string): string;
  /** A fast shutdown (sessions are ended), then the directory is removed. */
  stop(): Promise<void>;
}

interface RunAs {
  readonly uid?: number;
  readonly gid?: number;
}

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return {};
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8', stdio: 'pipe' }).trim());
    gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8', stdio: 'pipe' }).trim());
  } catch (error) {
    throw new Error(
      `running as root and PostgreSQL refuses root, but there is no '${SUPERUSER}' user to run it as ` +
        "(Debian's postgresql package creates it)",
      { cause: error },
    );
  }
  return { uid, gid };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

function run(binary: string, args: string[], user: RunAs, cwd: string): void {
  try {
    execFileSync(binary, args, { ...user, cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${binary} failed: ${e.stderr || e.stdout || e.message}`, { cause: error });
  }
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function waitUntilReady(child: ChildProcess, socketDir: string, log: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `postgres exited (${child.exitCode ?? child.signalCode}) while starting:\n${tail(log)}`,
      );
    }
    const client = new pg.Client({ connectionString: postgresUrl(socketDir, 'postgres') });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      // The socket appears before the server accepts connections ("the database system is starting up").
      lastError = error;
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`postgres did not accept connections within 30 s: ${String(lastError)}\n${tail(log)}`);
}

/**
 * Starts a server: initdb into a fresh temporary directory, then the postmaster on a socket there. Every
 * durability setting is off (fsync, full-page writes, synchronous commit): a crash loses the cluster,
 * which is thrown away anyway, and a commit costs no disk flush.
 */
export async function startPostgresServer(binDir: string): Promise<PostgresServer> {
  const user = runAs();
  const socketDir = mkdtempSync(join(tmpdir(), 'scarab-pg-'));
  // mkdtemp makes the directory 0700 for its creator: the server's user must own it to write in it.
  if (user.uid !== undefined && user.gid !== undefined) chownSync(socketDir, user.uid, user.gid);
  const dataDir = join(socketDir, 'data');
  const log = join(socketDir, 'postgres.log');
  let child: ChildProcess | undefined;
  const killOnExit = () => child?.kill('SIGQUIT');
  try {
    const initStart = performance.now();
    // C locale: text sorts by bytes, as SQLite's default BINARY collation does.
    run(
      join(binDir, 'initdb'),
      ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      user,
      socketDir,
    );
    const initdbMs = performance.now() - initStart;

    const startStart = performance.now();
    const logFd = openSync(log, 'a');
    try {
      child = spawn(
        join(binDir, 'postgres'),
        [
          '-D',
          dataDir,
          '-c',
          'listen_addresses=',
          '-c',
          `unix_socket_directories=${socketDir}`,
          '-c',
          'fsync=off',
          '-c',
          'full_page_writes=off',
          '-c',
          'synchronous_commit=off',
          // Two test files at a time, each with its pools and its child processes (race and crash tests), or a
          // benchmark's several bots each with a pool: the default 100 connections could run out.
          '-c',
          'max_connections=300',
        ],
        { ...user, cwd: socketDir, stdio: ['ignore', logFd, logFd] },
      );
    } finally {
      closeSync(logFd);
    }
    // A run that dies without its teardown must not leave a server behind.
    process.once('exit', killOnExit);
    await waitUntilReady(child, socketDir, log);
    const startMs = performance.now() - startStart;

    const server = child;
    return {
      socketDir,
      timings: { initdbMs, startMs },
      url: (database) => postgresUrl(socketDir, database),
      stop: async () => {
        process.off('exit', killOnExit);
        // SIGINT: a fast shutdown, which ends open sessions instead of waiting for them.
        server.kill('SIGINT');
        if (!(await exited(server, 10_000))) {
          server.kill('SIGQUIT');
          await exited(server, 5_000);
        }
        rmSync(socketDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
      },
    };
  } catch (error) {
    process.off('exit', killOnExit);
    if (child) {
      child.kill('SIGQUIT');
      await exited(child, 5_000);
    }
    rmSync(socketDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    throw error;
  }
}
