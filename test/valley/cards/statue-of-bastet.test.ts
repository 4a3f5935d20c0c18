import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../../src/games/valley/index.ts';
import { view } from '../../../src/games/valley/view.ts';
import { Table } from '../table.ts';

const pile = (id: string, n: number) => Array.from({ length: n }, () => id);

describe('Statue of Bastet: each opponent puts a card on top of your discard pile (players with 5 or fewer total cards do not)', () => {
  it('has each opponent, in turn order, put a hand card of their choice on top of your discard pile', () => {
    // Seat 3 plays in a 4-player game: seats 0, 1 and 2 give, in that order.
    const t = Table.from({
      players: 4,
      seat: 3,
      hands: [['urn', 'statue-of-isis'], ['shabti', 'box-of-food'], ['censer'], ['statue-of-bastet']],
      decks: [pile('urn', 4), pile('urn', 4), pile('urn', 5), []],
      discards: [[], [], [], ['shabti']],
    });
    t.play(3, 'statue-of-bastet');
    expect(waitingFor(t.s)).toEqual([0]);
    expect(t.prompt(0)).toBe("Statue of Bastet: put a card from your hand on top of @3's discard pile.");
    expect(t.options(0)).toEqual(['Urn', 'Statue of Isis']);
    t.choose(0, 'Statue of Isis');
    expect(waitingFor(t.s)).toEqual([1]);
    t.choose(1, 'Box of Food');
    expect(waitingFor(t.s)).toEqual([2]);
    t.choose(2, 'Censer');
    expect(waitingFor(t.s)).toEqual([3]);
    expect(t.discard(3)).toEqual(['shabti', 'statue-of-isis', 'box-of-food', 'censer']);
    expect(t.hand(0)).toEqual(['urn']);
    expect(t.hand(1)).toEqual(['shabti']);
    expect(t.hand(2)).toEqual([]);
    // The gifts do not land on the givers' own discard piles.
    expect(t.discard(0)).toEqual([]);
    expect(view(t.s, null).players[3]?.discardTop?.card).toBe('censer');
  });

  it('counts hand, deck and discard pile but not the tomb: 5 total cards are exempt, 6 are not', () => {
    const t = Table.from({
      players: 3,
      hands: [['statue-of-bastet'], ['urn', 'shabti'], ['urn', 'shabti']],
      // Seat 1: 2 + 2 + 1 = 5 (a full tomb does not count). Seat 2: 2 + 2 + 2 = 6.
      decks: [[], ['urn', 'urn'], ['urn', 'urn']],
      discards: [[], ['urn'], ['urn', 'urn']],
      tombs: [[], pile('shabti', 6), []],
    });
    t.play(0, 'statue-of-bastet');
    expect(waitingFor(t.s)).toEqual([2]);
    t.choose(2, 'Shabti');
    expect(waitingFor(t.s)).toEqual([0]);
    expect(t.hand(1)).toEqual(['urn', 'shabti']);
    expect(t.discard(0)).toEqual(['shabti']);
  });

  it('skips a player with an empty hand', () => {
    const t = Table.from({
      players: 3,
      hands: [['statue-of-bastet'], [], ['urn']],
      decks: [[], pile('urn', 10), pile('urn', 10)],
    });
    t.play(0, 'statue-of-bastet');
    expect(waitingFor(t.s)).toEqual([2]);
  });

  it('is not an ordinary discard: Offering Table does not protect (it may only be given away)', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-bastet'], ['offering-table', 'urn']],
      decks: [[], pile('urn', 5)],
    });
    t.play(0, 'statue-of-bastet');
    expect(t.options(1)).toEqual(['Offering Table', 'Urn']);
    t.choose(1, 'Offering Table');
    expect(t.discard(0)).toEqual(['offering-table']);
    expect(t.hand(1)).toEqual(['urn']);
  });

  it('can be executed even when no opponent is affected (nothing happens), but not on an opponent turn', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-bastet'], ['statue-of-bastet', 'urn']],
    });
    expect(t.canPlay(0, 'statue-of-bastet')).toBe(true);
    expect(t.refused(1, { type: 'play', card: t.inHand(1, 'statue-of-bastet') })).toBe(
      'It is not your turn.',
    );
    t.play(0, 'statue-of-bastet');
    expect(waitingFor(t.s)).toEqual([0]);
    expect(t.discard(0)).toEqual([]);
  });
});
