/**
 * `PostgresStore` against `SqliteStore`: the same operations give the same records, logs, errors and
 * rating rows; and what only a shared database has to face: two shards (two stores, two pools) racing for
 * the same version or the same scheduled row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import { StaleVersionError } from '../../src/store/errors.ts';
import type { GameStoreOptions } from '../../src/store/game-store.ts';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres-store.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';
import { createTestDatabase, postgresMissing } from '../helpers/postgres.ts';
import { memoryStore } from './helpers/memory-store.ts';
import { createIcuTestDatabase } from './helpers/pg-locale.ts';
import { pgStore, startedGameOn, type TestPgStore } from './helpers/pg-store.ts';
import { randomMove } from './helpers/random-play.ts';

/** A clock both stores tick alike: equal records need equal times. */
function clock(): GameStoreOptions {
  let t = Date.UTC(2026, 0, 1);
  return {
    now: () => {
      t += 1_000;
      return new Date(t);
    },
  };
}

/** A call's result, or its error as the fields a caller could read: to compare two backends. */
async function settled<T>(p: Promise<T>): Promise<{ ok: T } | { error: Record<string, unknown> }> {
  try {
    return { ok: await p };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return { error: { ...error, class: error.constructor.name, message: error.message } };
  }
}

/** Random legal moves (the same ones for the same `rng` seed) until the game is over. */
async function playOut(store: Store, gameId: number, rng: RngState): Promise<void> {
  for (;;) {
    const game = await store.getGame(gameId);
    const move = randomMove(getGame(game.type), game.state, rng);
    if (!move) return;
    await store.applyAction(gameId, { ...move, expectedVersion: game.version });
  }
}

const missing = postgresMissing();

