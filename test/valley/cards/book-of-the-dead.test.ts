import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

// Costs used here (pinned, see pinned-numbers.ts): Urn 1, Shabti 1, Box of Food 2, Book of the Heavens 3, Censer 4,
// Chariot 4, Statue of Isis 7.
describe('Book of the Dead: take the card with the lowest cost and entomb it', () => {
  it('entombs the single lowest-cost card from anywhere in the pyramid, without asking', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-dead'], []],
      pyramid: ['censer', 'statue-of-isis', 'chariot', 'book-of-the-heavens', 'censer', 'box-of-food'],
    });
    t.play(0, 'book-of-the-dead');
    expect(t.tomb(0)).toEqual(['box-of-food']);
    expect(t.pyramid()).toEqual([
      'censer',
      'statue-of-isis',
      'chariot',
      'book-of-the-heavens',
      'censer',
      null,
    ]);
    expect(t.discard(0)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('lets the player choose among cards that share the lowest cost', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-dead'], []],
      pyramid: ['censer', 'urn', 'chariot', 'shabti', 'box-of-food', 'statue-of-isis'],
    });
    t.play(0, 'book-of-the-dead');
    expect(t.options(0)).toEqual(['Urn (base centre)', 'Shabti (middle left)']);
    t.choose(0, 'Shabti');
    expect(t.tomb(0)).toEqual(['shabti']);
    // The top falls into the emptied middle left.
    expect(t.pyramid()).toEqual(['censer', 'urn', 'chariot', 'statue-of-isis', 'box-of-food', null]);
  });

  it('entombs in addition to the normal entombing of the turn, before or after it', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-dead', 'book-of-the-dead', 'statue-of-isis', 'chariot'], []],
      pyramid: ['urn', 'censer', 'shabti', null, null, null],
    });
    t.entomb(0, 'statue-of-isis');
    t.play(0, 'book-of-the-dead').choose(0, 'Urn');
    t.play(0, 'book-of-the-dead');
    expect(t.tomb(0)).toEqual(['statue-of-isis', 'urn', 'shabti']);
    expect(t.refused(0, { type: 'entomb', card: t.inHand(0, 'chariot') })).toMatch(/once per turn/);
  });

  it('leaves the normal entombing of the turn available after it', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-dead', 'statue-of-isis'], []],
      pyramid: ['urn', 'censer', null, null, null, null],
    });
    t.play(0, 'book-of-the-dead');
    t.entomb(0, 'statue-of-isis');
    expect(t.tomb(0)).toEqual(['urn', 'statue-of-isis']);
  });

  it('crumbles the pyramid, the Book of the Dead player choosing at the base centre', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-dead'], []],
      pyramid: ['censer', 'urn', 'chariot', 'box-of-food', 'statue-of-isis', 'book-of-the-heavens'],
    });
    t.play(0, 'book-of-the-dead');
    expect(t.options(0)).toEqual(['Box of Food (middle left)', 'Statue of Isis (middle right)']);
    t.choose(0, 'Statue of Isis');
    expect(t.pyramid()).toEqual([
      'censer',
      'statue-of-isis',
      'chariot',
      'box-of-food',
      'book-of-the-heavens',
      null,
    ]);
  });

  it('changes the pyramid: no rebuild sacrifice at the end of the turn', () => {
    const t = table({
      players: 2,
      hands: [['book-of-the-dead'], []],
      pyramid: ['censer', 'urn', null, null, null, null],
    });
    t.play(0, 'book-of-the-dead').endTurn(0);
    expect(t.waiting()).toBe('seat 1 to play');
    expect(t.boneyard()).toEqual([]);
  });

  it('cannot be executed when the pyramid is empty', () => {
    const t = table({ players: 2, hands: [['book-of-the-dead'], []] });
    expect(t.canPlay(0, 'book-of-the-dead')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'book-of-the-dead') })).toBe(
      'Book of the Dead cannot be executed now: the pyramid must hold a card.',
    );
  });
});
