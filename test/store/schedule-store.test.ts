import { afterEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/errors.ts';
import { availableBackends, backendOpener, startedGameOn as startedGame } from './helpers/backends.ts';
import { memoryStore, startedGame as startedSyncGame } from './helpers/memory-store.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const row = (key: string, dueMs: number, gameId: number | null = null) => ({
  key,
  gameId,
  kind: 'remind',
  dueAt: at(dueMs),
  payload: { seat: 0 },
});

describe.each(availableBackends())('the schedule on $name', (backend) => {
  const backends = backendOpener(backend);
  afterEach(() => backends.closeOpened());
  const open = async () => (await backends.open()).store;

  describe('what is due later, as rows', () => {
    it('planning is idempotent by key: the first due time stays', async () => {
      const store = await open();
      expect(await store.schedule.plan(row('a', 1000))).toBe(true);
      expect(await store.schedule.plan(row('a', 5))).toBe(false);
      expect((await store.schedule.find('a'))?.dueAt).toEqual(at(1000));
      expect((await store.schedule.find('a'))?.payload).toEqual({ seat: 0 });
    });

    it('next is the earliest row not done; due lists what is due by a time, earliest first', async () => {
      const store = await open();
      await store.schedule.plan(row('late', 3000));
      await store.schedule.plan(row('early', 1000));
      await store.schedule.plan(row('middle', 2000));
      expect((await store.schedule.next())?.key).toBe('early');
      expect((await store.schedule.due(at(2000))).map((r) => r.key)).toEqual(['early', 'middle']);
      await store.schedule.markDone((await store.schedule.find('early'))?.id as number, 'fired');
      expect((await store.schedule.next())?.key).toBe('middle');
      expect((await store.schedule.due(at(2000))).map((r) => r.key)).toEqual(['middle']);
    });

    it('a row is marked done once: the second attempt says so and changes nothing', async () => {
      const store = await open();
      await store.schedule.plan(row('a', 1000));
      const id = (await store.schedule.find('a'))?.id as number;
      expect(await store.schedule.markDone(id, 'fired')).toBe(true);
      expect(await store.schedule.markDone(id, 'obsolete')).toBe(false);
      expect((await store.schedule.find('a'))?.outcome).toBe('fired');
      expect(await store.schedule.fired('a')).toBe(true);
      expect(await store.schedule.fired('b')).toBe(false);
    });

    it("closing a game's schedule closes only its rows still pending", async () => {
      const store = await open();
      const game = await startedGame(store);
      await store.schedule.plan(row('mine', 1000, game));
      await store.schedule.plan(row('mine-done', 1000, game));
      await store.schedule.markDone((await store.schedule.find('mine-done'))?.id as number, 'fired');
      await store.schedule.plan(row('other', 1000));
      expect(await store.schedule.cancelGame(game)).toBe(1);
      expect((await store.schedule.find('mine'))?.outcome).toBe('cancelled');
      expect((await store.schedule.find('mine-done'))?.outcome).toBe('fired');
      expect((await store.schedule.find('other'))?.doneAt).toBeNull();
    });
  });

  describe('what is deleted, and when (schedule-retention.ts)', () => {
    const DAY = 24 * 3_600_000;
    it('done rows go after 30 days, once their game is over or past their turn; what proves once-only firing stays', async () => {
      let now = at(0);
      const store = (await backends.open({ now: () => now })).store;
      const active = await startedGame(store);
      const over = await startedGame(store);
      const stage = (kind: string, game: number, turn: number, seat = 0) => ({
        key: `${kind}:${game}:${turn}:turn:${seat}`,
        gameId: game,
        kind,
        dueAt: now,
        payload: { seat, turn, decision: null },
      });
      const done = async (r: ReturnType<typeof stage>, outcome = 'fired') => {
        await store.schedule.plan(r);
        await store.schedule.markDone((await store.schedule.find(r.key))?.id as number, outcome);
      };
      // Day 0: the active game's turns 1 and 2 end, turn 3 starts; the other game's turn 1 ends.
      await done(stage('remind', active, 1));
      await done(stage('timeout', active, 1));
      await done(stage('remind', active, 2, 1), 'obsolete');
      await done(stage('timeout', active, 3));
      await done(stage('remind', active, 3));
      await store.schedule.plan(stage('timeout', active, 3, 1));
      await done(stage('remind', over, 1));
      await store.schedule.plan({ key: 'gameless', gameId: null, kind: 'k', dueAt: now, payload: {} });
      await store.schedule.markDone((await store.schedule.find('gameless'))?.id as number, 'fired');
      await store.cancelGame(over);
      now = at(20 * DAY);
      await done(stage('remind', active, 4));
      // Nothing is 30 days old yet.
      now = at(30 * DAY - 1);
      expect(await store.schedule.prune(now)).toBe(0);
      now = at(30 * DAY);
      // The active game's turns 1 and 2 are past (turn 4 has rows), the cancelled game is over.
      expect(await store.schedule.prune(now)).toBe(6);
      const left = async () =>
        (
          await Promise.all(
            ['remind', 'timeout'].flatMap((kind) =>
              [1, 2, 3, 4].flatMap((turn) =>
                [0, 1].map(
                  async (seat) => (await store.schedule.find(stage(kind, active, turn, seat).key))?.key,
                ),
              ),
            ),
          )
        ).filter(Boolean);
      // Turn 3's rows are past too (turn 4 planned); turn 4's remind is recent, the gameless row kept.
      expect(await left()).toEqual([`remind:${active}:4:turn:0`, `timeout:${active}:3:turn:1`]);
      expect(await store.schedule.find(stage('remind', over, 1).key)).toBeUndefined();
      expect(await store.schedule.find('gameless')).toBeDefined();
      // The pending row of a past turn stays until it is closed.
      expect((await store.schedule.next())?.key).toBe(`timeout:${active}:3:turn:1`);
      // Months later, the latest turn's rows still say what fired: planning them again does nothing.
      now = at(400 * DAY);
      expect(await store.schedule.prune(now)).toBe(0);
      expect(await store.schedule.plan(stage('remind', active, 4))).toBe(false);
      expect(await store.schedule.fired(`remind:${active}:4:`, ':0')).toBe(true);
    });
  });

  describe('rows by gateway shard', () => {
    /** A server id on shard `shard` of 2: Discord's rule is (id >> 22) % count. */
    const guildOn = (shard: 0 | 1) => ((1_000_000_000_000n + BigInt(shard)) << 22n).toString();

    it('each row is due on exactly one shard: its game’s server’s; rows without a server on shard 0', async () => {
      const store = await open();
      const gameIn = async (guildId: string) => {
        const lobby = await store.lobbies.create({
          type: 'dice-race',
          seed: guildId,
          guildId,
          channelId: `c${guildId}`,
          seats: [0, 1].map((k) => ({ userId: `u${k}`, displayName: `P${k}` })),
        });
        return (await store.startGame(lobby.id)).id;
      };
      const zero = await gameIn(guildOn(0));
      const one = await gameIn(guildOn(1));
      await store.schedule.plan(row('one', 1000, one));
      await store.schedule.plan(row('zero', 2000, zero));
      await store.schedule.plan(row('nobody', 3000));
      const shard = (id: number) => ({ ids: [id], count: 2 });
      const keys = (rows: readonly { key: string }[]) => rows.map((r) => r.key);
      expect(keys(await store.schedule.due(at(5000), 100, shard(0)))).toEqual(['zero', 'nobody']);
      expect(keys(await store.schedule.due(at(5000), 100, shard(1)))).toEqual(['one']);
      expect((await store.schedule.next(shard(0)))?.key).toBe('zero');
      expect((await store.schedule.next(shard(1)))?.key).toBe('one');
      // One process running both shards, or an unsharded bot, sees them all.
      expect(await store.schedule.due(at(5000), 100, { ids: [0, 1], count: 2 })).toHaveLength(3);
      expect(await store.schedule.due(at(5000), 100, { ids: [0], count: 1 })).toHaveLength(3);
      expect(await store.schedule.due(at(5000))).toHaveLength(3);
    });
  });
});

/**
 * The synchronous API's `inSameTransaction` callback exists only on SQLite (`GameStore`); the contract's
 * `alongside`, which replaces it for both backends, is covered in store-contract.test.ts.
 */
describe('the schedule, SQLite only: a callback in the move’s transaction', () => {
  it("a row closed in a move's transaction: both commit, or neither", () => {
    const store = memoryStore();
    const game = startedSyncGame(store);
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
