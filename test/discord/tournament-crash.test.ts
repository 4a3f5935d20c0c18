import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { roundRows } from '../../src/discord/tournaments/tournament-tables.ts';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { applyEvent, type TournamentEvent } from '../../src/tournaments/events.ts';
import type { Tournament } from '../../src/tournaments/model.ts';
import { TEST_LIMIT_SCALE } from '../helpers/limit-scale.ts';
import type { TableHarness } from './harness.ts';
import {
  avoidableRepeats,
  checkPlayed,
  checkSwissStandings,
  openTournament,
  playUntil,
  storedOf,
  tournamentHarness,
} from './tournament-play.ts';

/**
 * A bot process killed with SIGKILL in the middle of a tournament (4 at one four-seat table, 2 rounds): it
 * makes round one's game and plays it (every entrant away: the stand-in plays), and is killed as soon as
 * its result is stored, while round two's game is being made or played. A new bot on the same database finishes the
 * tournament: each table got one game (made once, whatever the dead process had begun), each result counts
 * once, and the standings are those the games' outcomes give.
 */
const CHILD = fileURLToPath(new URL('./helpers/timeout-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** Longer than the lease a round's row is claimed for (tournament-tables.ts), which the dead process held. */
const AFTER_LEASES_MS = 11 * 60_000;
const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
let h: TableHarness;
let child: ChildProcess | null = null;

beforeAll(async () => {
  h = await tournamentHarness(clock);
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await h?.stop();
});

const must = (t: Tournament, e: TournamentEvent): Tournament => {
  const r = applyEvent(t, e);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.refusal)}`);
  return r.value;
};

/** What the dead or living bot has stored, read by a connection of the test's own. */
function counts(id: number): { results: number; games: number; status: string } {
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

describe('a tournament through a SIGKILL', () => {
  it('the restarted bot finishes it: each round’s games made once, each result counted once', async () => {
    const made = await openTournament(h, clock, 4, { 'table-size': 4, rounds: 2 });
    // The tournament starts (round one stored with its intent row, as the desk writes it) while the test's
    // bot is down: the child process makes and plays the games.
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
    child = spawn(process.execPath, ['--import', TSX, CHILD], {
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
    let output = '';
    child.stdout?.on('data', (b: Buffer) => {
      output += b.toString();
    });
    child.stderr?.on('data', (b: Buffer) => {
      output += b.toString();
    });
    const exited = new Promise<void>((resolve) => child?.once('exit', () => resolve()));
    let dead = false;
    void exited.then(() => {
      dead = true;
    });
    // Killed as soon as round one's result is stored: round two is being made, its game made or begun.
    const deadline = Date.now() + 240_000;
    while (counts(made.id).results === 0) {
      if (dead) throw new Error(`the child bot exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`no result from the child bot: ${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    child.kill('SIGKILL');
    await exited;
    child = null;
    const atKill = counts(made.id);
    expect(atKill.status).toBe('running');
    expect(atKill.results).toBeLessThan(2);

    clock.advance(AFTER_LEASES_MS);
    await h.up();
    const s = await playUntil(h, made.id);
    checkPlayed(h, s);
    checkSwissStandings(h, s);
    expect(avoidableRepeats(s.tournament)).toEqual([]);
    expect(counts(made.id)).toEqual({ results: 2, games: 2, status: 'finished' });
    for (const round of [1, 2])
      expect(h.store.schedule.find(`tournament-tables:${made.id}:${round}`)).toMatchObject({
        outcome: 'fired',
      });
  }, 300_000);
});
