import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { table } from './pinned-numbers.ts';

describe('Urn: put the top card of your discard pile on top of your deck', () => {
  it('moves the top card of the discard pile onto the top of the deck, leaving the rest in order', () => {
    const t = table({
      players: 2,
      hands: [['urn'], []],
      decks: [['shabti', 'box-of-food'], []],
      discards: [['censer', 'chariot', 'statue-of-isis'], []],
    });
    t.play(0, 'urn');
    expect(t.deck(0)).toEqual(['shabti', 'box-of-food', 'statue-of-isis']);
    expect(t.discard(0)).toEqual(['censer', 'chariot']);
    expect(t.inPlay(0)).toEqual(['urn']);
  });

  it('makes that card the next one drawn', () => {
    const t = table({
      players: 2,
      hands: [['urn'], []],
      decks: [['shabti', 'shabti', 'shabti', 'shabti', 'shabti', 'shabti'], []],
      discards: [['statue-of-isis'], []],
      pyramid: ['censer', null, null, null, null, null],
    });
    t.play(0, 'urn');
    t.endTurn(0).choose(0, 'Censer');
    expect(t.hand(0)).toContain('statue-of-isis');
    expect(t.deck(0)).toEqual(['shabti', 'shabti']);
  });

  it('puts the card face down: others see only the new discard top and a bigger deck', () => {
    const t = table({
      players: 2,
      hands: [['urn'], []],
      decks: [['shabti'], []],
      discards: [['chariot', 'statue-of-isis'], []],
    });
    t.play(0, 'urn');
    const seen = view(t.s, 1).players[0];
    expect(seen?.deckCount).toBe(2);
    expect(seen?.discardTop?.card).toBe('chariot');
    expect(JSON.stringify(view(t.s, 1).players)).not.toContain('statue-of-isis');
  });

  it('cannot be executed with an empty discard pile', () => {
    const t = table({ players: 2, hands: [['urn'], []], decks: [['shabti'], []] });
    expect(t.canPlay(0, 'urn')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'urn') })).toBe(
      'Urn cannot be executed now: your discard pile must hold a card.',
    );
  });
});
