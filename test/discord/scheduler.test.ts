import { DiscordAPIError } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { PRUNE_EVERY_MS, Scheduler } from '../../src/discord/scheduler.ts';
import type { GameStore } from '../../src/store/game-store.ts';
import { SCHEDULE_RETENTION_MS } from '../../src/store/schedule-retention.ts';
import type { ScheduledRow } from '../../src/store/schedule-store.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import { memoryStore, startedGame } from '../store/helpers/memory-store.ts';

const log = pino({ level: 'silent' });
const flush = () => new Promise((r) => setImmediate(r));

function setUp(store: GameStore = memoryStore(), clock = new ManualClock(0)) {
  const fired: string[] = [];
  const scheduler = new Scheduler(new SqliteStore(store), clock, log);
  scheduler.on('note', async (row: ScheduledRow) => {
    fired.push(row.key);
    store.schedule.markDone(row.id, 'fired');
  });
  scheduler.on('broken', async () => {
    throw new Error('broken handler');
  });
  const plan = (key: string, dueMs: number, kind = 'note') =>
    scheduler.plan({ key, gameId: null, kind, dueAt: new Date(dueMs), payload: {} });
  return { store, clock, scheduler, fired, plan };
}

describe('the scheduler: one timer, rows as the truth', () => {
  it('fires rows when their time comes, earliest first, each once', async () => {
    const { clock, scheduler, fired, plan } = setUp();
    await scheduler.start();
    await plan('b', 2000);
    await plan('a', 1000);
    await plan('c', 3000);
    clock.advance(999);
    await scheduler.tick();
    expect(fired).toEqual([]);
    clock.advance(1500);
    await flush();
    await scheduler.tick();
    expect(fired).toEqual(['a', 'b']);
    clock.advance(10_000);
    await flush();
    await scheduler.tick();
    expect(fired).toEqual(['a', 'b', 'c']);
  });

  it('a failing handler closes its row with the reason; the others still fire; unknown kinds are closed', async () => {
    const { store, clock, scheduler, fired, plan } = setUp();
    await scheduler.start();
    await plan('x', 1000, 'broken');
    await plan('y', 1000, 'nobody-knows');
    await plan('z', 1000);
    clock.advance(1000);
    await flush();
    await scheduler.tick();
    expect(fired).toEqual(['z']);
    expect(store.schedule.find('x')?.outcome).toBe('failed: broken handler');
    expect(store.schedule.find('y')?.outcome).toBe('no handler');
    expect(store.schedule.next()).toBeUndefined();
  });

  it('after a restart, rows that fell due while stopped fire once at start', async () => {
    const first = setUp();
    await first.scheduler.start();
    await first.plan('overdue', 1000);
    first.scheduler.stop();
    first.clock.advance(5000);
    await flush();
    expect(first.fired).toEqual([]);
    // A new process over the same rows.
    const second = setUp(first.store, first.clock);
    await second.scheduler.start();
    await flush();
    await second.scheduler.tick();
    expect(second.fired).toEqual(['overdue']);
    const third = setUp(first.store, first.clock);
    await third.scheduler.start();
    await flush();
    await third.scheduler.tick();
    expect(third.fired).toEqual([]);
  });

  it('a row planned earlier than the armed one moves the timer', async () => {
    const { clock, scheduler, fired, plan } = setUp();
    await scheduler.start();
    await plan('later', 10_000);
    await plan('sooner', 1000);
    clock.advance(1000);
    await flush();
    await flush();
    expect(fired).toEqual(['sooner']);
  });
});

describe('a game whose channel is gone', () => {
  it('has its whole schedule cancelled with a log line, instead of failing row after row', async () => {
    const store = memoryStore();
    const game = startedGame(store);
    const clock = new ManualClock(0);
    const scheduler = new Scheduler(new SqliteStore(store), clock, log);
    let calls = 0;
    scheduler.on('remind', async () => {
      calls++;
      throw new DiscordAPIError({ code: 10003, message: 'Unknown Channel' }, 10003, 404, 'POST', '/x', {});
    });
    for (const [key, due] of [
      ['remind:a', 1000],
      ['remind:b', 2000],
      ['timeout:c', 3000],
    ] as const)
      await scheduler.plan({
        key,
        gameId: game,
        kind: key.split(':')[0] as string,
        dueAt: new Date(due),
        payload: {},
      });
    clock.advance(5000);
    await scheduler.tick();
    expect(calls).toBe(1);
    expect(store.schedule.find('remind:a')?.outcome).toMatch(/^failed/);
    expect(store.schedule.find('remind:b')?.outcome).toBe('channel gone');
    expect(store.schedule.find('timeout:c')?.outcome).toBe('channel gone');
    expect(store.schedule.next()).toBeUndefined();
  });
});

describe('old rows', () => {
  it('are deleted at start and then daily, by the process running shard 0 only', async () => {
    const clock = new ManualClock(0);
    const store = memoryStore({ now: () => new Date(clock.now()) });
    const game = startedGame(store);
    const closed = (key: string) => {
      store.schedule.plan({ key, gameId: game, kind: 'note', dueAt: new Date(0), payload: {} });
      store.schedule.markDone(store.schedule.find(key)?.id as number, 'fired');
    };
    closed('first');
    store.cancelGame(game);
    clock.set(SCHEDULE_RETENTION_MS);
    const other = new Scheduler(new SqliteStore(store), clock, log);
    other.useShards({ ids: [1], count: 2 });
    await other.start();
    await flush();
    expect(store.schedule.find('first')).toBeDefined();
    const scheduler = new Scheduler(new SqliteStore(store), clock, log);
    scheduler.useShards({ ids: [0], count: 2 });
    await scheduler.start();
    await flush();
    expect(store.schedule.find('first')).toBeUndefined();
    // A day later it looks again; a row closed today is kept until it is 30 days old.
    closed('second');
    clock.advance(PRUNE_EVERY_MS);
    await flush();
    expect(store.schedule.find('second')).toBeDefined();
    clock.advance(SCHEDULE_RETENTION_MS - PRUNE_EVERY_MS);
    await flush();
    clock.advance(PRUNE_EVERY_MS);
    await flush();
    expect(store.schedule.find('second')).toBeUndefined();
    scheduler.stop();
    other.stop();
  });
});

describe('the manual clock', () => {
  it('runs timers in time order as it moves, not before; a cancelled one never', () => {
    const clock = new ManualClock(0);
    const seen: string[] = [];
    clock.at(300, () => seen.push('300'));
    const cancel = clock.at(200, () => seen.push('200'));
    clock.at(100, () => seen.push(`100 at ${clock.now()}`));
    cancel();
    clock.advance(250);
    expect(seen).toEqual(['100 at 100']);
    clock.advance(50);
    expect(seen).toEqual(['100 at 100', '300']);
    expect(clock.now()).toBe(300);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });
});
