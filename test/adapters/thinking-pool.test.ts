import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { GRACE_MS } from '../../src/adapters/give-way.ts';
import { forgetOldBundles, ThinkingError, ThinkingPool } from '../../src/adapters/thinking-pool.ts';
import { archaeologyBotMove } from '../../src/games/archaeology/bots/index.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import { botMove } from '../../src/games/valley/bots/index.ts';
import { valley, waitingFor } from '../../src/games/valley/index.ts';
import { fromRoot } from '../../src/paths.ts';

/**
 * The threads computers think on: the same moves as in the bot's own thread, never blocking it. A job's
 * limit runs from the moment it is asked for, a thread's start (here: bundling its script) included: the
 * tests' pools allow ten minutes, so that a busy machine cannot give a thought up, unless a test is about
 * just that.
 */
const GENEROUS = 600_000;
/**
 * Only against a hang: searches in threads beside other work on two cores took up to 77 s for the first
 * test (bundling the script, two threads starting, two searches, each also played in this thread).
 */
const HANG_GUARD_MS = 240_000;
const pools: ThinkingPool[] = [];
afterAll(async () => {
  for (const p of pools) await p.close();
});
const pool = (o?: ConstructorParameters<typeof ThinkingPool>[0]) => {
  const p = new ThinkingPool({ timeoutMs: GENEROUS, ...o });
  pools.push(p);
  return p;
};

describe('the thinking pool', () => {
  it(
    'plays the search player’s move in a thread, the same move as in this thread, for both games',
    async () => {
      const p = pool({ size: 2 });
      const v = valley.setup({ players: 2 }, 'pool');
      const seat = waitingFor(v)[0] as number;
      const a = archaeology.setup({ players: 3 }, 'pool');
      const aSeat = a.turn.seat;
      const [vt, at] = await Promise.all([
        p.think('valley', v, seat, 'search'),
        p.think('archaeology', a, aSeat, 'search'),
      ]);
      expect(vt.action).toEqual(botMove(v, seat, 'search'));
      expect(at.action).toEqual(archaeologyBotMove(a, aSeat, 'search'));
      expect(vt.ms).toBeGreaterThan(0);
      expect(p.answered).toBe(2);
      expect(p.pending).toBe(0);
    },
    HANG_GUARD_MS,
  );

  it(
    'pauses a thought while the bot answers a click, within its bound, and thinks the same move',
    async () => {
      const p = pool({ size: 1, giveWay: true });
      const v = valley.setup({ players: 2 }, 'pool-give-way');
      const seat = waitingFor(v)[0] as number;
      const free = await p.think('valley', v, seat, 'search');
      expect(free.waitedMs).toBe(0);
      // Held for the whole thought (a flood of clicks): it waits, but never more than it thinks (plus the
      // grace and one wait's overshoot), so it still ends.
      const release = p.hold();
      const held = await p.think('valley', v, seat, 'search');
      release();
      expect(held.action).toEqual(free.action);
      expect(held.waitedMs).toBeGreaterThanOrEqual(GRACE_MS);
      expect(held.waitedMs).toBeLessThanOrEqual(held.ms - held.waitedMs + GRACE_MS + 50);
      // Released: the next thought does not wait.
      expect((await p.think('valley', v, seat, 'search')).waitedMs).toBe(0);
    },
    HANG_GUARD_MS,
  );

  it(
    'does not pause when it does not give way (spare cores)',
    async () => {
      const p = pool({ size: 1, giveWay: false });
      const v = valley.setup({ players: 2 }, 'pool-no-give-way');
      const release = p.hold();
      const t = await p.think('valley', v, waitingFor(v)[0] as number, 'search');
      release();
      expect(t.waitedMs).toBe(0);
    },
    HANG_GUARD_MS,
  );

  it.skipIf(process.platform !== 'linux')(
    'runs its threads the asked nice steps below the bot’s own thread, which keeps its own',
    async () => {
      const niceOf = (path: string) => Number(readFileSync(path, 'utf8').split(') ')[1]?.split(' ')[16]);
      const before = niceOf('/proc/thread-self/stat');
      const p = pool({ size: 1, lowerBy: 5 });
      const v = valley.setup({ players: 2 }, 'pool-nice');
      await p.think('valley', v, waitingFor(v)[0] as number, 'heuristic');
      const [priority] = p.priorities;
      expect(priority).toEqual({ thread: expect.any(Number), nice: Math.min(before + 5, 19) });
      const thread = (priority as { thread: number }).thread;
      expect(thread).not.toBe(process.pid);
      // The kernel's own record of that thread (stat's 19th field is its nice value), and of this one.
      expect(niceOf(`/proc/${process.pid}/task/${thread}/stat`)).toBe(Math.min(before + 5, 19));
      expect(niceOf('/proc/thread-self/stat')).toBe(before);
      // Not asked: the thread keeps the bot's priority, and nothing is reported.
      const q = pool({ size: 1, warn: () => expect.unreachable('no warning when not asked') });
      await q.think('valley', v, waitingFor(v)[0] as number, 'heuristic');
      expect(q.priorities).toEqual([{ unchanged: 'not asked to' }]);
    },
    60_000,
  );

  it(
    'refuses a kind of player the game does not have, clearly, and goes on',
    async () => {
      const p = pool({ size: 1 });
      const v = valley.setup({ players: 2 }, 'pool-kind');
      await expect(p.think('valley', v, 0, 'genius')).rejects.toThrow(
        /no computer player 'genius' for valley/,
      );
      // The thread finds a game's players through the games' registry, which says which it knows.
      await expect(p.think('chess', v, 0, 'hard')).rejects.toThrow(
        /no computer players for game 'chess' \(known: valley, archaeology\)/,
      );
      const seat = waitingFor(v)[0] as number;
      expect((await p.think('valley', v, seat, 'heuristic')).action).toEqual(botMove(v, seat, 'heuristic'));
    },
    HANG_GUARD_MS,
  );

  it(
    'gives up a job over its time, replaces the thread, and answers the next job',
    async () => {
      // A search at a 4-player table's start takes hundreds of milliseconds: 5 ms is not enough.
      const p = pool({ size: 1 });
      const v = valley.setup({ players: 4 }, 'pool-slow');
      const seat = waitingFor(v)[0] as number;
      await expect(p.think('valley', v, seat, 'search', 5)).rejects.toThrow(/thought for more than 5 ms/);
      expect((await p.think('valley', v, seat, 'random')).action).toEqual(botMove(v, seat, 'random'));
      expect(p.answered).toBe(1);
    },
    HANG_GUARD_MS,
  );

  it(
    'refuses what is still waiting when it closes, and everything after',
    async () => {
      const p = new ThinkingPool({ size: 1, timeoutMs: GENEROUS });
      const v = valley.setup({ players: 4 }, 'pool-close');
      const seat = waitingFor(v)[0] as number;
      const jobs = [1, 2, 3].map(() => p.think('valley', v, seat, 'search'));
      const settled = Promise.allSettled(jobs);
      await p.close();
      const results = await settled;
      expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThanOrEqual(2);
      await expect(p.think('valley', v, seat, 'heuristic')).rejects.toBeInstanceOf(ThinkingError);
    },
    HANG_GUARD_MS,
  );
});

