import { afterEach, describe, expect, it } from 'vitest';
import { StaleVersionError, StoreError } from '../../src/store/errors.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';
import { postgresMissing } from '../helpers/postgres.ts';
import { memoryStore, startedGame } from './helpers/memory-store.ts';
import { pgStore, startedGameOn } from './helpers/pg-store.ts';

interface Opened {
  readonly store: Store;
  readonly gameId: number;
  readonly close: () => Promise<void>;
}

const missing = postgresMissing();

/**
 * The `Store` contract the bot is written against, whatever the backend. Each backend gets the same
 * cases: what an action writes beside itself (`alongside`) commits with it or not at all.
 */
const backends: [string, (() => Promise<Opened>) | null][] = [
  [
    'SQLite',
    async () => {
      const sync = memoryStore();
      const store = new SqliteStore(sync);
      return { store, gameId: startedGame(sync), close: () => store.close() };
    },
  ],
  [
    // A fresh database per case: the lookups count every game in it.
    'PostgreSQL',
    missing === null
      ? async () => {
          const pg = await pgStore();
          return { store: pg.store, gameId: await startedGameOn(pg.store), close: pg.close };
        }
      : null,
  ],
];

const row = (key: string, gameId: number) => ({
  key,
  gameId,
  kind: 'timeout',
  dueAt: new Date(1000),
  payload: {},
});

// A backend without its server is skipped, with the reason printed by `postgresMissing`.
describe.each(backends.filter(([, opener]) => opener !== null))('the store contract on %s', (_, opener) => {
  const opened: Opened[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.close();
  });
  async function open(): Promise<Opened> {
    if (!opener) throw new Error(`no test PostgreSQL: ${missing}`);
    const o = await opener();
    opened.push(o);
    return o;
  }

  async function mover(store: Store, gameId: number) {
    const game = await store.getGame(gameId);
    return { seat: (game.state as { turn: number }).turn, version: game.version };
  }

  it('a time-out’s row closes with its move; a second firing of the row writes nothing and fails', async () => {
    const { store, gameId } = await open();
    await store.schedule.plan(row('timeout:a', gameId));
    const id = (await store.schedule.find('timeout:a'))?.id as number;
    const { seat, version } = await mover(store, gameId);
    const applied = await store.applyAction(gameId, {
      seat,
      action: { type: 'pass' },
      expectedVersion: version,
      alongside: { fireRow: id, timeouts: 'count' },
    });
    expect(applied.game.version).toBe(version + 1);
    expect(applied.timeoutsInARow).toBe(1);
    expect((await store.schedule.find('timeout:a'))?.outcome).toBe('fired');
    const next = await mover(store, gameId);
    await expect(
      store.applyAction(gameId, {
        seat: next.seat,
        action: { type: 'pass' },
        expectedVersion: next.version,
        alongside: { fireRow: id },
      }),
    ).rejects.toThrow(/fired twice/);
    expect((await store.getGame(gameId)).version).toBe(next.version);
    expect(await store.actionLog(gameId)).toHaveLength(next.version);
  });

  it('a person’s own move resets their run of time-outs, in the same transaction', async () => {
    const { store, gameId } = await open();
    const first = await mover(store, gameId);
    await store.absences.countTimeout(gameId, first.seat);
    expect(await store.absences.timeoutsInARow(gameId, first.seat)).toBe(1);
    await store.applyAction(gameId, {
      seat: first.seat,
      action: { type: 'pass' },
      expectedVersion: first.version,
      alongside: { timeouts: 'reset' },
    });
    expect(await store.absences.timeoutsInARow(gameId, first.seat)).toBe(0);
  });

  it('a refusal is a rejected promise carrying the store’s error, and changes nothing', async () => {
    const { store, gameId } = await open();
    const { seat, version } = await mover(store, gameId);
    const stale = store.applyAction(gameId, {
      seat,
      action: { type: 'pass' },
      expectedVersion: version + 5,
      alongside: { timeouts: 'count' },
    });
    await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
    await expect(stale).rejects.toBeInstanceOf(StoreError);
    expect(await store.absences.timeoutsInARow(gameId, seat)).toBe(0);
    expect((await store.getGame(gameId)).version).toBe(version);
  });

  it('answers reads and lookups as the synchronous store does', async () => {
    const { store, gameId } = await open();
    expect(store.backend).toMatch(/^(sqlite|postgres)$/);
    expect((await store.findGame(gameId))?.id).toBe(gameId);
    expect(await store.findGame(gameId + 1000)).toBeUndefined();
    expect((await store.gamesInChannel('chan-1')).map((g) => g.id)).toEqual([gameId]);
    expect((await store.gamesOfUser('user-1')).map((g) => g.id)).toEqual([gameId]);
    expect(await store.countGames(['active'])).toBe(1);
    const cancelled = await store.cancelGame(gameId);
    expect(cancelled.status).toBe('cancelled');
    await expect(store.cancelGame(gameId)).rejects.toBeInstanceOf(StoreError);
  });
});
