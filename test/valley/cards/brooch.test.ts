import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

describe('Brooch: entomb a pyramid card, sacrifice a set card of your tomb', () => {
  it('"Entomb a card from the pyramid. Sacrifice a set card in your tomb.", in that order', () => {
    const t = table({
      players: 2,
      hands: [['brooch'], []],
      tombs: [['shabti', 'statue-of-horus'], []],
      pyramid: ['boat', 'urn', null, null, null, 'ring'],
      boneyard: ['urn'],
    });
    t.play(0, 'brooch');
    expect(t.options(0)).toEqual(['Boat (base left)', 'Urn (base centre)', 'Ring (top)']);
    t.choose(0, 'Ring');
    expect(t.tomb(0)).toEqual(['shabti', 'statue-of-horus', 'ring']);
    // Starters are not sets: only the set cards of the tomb, the new one included, can be sacrificed.
    expect(t.options(0)).toEqual(['Statue of Horus', 'Ring']);
    t.choose(0, 'Statue of Horus');
    expect(t.tomb(0)).toEqual(['shabti', 'ring']);
    expect(t.boneyard()).toEqual(['urn', 'statue-of-horus']);
  });

  it('the pyramid crumbles after the card is entombed', () => {
    const t = table({
      players: 2,
      hands: [['brooch'], []],
      tombs: [['axe'], []],
      pyramid: ['boat', 'urn', 'shabti', 'ring', null, null],
    });
    t.play(0, 'brooch').choose(0, 'Boat');
    expect(t.pyramid()[0]).toBe('ring');
    t.choose(0, 'Axe');
    expect(t.tomb(0)).toEqual(['boat']);
  });

  it('"If you do not have any set cards in your tomb to sacrifice, you cannot entomb a card from the pyramid"', () => {
    const t = table({
      players: 2,
      hands: [['brooch', 'urn'], []],
      tombs: [['shabti', 'boat'], []],
      pyramid: ['ring', null, null, null, null, null],
    });
    expect(t.canPlay(0, 'brooch')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'brooch') })).toBe(
      'Brooch cannot be executed now: you need a set card in your tomb and a card in the pyramid.',
    );
  });

  it('the sacrifice opens the Mummified Cat window: an opponent holding the Cat may take the card', () => {
    const t = table({
      players: 2,
      hands: [['brooch'], ['mummified-cat']],
      tombs: [['statue-of-isis'], []],
      pyramid: ['urn', null, null, null, null, null],
    });
    t.play(0, 'brooch').choose(0, 'Urn').choose(0, 'Statue of Isis');
    expect(t.options(1)).toEqual(['Pass', 'Discard Mummified Cat and take Statue of Isis']);
    t.choose(1, 'Discard Mummified Cat');
    expect(t.discard(1)).toEqual(['mummified-cat', 'statue-of-isis']);
    expect(t.boneyard()).toEqual([]);
  });
});
