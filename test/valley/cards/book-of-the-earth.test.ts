import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

// Costs used here (pinned, see pinned-numbers.ts): Urn 1, Shabti 1, Box of Food 2, Book of the Heavens 3, Censer 4,
// Chariot 4, Burial Mask 5, Statue of Isis 7.
const PYRAMID = ['urn', 'censer', 'burial-mask', 'statue-of-isis', 'chariot', 'shabti'];

describe('Book of the Earth: sacrifice a card in your hand, take a card costing up to twice as much', () => {
  it('sacrifices to the boneyard, then takes a card costing up to twice as much from anywhere in the pyramid', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-earth', 'box-of-food'], []],
      pyramid: PYRAMID,
      boneyard: ['urn'],
    });
    t.play(0, 'book-of-the-earth');
    expect(t.options(0)).toEqual(['Box of Food']);
    t.choose(0, 'Box of Food');
    expect(t.boneyard()).toEqual(['urn', 'box-of-food']);
    // Cost 2: up to 4 (Censer and Chariot exactly 4), not Burial Mask (5) or Statue of Isis (7).
    expect(t.options(0)).toEqual([
      'Urn (base left)',
      'Censer (base centre)',
      'Chariot (middle right)',
      'Shabti (top)',
    ]);
    t.choose(0, 'Chariot');
    expect(t.discard(0)).toEqual(['chariot']);
    expect(t.hand(0)).toEqual([]);
    // The top falls into the emptied middle right.
    expect(t.pyramid()).toEqual(['urn', 'censer', 'burial-mask', 'statue-of-isis', 'shabti', null]);
  });

  it('must take a card: no way to decline after the sacrifice', () => {
    const t = table({ players: 2, hands: [['book-of-the-earth', 'censer'], []], pyramid: PYRAMID });
    t.play(0, 'book-of-the-earth').choose(0, 'Censer');
    expect(t.options(0)).not.toContain('Pass');
    expect(t.refused(0, { type: 'end-turn', top: null })).toBe('First answer the question you were asked.');
  });

  it('offers only sacrifices that leave a card costing up to twice as much to take', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-earth', 'urn', 'box-of-food', 'shabti'], []],
      pyramid: ['book-of-the-heavens', 'statue-of-isis', 'censer', null, null, null],
    });
    t.play(0, 'book-of-the-earth');
    // Urn and Shabti (cost 1) allow at most 2: nothing in the pyramid is that cheap.
    expect(t.options(0)).toEqual(['Box of Food']);
  });

  it('cannot be executed when no sacrifice allows taking a card', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-earth', 'urn', 'shabti'], []],
      pyramid: ['book-of-the-heavens', 'statue-of-isis', null, null, null, null],
    });
    expect(t.canPlay(0, 'book-of-the-earth')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'book-of-the-earth') })).toBe(
      'Book of the Earth cannot be executed now: you need a hand card such that the pyramid holds a card costing up to twice as much.',
    );
  });

  it('cannot be executed with an empty hand besides itself', () => {
    const t = table({ players: 2, hands: [['book-of-the-earth'], []], pyramid: PYRAMID });
    expect(t.canPlay(0, 'book-of-the-earth')).toBe(false);
  });

  it('opens the Mummified Cat window for the opponents after the sacrifice', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-earth', 'box-of-food'], ['mummified-cat']],
      pyramid: PYRAMID,
    });
    t.play(0, 'book-of-the-earth').choose(0, 'Box of Food');
    expect(t.options(1)).toEqual(['Pass', 'Discard Mummified Cat and take Box of Food']);
    t.pass(1);
    expect(t.options(0)).toContain('Censer (base centre)');
  });
});
