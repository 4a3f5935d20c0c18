/**
 * `npm run bench -- schedule`: the scheduler over many running games, each with its reminder and
 * time-out rows, on a real file database in a temporary directory.
 * - opening the store and starting the scheduler, with and without the rows (goal: ready ≤ 2 s);
 * - one scheduler tick with a row due among them: find, run, close, re-arm (goal p99 ≤ 5 ms);
 * - resident memory with and without the rows (goal: no more than +20 MB).
 * The games are lobbies started through `GameStore` (Valley, 3 seats); the rows are what turn timers plan.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { ManualClock } from '../clock.ts';
import { Scheduler } from '../discord/scheduler.ts';
import { openDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';
import { SqliteStore } from '../store/sqlite-store.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';

const HOUR = 3_600_000;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0).toFixed(3));
};
const rssMb = () => Number((process.memoryUsage().rss / 2 ** 20).toFixed(1));

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const gameCount = quick ? 300 : 10_000;
  const ticks = quick ? 50 : 1_000;
  const dir = mkdtempSync(join(tmpdir(), 'scarab-bench-schedule-'));
  const path = join(dir, 'schedule.db');
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 12));
  const log = pino({ level: 'silent' });
  try {
    // The games: started Valley lobbies, written through the store.
    {
      const database = openDatabase(path);
      const store = new GameStore(database, { now: () => new Date(clock.now()) });
      database.sqlite.transaction(() => {
        for (let g = 0; g < gameCount; g++) {
          const lobby = store.lobbies.create({
            type: 'valley',
            seed: `s${g}`,
            turnLimitMinutes: 1440,
            seats: [0, 1, 2].map((k) => ({ userId: `u${(g * 3 + k) % 5000}`, displayName: `P${k}` })),
          });
          store.startGame(lobby.id);
        }
      })();
      database.close();
    }
    const ready = async (withRows: boolean) => {
      const t0 = performance.now();
      const database = openDatabase(path);
      const store = new GameStore(database, { now: () => new Date(clock.now()) });
      const scheduler = new Scheduler(new SqliteStore(store), clock, log);
      await scheduler.start();
      const ms = performance.now() - t0;
      return { database, store, scheduler, ms, withRows };
    };

    const bare = await ready(false);
    const rssWithout = rssMb();
    bare.scheduler.stop();
    bare.database.close();

    // Each game's two rows, as turn timers plan them for the seat to move.
    {
      const database = openDatabase(path);
      const store = new GameStore(database, { now: () => new Date(clock.now()) });
      database.sqlite.transaction(() => {
        for (let g = 1; g <= gameCount; g++) {
          for (const [kind, hours] of [
            ['remind', 12],
            ['timeout', 24],
          ] as const)
            store.schedule.plan({
              key: `${kind}:${g}:0:turn:0`,
              gameId: g,
              kind,
              // Spread over the next day, as games started at different times would be.
              dueAt: new Date(clock.now() + hours * HOUR + (g % 1440) * 60_000),
              payload: { seat: 0, turn: 0, decision: null },
            });
        }
      })();
      database.close();
    }

    const loaded = await ready(true);
    const rssWith = rssMb();
    report({
      bench: 'schedule.start-to-ready',
      runningGames: gameCount,
      scheduledRows: 2 * gameCount,
      readyMs: Number(loaded.ms.toFixed(1)),
      readyMsWithoutRows: Number(bare.ms.toFixed(1)),
      goalMs: 2000,
      note: 'opening the database and the store and arming the scheduler, in process',
    });

    // One tick with one row due: the handler closes it as a real one would, then the timer is re-armed.
    const { store, scheduler } = loaded;
    let handled = 0;
    scheduler.on('note', async (row) => {
      handled++;
      store.schedule.markDone(row.id, 'fired');
    });
    const times: number[] = [];
    for (let k = 0; k < ticks; k++) {
      store.schedule.plan({
        key: `note:${k}`,
        gameId: null,
        kind: 'note',
        dueAt: new Date(clock.now()),
        payload: {},
      });
      const t0 = performance.now();
      await scheduler.tick();
      times.push(performance.now() - t0);
    }
    report({
      bench: 'schedule.tick',
      scheduledRows: 2 * gameCount,
      ticks,
      handled,
      p50ms: pct(times, 50),
      p99ms: pct(times, 99),
      goalP99ms: 5,
    });
    report({
      bench: 'schedule.memory',
      runningGames: gameCount,
      rssMbWithoutRows: rssWithout,
      rssMbWithRows: rssWith,
      rssMbAfterTicks: rssMb(),
      goalExtraMb: 20,
      note: 'the rows live in SQLite: the process holds only the next one',
    });
    scheduler.stop();
    loaded.database.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
