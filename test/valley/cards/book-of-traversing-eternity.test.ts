import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

// Costs used here (pinned, see pinned-numbers.ts): Urn 1, Shabti 1, Box of Food 2, Book of the Heavens 3, Censer 4,
// Chariot 4, Burial Mask 5, Statue of Isis 7.
describe('Book of Traversing Eternity: if you bought a card this turn, take another card with a lower cost', () => {
  it('after a purchase, takes a cheaper card from anywhere in the pyramid onto the discard pile', () => {
    const t = table({
      players: 2,
      hands: [['book-of-traversing-eternity', 'statue-of-isis', 'urn'], []],
      pyramid: ['censer', 'urn', 'statue-of-isis', 'chariot', 'book-of-the-heavens', 'box-of-food'],
    });
    expect(t.canPlay(0, 'book-of-traversing-eternity')).toBe(false);
    t.buy(0, 0, ['statue-of-isis', 'urn']);
    // Censer (cost 4) bought; the Chariot (4) fell into its place.
    expect(t.pyramid()).toEqual([
      'chariot',
      'urn',
      'statue-of-isis',
      'box-of-food',
      'book-of-the-heavens',
      null,
    ]);
    t.play(0, 'book-of-traversing-eternity');
    // Strictly cheaper than 4: not the Chariot.
    expect(t.options(0)).toEqual([
      'Urn (base centre)',
      'Box of Food (middle left)',
      'Book of the Heavens (middle right)',
    ]);
    t.choose(0, 'Box of Food');
    expect(t.discard(0)).toEqual(['censer', 'box-of-food']);
    expect(t.pyramid()).toEqual(['chariot', 'urn', 'statue-of-isis', null, 'book-of-the-heavens', null]);
  });

  it('compares with the dearest card bought this turn', () => {
    const t = table({
      players: 2,
      hands: [['book-of-traversing-eternity', 'statue-of-isis', 'urn', 'urn'], []],
      pyramid: ['urn', 'censer', null, null, null, 'book-of-the-heavens'],
    });
    t.buy(0, 0, ['urn']).buy(0, 1, ['statue-of-isis', 'urn']);
    t.play(0, 'book-of-traversing-eternity');
    expect(t.options(0)).toEqual(['Book of the Heavens (top)']);
  });

  it('takes without buying: no Boat window opens for the card taken', () => {
    const t = table({
      players: 2,
      hands: [['book-of-traversing-eternity', 'statue-of-isis', 'urn'], ['boat']],
      pyramid: ['censer', 'urn', null, null, null, 'shabti'],
    });
    t.buy(0, 0, ['statue-of-isis', 'urn']);
    expect(t.options(1)).toEqual(['Pass', 'Discard Boat and take a card from the base of the pyramid']);
    t.pass(1);
    t.play(0, 'book-of-traversing-eternity').choose(0, 'Urn');
    expect(t.discard(0)).toEqual(['censer', 'urn']);
    expect(t.options(1)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('cannot be executed without a purchase this turn', () => {
    const t = table({
      players: 2,
      hands: [['book-of-traversing-eternity', 'urn'], []],
      pyramid: ['statue-of-isis', 'urn', null, null, null, null],
    });
    expect(t.canPlay(0, 'book-of-traversing-eternity')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'book-of-traversing-eternity') })).toBe(
      'Book of Traversing Eternity cannot be executed now: you must have bought a card this turn, and the pyramid must hold a cheaper card.',
    );
  });

  it('cannot be executed when the pyramid holds nothing cheaper than the card bought', () => {
    const t = table({
      players: 2,
      hands: [['book-of-traversing-eternity', 'urn'], []],
      pyramid: ['urn', 'shabti', 'censer', null, null, null],
    });
    t.buy(0, 0, ['urn']);
    expect(t.pyramid()).toEqual([null, 'shabti', 'censer', null, null, null]);
    expect(t.canPlay(0, 'book-of-traversing-eternity')).toBe(false);
  });
});
