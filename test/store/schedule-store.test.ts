import { describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/errors.ts';
import { memoryStore, startedGame } from './helpers/memory-store.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const row = (key: string, dueMs: number, gameId: number | null = null) => ({
  key,
  gameId,
  kind: 'remind',
  dueAt: at(dueMs),
  payload: { seat: 0 },
});

describe('the schedule: what is due later, as rows', () => {
  it('planning is idempotent by key: the first due time stays', () => {
    const store = memoryStore();
    expect(store.schedule.plan(row('a', 1000))).toBe(true);
    expect(store.schedule.plan(row('a', 5))).toBe(false);
    expect(store.schedule.find('a')?.dueAt).toEqual(at(1000));
    expect(store.schedule.find('a')?.payload).toEqual({ seat: 0 });
  });

  it('next is the earliest row not done; due lists what is due by a time, earliest first', () => {
    const store = memoryStore();
    store.schedule.plan(row('late', 3000));
    store.schedule.plan(row('early', 1000));
    store.schedule.plan(row('middle', 2000));
    expect(store.schedule.next()?.key).toBe('early');
    expect(store.schedule.due(at(2000)).map((r) => r.key)).toEqual(['early', 'middle']);
    store.schedule.markDone(store.schedule.find('early')?.id as number, 'fired');
    expect(store.schedule.next()?.key).toBe('middle');
    expect(store.schedule.due(at(2000)).map((r) => r.key)).toEqual(['middle']);
  });

  it('a row is marked done once: the second attempt says so and changes nothing', () => {
    const store = memoryStore();
    store.schedule.plan(row('a', 1000));
    const id = store.schedule.find('a')?.id as number;
    expect(store.schedule.markDone(id, 'fired')).toBe(true);
    expect(store.schedule.markDone(id, 'obsolete')).toBe(false);
    expect(store.schedule.find('a')?.outcome).toBe('fired');
    expect(store.schedule.fired('a')).toBe(true);
    expect(store.schedule.fired('b')).toBe(false);
  });

  it("closing a game's schedule closes only its rows still pending", () => {
    const store = memoryStore();
    const game = startedGame(store);
    store.schedule.plan(row('mine', 1000, game));
    store.schedule.plan(row('mine-done', 1000, game));
    store.schedule.markDone(store.schedule.find('mine-done')?.id as number, 'fired');
    store.schedule.plan(row('other', 1000));
    expect(store.schedule.cancelGame(game)).toBe(1);
    expect(store.schedule.find('mine')?.outcome).toBe('cancelled');
    expect(store.schedule.find('mine-done')?.outcome).toBe('fired');
    expect(store.schedule.find('other')?.doneAt).toBeNull();
  });

  it("a row closed in a move's transaction: both commit, or neither", () => {
    const store = memoryStore();
    const game = startedGame(store);
    store.schedule.plan(row('timeout', 1000, game));
    const id = store.schedule.find('timeout')?.id as number;
    const g = store.getGame(game);
    const seat = (g.state as { turn: number }).turn;
    // A throw inside refuses the move: the log, the state and the row are as they were.
    expect(() =>
      store.applyAction(game, {
        seat,
        action: { type: 'pass' },
        expectedVersion: g.version,
        inSameTransaction: () => {
          store.schedule.markDone(id, 'fired');
          throw new Error('no');
        },
      }),
    ).toThrow('no');
    expect(store.getGame(game).version).toBe(g.version);
    expect(store.actionLog(game)).toHaveLength(g.version);
    expect(store.schedule.find('timeout')?.doneAt).toBeNull();
    store.applyAction(game, {
      seat,
      action: { type: 'pass' },
      expectedVersion: g.version,
      inSameTransaction: () => {
        store.schedule.markDone(id, 'fired');
      },
    });
    expect(store.getGame(game).version).toBe(g.version + 1);
    expect(store.schedule.find('timeout')?.outcome).toBe('fired');
    // A refused move (stale version) never reaches the hook.
    let ran = false;
    expect(() =>
      store.applyAction(game, {
        seat,
        action: { type: 'pass' },
        expectedVersion: g.version,
        inSameTransaction: () => {
          ran = true;
        },
      }),
    ).toThrow(StoreError);
    expect(ran).toBe(false);
  });
});

describe('rows by gateway shard', () => {
  /** A server id on shard `shard` of 2: Discord's rule is (id >> 22) % count. */
  const guildOn = (shard: 0 | 1) => ((1_000_000_000_000n + BigInt(shard)) << 22n).toString();

  it('each row is due on exactly one shard: its game’s server’s; rows without a server on shard 0', () => {
    const store = memoryStore();
    const gameIn = (guildId: string) =>
      store.startGame(
        store.lobbies.create({
          type: 'dice-race',
          seed: guildId,
          guildId,
          channelId: `c${guildId}`,
          seats: [0, 1].map((k) => ({ userId: `u${k}`, displayName: `P${k}` })),
        }).id,
      ).id;
    const zero = gameIn(guildOn(0));
    const one = gameIn(guildOn(1));
    store.schedule.plan(row('one', 1000, one));
    store.schedule.plan(row('zero', 2000, zero));
    store.schedule.plan(row('nobody', 3000));
    const shard = (id: number) => ({ ids: [id], count: 2 });
    expect(store.schedule.due(at(5000), 100, shard(0)).map((r) => r.key)).toEqual(['zero', 'nobody']);
    expect(store.schedule.due(at(5000), 100, shard(1)).map((r) => r.key)).toEqual(['one']);
    expect(store.schedule.next(shard(0))?.key).toBe('zero');
    expect(store.schedule.next(shard(1))?.key).toBe('one');
    // One process running both shards, or an unsharded bot, sees them all.
    expect(store.schedule.due(at(5000), 100, { ids: [0, 1], count: 2 })).toHaveLength(3);
    expect(store.schedule.due(at(5000), 100, { ids: [0], count: 1 })).toHaveLength(3);
    expect(store.schedule.due(at(5000))).toHaveLength(3);
  });
});
