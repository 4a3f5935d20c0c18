import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

describe('Necklace: entomb the top card of your deck; a second one after a starter', () => {
  it('"Entomb the top card of your deck": a set card ends the action', () => {
    const t = table({ players: 2, hands: [['necklace'], []], decks: [['urn', 'statue-of-horus'], []] });
    t.play(0, 'necklace');
    expect(t.tomb(0)).toEqual(['statue-of-horus']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('"If it\'s a starter card, you may entomb a second card from the top of your deck"', () => {
    const t = table({ players: 2, hands: [['necklace'], []], decks: [['boat', 'urn', 'shabti'], []] });
    t.play(0, 'necklace');
    expect(t.prompt(0)).toBe(
      'Necklace: Shabti is a starter card. Entomb the next card from the top of your deck too?',
    );
    t.choose(0, 'Yes');
    expect(t.tomb(0)).toEqual(['shabti', 'urn']);
    // "You cannot entomb more than two cards with this action", even when the second is a starter.
    expect(t.waiting()).toBe('seat 0 to play');
    expect(t.deck(0)).toEqual(['boat']);
  });

  it('the second card is optional', () => {
    const t = table({ players: 2, hands: [['necklace'], []], decks: [['boat', 'shabti'], []] });
    t.play(0, 'necklace').choose(0, 'No');
    expect(t.tomb(0)).toEqual(['shabti']);
    expect(t.deck(0)).toEqual(['boat']);
  });

  it('"If necessary, you may shuffle your discards to create a draw deck"', () => {
    const t = table({
      players: 2,
      hands: [['necklace'], []],
      decks: [['shabti'], []],
      discards: [['censer'], []],
    });
    t.play(0, 'necklace').choose(0, 'Yes');
    expect(t.tomb(0)).toEqual(['shabti', 'censer']);
    expect(t.discard(0)).toEqual([]);
  });

  it('no question when nothing is left to entomb after a starter', () => {
    const t = table({ players: 2, hands: [['necklace'], []], decks: [['urn'], []] });
    t.play(0, 'necklace');
    expect(t.tomb(0)).toEqual(['urn']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('cannot be executed with an empty deck and discard pile', () => {
    const t = table({ players: 2, hands: [['necklace', 'urn'], []] });
    expect(t.canPlay(0, 'necklace')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'necklace') })).toBe(
      'Necklace cannot be executed now: your deck or discard pile must hold a card.',
    );
  });
});
