import { describe, expect, it } from 'vitest';
import { Table } from '../table.ts';

// Provisional costs used here: Statue of Isis 7, Urn 1, Shabti 1, Box of Food 2.
describe('Box of Food: sacrifice a card in your hand, entomb a card with a lower cost', () => {
  it('sacrifices to the boneyard and entombs a cheaper hand card, beyond the normal entombing', () => {
    const t = Table.from({ players: 2, hands: [['box-of-food', 'statue-of-isis', 'urn', 'shabti'], []] });
    t.entomb(0, 'shabti');
    t.play(0, 'box-of-food');
    expect(t.options(0)).toEqual(['Statue of Isis']);
    t.choose(0, 'Statue of Isis');
    expect(t.boneyard()).toEqual(['statue-of-isis']);
    expect(t.options(0)).toEqual(['Urn']);
    t.choose(0, 'Urn');
    expect(t.tomb(0)).toEqual(['shabti', 'urn']);
    expect(t.hand(0)).toEqual([]);
    expect(t.inPlay(0)).toEqual(['box-of-food']);
  });

  it('cannot be executed when no hand card has a cheaper companion', () => {
    const t = Table.from({ players: 2, hands: [['box-of-food', 'urn', 'shabti'], []] });
    expect(t.canPlay(0, 'box-of-food')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'box-of-food') })).toMatch(/lower cost/);
  });
});
