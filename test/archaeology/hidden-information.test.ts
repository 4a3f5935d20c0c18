import { describe, expect, it } from 'vitest';
import { archaeology } from '../../src/games/archaeology/index.ts';
import { leakError, redealHidden } from '../../src/games/archaeology/invariants.ts';
import { view } from '../../src/games/archaeology/view.ts';
import { act, logOf, position } from './helpers.ts';

/**
 * What each seat may see: hands are private, a thief's take is seen only by the two players involved,
 * the chambers' treasures and the dig site's order are in no view.
 */
describe('hidden information in Archaeology', () => {
  const robbed = () => {
    // Seat 2 ends its turn; seat 0 digs a thief and robs seat 1, whose only card is a mask.
    const s = position({
      hands: [{ coin: 1 }, { mask: 1 }, { parchment: 2 }],
      dig: ['coin', 'thief'],
      seat: 2,
    });
    const thief = act(s, 2, { type: 'end' });
    expect(thief.pending).toMatchObject({ type: 'thief', seat: 0, targets: [1, 2] });
    return act(thief, 0, { type: 'steal', from: 1 });
  };

  it('a thief’s take is named to the thief and the victim only', () => {
    const s = robbed();
    expect(view(s, 0).me?.hand).toEqual({ coin: 1, mask: 1 });
    expect(logOf(s, 0)).toContain("Your thief stole a Pharaoh's Mask from @1.");
    expect(logOf(s, 1)).toContain("@0's thief stole your Pharaoh's Mask.");
    for (const other of [2, null]) {
      const log = logOf(s, other).join('\n');
      expect(log).toContain("@0's thief stole a card from @1.");
      expect(log).not.toMatch(/Mask/);
    }
  });

  it('a dug treasure is named to its digger alone', () => {
    const s = act(position({ hands: [{ coin: 1 }, { coin: 1 }], dig: ['talisman', 'mask'] }), 0, {
      type: 'end',
    });
    expect(logOf(s, 1)).toContain("You dug up a Pharaoh's Mask.");
    expect(logOf(s, 0).join('\n')).not.toMatch(/Mask/);
    expect(logOf(s, null)).toContain('@1 dug up a treasure.');
    expect(view(s, null).seats.map((x) => x.handSize)).toEqual([1, 2]);
  });

  it('no view holds another hand, a chamber’s cards or the dig site’s order', () => {
    const s = archaeology.setup({ players: 4 }, 'hidden');
    for (const viewer of [null, 0, 1, 2, 3]) {
      const v = view(s, viewer);
      expect(JSON.stringify(v)).not.toMatch(/"dig"|"hands"|"aside"/);
      expect(v.chambers.map((c) => c.cards)).toEqual([3, 5, 7]);
      expect(leakError(s, viewer)).toBeNull();
    }
    // The check itself catches a view that would show hidden cards: the re-dealt game differs there.
    const other = redealHidden(s, 0, 'x');
    expect(other.dig).not.toEqual(s.dig);
    expect(other.hands[0]).toEqual(s.hands[0]);
    expect(
      other.hands
        .slice(1)
        .flat()
        .map((c) => other.cards[c]),
    ).not.toEqual(
      s.hands
        .slice(1)
        .flat()
        .map((c) => s.cards[c]),
    );
  });

  it('sandstorm choices stay hidden from the others until everyone has chosen', () => {
    const storm = act(
      position({ hands: [{ coin: 2 }, { talisman: 2, mask: 2 }], dig: ['coin', 'sandstorm'], seat: 1 }),
      1,
      {
        type: 'end',
      },
    );
    expect(storm.pending?.type).toBe('sandstorm');
    const chosen = act(storm, 1, { type: 'discard', cards: { mask: 2 } });
    expect(view(chosen, 1).me?.sandstorm).toEqual({ owed: 0, chosen: { mask: 2 } });
    expect(view(chosen, 0).market).toEqual(view(storm, 0).market);
    expect(view(chosen, 0).seats[1]).toMatchObject({ handSize: 2, owes: null });
    expect(JSON.stringify(view(chosen, 0))).not.toMatch(/"chosen":\{"mask"/);
    expect(leakError(chosen, 0)).toBeNull();
    const done = act(chosen, 0, { type: 'discard', cards: { coin: 1 } });
    expect(view(done, null).market).toMatchObject({ coin: 1, mask: 2 });
  });
});
