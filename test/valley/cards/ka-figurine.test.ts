import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

// Sets: Statue of Isis and Statue of Horus are Statues; Book of the Dead is a Book; Censer and Boat
// are unique artifacts; Urn and Shabti are starters.
const PYRAMID = ['urn', 'censer', 'book-of-the-dead', 'shabti', 'boat', 'statue-of-horus'];

describe('Ka Figurine: discard a card, take a card of the same set as the discarded card', () => {
  it('discards a set card and takes a card of that set from anywhere in the pyramid onto the discard pile', () => {
    const t = table({
      players: 2,
      hands: [['ka-figurine', 'statue-of-isis', 'urn'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'ka-figurine');
    expect(t.options(0)).toEqual(['Statue of Isis']);
    t.choose(0, 'Statue of Isis');
    expect(t.options(0)).toEqual(['Statue of Horus (top)']);
    t.choose(0, 'Statue of Horus');
    expect(t.discard(0)).toEqual(['statue-of-isis', 'statue-of-horus']);
    expect(t.pyramid()).toEqual([...PYRAMID.slice(0, 5), null]);
    expect(t.hand(0)).toEqual(['urn']);
  });

  it('offers every pyramid card of the set, and the pyramid crumbles after the take', () => {
    const t = table({
      players: 2,
      hands: [['ka-figurine', 'book-of-gates'], []],
      pyramid: ['urn', 'book-of-the-heavens', 'censer', 'book-of-the-earth', 'shabti', 'chariot'],
    });
    t.play(0, 'ka-figurine').choose(0, 'Book of Gates');
    expect(t.options(0)).toEqual(['Book of the Heavens (base centre)', 'Book of the Earth (middle left)']);
    t.choose(0, 'Book of the Heavens');
    // The base centre crumbles: the Ka Figurine player chooses which middle card falls.
    expect(t.options(0)).toEqual(['Book of the Earth (middle left)', 'Shabti (middle right)']);
    t.choose(0, 'Shabti');
    expect(t.pyramid()).toEqual(['urn', 'shabti', 'censer', 'book-of-the-earth', 'chariot', null]);
    expect(t.discard(0)).toEqual(['book-of-gates', 'book-of-the-heavens']);
  });

  it('offers to discard only set cards whose set is in the pyramid', () => {
    const t = table({
      players: 2,
      hands: [['ka-figurine', 'statue-of-isis', 'book-of-gates', 'tyet-amulet', 'censer', 'urn'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'ka-figurine');
    expect(t.options(0)).toEqual(['Statue of Isis', 'Book of Gates']);
  });

  it('cannot be executed when the set of no hand card is in the pyramid', () => {
    const t = table({
      players: 2,
      hands: [['ka-figurine', 'tyet-amulet', 'inner-sarcophagus'], []],
      pyramid: PYRAMID,
    });
    expect(t.canPlay(0, 'ka-figurine')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'ka-figurine') })).toBe(
      'Ka Figurine cannot be executed now: you need a set card in hand whose set is also in the pyramid.',
    );
  });

  it('cannot take starter cards or unique artifacts (they are not set cards)', () => {
    const t = table({
      players: 2,
      hands: [['ka-figurine', 'urn', 'chariot'], []],
      pyramid: ['urn', 'censer', 'shabti', null, null, null],
    });
    expect(t.canPlay(0, 'ka-figurine')).toBe(false);
  });
});
