import { describe, expect, it } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import { archaeologyBotMove } from '../../src/games/archaeology/bots/index.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import type { AnyGame } from '../../src/games/registry.ts';
import { botMove } from '../../src/games/valley/bots/index.ts';
import { valley } from '../../src/games/valley/index.ts';

/**
 * A move's result says what it did, as `describe` says it of the position it was made in: the table
 * tells the mover from it, so nothing runs the rules on the old position again.
 */
function playAndCompare(
  module: AnyGame,
  choose: (s: unknown, seat: number) => unknown,
  seed: string,
): number {
  let state = module.setup(module.parseOptions({ players: 3 }), seed);
  let moves = 0;
  for (; moves < 400 && module.outcome(state) === null; moves++) {
    const seat = module.waitingFor(state)[0] as number;
    const action = choose(state, seat);
    const described = module.describe(state, seat, action);
    const result = module.apply(state, seat, action);
    if (!result.ok) throw new Error(en(result.error.msg));
    expect(result.label).toEqual(described);
    expect(en(result.label).length).toBeGreaterThan(0);
    state = result.state;
  }
  return moves;
}

describe("apply's label", () => {
  it('is what describe says of the position before, for every move of a Valley game', () => {
    expect(
      playAndCompare(valley, (s, seat) => botMove(s as never, seat, 'random'), 'label-v'),
    ).toBeGreaterThan(50);
  });

  it('is what describe says of the position before, for every move of an Archaeology game', () => {
    expect(
      playAndCompare(archaeology, (s, seat) => archaeologyBotMove(s as never, seat, 'random'), 'label-a'),
    ).toBeGreaterThan(20);
  });

  it('is absent from a refusal, which says why instead', () => {
    const s = valley.setup({ players: 2 }, 'label-r');
    const seat = 1 - (valley.waitingFor(s)[0] as number);
    const result = valley.apply(s, seat, { type: 'end-turn', top: null });
    expect(result.ok).toBe(false);
    expect('label' in result).toBe(false);
  });
});
