import { describe, expect, it } from 'vitest';
import { en } from '../../../src/adapters/english.ts';
import { nextInt, seedRng } from '../../../src/games/kernel/rng.ts';
import { apply, valley, waitingFor } from '../../../src/games/valley/index.ts';
import { legalActions } from '../../../src/games/valley/legal-actions.ts';
import type { CardPool } from '../../../src/games/valley/pools.ts';
import type { ValleyAction, ValleyState } from '../../../src/games/valley/state.ts';
import { newTurn } from '../../../src/games/valley/zones.ts';

// Stored games are verified by replaying them and comparing the state JSON: a key that appears in the
// state of a game that does not use the card behind it would fail every stored game.
const TURN_KEYS = Object.keys(newTurn(0, 0)).sort();

function play(seed: string, players: number, pool: CardPool | undefined, check: (s: ValleyState) => void) {
  const rng = seedRng(`shape:${seed}`);
  let s = valley.setup(pool ? { players, pool } : { players }, seed);
  while (!s.finished) {
    const seats = waitingFor(s);
    const seat = seats[nextInt(rng, seats.length)] as number;
    const actions = legalActions(s, seat);
    const r = apply(s, seat, actions[nextInt(rng, actions.length)] as ValleyAction);
    if (!r.ok) throw new Error(en(r.error.msg));
    s = r.state;
    check(s);
  }
}

describe('the state keeps the shape stored games replay to', () => {
  it('a base game never gains the Afterlife turn fields', () => {
    for (let g = 0; g < 20; g++)
      play(`base-${g}`, 2 + (g % 3), undefined, (s) => {
        expect(Object.keys(s.turn).sort()).toEqual(TURN_KEYS);
        expect(Object.keys(s).sort()).toEqual(
          [
            'game',
            'options',
            'defs',
            'cards',
            'players',
            'pyramid',
            'stock',
            'boneyard',
            'firstSeat',
            'turn',
            'turnsTaken',
            'stack',
            'rng',
            'questionSeq',
            'finished',
          ].sort(),
        );
      });
  });

  it('with Afterlife cards, the optional fields exist only while they apply', () => {
    for (let g = 0; g < 20; g++)
      play(`afterlife-${g}`, 2 + (g % 5), 'base-afterlife', (s) => {
        for (const key of Object.keys(s.turn))
          if (!TURN_KEYS.includes(key)) expect(['ring', 'axes', 'shown']).toContain(key);
        if ('ring' in s.turn) expect(s.turn.ring).toBe(true);
        // Queued Axes never outlive the action that discarded them.
        if (s.stack.length === 0) expect(s.turn.axes).toBeUndefined();
        if (s.turn.axes) expect(s.turn.axes.length).toBeGreaterThan(0);
        if (s.turn.shown) expect(s.turn.shown.length).toBeGreaterThan(0);
        // A new turn starts with none of them.
        if (s.turn.executed.length === 0 && s.stack.length === 0 && !s.turn.entombed)
          expect(s.turn.ring).toBeUndefined();
      });
  });
});