describe('the thinking pool in a process with nothing else to do', () => {
  it(
    'keeps the process alive while any job runs, even one given to a thread still starting',
    () => {
      // One thread busy with a slow job; a second starting for a quick one is handed another slow job before
      // it is ready; the first thread then ends its job and the quick one. The second's slow job still runs:
      // the process must wait for it (it once stopped here, with Node's "unsettled top-level await", 13).
      const script = `
      import { ThinkingPool } from ${JSON.stringify(fromRoot('src', 'adapters', 'thinking-pool.ts'))};
      import { valley, waitingFor } from ${JSON.stringify(fromRoot('src', 'games', 'valley', 'index.ts'))};
      const pool = new ThinkingPool({ size: 2, timeoutMs: ${GENEROUS} });
      const s = valley.setup({ players: 4 }, 'alive');
      const seat = waitingFor(s)[0];
      await pool.think('valley', s, seat, 'random');
      const jobs = [
        pool.think('valley', s, seat, 'search'),
        pool.think('valley', s, seat, 'random'),
        pool.think('valley', s, seat, 'search'),
      ];
      const done = await Promise.all(jobs);
      console.log('answered', done.length);
      await pool.close();
    `;
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: fromRoot(),
        encoding: 'utf8',
        timeout: HANG_GUARD_MS / 2,
      });
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('answered 3');
      expect(run.status).toBe(0);
    },
    HANG_GUARD_MS,
  );
});

describe("the thinking thread's bundles (from the sources)", () => {
  it('those of older sources untouched for a day are deleted; the current one and fresh ones stay', () => {
    mkdirSync(fromRoot('.build'), { recursive: true });
    const old = fromRoot('.build', 'think-worker-0000000000aa.js');
    const fresh = fromRoot('.build', 'think-worker-0000000000bb.js');
    const keep = fromRoot('.build', 'think-worker-0000000000cc.js');
    for (const f of [old, fresh, keep]) writeFileSync(f, '// test');
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    utimesSync(keep, twoDaysAgo, twoDaysAgo);
    forgetOldBundles(keep);
    expect([existsSync(old), existsSync(fresh), existsSync(keep)]).toEqual([false, true, true]);
    forgetOldBundles(fresh);
    expect(existsSync(keep)).toBe(false);
    rmSync(fresh);
  });
});
