import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

const CAT = 'Discard Mummified Cat and take';
const PYRAMID = ['urn', 'censer', 'chariot', 'ka-figurine', 'book-of-the-dead', 'statue-of-isis'];
// Enough total cards for Qebehsenuef, which spares players with 5 or fewer.
const DECK = ['shabti', 'shabti', 'shabti', 'urn', 'urn', 'urn'];

describe('Mummified Cat: when an opponent sacrifices a card, you may discard Mummified Cat and take it', () => {
  it("has no action of its own on its owner's turn", () => {
    const t = table({ players: 2, hands: [['mummified-cat'], []], boneyard: ['censer'] });
    expect(t.canPlay(0, 'mummified-cat')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'mummified-cat') })).toBe(
      'Mummified Cat cannot be executed now: it is a reaction: it is used when an opponent sacrifices a card, not played for an action.',
    );
  });

  it('puts the Cat and then the sacrificed card on top of the user’s discard pile (Shabti sacrifice from the pyramid)', () => {
    const t = table({
      players: 2,
      hands: [['shabti'], ['mummified-cat', 'urn']],
      discards: [[], ['shabti']],
      pyramid: PYRAMID,
      boneyard: ['chariot'],
    });
    t.play(0, 'shabti').choose(0, 'Sacrifice Statue of Isis');
    expect(t.options(1)).toEqual(['Pass', `${CAT} Statue of Isis`]);
    t.choose(1, CAT);
    expect(t.discard(1)).toEqual(['shabti', 'mummified-cat', 'statue-of-isis']);
    expect(t.hand(1)).toEqual(['urn']);
    expect(t.boneyard()).toEqual(['chariot']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('leaves the card in the boneyard when its holder passes', () => {
    const t = table({ players: 2, hands: [['shabti'], ['mummified-cat']], pyramid: PYRAMID });
    t.play(0, 'shabti').choose(0, 'Sacrifice Statue of Isis').pass(1);
    expect(t.boneyard()).toEqual(['statue-of-isis']);
    expect(t.hand(1)).toEqual(['mummified-cat']);
  });

  describe('sacrifices from an opponent’s hand', () => {
    it('after Box of Food', () => {
      const t = table({ players: 2, hands: [['box-of-food', 'censer', 'urn'], ['mummified-cat']] });
      t.play(0, 'box-of-food').choose(0, 'Censer');
      t.choose(1, CAT);
      expect(t.discard(1)).toEqual(['mummified-cat', 'censer']);
    });

    it('after Book of the Earth', () => {
      const t = table({
        players: 2,
        hands: [['book-of-the-earth', 'censer'], ['mummified-cat']],
        pyramid: PYRAMID,
      });
      t.play(0, 'book-of-the-earth').choose(0, 'Censer');
      expect(t.options(1)).toEqual(['Pass', `${CAT} Censer`]);
      t.choose(1, CAT);
      expect(t.discard(1)).toEqual(['mummified-cat', 'censer']);
      // Then the Book of the Earth player still takes their card.
      expect(t.options(0).length).toBeGreaterThan(0);
    });

    it('after Middle Sarcophagus', () => {
      const t = table({
        players: 2,
        hands: [['middle-sarcophagus', 'censer', 'urn'], ['mummified-cat']],
      });
      t.play(0, 'middle-sarcophagus').choose(0, 'Censer');
      t.choose(1, CAT);
      expect(t.discard(1)).toEqual(['mummified-cat', 'censer']);
      t.choose(0, 'Urn');
      expect(t.tomb(0)).toEqual(['urn']);
    });
  });

  it('may take the rebuild sacrifice made when the pyramid was not changed during the turn', () => {
    const t = table({ players: 2, hands: [['urn'], ['mummified-cat']], pyramid: PYRAMID });
    t.endTurn(0);
    expect(t.options(1)).toEqual([]);
    t.choose(0, 'Statue of Isis (top)');
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Pass', `${CAT} Statue of Isis`]);
    t.choose(1, CAT);
    expect(t.discard(1)).toEqual(['mummified-cat', 'statue-of-isis']);
    expect(t.boneyard()).toEqual([]);
    expect(t.waiting()).toBe('seat 1 to play');
  });

  it('is not offered on the rebuild sacrifice of its own holder', () => {
    // The Cat goes under another card at the discard step, so nobody can see where it is.
    const t = table({ players: 2, hands: [['mummified-cat', 'urn'], []], pyramid: PYRAMID });
    t.endTurn(0, 'urn').choose(0, 'Statue of Isis (top)');
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Pass']);
  });

  it('opens no window when the Cat is visibly on top of a discard pile: nobody can hold it', () => {
    const t = table({ players: 2, hands: [['mummified-cat'], []], pyramid: PYRAMID });
    t.endTurn(0, 'mummified-cat').choose(0, 'Statue of Isis (top)');
    expect(t.s.stack).toEqual([]);
    expect(t.waiting()).toBe('seat 1 to play');
  });

  it('may be used on its holder’s own turn when they force an opponent to sacrifice (Qebehsenuef)', () => {
    const t = table({
      players: 2,
      hands: [['qebehsenuef-canopic-jar', 'mummified-cat'], ['statue-of-isis']],
      decks: [[], DECK],
    });
    t.play(0, 'qebehsenuef-canopic-jar').choose(1, 'Statue of Isis');
    expect(t.options(1)).toEqual([]);
    expect(t.options(0)).toEqual(['Pass', `${CAT} Statue of Isis`]);
    t.choose(0, CAT);
    expect(t.discard(0)).toEqual(['mummified-cat', 'statue-of-isis']);
    expect(t.hand(0)).toEqual([]);
    expect(t.boneyard()).toEqual([]);
  });

  it('may be used by a third player when the player whose turn it is causes an opponent to sacrifice', () => {
    const t = table({
      players: 3,
      hands: [['qebehsenuef-canopic-jar'], ['censer'], ['chariot', 'mummified-cat']],
      decks: [[], DECK, DECK],
    });
    t.play(0, 'qebehsenuef-canopic-jar').choose(1, 'Censer');
    // Every seat but the sacrificer is asked; seat 0 has no Cat and can only pass.
    expect(t.options(0)).toEqual(['Pass']);
    expect(t.options(1)).toEqual([]);
    expect(t.options(2)).toEqual(['Pass', `${CAT} Censer`]);
    t.pass(0).choose(2, CAT);
    expect(t.discard(2)).toEqual(['mummified-cat', 'censer']);
    // Seat 2's own sacrifice comes next; the Cat is gone, so it stays in the boneyard.
    expect(t.options(2)).toEqual(['Chariot']);
    t.choose(2, 'Chariot');
    expect(t.boneyard()).toEqual(['chariot']);
  });

  it('is never offered for a card its holder sacrificed themselves (Qebehsenuef target holds the Cat)', () => {
    const t = table({
      players: 2,
      hands: [['qebehsenuef-canopic-jar'], ['censer', 'mummified-cat']],
      decks: [[], DECK],
    });
    t.play(0, 'qebehsenuef-canopic-jar').choose(1, 'Censer');
    expect(t.options(1)).toEqual([]);
    expect(t.options(0)).toEqual(['Pass']);
    t.pass(0);
    expect(t.boneyard()).toEqual(['censer']);
    expect(t.hand(1)).toEqual(['mummified-cat']);
  });

  it('asks every other seat at once, and the public sees only that reactions are awaited', () => {
    const t = table({
      players: 4,
      hands: [['shabti'], ['urn'], ['mummified-cat'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'shabti').choose(0, 'Sacrifice Statue of Isis');
    expect([1, 2, 3].map((seat) => t.options(seat).length)).toEqual([1, 2, 1]);
    const v = view(t.s, null);
    expect(v.waiting).toEqual({
      seats: [1, 2, 3],
      text: { key: 'valley.rules.cat.waiting' },
      window: true,
    });
    expect(english(v.waiting.text)).toBe('Waiting for reactions to the sacrifice');
    expect(t.prompt(1)).toBe(t.prompt(2));
  });

  it.each([
    ['in a tomb', { tombs: [[], ['mummified-cat']] }],
    ['in the boneyard', { boneyard: ['mummified-cat'] }],
    ['in the pyramid', { pyramid: [...PYRAMID.slice(0, 5), 'mummified-cat'] }],
  ])('is skipped when the Cat is publicly out of reach (%s)', (_where, extra) => {
    const t = table({ players: 2, hands: [['shabti'], ['urn']], pyramid: PYRAMID, ...extra });
    t.play(0, 'shabti').choose(0, 'Sacrifice Urn (base left)');
    expect(t.options(1)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('is skipped when the Cat is publicly out of reach in play (its holder paid with it)', () => {
    const t = table({
      players: 2,
      hands: [['mummified-cat', 'box-of-food', 'shabti'], ['urn']],
      pyramid: ['censer', 'urn', null, null, null, null],
    });
    t.buy(0, 0, ['mummified-cat', 'box-of-food']);
    t.play(0, 'shabti').choose(0, 'Sacrifice Urn');
    expect(t.boneyard()).toEqual(['urn']);
    expect(t.options(1)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });
});
