import { describe, expect, it } from 'vitest';
import { legalActions } from '../../../src/games/archaeology/legal-actions.ts';
import { view } from '../../../src/games/archaeology/view.ts';
import { countsOf } from '../../../src/games/archaeology/zones.ts';
import { act, logOf, position, refusal } from '../helpers.ts';

/** Rulebook, "Explore the pyramid". */
const withMaps = (maps: number) => position({ hands: [{ map: maps, coin: 1 }, { coin: 1 }], dig: ['coin'] });

describe('exploring the pyramid', () => {
  it('1 map for the 3 treasures of the small chamber, 2 for the 5 of the medium, 3 for the 7 of the large', () => {
    for (const [chamber, maps, cards] of [
      ['small', 1, 3],
      ['medium', 2, 5],
      ['large', 3, 7],
    ] as const) {
      const s = withMaps(maps);
      const inside = s.chambers[chamber] ?? [];
      const after = act(s, 0, { type: 'explore', chamber });
      expect(after.hands[0]).toHaveLength(1 + cards);
      expect(after.hands[0]).toEqual(expect.arrayContaining(inside));
      expect(after.chambers[chamber]).toBeNull();
    }
  });

  it('too few maps are refused', () => {
    const e = refusal(withMaps(2), 0, { type: 'explore', chamber: 'large' });
    expect(e.message).toMatch(/takes 3 maps; you hold 2/);
    expect(legalActions(withMaps(2), 0).filter((a) => a.type === 'explore')).toEqual([
      { type: 'explore', chamber: 'small' },
      { type: 'explore', chamber: 'medium' },
    ]);
  });

  it('the treasures taken are not revealed to the other players', () => {
    const s = act(withMaps(1), 0, { type: 'explore', chamber: 'small' });
    const other = view(s, 1);
    expect(other.seats[0]?.handSize).toBe(4);
    expect(logOf(s, 1).at(-1)).toMatch(/explore the small chamber and took its 3 treasures/);
    expect(logOf(s, 0).at(-1)).toMatch(/^In the small chamber you found /);
    expect(logOf(s, 1).join('\n')).not.toMatch(/you found/);
  });

  it('discarded maps are removed from the game', () => {
    const before = withMaps(3);
    const mapsOut = (x: typeof before) => x.out.filter((c) => x.cards[c] === 'map').length;
    const s = act(before, 0, { type: 'explore', chamber: 'large' });
    expect(countsOf(s, s.hands[0] ?? []).map).toBeUndefined();
    expect(mapsOut(s)).toBe(mapsOut(before) + 3);
    expect(s.market.some((c) => s.cards[c] === 'map')).toBe(false);
  });

  it('each chamber may only be explored once in the game', () => {
    const s = act(withMaps(2), 0, { type: 'explore', chamber: 'small' });
    expect(refusal(s, 0, { type: 'explore', chamber: 'small' }).code).toBe('explored');
    expect(view(s, null).chambers[0]).toMatchObject({ id: 'small', explored: true, cards: 0 });
  });
});
