/**
 * A tournament started while the test's bot is down, then made and played by a child bot process that is
 * killed with SIGKILL the moment `killWhen` holds of what it has stored (read by a connection of the
 * test's own, so nothing waits on the child); the test's bot is then brought up after every lease the
 * dead process held has run out, to finish it. Used by the suite's small crash test and the 64-player run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { ManualClock } from '../../src/clock.ts';
import { roundRows } from '../../src/discord/tournaments/tournament-tables.ts';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { TEST_LIMIT_SCALE } from '../helpers/limit-scale.ts';
import { must } from '../tournaments/helpers.ts';
import type { TableHarness } from './harness.ts';
import { type Made, storedOf } from './tournament-play.ts';

const CHILD = fileURLToPath(new URL('./helpers/timeout-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** Longer than the leases a round's rows are claimed for (tournament-tables.ts), which the dead process held. */
export const AFTER_LEASES_MS = 11 * 60_000;

/** Children still running: a test that fails or times out must not leave them playing. */
const running = new Set<ChildProcess>();
export function killChildren(): void {
  for (const child of running) child.kill('SIGKILL');
}

export interface Counts {
  readonly results: number;
  readonly games: number;
  readonly status: string;
}

/** What the dead or living bot has stored, read by a connection of the test's own. */
export function counts(h: TableHarness, id: number): Counts {
  const db = new Database(h.dbPath, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const one = (sql: string) => (db.prepare(sql).get(id) as { n: number | string }).n;
    return {
      results: Number(one('select count(*) as n from tournament_results where tournament_id = ?')),
      games: Number(
        one('select count(*) as n from tournament_tables where tournament_id = ? and game_id is not null'),
      ),
      status: String(one('select status as n from tournaments where id = ?')),
    };
  } finally {
    db.close();
  }
}

/**
 * Starts `made` (round one stored with its intent row, as the desk writes it) with the test's bot down,
 * lets a child bot make and play its games, kills it with SIGKILL once `killWhen` holds, and brings the
 * test's bot up past the dead process's leases. Returns what was stored at the kill.
 */
export async function playInChildAndKill(
  h: TableHarness,
  clock: ManualClock,
  made: Made,
  killWhen: (c: Counts) => boolean,
  ms = 240_000,
): Promise<Counts> {
  await h.down();
  {
    const database = openDatabase(h.dbPath);
    const store = new GameStore(database, { now: () => new Date(clock.now()) });
    const s = storedOf(store, made.id);
    let t = must(s.tournament, { type: 'close-registration', at: clock.now() });
    t = must(t, { type: 'start', at: clock.now() });
    store.tournaments.save(made.id, s.version, t, roundRows(t, clock.now()));
    database.close();
  }
  const child = spawn(process.execPath, ['--import', TSX, CHILD], {
    env: {
      ...process.env,
      DB_PATH: h.dbPath,
      TOKEN: h.loopback.token,
      API_URL: h.loopback.restApi,
      CLOCK_MS: String(clock.now()),
      WORDS_ONLY: '1',
      LIMIT_SCALE: String(TEST_LIMIT_SCALE),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  let dead = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      dead = true;
      running.delete(child);
      resolve();
    }),
  );
  const deadline = Date.now() + ms;
  for (;;) {
    const now = counts(h, made.id);
    if (killWhen(now)) break;
    if (dead) throw new Error(`the child bot exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`the child bot did not get there: ${output}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill('SIGKILL');
  await exited;
  const atKill = counts(h, made.id);
  expect(atKill.status).toBe('running');
  clock.advance(AFTER_LEASES_MS);
  await h.up();
  return atKill;
}
