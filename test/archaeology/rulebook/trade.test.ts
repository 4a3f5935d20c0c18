import { describe, expect, it } from 'vitest';
import { legalActions } from '../../../src/games/archaeology/legal-actions.ts';
import { view } from '../../../src/games/archaeology/view.ts';
import { countsOf } from '../../../src/games/archaeology/zones.ts';
import { act, logOf, position, refusal } from '../helpers.ts';

/** Rulebook, "Trade at the marketplace". */
const table = () =>
  position({
    hands: [{ parchment: 2, coin: 1, mask: 1 }, { coin: 1 }],
    market: { talisman: 1, 'pot-shard': 2, coin: 1 },
    dig: ['coin'],
  });

describe('trading at the marketplace', () => {
  it('trading values: parchment 1, pot shard 1, coin 2, talisman 3 (the rulebook’s example: 2 parchment + 1 coin for a talisman and a pot shard)', () => {
    const s = act(table(), 0, {
      type: 'trade',
      give: { parchment: 2, coin: 1 },
      take: { talisman: 1, 'pot-shard': 1 },
    });
    expect(countsOf(s, s.hands[0] ?? [])).toEqual({ 'pot-shard': 1, talisman: 1, mask: 1 });
    // The given cards are placed face up in the marketplace.
    expect(countsOf(s, s.market)).toEqual({ parchment: 2, 'pot-shard': 1, coin: 2 });
    expect(view(s, null).numbers.talisman.trade).toBe(3);
  });

  it('any number of cards for any number of cards of equal or lesser trading value', () => {
    const s = act(table(), 0, { type: 'trade', give: { mask: 1 }, take: { 'pot-shard': 2, coin: 1 } });
    expect(countsOf(s, s.hands[0] ?? [])).toEqual({ parchment: 2, 'pot-shard': 2, coin: 2 });
  });

  it('if the cards taken are of lesser value, the difference is simply lost', () => {
    const s = act(table(), 0, { type: 'trade', give: { mask: 1 }, take: { 'pot-shard': 1 } });
    expect(countsOf(s, s.hands[0] ?? [])).toEqual({ parchment: 2, 'pot-shard': 1, coin: 1 });
    expect(logOf(s, null).at(-1)).toMatch(/3 trading value lost/);
  });

  it('cards of greater value cannot be taken', () => {
    const e = refusal(table(), 0, { type: 'trade', give: { parchment: 2 }, take: { talisman: 1 } });
    expect(e.code).toBe('trade-value');
    expect(e.message).toMatch(/trade for 3, more than the 2 you give/);
  });

  it('the player may trade with the marketplace multiple times in one turn', () => {
    let s = act(table(), 0, { type: 'trade', give: { coin: 1 }, take: { 'pot-shard': 2 } });
    s = act(s, 0, { type: 'trade', give: { 'pot-shard': 2, parchment: 1 }, take: { talisman: 1 } });
    s = act(s, 0, { type: 'trade', give: { talisman: 1 }, take: { coin: 1 } });
    expect(countsOf(s, s.hands[0] ?? [])).toEqual({ parchment: 1, coin: 1, mask: 1 });
    expect(s.turn.seat).toBe(0);
  });

  it('any number of cards may be in the marketplace', () => {
    const s = act(table(), 0, {
      type: 'trade',
      give: { parchment: 2, coin: 1, mask: 1 },
      take: { 'pot-shard': 1 },
    });
    expect(s.market).toHaveLength(7);
  });

  it('only cards held can be given and only cards in the marketplace taken; a refusal changes nothing', () => {
    const s = table();
    const before = JSON.stringify(s);
    expect(refusal(s, 0, { type: 'trade', give: { talisman: 1 }, take: { coin: 1 } }).code).toBe('not-held');
    expect(refusal(s, 0, { type: 'trade', give: { mask: 1 }, take: { 'broken-cup': 1 } }).code).toBe(
      'not-in-market',
    );
    expect(refusal(s, 0, { type: 'trade', give: { coin: 1 }, take: {} }).code).toBe('empty-trade');
    expect(refusal(s, 0, { type: 'trade', give: {}, take: { coin: 1 } }).code).toBe('empty-trade');
    // The module's reading: a type on both sides is a smaller trade in disguise.
    expect(refusal(s, 0, { type: 'trade', give: { coin: 1, parchment: 1 }, take: { coin: 1 } }).code).toBe(
      'same-type',
    );
    expect(refusal(s, 1, { type: 'trade', give: { coin: 1 }, take: { 'pot-shard': 1 } }).code).toBe(
      'not-your-turn',
    );
    expect(JSON.stringify(s)).toBe(before);
  });

  it('the legal actions list each one-card take with every minimal payment', () => {
    const trades = legalActions(table(), 0).filter((a) => a.type === 'trade');
    expect(trades).toContainEqual({ type: 'trade', give: { parchment: 2 }, take: { coin: 1 } });
    expect(trades).toContainEqual({ type: 'trade', give: { parchment: 1, coin: 1 }, take: { talisman: 1 } });
    expect(trades).toContainEqual({ type: 'trade', give: { mask: 1 }, take: { talisman: 1 } });
    // Not minimal: the coin alone pays for the pot shard.
    expect(trades).not.toContainEqual({
      type: 'trade',
      give: { parchment: 1, coin: 1 },
      take: { 'pot-shard': 1 },
    });
  });
});
