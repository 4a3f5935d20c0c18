import { afterEach, describe, expect, it } from 'vitest';
import { ThinkingPool } from '../../src/adapters/thinking-pool.ts';
import { fromRoot } from '../../src/paths.ts';

/**
 * Key moments are analysed in the pool's background lane: moves (and analyses someone waits for) go first,
 * and a background job's limit counts only once a thread has taken it.
 */
const ECHOES = fromRoot('test', 'fixtures', 'think-workers', 'echoes.mjs');
const HOLDS = fromRoot('test', 'fixtures', 'think-workers', 'holds.mjs');
const request = { top: 1 };
let pool: ThinkingPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe("the thinking pool's background lane", () => {
  it('gives a free thread every waiting move before any waiting background analysis', async () => {
    pool = new ThinkingPool({ size: 1, timeoutMs: 60_000, giveWay: false, script: ECHOES });
    const order: string[] = [];
    const track = (p: Promise<{ action: unknown }>) => p.then((t) => order.push(String(t.action)));
    // The first takes the thread as it starts; the others wait for it, the move asked for last.
    const jobs = [
      track(pool.analyseLater('valley', null, 0, request)),
      track(pool.analyseLater('valley', null, 1, request)),
      track(pool.analyseLater('valley', null, 2, request)),
      track(pool.think('valley', null, 3, 'hard')),
      track(pool.analyse('valley', null, 4, request)),
    ];
    await Promise.all(jobs);
    expect(order).toEqual(['analysis 0', 'move 3', 'analysis 4', 'analysis 1', 'analysis 2']);
  });

  it("counts a background job's limit from when a thread takes it, not while it waits", async () => {
    pool = new ThinkingPool({ size: 1, timeoutMs: 60_000, giveWay: false, script: HOLDS });
    const held = pool.think('valley', null, 0, 'hard');
    held.catch(() => {});
    const later = pool.analyseLater('valley', null, 1, request, 20);
    const outcome = later.then(
      () => 'answered',
      (e: Error) => e.message,
    );
    // Well past its 20 ms, it still waits: nothing has taken it.
    const waited = await Promise.race([
      outcome,
      new Promise<string>((r) => setTimeout(() => r('still waiting'), 300)),
    ]);
    expect(waited).toBe('still waiting');
    expect(pool.waiting).toBe(1);
    await pool.close();
    expect(await outcome).toMatch(/closed/);
  });
});