describe.skipIf(missing !== null)('PostgresStore', () => {
  let pg: TestPgStore;
  let sqlite: SqliteStore;

  /** A fresh pair for a case that compares the backends from empty databases. */
  async function pair(): Promise<{
    a: Store;
    b: PostgresStore;
    pgB: TestPgStore;
    done: () => Promise<void>;
  }> {
    const pgB = await pgStore(clock());
    const a = new SqliteStore(memoryStore(clock()));
    return {
      a,
      b: pgB.store,
      pgB,
      done: async () => {
        await a.close();
        await pgB.close();
      },
    };
  }

  beforeAll(async () => {
    pg = await pgStore();
    sqlite = new SqliteStore(memoryStore());
  });
  afterAll(async () => {
    await sqlite?.close();
    await pg?.close();
  });

  it('plays a whole Valley game to the same records, log and ratings as SQLite', async () => {
    const { a, b, done } = await pair();
    try {
      const lobby = {
        type: 'valley',
        seed: 'valley-seed',
        guildId: 'guild-9',
        channelId: 'chan-9',
        seats: [0, 1, 2].map((i) => ({ userId: `u${i}`, displayName: `P${i}` })),
      };
      const ids = [];
      for (const store of [a, b]) {
        const created = await store.lobbies.create(lobby);
        ids.push((await store.startGame(created.id)).id);
      }
      expect(ids[0]).toBe(ids[1]);
      const gameId = ids[0] as number;
      const module = getGame('valley');
      const rng = seedRng('moves');
      let moves = 0;
      for (;;) {
        const game = await a.getGame(gameId);
        expect(await b.getGame(gameId)).toEqual(game);
        const move = randomMove(module, game.state, rng);
        if (!move) break;
        const input = { ...move, expectedVersion: game.version };
        const [onA, onB] = [await a.applyAction(gameId, input), await b.applyAction(gameId, input)];
        expect(onB).toEqual(onA);
        moves++;
      }
      expect(moves).toBeGreaterThan(10);
      a.clearCache();
      b.clearCache();
      const [finalA, finalB] = [await a.getGame(gameId), await b.getGame(gameId)];
      expect(finalA.status).toBe('finished');
      expect(finalB).toEqual(finalA);
      expect(await b.actionLog(gameId)).toEqual(await a.actionLog(gameId));
      const snapshot = await a.ratings.snapshot();
      // 3 people × (the server, the global scope, and each one's season).
      expect(snapshot.changes.length).toBe(12);
      expect(await b.ratings.snapshot()).toEqual(snapshot);
      for (const scope of ['guild-9', 'global']) {
        const q = { gameType: 'valley', scope };
        expect(await b.ratings.board(q, 1)).toEqual(await a.ratings.board(q, 1));
        expect(await b.ratings.standing(q, 'u1')).toEqual(await a.ratings.standing(q, 'u1'));
        expect(await b.ratings.history(q, 'u2')).toEqual(await a.ratings.history(q, 'u2'));
        expect(await b.ratings.changesOfGame(gameId, scope)).toEqual(
          await a.ratings.changesOfGame(gameId, scope),
        );
      }
      const played = { gameType: 'valley', userId: 'u0', guildId: null };
      const strip = (list: Awaited<ReturnType<Store['ratings']['playedGames']>>) =>
        list.map(({ state, ...rest }) => ({ ...rest, state: state() }));
      expect(strip(await b.ratings.playedGames(played))).toEqual(strip(await a.ratings.playedGames(played)));
      expect(await b.ratings.recompute()).toEqual(await a.ratings.recompute());
      expect(await b.ratings.snapshot()).toEqual(snapshot);
    } finally {
      await done();
    }
  });

  it('of two shards applying the same version at once, exactly one wins and the other hears it is stale', async () => {
    const other = await pg.another();
    const gameId = await startedGameOn(pg.store, 2, 'race');
    for (let round = 0; round < 5; round++) {
      const game = await pg.store.getGame(gameId);
      await other.getGame(gameId);
      const seat = (game.state as { turn: number }).turn;
      const input = { seat, action: { type: 'pass' }, expectedVersion: game.version };
      const results = await Promise.allSettled([
        pg.store.applyAction(gameId, input),
        other.applyAction(gameId, input),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected')?.reason as StaleVersionError;
      expect(lost).toBeInstanceOf(StaleVersionError);
      expect(lost.currentVersion).toBe(game.version + 1);
      expect(await pg.store.actionLog(gameId)).toHaveLength(game.version + 1);
      // Both shards see the winner's move, whichever of them cached what.
      expect((await pg.store.getGame(gameId)).version).toBe(game.version + 1);
      expect((await other.getGame(gameId)).version).toBe(game.version + 1);
    }
  });

  it('an action whose scheduled row has already fired writes nothing', async () => {
    const gameId = await startedGameOn(pg.store, 2, 'fired');
    await pg.store.schedule.plan({
      key: `t:${gameId}`,
      gameId,
      kind: 'timeout',
      dueAt: new Date(0),
      payload: {},
    });
    const row = await pg.store.schedule.find(`t:${gameId}`);
    expect(await pg.store.schedule.markDone(row?.id as number, 'fired')).toBe(true);
    const game = await pg.store.getGame(gameId);
    const seat = (game.state as { turn: number }).turn;
    await expect(
      pg.store.applyAction(gameId, {
        seat,
        action: { type: 'pass' },
        expectedVersion: game.version,
        alongside: { fireRow: row?.id as number, timeouts: 'count' },
      }),
    ).rejects.toThrow(`scheduled row ${row?.id} of game #${gameId} fired twice`);
    pg.store.clearCache();
    expect(await pg.store.getGame(gameId)).toEqual(game);
    expect(await pg.store.actionLog(gameId)).toEqual([]);
    expect(await pg.store.absences.timeoutsInARow(gameId, seat)).toBe(0);
  });

  it('lobbies, locations, settings, absences and lookups agree with SQLite', async () => {
    const { a, b, done } = await pair();
    try {
      const script: ((s: Store) => Promise<unknown>)[] = [
        (s) =>
          s.lobbies.create({
            type: 'dice-race',
            seed: 's1',
            channelId: 'c1',
            guildId: 'g1',
            hostUserId: 'h',
          }),
        (s) => s.lobbies.join(1, { userId: 'h', displayName: 'Host' }),
        (s) => s.lobbies.join(1, { userId: 'h', displayName: 'Host' }),
        (s) => s.lobbies.join(1, { botKind: 'random', displayName: 'Bot' }),
        (s) => s.lobbies.join(1, { userId: 'x', displayName: 'X' }),
        (s) => s.lobbies.leave(1, 'x'),
        (s) => s.lobbies.leave(1, 'nobody'),
        (s) => s.lobbies.join(1, { userId: 'y', displayName: 'Y' }),
        (s) => s.lobbies.setOptions(1, { goal: 12 }),
        (s) => s.lobbies.setOptions(1, { goal: 'far' }),
        (s) => s.lobbies.setRated(1, true),
        (s) => s.lobbies.setTurnLimit(1, 0),
        (s) => s.lobbies.setTurnLimit(1, 60),
        (s) => s.lobbies.setLanguage(1, 'fr'),
        (s) => s.lobbies.replaceSeat(1, 1, { userId: 'z', displayName: 'Z' }),
        (s) => s.lobbies.replaceSeat(1, 7, { userId: 'w', displayName: 'W' }),
        (s) => s.startGame(1, [0, 0, 1]),
        (s) => s.startGame(1, [2, 0, 1]),
        (s) => s.startGame(1),
        (s) => s.lobbies.join(1, { userId: 'q', displayName: 'Q' }),
        (s) => s.lobbies.replaceSeat(1, 0, { botKind: 'random', displayName: 'Bot 2' }),
        (s) => s.lobbies.seatsOf(1),
        (s) => s.locations.setLocation(1, { threadId: 't1' }),
        (s) => s.locations.setMessage(1, 'board', { messageId: 'm1', channelId: 't1', version: 0 }),
        (s) => s.locations.setMessage(1, 'lobby', { messageId: 'm0' }),
        (s) => s.locations.setMessage(1, 'lobby', null),
        (s) => s.locations.getMessage(1, 'board'),
        (s) => s.locations.messagesOf(1),
        (s) =>
          s.lobbies.create({
            type: 'dice-race',
            seed: 's2',
            channelId: 't1',
            seats: [{ userId: 'y', displayName: 'Y' }],
          }),
        (s) => s.lobbies.create({ type: 'dice-race', seed: 's3', channelId: 'c2', guildId: 'g1' }),
        (s) => s.startGame(3),
        (s) => s.cancelGame(3),
        (s) => s.cancelGame(3),
        (s) => s.cancelGame(99),
        (s) => s.findGame(99),
        (s) => s.gamesInChannel('t1'),
        (s) => s.gamesInChannel('c1', ['active', 'cancelled']),
        (s) => s.gameInThread('t1'),
        (s) => s.gameInThread('none'),
        (s) => s.gamesInGuild('g1', ['lobby', 'active', 'finished', 'cancelled']),
        (s) => s.gamesOfUser('y'),
        (s) => s.gamesOfUser('y', ['lobby']),
        (s) => s.listGames(),
        (s) => s.listGames(['lobby', 'active', 'cancelled'], 2),
        (s) => s.countGames(),
        (s) => s.countGames(['cancelled']),
        (s) => s.countGames([]),
        (s) => s.players.get('y'),
        (s) => s.players.update('y', { timeZone: 'Europe/Paris', quietStart: 60 }),
        (s) =>
          s.players.update('y', {
            timeZone: 'Europe/Paris',
            quietStart: 60,
            quietEnd: 420,
            vacationUntil: new Date(5),
          }),
        (s) => s.players.update('y', { turnDms: true }),
        (s) => s.absences.countTimeout(1, 2),
        (s) => s.absences.countTimeout(1, 2),
        (s) => s.absences.countTimeout(1, 9),
        (s) => s.absences.vote(1, 2, 'h', 'replace'),
        (s) => s.absences.vote(1, 2, 'z', 'wait'),
        (s) => s.absences.vote(1, 2, 'z', 'replace'),
        (s) => s.absences.tally(1, 2),
        (s) => s.absences.reset(1, 2),
        (s) => s.absences.tally(1, 2),
        (s) => s.absences.timeoutsInARow(1, 2),
        (s) => s.getGame(1),
      ];
      for (const [step, run] of script.entries()) {
        const [onA, onB] = [await settled(run(a)), await settled(run(b))];
        expect({ step, ...onB }).toEqual({ step, ...onA });
      }
    } finally {
      await done();
    }
  });

  it('schedules as SQLite does, and closes a row at most once across two shards', async () => {
    const { a, b, pgB, done } = await pair();
    const other = await pgB.another();
    try {
      const keys = [
        'remind:1:a',
        'remind:1:B',
        'remind:1:b:x',
        'remind:10',
        'remind:1',
        'remind:1é',
        'Remind:1:z',
        'timeout:1',
      ];
      const script: ((s: Store) => Promise<unknown>)[] = [
        ...keys.map(
          (key, i) => (s: Store) =>
            s.schedule.plan({
              key,
              gameId: null,
              kind: 'k',
              dueAt: new Date(10_000 + (i % 3) * 1_000),
              payload: { i },
            }),
        ),
        (s) =>
          s.schedule.plan({ key: 'remind:1:a', gameId: null, kind: 'k', dueAt: new Date(0), payload: {} }),
        (s) => s.schedule.find('remind:1:B'),
        (s) => s.schedule.next(),
        (s) => s.schedule.due(new Date(11_000)),
        (s) => s.schedule.due(new Date(20_000), 3),
        (s) => s.schedule.postpone(1, new Date(30_000)),
        (s) => s.schedule.closeIfDue(1, new Date(20_000), 'fired'),
        (s) => s.schedule.closeIfDue(2, new Date(20_000), 'fired'),
        (s) => s.schedule.markDone(3, 'fired'),
        (s) => s.schedule.markDone(3, 'fired'),
        (s) => s.schedule.markDone(6, 'obsolete'),
        (s) => s.schedule.fired('remind:1'),
        (s) => s.schedule.fired('remind:1:'),
        (s) => s.schedule.fired('remind:1', ':x'),
        (s) => s.schedule.fired('remind:10'),
        (s) => s.schedule.fired('Remind'),
        (s) => s.schedule.lastPlanned('remind:1:'),
        (s) => s.schedule.lastPlanned('remind:1'),
        (s) => s.schedule.lastPlanned('nothing'),
        (s) => s.schedule.cancelGame(1),
        (s) => s.schedule.next(),
      ];
      for (const [step, run] of script.entries()) {
        const [onA, onB] = [await settled(run(a)), await settled(run(b))];
        expect({ step, ...onB }).toEqual({ step, ...onA });
      }

      for (let round = 0; round < 5; round++) {
        const key = `race:${round}`;
        const planned = await Promise.all(
          [b, other].map((s) =>
            s.schedule.plan({ key, gameId: null, kind: 'k', dueAt: new Date(0), payload: {} }),
          ),
        );
        expect(planned.filter(Boolean)).toHaveLength(1);
        const [dueB, dueOther] = await Promise.all([
          b.schedule.due(new Date(1)),
          other.schedule.due(new Date(1)),
        ]);
        expect(dueOther).toEqual(dueB);
        const id = dueB.find((r) => r.key === key)?.id as number;
        const closed = await Promise.all([
          b.schedule.markDone(id, 'fired'),
          other.schedule.markDone(id, 'fired'),
        ]);
        expect(closed.filter(Boolean)).toHaveLength(1);
        expect((await b.schedule.due(new Date(1))).some((r) => r.key === key)).toBe(false);
      }
    } finally {
      await done();
    }
  });

  it('a game finishing before one already rated recomputes the ratings, as on SQLite', async () => {
    // One clock for both stores, set by hand: the second game finishes "earlier" than the first.
    let at = 1_000;
    const shared = { now: () => new Date(at) };
    const pgB = await pgStore(shared);
    const sqlite = new SqliteStore(memoryStore(shared));
    try {
      const snapshots = [];
      for (const store of [sqlite, pgB.store]) {
        at = 1_000;
        const first = await startedGameOn(store, 3, 'first');
        const second = await startedGameOn(store, 3, 'second');
        at = 100_000;
        await playOut(store, first, seedRng('one'));
        at = 50_000;
        await playOut(store, second, seedRng('two'));
        const snapshot = await store.ratings.snapshot();
        const history = await store.ratings.history({ gameType: 'dice-race', scope: 'global' }, 'user-0');
        expect(history.map((h) => h.gameId)).toEqual([second, first]);
        // Applied one by one in commit order the skills would differ from a rebuild in finish order.
        expect(await store.ratings.recompute()).toEqual({ ratedGames: 2, ratings: 12 });
        expect(await store.ratings.snapshot()).toEqual(snapshot);
        snapshots.push(snapshot);
      }
      expect(snapshots[1]).toEqual(snapshots[0]);
    } finally {
      await sqlite.close();
      await pgB.close();
    }
  });

  it('a seat handed over on one shard is seen by another that had the game cached', async () => {
    const other = await pg.another();
    const gameId = await startedGameOn(pg.store, 2, 'handover');
    await other.getGame(gameId);
    await pg.store.lobbies.replaceSeat(gameId, 1, { botKind: 'random', displayName: 'Bot' });
    const seen = await other.getGame(gameId);
    expect(seen.handedOver).toBe(true);
    expect(seen.seats[1]?.botKind).toBe('random');
    await playOut(other, gameId, seedRng('handover'));
    const finished = await other.getGame(gameId);
    expect(finished.status).toBe('finished');
    expect(finished.handedOver).toBe(true);
    // Handed over: never rated, whichever shard finished it.
    expect(await other.ratings.changesOfGame(gameId, 'global')).toEqual([]);
  });

  it('a move from a cached game another shard changed meanwhile is written from the committed game', async () => {
    const other = await pg.another();
    const gameId = await startedGameOn(pg.store, 2, 'stale-cache');
    const cached = await other.getGame(gameId);
    // A change that moves no version: only the row's last change tells the cache is old.
    await pg.store.lobbies.replaceSeat(gameId, 1, { botKind: 'random', displayName: 'Bot' });
    const move = randomMove(getGame(cached.type), cached.state, seedRng('stale-cache')) as {
      seat: number;
      action: unknown;
    };
    const applied = await other.applyAction(gameId, { ...move, expectedVersion: cached.version });
    expect(applied.game.version).toBe(cached.version + 1);
    expect(applied.game.handedOver).toBe(true);
    expect(applied.game.seats[1]?.botKind).toBe('random');
    expect((await pg.store.getGame(gameId)).seats[1]?.botKind).toBe('random');
    // And a move from a version another shard has moved past is refused as stale, writing nothing.
    const again = randomMove(getGame(cached.type), cached.state, seedRng('stale-cache'));
    await expect(
      pg.store.applyAction(gameId, {
        ...(again as { seat: number; action: unknown }),
        expectedVersion: cached.version,
      }),
    ).rejects.toBeInstanceOf(StaleVersionError);
    expect((await other.actionLog(gameId)).length).toBe(cached.version + 1);
  });

  it('shards opening an empty database together migrate it once', async () => {
    const database = await createTestDatabase();
    try {
      const stores = await Promise.all([1, 2, 3].map(() => openPostgresStore(database.url, { poolSize: 1 })));
      const lobby = await stores[2]?.lobbies.create({ type: 'dice-race', seed: 'x' });
      expect((await stores[0]?.getGame(lobby?.id as number))?.status).toBe('lobby');
      for (const store of stores) await store.close();
    } finally {
      await database.drop();
    }
  });

  it('hands each scheduled row to exactly one gateway shard: its game’s server’s, shard 0 without one', async () => {
    const { b, done } = await pair();
    try {
      /** A server id on shard `shard` of 2: Discord's rule is (id >> 22) % count. */
      const guildOn = (shard: 0 | 1) => ((1_000_000_000_000n + BigInt(shard)) << 22n).toString();
      const gameIn = async (guildId: string | null) =>
        (await b.lobbies.create({ type: 'dice-race', seed: 's', guildId })).id;
      const rows: [string, number | null, 0 | 1][] = [
        ['on-0', await gameIn(guildOn(0)), 0],
        ['on-1', await gameIn(guildOn(1)), 1],
        ['no-guild', await gameIn(null), 0],
        ['not-a-snowflake', await gameIn('g1'), 0],
        ['no-game', null, 0],
      ];
      for (const [key, gameId] of rows) {
        await b.schedule.plan({ key, gameId, kind: 'k', dueAt: new Date(1_000), payload: {} });
      }
      const keysOf = (list: readonly { key: string }[]) => list.map((r) => r.key).sort();
      for (const shard of [0, 1] as const) {
        const shards = { ids: [shard], count: 2 };
        const expected = rows.filter(([, , s]) => s === shard).map(([key]) => key);
        expect(keysOf(await b.schedule.due(new Date(1_000), 100, shards))).toEqual(expected.sort());
        expect(expected).toContain((await b.schedule.next(shards))?.key);
      }
      expect(await b.schedule.due(new Date(1_000), 100, { ids: [0, 1], count: 2 })).toHaveLength(rows.length);
      expect(await b.schedule.due(new Date(1_000), 100, { ids: [5], count: 1 })).toHaveLength(rows.length);
    } finally {
      await done();
    }
  });

  it('orders text as SQLite does in a database whose locale does not sort by bytes', async (context) => {
    const database = await createIcuTestDatabase();
    if (!database) return context.skip('the test PostgreSQL has no ICU');
    const sqlite = new SqliteStore(memoryStore(clock()));
    const store = await openPostgresStore(database.url, { poolSize: 2, ...clock() });
    try {
      // In en-US "a" < "B" and punctuation is nearly ignored; in bytes "B" < "a" and ":" < "0".
      const script: ((s: Store) => Promise<unknown>)[] = [
        ...['k:a', 'k:B', 'k:B:x', 'k0', 'k:', 'k:é', 'K:z', 'kk'].map(
          (key) => (s: Store) =>
            s.schedule.plan({ key, gameId: null, kind: 'k', dueAt: new Date(0), payload: {} }),
        ),
        (s) => s.schedule.markDone(2, 'fired'),
        (s) => s.schedule.fired('k:'),
        (s) => s.schedule.fired('k:B:'),
        (s) => s.schedule.fired('k:a'),
        (s) => s.schedule.lastPlanned('k:'),
        (s) => s.schedule.lastPlanned('k:B'),
        (s) => s.schedule.lastPlanned('K'),
        async (s) => {
          const lobby = await s.lobbies.create({
            type: 'dice-race',
            seed: 'order',
            guildId: 'g',
            seats: ['a', 'B', 'Z', '_'].map((userId) => ({ userId, displayName: userId })),
          });
          await s.startGame(lobby.id);
          await playOut(s, lobby.id, seedRng('order'));
          return s.ratings.snapshot();
        },
        (s) => s.ratings.board({ gameType: 'dice-race', scope: 'global' }, 1),
      ];
      for (const [step, run] of script.entries()) {
        const [onA, onB] = [await settled(run(sqlite)), await settled(run(store))];
        expect({ step, ...onB }).toEqual({ step, ...onA });
      }
    } finally {
      await sqlite.close();
      await store.close();
      await database.drop();
    }
  });
});
