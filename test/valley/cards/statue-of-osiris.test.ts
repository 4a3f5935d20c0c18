import { describe, expect, it } from 'vitest';
import { english, Table } from '../table.ts';

describe('Statue of Osiris: discard a card; draw 3 cards', () => {
  it('discards a hand card, then draws the top 3 cards of the deck', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-osiris', 'statue-of-isis', 'urn'], []],
      decks: [['shabti', 'censer', 'box-of-food', 'chariot'], []],
    });
    t.play(0, 'statue-of-osiris');
    expect(t.prompt(0)).toBe('Statue of Osiris: discard a card, then draw 3.');
    expect(t.options(0)).toEqual(['Statue of Isis', 'Urn']);
    t.choose(0, 'Statue of Isis');
    expect(t.discard(0)).toEqual(['statue-of-isis']);
    expect(t.hand(0)).toEqual(['urn', 'chariot', 'box-of-food', 'censer']);
    expect(t.deck(0)).toEqual(['shabti']);
    expect(english(t.log.at(-1)?.text)).toBe('@0 drew 3 cards (Statue of Osiris)');
  });

  it('discards before drawing: a short deck reshuffles the discard pile, including the card just discarded', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-osiris', 'statue-of-isis'], []],
      decks: [['censer'], []],
      discards: [['urn'], []],
    });
    t.play(0, 'statue-of-osiris').choose(0, 'Statue of Isis');
    expect(t.hand(0)[0]).toBe('censer');
    expect([...t.hand(0)].sort()).toEqual(['censer', 'statue-of-isis', 'urn']);
    expect(t.deck(0)).toEqual([]);
    expect(t.discard(0)).toEqual([]);
    expect(t.log.map((e) => english(e.text))).toContain('@0 shuffled their discard pile into a new deck');
  });

  it('draws what it can when deck and discard pile run out', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-osiris', 'urn'], []],
      decks: [['censer'], []],
    });
    t.play(0, 'statue-of-osiris').choose(0, 'Urn');
    // The Urn just discarded is reshuffled and drawn back.
    expect(t.hand(0)).toEqual(['censer', 'urn']);
    expect(english(t.log.at(-1)?.text)).toBe('@0 drew 2 cards (Statue of Osiris)');
  });

  it('cannot be executed without another card to discard', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-osiris'], []],
      decks: [['urn', 'urn', 'urn'], []],
    });
    expect(t.canPlay(0, 'statue-of-osiris')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'statue-of-osiris') })).toBe(
      'Statue of Osiris cannot be executed now: you need a card in hand.',
    );
  });
});
