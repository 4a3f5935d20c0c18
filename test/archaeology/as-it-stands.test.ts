import { describe, expect, it } from 'vitest';
import { archaeology } from '../../src/games/archaeology/index.ts';
import { outcome, outcomeAsItStands } from '../../src/games/archaeology/score.ts';
import type { Instance } from '../../src/games/archaeology/state.ts';
import { position } from './helpers.ts';

const ranks = (o: { results: readonly { seat: number; rank: number }[] }) =>
  [...o.results].sort((a, b) => a.seat - b.seat).map((r) => r.rank);

describe('Archaeology ranked as it stands (a tournament deadline)', () => {
  it('counts the money of the sets sold; the fewest cards sold break a tie; hands count nothing', () => {
    const s = position({ players: 4, hands: [{ coin: 1 }, {}, { talisman: 2 }, { mask: 3, coin: 2 }] });
    const ofKind = (kind: string) => s.cards.flatMap((k, i) => (k === kind ? [i as Instance] : []));
    const coins = ofKind('coin');
    const talismans = ofKind('talisman');
    s.numbers.coin = { trade: 2, prices: [6, 10] };
    s.numbers.talisman = { trade: 2, prices: [10, 15] };
    s.sold = [
      [{ kind: 'coin', cards: coins.slice(0, 2) }], // $10 from 2 cards
      [{ kind: 'talisman', cards: talismans.slice(0, 1) }], // $10 from 1 card: ahead
      [{ kind: 'coin', cards: coins.slice(2, 4) }], // as seat 0: the same place
      [], // the richest hand, nothing sold: last
    ];
    const before = JSON.stringify(s);
    expect(outcome(s)).toBeNull();
    const o = outcomeAsItStands(s);
    expect(ranks(o)).toEqual([2, 1, 2, 4]);
    expect(o.results.map((r) => r.score)).toEqual([10, 10, 10, 0]);
    expect(archaeology.outcomeAsItStands?.(s)).toEqual(o);
    expect(JSON.stringify(s)).toBe(before);
    expect(outcomeAsItStands(s)).toEqual(o);
  });

  it('a game just dealt: nobody sold yet, so everyone shares the first place', () => {
    const s = archaeology.setup({ players: 3 }, 'as-it-stands');
    expect(ranks(outcomeAsItStands(s))).toEqual([1, 1, 1]);
  });
});
