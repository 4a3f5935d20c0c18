import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../../src/games/valley/index.ts';
import { view } from '../../../src/games/valley/view.ts';
import { english, Table } from '../table.ts';

describe('Statue of Sobek: reveal the top 3 cards of your deck; discard one, entomb one, put one on top of an opponent discard pile', () => {
  it('reveals the top 3 to everyone, then discards one, entombs one and gives the last to the only opponent', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-sobek', 'urn'], []],
      decks: [['shabti', 'box-of-food', 'statue-of-isis', 'censer'], []],
      discards: [[], ['urn']],
    });
    t.play(0, 'statue-of-sobek');
    // The top three (Censer, Statue of Isis, Box of Food) are public while seat 0 decides.
    expect(english(t.log.at(-1)?.text)).toBe(
      '@0 revealed Censer, Statue of Isis, Box of Food (Statue of Sobek)',
    );
    expect(view(t.s, 1).players[0]?.aside.map((c) => c.card)).toEqual([
      'censer',
      'statue-of-isis',
      'box-of-food',
    ]);
    expect(t.deck(0)).toEqual(['shabti']);
    expect(t.prompt(0)).toBe('Statue of Sobek: which revealed card do you discard?');
    expect(t.options(0)).toEqual(['Censer', 'Statue of Isis', 'Box of Food']);
    t.choose(0, 'Box of Food');
    expect(t.discard(0)).toEqual(['box-of-food']);
    expect(t.prompt(0)).toBe('Statue of Sobek: which revealed card do you entomb?');
    expect(t.options(0)).toEqual(['Censer', 'Statue of Isis']);
    t.choose(0, 'Statue of Isis');
    expect(t.tomb(0)).toEqual(['statue-of-isis']);
    // With one opponent the last card goes to them without a question.
    expect(waitingFor(t.s)).toEqual([0]);
    expect(t.discard(1)).toEqual(['urn', 'censer']);
    expect(t.s.players[0]?.aside).toEqual([]);
    expect(t.hand(0)).toEqual(['urn']);
  });

  it('lets the player choose which opponent receives the last card', () => {
    const t = Table.from({
      players: 3,
      hands: [['statue-of-sobek'], [], []],
      decks: [['shabti', 'urn', 'censer'], [], []],
    });
    t.play(0, 'statue-of-sobek').choose(0, 'Shabti').choose(0, 'Urn');
    expect(t.prompt(0)).toBe('Statue of Sobek: whose discard pile gets Censer?');
    expect(t.options(0)).toEqual(['@1', '@2']);
    t.choose(0, '@2');
    expect(t.discard(2)).toEqual(['censer']);
    expect(t.discard(1)).toEqual([]);
  });

  it('entombs in addition to the normal entombing of the turn', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-sobek', 'urn'], []],
      decks: [['shabti', 'box-of-food', 'censer'], []],
    });
    t.entomb(0, 'urn');
    t.play(0, 'statue-of-sobek').choose(0, 'Shabti').choose(0, 'Censer');
    expect(t.tomb(0)).toEqual(['urn', 'censer']);
  });

  it('reshuffles the discard pile into the deck when the deck runs out while revealing', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-sobek'], []],
      decks: [['statue-of-isis'], []],
      discards: [['urn', 'shabti'], []],
    });
    expect(t.canPlay(0, 'statue-of-sobek')).toBe(true);
    t.play(0, 'statue-of-sobek');
    const revealed = view(t.s, 1).players[0]?.aside.map((c) => c.card) ?? [];
    expect(revealed[0]).toBe('statue-of-isis');
    expect([...revealed].sort()).toEqual(['shabti', 'statue-of-isis', 'urn']);
    expect(t.log.map((e) => english(e.text))).toContain('@0 shuffled their discard pile into a new deck');
    expect(t.deck(0)).toEqual([]);
    expect(t.discard(0)).toEqual([]);
  });

  it('cannot be executed with fewer than 3 cards in deck and discard pile together', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-sobek', 'urn', 'shabti'], []],
      decks: [['censer'], []],
      discards: [['urn'], []],
    });
    expect(t.canPlay(0, 'statue-of-sobek')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'statue-of-sobek') })).toBe(
      'Statue of Sobek cannot be executed now: you must be able to draw 3 cards (deck and discard pile together).',
    );
  });
});
