import type { Worker } from 'node:worker_threads';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ThinkingPool, type ThinkingPoolOptions } from '../../src/adapters/thinking-pool.ts';
import { ComputerPlayers } from '../../src/discord/computer-players.ts';
import type { Tables } from '../../src/discord/tables.ts';
import { valley, waitingFor } from '../../src/games/valley/index.ts';
import { fromRoot } from '../../src/paths.ts';
import type { GameRecord } from '../../src/store/records.ts';

/**
 * A thinking thread that dies (while it starts, or in the middle of a thought), or a script that cannot
 * load: the computer's move still comes, Normal's, and the log says why once. The threads' scripts are the
 * test's (test/fixtures/think-workers), so each failure happens for certain and at once: no test waits
 * for a time limit, and the pool's limit is a minute so that only the failure itself can end the move.
 */
const script = (name: string) => fromRoot('test', 'fixtures', 'think-workers', name);
const state = valley.setup({ players: 2 }, 'lost-threads');
const seat = waitingFor(state)[0] as number;
const game = { id: 7, type: 'valley', state } as unknown as GameRecord;
const tables = {
  adapterOf: () => ({
    computers: {
      kinds: ['normal', 'easy', 'hard'],
      thinks: ['hard'],
      move: (_s: unknown, at: number, kind: string) => ({ by: kind, seat: at }),
    },
  }),
} as unknown as Tables;

const closing: ThinkingPool[] = [];
afterAll(async () => {
  for (const p of closing) await p.close();
});

/** A table's computers on a pool of `options`, everything they log (the pool's warnings too) kept. */
function computersOn(options: ThinkingPoolOptions): {
  computers: ComputerPlayers;
  pool: ThinkingPool;
  lines: () => { msg: string; err?: { message: string }; thinking?: number }[];
  opened: Worker[];
} {
  const written: string[] = [];
  const log = pino({ level: 'warn' }, { write: (l: string) => written.push(l) });
  const opened: Worker[] = [];
  const pool = new ThinkingPool({
    size: 1,
    timeoutMs: 60_000,
    giveWay: false,
    warn: (text) => log.warn(text),
    opened: (w) => {
      opened.push(w);
      options.opened?.(w);
    },
    ...Object.fromEntries(Object.entries(options).filter(([k]) => k !== 'opened')),
  });
  closing.push(pool);
  return {
    computers: new ComputerPlayers(tables, pool, log),
    pool,
    lines: () => written.map((l) => JSON.parse(l)),
    opened,
  };
}

describe('a thinking thread lost', () => {
  for (const [what, name] of [
    ['whose script throws while it loads', 'throws-at-load.mjs'],
    ['that exits while it starts', 'exits-at-load.mjs'],
    ['whose script cannot be found', 'no-such-script.mjs'],
  ] as const)
    it(`a thread ${what}: Normal moves, once logged; the next Hard move ends the same way`, async () => {
      const { computers, pool, lines } = computersOn({ script: script(name) });
      expect(await computers.move(game, seat, 'hard')).toEqual({ by: 'normal', seat });
      expect(lines()).toHaveLength(1);
      expect(lines()[0]?.msg).toBe('a computer could not think; the default one moves');
      expect(lines()[0]?.err?.message).toMatch(/thinking thread/);
      // The pool says truly that it holds nothing more: the log line says so too.
      expect(lines()[0]?.thinking).toBe(0);
      expect(pool.pending).toBe(0);
      // Not only the first: a script that cannot start never hangs a later Hard move either.
      expect(await computers.move(game, seat, 'hard')).toEqual({ by: 'normal', seat });
      expect(lines()).toHaveLength(2);
      expect(pool.pending).toBe(0);
    });

  it('a thread that stops in the middle of a thought: Normal moves, once logged', async () => {
    const { computers, pool, lines } = computersOn({ script: script('exits-on-job.mjs') });
    expect(await computers.move(game, seat, 'hard')).toEqual({ by: 'normal', seat });
    expect(lines()).toHaveLength(1);
    expect(lines()[0]?.err?.message).toMatch(/thinking thread/);
    expect(pool.pending).toBe(0);
  });

  it('a thread stopped from outside while it thinks: Normal moves, once logged', async () => {
    let thinking = false;
    const { computers, pool, lines } = computersOn({
      script: script('holds.mjs'),
      // Once the thread is ready the job is on its way to it: then it is stopped.
      opened: (w) =>
        w.on('message', (m: { ready?: boolean }) => {
          if (m.ready)
            setImmediate(() => {
              thinking = pool.pending === 1;
              void w.terminate();
            });
        }),
    });
    expect(await computers.move(game, seat, 'hard')).toEqual({ by: 'normal', seat });
    expect(thinking).toBe(true);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]?.err?.message).toMatch(/thinking thread/);
    expect(pool.pending).toBe(0);
  });

  it('a thread that never says it is ready: the move is given up at its limit, and the next gets a new thread', async () => {
    // The pool's limit is counted by a fake timer: the test moves it past the minute.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { computers, pool, lines, opened } = computersOn({ script: script('silent.mjs') });
      for (const n of [1, 2]) {
        const move = computers.move(game, seat, 'hard');
        await new Promise((r) => setImmediate(r));
        expect(opened).toHaveLength(n);
        vi.advanceTimersByTime(60_000);
        expect(await move).toEqual({ by: 'normal', seat });
        expect(lines()).toHaveLength(n);
        expect(lines()[n - 1]?.err?.message).toBe('a computer thought for more than 60000 ms');
        expect(pool.pending).toBe(0);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('a pool of one thread opens one, however many jobs come at once', async () => {
    const { pool, opened } = computersOn({});
    const jobs = ['heuristic', 'random', 'heuristic', 'easy'].map((k) =>
      pool.think('valley', state, seat, k),
    );
    // Counted as soon as they are asked for: four jobs, one thread opening.
    expect(pool.pending).toBe(4);
    expect(pool.open).toBe(1);
    await Promise.all(jobs);
    expect(opened).toHaveLength(1);
    expect(pool.pending).toBe(0);
    // Only against a hang: the first real thread bundles its script (13 s beside other work on two cores).
  }, 120_000);
});
