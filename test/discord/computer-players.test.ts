import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ThinkingError, ThinkingPool } from '../../src/adapters/thinking-pool.ts';
import { ManualClock } from '../../src/clock.ts';
import { ComputerPlayers, WATCHDOG_GRACE_MS } from '../../src/discord/computer-players.ts';
import type { Tables } from '../../src/discord/tables.ts';
import type { GameRecord } from '../../src/store/records.ts';

/** Where a computer's move comes from, and what happens when the thinking pool cannot answer. */
const game = { id: 9, type: 'valley', state: { s: 1 } } as unknown as GameRecord;
const moved: string[] = [];
const tables = {
  adapterOf: () => ({
    computers: {
      kinds: ['normal', 'easy', 'hard'],
      thinks: ['hard'],
      move: (_s: unknown, seat: number, kind: string) => {
        moved.push(kind);
        return { by: kind, seat };
      },
    },
  }),
} as unknown as Tables;

function logged(): { log: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (l: string) => lines.push(l) });
  return { log, lines };
}

describe('computer players', () => {
  it('a quick kind moves in this thread; a thinking kind on the pool', async () => {
    const asked: string[] = [];
    const pool = {
      think: async (_g: string, _s: unknown, _seat: number, kind: string) => {
        asked.push(kind);
        return { action: { by: 'pool' }, ms: 5 };
      },
      answered: 1,
    } as unknown as ThinkingPool;
    const c = new ComputerPlayers(tables, pool, logged().log);
    expect(await c.move(game, 1, 'easy')).toEqual({ by: 'easy', seat: 1 });
    expect(await c.move(game, 1, 'hard')).toEqual({ by: 'pool' });
    expect(asked).toEqual(['hard']);
  });

  it('holds thinking computers back while an interaction is answered, and lets go even if it fails', async () => {
    // No thread is started: holding is a count the threads read.
    const pool = new ThinkingPool({ size: 1, giveWay: true });
    const c = new ComputerPlayers(tables, pool, logged().log);
    const seen: number[] = [];
    await c.answering(async () => {
      seen.push(pool.holding);
      await c.answering(async () => {
        seen.push(pool.holding);
      });
    });
    await expect(
      c.answering(async () => {
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(seen).toEqual([1, 2]);
    expect(pool.holding).toBe(0);
    await pool.close();
  });

  it('when the pool cannot answer, the default level moves instead, with a warning in the log', async () => {
    const pool = {
      think: async () => {
        throw new ThinkingError('a computer thought for more than 10000 ms');
      },
    } as unknown as ThinkingPool;
    const { log, lines } = logged();
    moved.length = 0;
    expect(await new ComputerPlayers(tables, pool, log).move(game, 2, 'hard')).toEqual({
      by: 'normal',
      seat: 2,
    });
    expect(moved).toEqual(['normal']);
    expect(lines.join('')).toMatch(/a computer could not think; the default one moves/);
    expect(lines.join('')).toMatch(/thought for more than 10000 ms/);
  });

  it('a thought the pool never settles: the watchdog has Normal move once past the limit, on the bot’s clock', async () => {
    let late: (t: { action: unknown; ms: number; waitedMs: number }) => void = () => {};
    const pool = {
      timeoutMs: 10_000,
      think: () =>
        new Promise((resolve) => {
          late = resolve;
        }),
    } as unknown as ThinkingPool;
    const clock = new ManualClock();
    const { log, lines } = logged();
    moved.length = 0;
    const move = new ComputerPlayers(tables, pool, log, clock).move(game, 1, 'hard');
    let done = false;
    void move.then(() => {
      done = true;
    });
    clock.advance(10_000 + WATCHDOG_GRACE_MS - 1);
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    clock.advance(1);
    expect(await move).toEqual({ by: 'normal', seat: 1 });
    expect(moved).toEqual(['normal']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /a computer seat stayed due past its limit; the watchdog has the default one move/,
    );
    // The pool's answer, if it ever comes, changes nothing and is not logged again.
    late({ action: { by: 'pool' }, ms: 1, waitedMs: 0 });
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(moved).toEqual(['normal']);
  });
});
