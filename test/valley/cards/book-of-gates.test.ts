import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

const PYRAMID = ['urn', 'censer', 'chariot', 'ka-figurine', 'book-of-the-dead', 'statue-of-isis'];

describe('Book of Gates: reveal the top card of your deck, execute its action if possible, discard the card', () => {
  it('executes the revealed action, then discards the revealed card on top of the discard pile', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates', 'urn'], []],
      decks: [['shabti', 'book-of-the-netherworld'], []],
      stock: ['statue-of-horus', 'statue-of-thoth'],
    });
    t.play(0, 'book-of-gates');
    // Book of the Netherworld: take the top card of the stock.
    expect(t.stock()).toEqual(['statue-of-horus']);
    expect(t.discard(0)).toEqual(['statue-of-thoth', 'book-of-the-netherworld']);
    expect(t.deck(0)).toEqual(['shabti']);
    expect(t.hand(0)).toEqual(['urn']);
    expect(t.inPlay(0)).toEqual(['book-of-gates']);
    expect(t.s.players[0]?.aside).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('shows the revealed card to everyone while its action runs', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates'], []],
      decks: [['shabti'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'book-of-gates');
    expect(view(t.s, 1).players[0]?.aside.map((c) => c.card)).toEqual(['shabti']);
    expect(t.log.map((e) => english(e.text))).toContain(
      '@0 revealed Shabti with Book of Gates and must execute it',
    );
  });

  it('must execute the action even when it is unwanted: no way to decline', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates', 'statue-of-isis', 'urn'], []],
      decks: [['box-of-food'], []],
    });
    t.play(0, 'book-of-gates');
    // Box of Food forces the sacrifice of the Statue of Isis (the only card with a cheaper companion).
    expect(t.options(0)).toEqual(['Statue of Isis']);
    t.choose(0, 'Statue of Isis').choose(0, 'Urn');
    expect(t.boneyard()).toEqual(['statue-of-isis']);
    expect(t.tomb(0)).toEqual(['urn']);
    expect(t.discard(0)).toEqual(['box-of-food']);
  });

  it('cannot use the revealed card for anything but its action: it never reaches the hand', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates', 'urn'], []],
      decks: [['shabti'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'book-of-gates');
    const revealed = t.s.players[0]?.aside[0] as number;
    expect(t.hand(0)).toEqual(['urn']);
    expect(t.refused(0, { type: 'entomb', card: revealed })).toBe(
      'First answer the question you were asked.',
    );
    t.choose(0, 'Sacrifice Statue of Isis');
    expect(t.discard(0)).toEqual(['shabti']);
    expect(t.refused(0, { type: 'entomb', card: revealed })).toBe(
      'Entomb: that card is not in your hand (Shabti).',
    );
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [revealed] })).toBe(
      'Payment: that card is not in your hand (Shabti).',
    );
  });

  it('discards the revealed card only after everything its action caused (crumble, Mummified Cat window)', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates'], ['mummified-cat']],
      decks: [['shabti'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'book-of-gates').choose(0, 'Sacrifice Censer (base centre)');
    t.choose(0, 'Ka Figurine');
    expect(t.options(1)).toEqual(['Pass', 'Discard Mummified Cat and take Censer']);
    expect(t.discard(0)).toEqual([]);
    expect(view(t.s, null).players[0]?.aside.map((c) => c.card)).toEqual(['shabti']);
    t.choose(1, 'Mummified Cat');
    expect(t.discard(1)).toEqual(['mummified-cat', 'censer']);
    expect(t.discard(0)).toEqual(['shabti']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('just discards a revealed card whose action cannot be executed', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates'], []],
      decks: [['urn'], []],
    });
    t.play(0, 'book-of-gates');
    // Urn needs a card in the discard pile: there is none.
    expect(t.discard(0)).toEqual(['urn']);
    expect(t.deck(0)).toEqual([]);
    expect(t.s.turn.executed).toEqual(['book-of-gates']);
    expect(t.log.map((e) => english(e.text))).toContain(
      '@0 revealed Urn with Book of Gates; its action cannot be executed',
    );
  });

  it.each(['offering-table', 'boat', 'mummified-cat'])(
    'just discards a revealed reaction card (%s)',
    (id) => {
      const t = table({ players: 2, hands: [['book-of-gates'], []], decks: [[id], []] });
      t.play(0, 'book-of-gates');
      expect(t.discard(0)).toEqual([id]);
      expect(t.waiting()).toBe('seat 0 to play');
    },
  );

  it('shuffles the discard pile into a new deck when the deck is empty', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates'], []],
      discards: [['offering-table', 'offering-table', 'offering-table'], []],
    });
    t.play(0, 'book-of-gates');
    expect(t.deck(0)).toEqual(['offering-table', 'offering-table']);
    expect(t.discard(0)).toEqual(['offering-table']);
    expect(t.log.map((e) => english(e.text))).toContain('@0 shuffled their discard pile into a new deck');
  });

  it('cannot be executed when the deck and the discard pile are both empty', () => {
    const t = table({ players: 2, hands: [['book-of-gates', 'urn'], []], decks: [[], ['urn']] });
    expect(t.canPlay(0, 'book-of-gates')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'book-of-gates') })).toBe(
      'Book of Gates cannot be executed now: your deck or discard pile must hold a card to reveal.',
    );
  });

  it("revealing Censer puts Censer on the opponent's discard pile, not its user's", () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates'], []],
      decks: [['censer'], []],
      discards: [['urn'], ['shabti', 'statue-of-isis']],
    });
    t.play(0, 'book-of-gates');
    t.choose(0, '@1: take Statue of Isis');
    expect(t.discard(0)).toEqual(['urn', 'statue-of-isis']);
    expect(t.discard(1)).toEqual(['shabti', 'censer']);
    expect(t.s.players[0]?.aside).toEqual([]);
    expect(t.inPlay(0)).toEqual(['book-of-gates']);
  });

  it('can be repeated by Tyet Amulet, which reveals the next card', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates', 'tyet-amulet'], []],
      decks: [['urn', 'book-of-the-netherworld'], []],
      stock: ['statue-of-horus', 'statue-of-thoth'],
    });
    t.play(0, 'book-of-gates');
    t.play(0, 'tyet-amulet');
    // Both the Book of Gates and the revealed card's action were executed this turn.
    expect(t.options(0)).toEqual(['Book of Gates', 'Book of the Netherworld']);
    t.choose(0, 'Book of Gates');
    // The second reveal is an Urn: it puts the top of the discard pile (the Netherworld) back on the deck.
    expect(t.deck(0)).toEqual(['book-of-the-netherworld']);
    expect(t.discard(0)).toEqual(['statue-of-thoth', 'urn']);
    expect(t.inPlay(0)).toEqual(['book-of-gates', 'tyet-amulet']);
  });

  it('revealing another Book of Gates reveals the next card in turn', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates'], []],
      decks: [['book-of-the-netherworld', 'book-of-gates'], []],
      stock: ['statue-of-thoth'],
    });
    t.play(0, 'book-of-gates');
    expect(t.discard(0)).toEqual(['statue-of-thoth', 'book-of-the-netherworld', 'book-of-gates']);
    expect(t.deck(0)).toEqual([]);
  });
});
