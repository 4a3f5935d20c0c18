import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { table } from './pinned-numbers.ts';

// Slots: base left, base centre, base right, middle left, middle right, top.
const FULL = ['urn', 'statue-of-isis', 'censer', 'chariot', 'ka-figurine', 'book-of-the-dead'];

describe('Shabti: swap 2 cards in the pyramid, or sacrifice a card in the pyramid', () => {
  it('offers both choices: every swap of two different cards and every sacrifice', () => {
    const t = table({ players: 2, hands: [['shabti'], []], pyramid: FULL });
    t.play(0, 'shabti');
    const options = t.options(0);
    // 6 different cards: 15 pairs to swap, 6 cards to sacrifice.
    expect(options.filter((o) => o.startsWith('Swap'))).toHaveLength(15);
    expect(options.filter((o) => o.startsWith('Sacrifice'))).toHaveLength(6);
    expect(options).toContain('Swap Urn (base left) with Book of the Dead (top)');
    expect(options).toContain('Sacrifice Book of the Dead (top)');
  });

  describe('swap', () => {
    it('exchanges the positions of two cards, anywhere in the pyramid, without crumbling', () => {
      const t = table({ players: 2, hands: [['shabti'], []], pyramid: FULL, boneyard: ['urn'] });
      t.play(0, 'shabti');
      t.choose(0, 'Swap Urn (base left) with Book of the Dead (top)');
      expect(t.pyramid()).toEqual([
        'book-of-the-dead',
        'statue-of-isis',
        'censer',
        'chariot',
        'ka-figurine',
        'urn',
      ]);
      expect(t.boneyard()).toEqual(['urn']);
      expect(t.inPlay(0)).toEqual(['shabti']);
      expect(t.waiting()).toBe('seat 0 to play');
    });

    it('cannot exchange a card with an empty space', () => {
      const t = table({
        players: 2,
        hands: [['shabti'], []],
        pyramid: ['urn', 'censer', null, null, null, null],
      });
      t.play(0, 'shabti');
      expect(t.options(0)).toEqual([
        'Swap Urn (base left) with Censer (base centre)',
        'Sacrifice Urn (base left)',
        'Sacrifice Censer (base centre)',
      ]);
    });

    // Swapping two identical cards would leave the pyramid as it was; Scarab does not offer it.
    it('does not offer swapping two identical cards', () => {
      const t = table({
        players: 2,
        hands: [['shabti'], []],
        pyramid: ['urn', 'urn', 'censer', null, null, null],
      });
      t.play(0, 'shabti');
      expect(t.options(0).filter((o) => o.startsWith('Swap'))).toEqual([
        'Swap Urn (base left) with Censer (base right)',
        'Swap Urn (base centre) with Censer (base right)',
      ]);
    });

    it('counts as changing the pyramid: no rebuild sacrifice at the end of the turn', () => {
      const t = table({ players: 2, hands: [['shabti'], []], pyramid: FULL });
      t.play(0, 'shabti');
      t.choose(0, 'Swap Urn (base left) with Censer (base right)');
      t.endTurn(0);
      expect(t.options(0)).toEqual([]);
      expect(t.waiting()).toBe('seat 1 to play');
      expect(t.boneyard()).toEqual([]);
    });

    it('is not a sacrifice: no Mummified Cat window opens', () => {
      const t = table({ players: 2, hands: [['shabti'], ['mummified-cat']], pyramid: FULL });
      t.play(0, 'shabti');
      t.choose(0, 'Swap Urn (base left) with Censer (base right)');
      expect(t.options(1)).toEqual([]);
      expect(t.waiting()).toBe('seat 0 to play');
    });
  });

  describe('sacrifice', () => {
    it('puts the card on top of the boneyard and the pyramid crumbles diagonally', () => {
      const t = table({ players: 2, hands: [['shabti'], []], pyramid: FULL, boneyard: ['chariot'] });
      t.play(0, 'shabti');
      t.choose(0, 'Sacrifice Urn (base left)');
      expect(t.boneyard()).toEqual(['chariot', 'urn']);
      // Middle left falls into the base left, then the top falls into the middle left.
      expect(t.pyramid()).toEqual([
        'chariot',
        'statue-of-isis',
        'censer',
        'book-of-the-dead',
        'ka-figurine',
        null,
      ]);
      expect(t.waiting()).toBe('seat 0 to play');
    });

    it('may take a card from anywhere in the pyramid (the top: nothing crumbles)', () => {
      const t = table({ players: 2, hands: [['shabti'], []], pyramid: FULL });
      t.play(0, 'shabti');
      t.choose(0, 'Sacrifice Book of the Dead (top)');
      expect(t.boneyard()).toEqual(['book-of-the-dead']);
      expect(t.pyramid()).toEqual([...FULL.slice(0, 5), null]);
    });

    it('lets the Shabti player choose which card falls into the base centre', () => {
      const t = table({ players: 2, hands: [['shabti'], []], pyramid: FULL });
      t.play(0, 'shabti');
      t.choose(0, 'Sacrifice Statue of Isis (base centre)');
      expect(t.options(0)).toEqual(['Chariot (middle left)', 'Ka Figurine (middle right)']);
      expect(t.options(1)).toEqual([]);
      t.choose(0, 'Ka Figurine');
      expect(t.pyramid()).toEqual(['urn', 'ka-figurine', 'censer', 'chariot', 'book-of-the-dead', null]);
    });

    it('counts as changing the pyramid: no rebuild sacrifice at the end of the turn', () => {
      const t = table({ players: 2, hands: [['shabti'], []], pyramid: FULL });
      t.play(0, 'shabti');
      t.choose(0, 'Sacrifice Book of the Dead (top)');
      t.endTurn(0);
      expect(t.boneyard()).toEqual(['book-of-the-dead']);
      expect(t.waiting()).toBe('seat 1 to play');
    });

    it('opens the Mummified Cat window for every opponent, not for the sacrificer', () => {
      const t = table({
        players: 3,
        hands: [['shabti', 'urn'], ['urn'], ['mummified-cat']],
        pyramid: FULL,
      });
      t.play(0, 'shabti');
      t.choose(0, 'Sacrifice Censer (base right)');
      expect(t.options(0)).toEqual([]);
      expect(t.options(1)).toEqual(['Pass']);
      expect(t.options(2)).toEqual(['Pass', 'Discard Mummified Cat and take Censer']);
      expect(view(t.s, null).waiting.seats).toEqual([1, 2]);
      t.pass(1).choose(2, 'Mummified Cat');
      expect(t.discard(2)).toEqual(['mummified-cat', 'censer']);
      expect(t.boneyard()).toEqual([]);
      expect(t.waiting()).toBe('seat 0 to play');
    });

    it('does not offer the sacrificer a Mummified Cat of their own', () => {
      const t = table({ players: 2, hands: [['shabti', 'mummified-cat'], []], pyramid: FULL });
      t.play(0, 'shabti');
      t.choose(0, 'Sacrifice Censer (base right)');
      expect(t.options(0)).toEqual([]);
      expect(t.options(1)).toEqual(['Pass']);
      t.pass(1);
      expect(t.boneyard()).toEqual(['censer']);
      expect(t.hand(0)).toEqual(['mummified-cat']);
    });
  });

  it('cannot be executed when the pyramid is empty', () => {
    const t = table({
      players: 2,
      hands: [['shabti'], []],
      pyramid: [null, null, null, null, null, null],
    });
    expect(t.canPlay(0, 'shabti')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'shabti') })).toBe(
      'Shabti cannot be executed now: the pyramid must hold a card.',
    );
  });

  it('can be executed with a single pyramid card, by sacrificing it', () => {
    const t = table({
      players: 2,
      hands: [['shabti'], []],
      pyramid: [null, null, null, null, null, 'urn'],
    });
    expect(t.canPlay(0, 'shabti')).toBe(true);
    t.play(0, 'shabti');
    expect(t.options(0)).toEqual(['Sacrifice Urn (top)']);
  });
});
