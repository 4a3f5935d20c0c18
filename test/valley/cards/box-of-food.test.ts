import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

// Costs used here (pinned, see pinned-numbers.ts): Statue of Isis 7, Censer 4, Chariot 4, Box of Food 2, Urn 1, Shabti 1.
describe('Box of Food: sacrifice a card in your hand, entomb a card with a lower cost', () => {
  it('sacrifices to the boneyard and entombs a cheaper hand card, beyond the normal entombing', () => {
    const t = table({ players: 2, hands: [['box-of-food', 'statue-of-isis', 'urn', 'shabti'], []] });
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

  it('leaves the normal entombing of the turn available', () => {
    const t = table({ players: 2, hands: [['box-of-food', 'statue-of-isis', 'urn', 'shabti'], []] });
    t.play(0, 'box-of-food').choose(0, 'Statue of Isis').choose(0, 'Urn');
    t.entomb(0, 'shabti');
    expect(t.tomb(0)).toEqual(['urn', 'shabti']);
  });

  it('puts the sacrificed card on top of the boneyard', () => {
    const t = table({
      players: 2,
      hands: [['box-of-food', 'censer', 'urn'], []],
      boneyard: ['chariot', 'shabti'],
    });
    t.play(0, 'box-of-food').choose(0, 'Censer').choose(0, 'Urn');
    expect(t.boneyard()).toEqual(['chariot', 'shabti', 'censer']);
  });

  it('entombs only a card with a strictly lower cost than the sacrificed one', () => {
    const t = table({
      players: 2,
      hands: [['box-of-food', 'censer', 'chariot', 'urn'], []],
    });
    t.play(0, 'box-of-food');
    // Chariot and Censer cost the same: each can be sacrificed (Urn is cheaper), neither entombed.
    expect(t.options(0)).toEqual(['Censer', 'Chariot']);
    t.choose(0, 'Censer');
    expect(t.options(0)).toEqual(['Urn']);
    t.choose(0, 'Urn');
    expect(t.hand(0)).toEqual(['chariot']);
  });

  it('may sacrifice another Box of Food (the one played is not in the hand any more)', () => {
    const t = table({ players: 2, hands: [['box-of-food', 'box-of-food', 'urn'], []] });
    expect(t.canPlay(0, 'box-of-food')).toBe(true);
    t.play(0, 'box-of-food');
    expect(t.options(0)).toEqual(['Box of Food']);
    t.choose(0, 'Box of Food').choose(0, 'Urn');
    expect(t.boneyard()).toEqual(['box-of-food']);
    expect(t.tomb(0)).toEqual(['urn']);
  });

  it('opens the Mummified Cat window for the opponents after the sacrifice, before the entombing', () => {
    const t = table({ players: 2, hands: [['box-of-food', 'censer', 'urn'], ['mummified-cat']] });
    t.play(0, 'box-of-food').choose(0, 'Censer');
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Pass', 'Discard Mummified Cat and take Censer']);
    t.choose(1, 'Mummified Cat');
    expect(t.discard(1)).toEqual(['mummified-cat', 'censer']);
    expect(t.boneyard()).toEqual([]);
    expect(t.options(0)).toEqual(['Urn']);
    t.choose(0, 'Urn');
    expect(t.tomb(0)).toEqual(['urn']);
  });

  it('does not let its owner reveal Offering Table against their own sacrifice', () => {
    const t = table({ players: 2, hands: [['box-of-food', 'censer', 'offering-table'], []] });
    t.play(0, 'box-of-food');
    expect(t.options(0)).toEqual(['Censer']);
  });

  it('cannot be executed when no hand card has a cheaper companion', () => {
    const t = table({ players: 2, hands: [['box-of-food', 'urn', 'shabti'], []] });
    expect(t.canPlay(0, 'box-of-food')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'box-of-food') })).toMatch(/lower cost/);
  });

  it('cannot be executed with an empty hand besides itself', () => {
    const t = table({ players: 2, hands: [['box-of-food'], []] });
    expect(t.canPlay(0, 'box-of-food')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'box-of-food') })).toBe(
      'Box of Food cannot be executed now: you need a card in hand and another card in hand with a lower cost.',
    );
  });
});
