import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

describe('Book of the Netherworld: take the top card of the stock', () => {
  it('puts the top card of the stock on top of the discard pile', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-netherworld'], []],
      discards: [['urn'], []],
      stock: ['statue-of-horus', 'statue-of-thoth'],
    });
    t.play(0, 'book-of-the-netherworld');
    expect(t.discard(0)).toEqual(['urn', 'statue-of-thoth']);
    expect(t.stock()).toEqual(['statue-of-horus']);
    expect(t.inPlay(0)).toEqual(['book-of-the-netherworld']);
  });

  it('does not change the pyramid: the rebuild sacrifice is still due', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-netherworld'], []],
      pyramid: ['urn', null, null, null, null, null],
      stock: ['statue-of-thoth'],
    });
    t.play(0, 'book-of-the-netherworld').endTurn(0);
    expect(t.options(0)).toEqual(['Urn (base left)']);
  });

  it('is not a purchase: no Boat window opens', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-netherworld'], ['boat']],
      pyramid: ['urn', null, null, null, null, null],
      stock: ['statue-of-thoth'],
    });
    t.play(0, 'book-of-the-netherworld');
    expect(t.options(1)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('has a gold value of 3 (the rulebook buying example)', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-netherworld', 'urn'], []],
      pyramid: ['book-of-the-heavens', null, null, null, null, null],
    });
    t.buy(0, 0, ['book-of-the-netherworld']);
    expect(t.discard(0)).toEqual(['book-of-the-heavens']);
  });

  it('cannot be executed when the stock is empty', () => {
    const t = table({ players: 2, hands: [['book-of-the-netherworld'], []] });
    expect(t.canPlay(0, 'book-of-the-netherworld')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'book-of-the-netherworld') })).toBe(
      'Book of the Netherworld cannot be executed now: the stock must hold a card.',
    );
  });
});
