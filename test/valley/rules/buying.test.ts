import { describe, expect, it } from 'vitest';
import type { ValleyAction } from '../../../src/games/valley/state.ts';
import { Table } from '../table.ts';
import { refusal } from './helpers.ts';

// Seed numbers: Statue of Bastet cost 4, Tyet Amulet gold 2, Book of the Netherworld gold 3.
// Provisional numbers used: Shabti/Urn gold 1 and cost 1, Box of Food gold 2, Censer cost 4,
// Wadj Amulet/Heart Scarab Amulet/Tyet Amulet cost 3, Chariot cost 4.
const PYRAMID = ['shabti', 'censer', 'statue-of-bastet', 'chariot', 'wadj-amulet', 'heart-scarab-amulet'];

/** The legal purchases of one slot, each payment as sorted card ids. */
function payments(t: Table, seat: number, slot: number): string[][] {
  return t
    .legal(seat)
    .filter((a): a is Extract<ValleyAction, { type: 'buy' }> => a.type === 'buy' && a.slot === slot)
    .map((a) => t.ids(a.pay).sort())
    .sort();
}

describe('Buying Example (rulebook)', () => {
  it('Tyet Amulet (2) + Book of the Netherworld (3) = 5 buys the 4-cost Statue of Bastet', () => {
    const t = Table.from({
      players: 2,
      hands: [['tyet-amulet', 'book-of-the-netherworld', 'urn'], []],
      pyramid: PYRAMID,
    });
    expect(t.s.defs['statue-of-bastet']?.cost).toBe(4);
    expect(payments(t, 0, 2)).toContainEqual(['book-of-the-netherworld', 'tyet-amulet']);
    t.buy(0, 2, ['tyet-amulet', 'book-of-the-netherworld']);
    expect(t.discard(0)).toEqual(['statue-of-bastet']);
    expect(t.inPlay(0)).toEqual(['tyet-amulet', 'book-of-the-netherworld']);
  });

  it('"the 1 extra gold value is lost and does not count towards an additional purchase"', () => {
    const t = Table.from({
      players: 2,
      hands: [['tyet-amulet', 'book-of-the-netherworld', 'urn'], []],
      pyramid: PYRAMID,
    });
    const tyet = t.inHand(0, 'tyet-amulet');
    t.buy(0, 2, ['tyet-amulet', 'book-of-the-netherworld']);
    // A 1-cost Shabti sits in the base: the lost gold cannot buy it; only a fresh card from hand can.
    expect(t.pyramid()[0]).toBe('shabti');
    expect(payments(t, 0, 0)).toEqual([['urn']]);
    expect(refusal(t, 0, { type: 'buy', slot: 0, pay: [] }).message).toMatch(/choose cards to pay with/);
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [tyet] })).toMatch(
      /^Payment: that card is not in your hand/,
    );
    t.buy(0, 0, ['urn']);
    expect(t.discard(0)).toEqual(['statue-of-bastet', 'shabti']);
  });
});

