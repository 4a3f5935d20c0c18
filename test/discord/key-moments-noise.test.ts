import { describe, expect, it } from 'vitest';
import {
  type Analyser,
  type Decision,
  findKeyMoments,
  type KeyMomentsBudget,
} from '../../src/discord/key-moments.ts';
import type { AnalysisRequest, MoveCost } from '../../src/games/kernel/analysis.ts';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import type { Outcome } from '../../src/games/kernel/types.ts';
import { duel } from '../../src/games/search/analysis.ts';
import type { SearchRules } from '../../src/games/search/search-move.ts';

/**
 * Which moves key moments flag. A toy game: seat 0 picks a move, then a die of 100 decides. `even` wins on
 * a roll below 50, `odd` on 50 and above: the same chance to win as `even`, yet every paired playout gives
 * a different result, the noisiest difference there is. `poor` wins below 10. A move equal in value to
 * the best must never be flagged; a clearly worse one must.
 */
type Move = 'even' | 'odd' | 'poor';
interface Toy {
  move: Move | null;
  roll: number | null;
}
const wins = (s: Toy) =>
  s.move === 'even'
    ? (s.roll as number) < 50
    : s.move === 'odd'
      ? (s.roll as number) >= 50
      : (s.roll as number) < 10;
const toy: SearchRules<Toy, Move | number> = {
  clone: (s) => ({ ...s }),
  waitingFor: (s) => (s.move === null ? [0] : s.roll === null ? [1] : []),
  applyInPlace: (s, seat, a) => {
    if (seat === 0) s.move = a as Move;
    else s.roll = a as number;
  },
  isOver: (s) => s.roll !== null,
  outcome: (s): Outcome | null =>
    s.roll === null
      ? null
      : {
          results: [
            { seat: 0, score: wins(s) ? 1 : 0, rank: wins(s) ? 1 : 2, tieBreakers: [] },
            { seat: 1, score: wins(s) ? 0 : 1, rank: wins(s) ? 2 : 1, tieBreakers: [] },
          ],
          summary: { key: 'kernel.rules.plain', values: { text: 'toy' } },
        },
  determinize: (s) => ({ ...s }),
  policy: (_s, _seat, rng) => nextInt(rng, 100),
};
const start: Toy = { move: null, roll: null };

describe('key moments and the noise of the estimate', () => {
  it('never flags a move equal in value to the best, over many seeds; flags a clearly worse one', () => {
    for (let k = 0; k < 20; k++) {
      const equal = duel(toy, start, 0, 'even', 'odd', 200, seedRng(`equal-${k}`));
      expect(equal.duels).toBe(200);
      expect(equal.notable, `seed ${k}: loss ${equal.loss} ± ${equal.stderr}`).toBe(false);
    }
    const worse = duel(toy, start, 0, 'even', 'poor', 200, seedRng('worse'));
    expect(worse.loss).toBeGreaterThan(0.3);
    expect(worse.notable).toBe(true);
  });

  it('keeps only confirmed notable losses, at most three a person, worst first; the screen only chooses what is confirmed', async () => {
    // Seat 0 played `odd` (equal to the best) at moves 0–3 and `poor` at 4–8; seat 1 `poor` at move 9.
    const decisions: Decision[] = Array.from({ length: 10 }, (_, move) => ({
      seat: move === 9 ? 1 : 0,
      move,
      state: start,
      played: move < 4 ? 'odd' : 'poor',
    }));
    const asked: { request: AnalysisRequest<unknown> }[] = [];
    const budget: KeyMomentsBudget = { screenPlayouts: 5, screenDuels: 20, confirm: 4, confirmDuels: 200 };
    const analyse: Analyser = async (_game, _state, _seat, request) => {
      asked.push({ request });
      const cost: MoveCost<unknown> = duel(
        toy,
        start,
        0,
        'even',
        request.played as Move,
        request.duels ?? 0,
        seedRng(`${request.duels}-${asked.length}`),
      );
      return { moves: [], playouts: 0, cost };
    };
    const found = await findKeyMoments('toy', decisions, analyse, budget);
    expect(found.decisions).toBe(10);
    // Screened: every decision with the small budget.
    const screens = asked.filter((a) => a.request.duels === 20);
    expect(screens).toHaveLength(10);
    expect(screens.every((a) => a.request.playouts === 5)).toBe(true);
    // Confirmed: at most 4 of seat 0 and 1 of seat 1, with the full duels and the Hard player's budget.
    const confirms = asked.filter((a) => a.request.duels === 200);
    expect(confirms.length).toBeLessThanOrEqual(5);
    expect(confirms.every((a) => a.request.playouts === undefined)).toBe(true);
    // Only `poor` moves are shown: never the equal `odd` ones, however the screen ranked them.
    expect(found.moments.every((m) => m.played === 'poor')).toBe(true);
    expect(found.moments.filter((m) => m.seat === 0).length).toBeLessThanOrEqual(3);
    expect(found.moments.filter((m) => m.seat === 0).length).toBeGreaterThan(0);
    expect(found.moments.filter((m) => m.seat === 1)).toHaveLength(1);
    const seat0 = found.moments.filter((m) => m.seat === 0).map((m) => m.loss);
    expect(seat0).toEqual([...seat0].sort((a, b) => b - a));
  });
});
