import { describe, expect, it } from 'vitest';
import { legalActions } from '../../../src/games/archaeology/legal-actions.ts';
import { view } from '../../../src/games/archaeology/view.ts';
import { moneyOf } from '../../../src/games/archaeology/zones.ts';
import { act, logOf, position, refusal } from '../helpers.ts';

/** Rulebook, "Overview of a treasure card" and "Sell to the museum". */
const table = () => position({ hands: [{ talisman: 6, coin: 5, parchment: 2 }, { coin: 1 }], dig: ['coin'] });

describe('selling to the museum', () => {
  it('a set of 1 or more cards of one type is sold at the price its size gives: talismans 2 for $7, 4 for $24; coins 5 for $30', () => {
    let s = act(table(), 0, { type: 'sell', kind: 'talisman', count: 4 });
    expect(moneyOf(s, 0)).toBe(24);
    s = act(s, 0, { type: 'sell', kind: 'talisman', count: 2 });
    expect(moneyOf(s, 0)).toBe(31);
    s = act(s, 0, { type: 'sell', kind: 'coin', count: 5 });
    // The rulebook's example: $24 + $7 + $30 = $61.
    expect(moneyOf(s, 0)).toBe(61);
  });

  it('each sale is a new pile: cards cannot be added to a set already sold', () => {
    let s = act(table(), 0, { type: 'sell', kind: 'talisman', count: 2 });
    s = act(s, 0, { type: 'sell', kind: 'talisman', count: 2 });
    expect(s.sold[0]?.map((set) => set.cards.length)).toEqual([2, 2]);
    // Two sets of 2 are worth 7 + 7, not the 24 of a set of 4.
    expect(moneyOf(s, 0)).toBe(14);
    expect(view(s, null).seats[0]?.sold).toEqual([
      { kind: 'talisman', count: 2, value: 7 },
      { kind: 'talisman', count: 2, value: 7 },
    ]);
  });

  it('a set cannot hold more than the price list allows: of 6 talismans at most 5 are sold as a set', () => {
    const e = refusal(table(), 0, { type: 'sell', kind: 'talisman', count: 6 });
    expect(e.code).toBe('set-too-big');
    expect(e.message).toMatch(/at most 5 Talismans in one set/);
    expect(
      legalActions(table(), 0)
        .filter((a) => a.type === 'sell' && a.kind === 'talisman')
        .map((a) => a.type === 'sell' && a.count),
    ).toEqual([1, 2, 3, 4, 5]);
    let s = act(table(), 0, { type: 'sell', kind: 'talisman', count: 5 });
    s = act(s, 0, { type: 'sell', kind: 'talisman', count: 1 });
    expect(s.sold[0]).toHaveLength(2);
  });

  it('one type per set, and only cards held', () => {
    const s = table();
    expect(refusal(s, 0, { type: 'sell', kind: 'mask', count: 1 }).code).toBe('not-held');
    expect(refusal(s, 0, { type: 'sell', kind: 'parchment', count: 3 }).code).toBe('not-held');
    expect(refusal(s, 0, { type: 'sell', kind: 'coin', count: 0 }).code).toBe('malformed');
  });

  it('pot shards, parchment scraps and broken cups pay well only as a full set', () => {
    const n = position({ hands: [{}, {}], dig: [] }).numbers;
    for (const k of ['parchment', 'pot-shard', 'broken-cup'] as const) {
      const p = n[k].prices;
      expect(p.at(-1) as number).toBeGreaterThanOrEqual(3 * (p.at(-2) as number));
    }
  });

  it('the sale is announced: everyone sees the set, face up', () => {
    const s = act(table(), 0, { type: 'sell', kind: 'coin', count: 3 });
    expect(logOf(s, 1).at(-1)).toBe('@0 sold 3 Coins to the museum for $10.');
    expect(view(s, null).seats[0]?.money).toBe(10);
  });

  it('the player may sell multiple times in one turn', () => {
    let s = table();
    for (const count of [1, 1, 1, 1, 1]) s = act(s, 0, { type: 'sell', kind: 'coin', count });
    expect(s.sold[0]).toHaveLength(5);
    expect(s.turn.seat).toBe(0);
  });

  it('sold treasures cannot be stolen by thieves', () => {
    let s = position({ hands: [{ coin: 1 }, { talisman: 2 }], dig: ['thief'], seat: 1 });
    s = act(s, 1, { type: 'sell', kind: 'talisman', count: 2 });
    s = act(s, 1, { type: 'end' });
    // Seat 1's hand is empty: nothing to steal, though its sold set is on the table.
    expect(s.hands[1]).toEqual([]);
    expect(s.sold[1]?.[0]?.cards).toHaveLength(2);
    expect(s.hands[0]).toHaveLength(1);
  });
});
