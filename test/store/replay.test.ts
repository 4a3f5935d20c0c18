import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { firstDifference, replay } from '../../src/store/replay.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { diceRace } from '../fixtures/dice-race.ts';
import {
  availableBackends,
  type OpenedBackend,
  playRandomActionOn,
  startedGameOn,
} from './helpers/backends.ts';
import { checkGame, verifyStore } from './helpers/verify-store.ts';

describe.each(availableBackends())('replay of games stored on $name', (backend) => {
  let opened: OpenedBackend;
  let restarted: Store;
  // One database for all 60 runs, each playing a game of its own: a fresh PostgreSQL database (created and
  // migrated) costs a few tenths of a second.
  beforeAll(async () => {
    opened = await backend.open();
    restarted = await opened.another();
  });
  afterAll(() => opened?.close());

  it('rebuilds any game the store played, and a restarted store carries on identically', async () => {
    const { store } = opened;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 12 }),
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.nat(3), { maxLength: 60 }),
        async (seed, players, choices) => {
          const id = await startedGameOn(store, players, seed);
          const half = Math.floor(choices.length / 2);
          const play = async (s: Store, picks: number[]) => {
            for (const pick of picks) {
              const game = await s.getGame(id);
              const seat = diceRace.waitingFor(game.state as never)[0];
              if (seat === undefined) return;
              const legal = diceRace.legalActions(game.state as never, seat);
              await s.applyAction(id, {
                seat,
                action: legal[pick % legal.length],
                expectedVersion: game.version,
              });
            }
          };
          await play(store, choices.slice(0, half));
          // The second store has never seen this game: it carries on from what the first one committed.
          await play(restarted, choices.slice(half));

          const game = await restarted.getGame(id);
          const log = await restarted.actionLog(id);
          const replayed = replay(diceRace as never, {
            type: game.type,
            options: JSON.stringify(game.options),
            seed,
            actions: log.map((a) => ({ seq: a.seq, seat: a.seat, action: JSON.stringify(a.action) })),
          });
          expect(replayed.ok && replayed.state).toEqual(game.state);
          expect(replayed.ok && replayed.outcome).toEqual(game.outcome);
          expect(await checkGame(restarted, game)).toBeNull();
          if (store instanceof SqliteStore) expect(verifyAll(store.sync.database).problems).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the check through the contract finds a state or a log that no longer agree', async () => {
    const damaged = await backend.open();
    try {
      const { store } = damaged;
      const [a, b] = [await startedGameOn(store, 2, 'a'), await startedGameOn(store, 2, 'b')];
      const rng = seedRng('damage');
      for (const id of [a, b]) for (let i = 0; i < 3; i++) await playRandomActionOn(store, id, rng);
      expect((await verifyStore(store)).problems).toEqual([]);
      const state = (await store.getGame(a)).state as { positions: number[] };
      const moved = { ...state, positions: state.positions.map((p) => p + 1) };
      await damaged.execute('update games set state = ? where id = ?', [JSON.stringify(moved), a]);
      await damaged.execute('delete from actions where game_id = ? and seq = ?', [b, 3]);
      expect((await verifyStore(store)).problems).toEqual([
        {
          gameId: a,
          problem: expect.stringMatching(
            /^state differs from the replay of \d+ actions at \$\.positions\[0\]/,
          ),
        },
        { gameId: b, problem: 'version is 3 but the log holds 2 actions' },
      ]);
    } finally {
      await damaged.close();
    }
  });
});

describe('replay', () => {
  it('names where two states first differ', () => {
    expect(firstDifference('{"a":[1,2,{"b":3}]}', '{"a":[1,2,{"b":4}]}')).toEqual({
      path: '$.a[2].b',
      stored: 3,
      replayed: 4,
    });
    expect(firstDifference('{"a":1,"b":2}', '{"b":2,"a":1}')).toBeNull();
    expect(firstDifference('{"a":[1]}', '{"a":[1,2]}')).toEqual({
      path: '$.a[1]',
      stored: undefined,
      replayed: 2,
    });
  });

  it('reports a log it cannot replay instead of throwing', () => {
    const input = { type: 'dice-race', options: '{"players":2,"goal":30}', seed: 's' };
    expect(replay(diceRace as never, { ...input, actions: [{ seq: 2, seat: 0, action: '{}' }] })).toEqual({
      ok: false,
      seq: 2,
      problem: 'the log jumps from #0 to #2',
    });
    expect(replay(diceRace as never, { ...input, options: '{"players":9}', actions: [] })).toMatchObject({
      ok: false,
      seq: 0,
      problem: expect.stringMatching(/setup failed: players must be 2, 3 or 4/),
    });
    expect(
      replay(diceRace as never, { ...input, actions: [{ seq: 1, seat: 0, action: 'not json' }] }),
    ).toMatchObject({
      ok: false,
      seq: 1,
      problem: expect.stringMatching(/applying it threw/),
    });
  });
});
