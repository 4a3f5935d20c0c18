import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { english, Table } from '../table.ts';

const pile = (id: string, n: number) => Array.from({ length: n }, () => id);

/** Ends `seat`'s turn, sacrificing the top of the pyramid if the rebuild step asks for it. */
function finishTurn(t: Table, seat: number): void {
  t.endTurn(seat);
  if (t.options(seat).length > 0) t.choose(seat, '(top)');
}

describe('Statue of Anubis: after you draw your 5-card hand at the end of your turn, draw one additional card', () => {
  it('draws a 6-card hand at the end of the turn', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-anubis', 'urn'], []],
      decks: [[...pile('shabti', 7), 'box-of-food']],
    });
    t.play(0, 'statue-of-anubis');
    // Public: everyone can see the next hand will be bigger.
    expect(view(t.s, null).turn.extraDraw).toBe(1);
    expect(english(t.log.at(-1)?.text)).toBe(
      '@0 will draw 6 cards at the end of the turn (Statue of Anubis)',
    );
    t.endTurn(0);
    expect(t.hand(0)).toHaveLength(6);
    expect(t.hand(0)[0]).toBe('box-of-food');
    expect(t.deck(0)).toEqual(['shabti', 'shabti']);
  });

  it('draws a 7-card hand when two copies were played', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-anubis', 'statue-of-anubis'], []],
      decks: [pile('shabti', 10)],
    });
    t.play(0, 'statue-of-anubis').play(0, 'statue-of-anubis');
    t.endTurn(0);
    expect(t.hand(0)).toHaveLength(7);
  });

  it('draws a 7-card hand when Tyet Amulet repeated it', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-anubis', 'tyet-amulet'], []],
      decks: [pile('shabti', 10)],
    });
    t.play(0, 'statue-of-anubis').play(0, 'tyet-amulet');
    t.endTurn(0);
    expect(t.hand(0)).toHaveLength(7);
  });

  it('reshuffles the discard pile for the extra card when the deck runs out', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-anubis', 'urn'], []],
      decks: [pile('shabti', 5)],
    });
    t.play(0, 'statue-of-anubis');
    t.endTurn(0);
    // Five Shabti from the deck, then the discard pile (Anubis and the Urn) becomes the deck.
    expect(t.hand(0)).toHaveLength(6);
    expect(t.hand(0).slice(0, 5)).toEqual(pile('shabti', 5));
    expect(t.deck(0)).toHaveLength(1);
    expect(t.discard(0)).toEqual([]);
  });

  it('lasts one turn: the following turn draws 5 again', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-anubis'], ['urn']],
      decks: [pile('shabti', 12), pile('urn', 6)],
      pyramid: ['urn', 'urn', 'urn', 'urn', 'urn', 'urn'],
      stock: pile('urn', 4),
    });
    t.play(0, 'statue-of-anubis');
    finishTurn(t, 0);
    expect(t.hand(0)).toHaveLength(6);
    // The opponent's turn is not affected.
    finishTurn(t, 1);
    expect(t.hand(1)).toHaveLength(5);
    finishTurn(t, 0);
    expect(t.hand(0)).toHaveLength(5);
  });

  it('can always be executed on your turn, but not on an opponent turn', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-anubis'], ['statue-of-anubis']] });
    expect(t.canPlay(0, 'statue-of-anubis')).toBe(true);
    expect(t.canPlay(1, 'statue-of-anubis')).toBe(false);
    expect(t.refused(1, { type: 'play', card: t.inHand(1, 'statue-of-anubis') })).toBe(
      'It is not your turn.',
    );
  });
});