describe('Buying Cards', () => {
  it('"You may only buy cards from among the 3 cards in the base": middle and top rows are refused with a reason', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'tyet-amulet'], []],
      pyramid: PYRAMID,
    });
    const pay = [t.inHand(0, 'book-of-the-netherworld'), t.inHand(0, 'tyet-amulet')];
    expect(t.refused(0, { type: 'buy', slot: 3, pay })).toBe(
      'Only the base of the pyramid can be bought; the middle left card must crumble down first.',
    );
    expect(t.refused(0, { type: 'buy', slot: 4, pay })).toMatch(/middle right card must crumble down first/);
    expect(t.refused(0, { type: 'buy', slot: 5, pay })).toMatch(/top card must crumble down first/);
    expect(
      t
        .legal(0)
        .filter((a) => a.type === 'buy')
        .map((a) => (a.type === 'buy' ? a.slot : -1))
        .every((slot) => slot <= 2),
    ).toBe(true);
  });

  it('an empty base space cannot be bought', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld'], []],
      pyramid: [null, 'censer', 'wadj-amulet', null, null, null],
    });
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [t.inHand(0, 'book-of-the-netherworld')] })).toBe(
      'The base left of the pyramid is empty.',
    );
  });

  it('"Lay out cards with sufficient gold value": too little gold is refused, saying how much is missing', () => {
    const t = Table.from({ players: 2, hands: [['book-of-the-netherworld'], []], pyramid: PYRAMID });
    expect(t.refused(0, { type: 'buy', slot: 2, pay: [t.inHand(0, 'book-of-the-netherworld')] })).toBe(
      'Statue of Bastet costs 4; those cards give 3 gold.',
    );
    expect(payments(t, 0, 2)).toEqual([]);
  });

  it('"If you overpay, no change is given": two 2-gold cards for a 3-cost card are accepted, the extra gold lost', () => {
    const t = Table.from({ players: 2, hands: [['box-of-food', 'box-of-food'], []], pyramid: PYRAMID });
    t.buy(0, 2, ['box-of-food', 'box-of-food']);
    expect(t.discard(0)).toEqual(['statue-of-bastet']);
    expect(t.hand(0)).toEqual([]);
  });

  it('overpaying with a needless card is refused (the payment must be minimal)', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'shabti'], []],
      pyramid: ['wadj-amulet', 'censer', 'statue-of-bastet', null, null, null],
    });
    const pay = [t.inHand(0, 'book-of-the-netherworld'), t.inHand(0, 'shabti')];
    expect(t.refused(0, { type: 'buy', slot: 0, pay })).toBe(
      'Shabti is not needed to pay for Wadj Amulet; keep it (extra gold would be lost).',
    );
  });

  it('the legal purchases list exactly the minimal payments', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'tyet-amulet', 'shabti', 'shabti'], []],
      pyramid: PYRAMID,
    });
    expect(payments(t, 0, 2)).toEqual(
      [
        ['book-of-the-netherworld', 'shabti'],
        ['book-of-the-netherworld', 'tyet-amulet'],
        ['shabti', 'shabti', 'tyet-amulet'],
      ].sort(),
    );
  });

  it('"Remove the purchased card from the pyramid and place it on top of your discard pile"', () => {
    const t = Table.from({
      players: 2,
      hands: [['tyet-amulet', 'book-of-the-netherworld'], []],
      discards: [['urn', 'offering-table']],
      pyramid: PYRAMID,
    });
    t.buy(0, 2, ['tyet-amulet', 'book-of-the-netherworld']);
    expect(t.discard(0)).toEqual(['urn', 'offering-table', 'statue-of-bastet']);
    expect(t.pyramid()).not.toContain('statue-of-bastet');
  });

  it('"The pyramid crumbles to fill in the empty space in the base"', () => {
    const t = Table.from({
      players: 2,
      hands: [['tyet-amulet', 'book-of-the-netherworld'], []],
      pyramid: PYRAMID,
    });
    t.buy(0, 2, ['tyet-amulet', 'book-of-the-netherworld']);
    expect(t.pyramid()).toEqual(['shabti', 'censer', 'wadj-amulet', 'chariot', 'heart-scarab-amulet', null]);
  });

  it('"You may buy any number of cards during your turn that you can afford", each paid by its own cards', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'tyet-amulet', 'box-of-food', 'urn'], []],
      pyramid: PYRAMID,
    });
    const nether = t.inHand(0, 'book-of-the-netherworld');
    t.buy(0, 2, ['book-of-the-netherworld', 'tyet-amulet']);
    // Paying the next card with a card already laid out is refused.
    expect(t.refused(0, { type: 'buy', slot: 2, pay: [nether] })).toMatch(
      /not in your hand \(Book of the Netherworld\)/,
    );
    t.buy(0, 2, ['box-of-food', 'urn']);
    expect(t.discard(0)).toEqual(['statue-of-bastet', 'wadj-amulet']);
    expect(t.hand(0)).toEqual([]);
  });

  it('"They remain on the table as part of your cards in play until the end of your turn"', () => {
    const t = Table.from({
      players: 2,
      hands: [['tyet-amulet', 'book-of-the-netherworld', 'urn'], []],
      decks: [['shabti', 'shabti', 'shabti', 'shabti', 'shabti'], []],
      pyramid: PYRAMID,
    });
    t.buy(0, 2, ['tyet-amulet', 'book-of-the-netherworld']);
    expect(t.inPlay(0)).toEqual(['tyet-amulet', 'book-of-the-netherworld']);
    expect(t.discard(0)).toEqual(['statue-of-bastet']);
    t.endTurn(0);
    expect(t.inPlay(0)).toEqual([]);
    expect([...t.discard(0)].sort()).toEqual([
      'book-of-the-netherworld',
      'statue-of-bastet',
      'tyet-amulet',
      'urn',
    ]);
  });

  it('"When a card [is] played for its gold value, you cannot use its action"', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn', 'urn', 'urn'], []],
      discards: [['shabti']],
      pyramid: ['wadj-amulet', null, null, null, null, null],
    });
    const urn = t.inHand(0, 'urn');
    t.buy(0, 0, ['urn', 'urn', 'urn']);
    expect(t.refused(0, { type: 'play', card: urn })).toBe('Play: that card is not in your hand (Urn).');
  });
});
