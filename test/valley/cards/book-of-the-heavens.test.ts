import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

const FIVE = ['urn', 'censer', 'shabti', 'chariot', 'urn'];

describe('Book of the Heavens: if you have 5 or more cards in your discard pile, entomb one of them', () => {
  it('entombs a chosen card from a discard pile of 5, leaving the others in their order', () => {
    const t = table({ players: 2, hands: [['book-of-the-heavens'], []], discards: [FIVE, []] });
    t.play(0, 'book-of-the-heavens');
    expect(t.options(0)).toEqual(['Urn', 'Censer', 'Shabti', 'Chariot']);
    t.choose(0, 'Censer');
    expect(t.tomb(0)).toEqual(['censer']);
    expect(t.discard(0)).toEqual(['urn', 'shabti', 'chariot', 'urn']);
    expect(t.inPlay(0)).toEqual(['book-of-the-heavens']);
  });

  it('entombs in addition to the normal entombing of the turn', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-heavens', 'statue-of-isis'], []],
      discards: [FIVE, []],
    });
    t.entomb(0, 'statue-of-isis');
    t.play(0, 'book-of-the-heavens').choose(0, 'Chariot');
    expect(t.tomb(0)).toEqual(['statue-of-isis', 'chariot']);
  });

  it('leaves the normal entombing of the turn available after it', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-heavens', 'statue-of-isis'], []],
      discards: [FIVE, []],
    });
    t.play(0, 'book-of-the-heavens').choose(0, 'Chariot');
    t.entomb(0, 'statue-of-isis');
    expect(t.tomb(0)).toEqual(['chariot', 'statue-of-isis']);
  });

  it('cannot be executed with 4 cards in the discard pile', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-heavens', 'urn'], []],
      discards: [FIVE.slice(0, 4), FIVE],
    });
    expect(t.canPlay(0, 'book-of-the-heavens')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'book-of-the-heavens') })).toBe(
      'Book of the Heavens cannot be executed now: your discard pile must hold at least 5 cards.',
    );
  });

  it('counts only the discard pile, not the hand nor the cards in play', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-heavens', 'urn', 'shabti', 'censer'], []],
      discards: [FIVE.slice(0, 4), []],
      pyramid: ['urn', null, null, null, null, null],
    });
    expect(t.canPlay(0, 'book-of-the-heavens')).toBe(false);
    // The Urn paid stays in play; the Urn bought makes the fifth card of the discard pile.
    t.buy(0, 0, ['urn']);
    expect(t.canPlay(0, 'book-of-the-heavens')).toBe(true);
  });
});
