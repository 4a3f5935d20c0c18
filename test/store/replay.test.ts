import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameStore } from '../../src/store/game-store.ts';
import { firstDifference, replay } from '../../src/store/replay.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { diceRace } from '../fixtures/dice-race.ts';
import { memoryStore, startedGame } from './helpers/memory-store.ts';

describe('replay', () => {
  it('rebuilds any game the store played, and a restarted store carries on identically', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.nat(3), { maxLength: 60 }),
        (seed, players, choices) => {
          const store = memoryStore();
          const id = startedGame(store, players, seed);
          const half = Math.floor(choices.length / 2);
          const play = (s: GameStore, picks: number[]) => {
            for (const pick of picks) {
              const game = s.getGame(id);
              const seat = diceRace.waitingFor(game.state as never)[0];
              if (seat === undefined) return;
              const legal = diceRace.legalActions(game.state as never, seat);
              s.applyAction(id, { seat, action: legal[pick % legal.length], expectedVersion: game.version });
            }
          };
          play(store, choices.slice(0, half));
          const restarted = new GameStore(store.database);
          play(restarted, choices.slice(half));

          const game = restarted.getGame(id);
          const log = restarted.actionLog(id);
          const replayed = replay(diceRace as never, {
            type: game.type,
            options: JSON.stringify(game.options),
            seed,
            actions: log.map((a) => ({ seq: a.seq, seat: a.seat, action: JSON.stringify(a.action) })),
          });
          expect(replayed.ok && replayed.state).toEqual(game.state);
          expect(replayed.ok && replayed.outcome).toEqual(game.outcome);
          expect(verifyAll(store.database).problems).toEqual([]);
          store.database.close();
        },
      ),
      { numRuns: 60 },
    );
  });

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
