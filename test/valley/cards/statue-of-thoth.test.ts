import { describe, expect, it } from 'vitest';
import { baseCatalog, type Catalog, findCard } from '../../../src/games/valley/catalog.ts';
import { view } from '../../../src/games/valley/view.ts';
import { position, Table } from '../table.ts';

const printed = (id: string) => findCard(baseCatalog, id)?.gold.value;
const cost = (id: string) => findCard(baseCatalog, id)?.cost.value;
const handGold = (t: Table, seat: number) => view(t.s, seat).me?.hand.map((c) => `${c.card}:${c.gold}`) ?? [];

/** The base catalog with one card printed at a gold value above 4 (no base card prints one yet). */
function withGold(id: string, gold: number): Catalog {
  return {
    ...baseCatalog,
    cards: baseCatalog.cards.map((c) =>
      c.id === id ? { ...c, gold: { value: gold, source: 'provisional' } } : c,
    ),
  };
}

/** Ends `seat`'s turn, sacrificing the top of the pyramid if the rebuild step asks for it. */
function finishTurn(t: Table, seat: number): void {
  t.endTurn(seat);
  if (t.options(seat).length > 0) t.choose(seat, '(top)');
}

describe('Statue of Thoth: all cards in your hand have a gold value of 4', () => {
  it('makes every card in hand worth 4, whatever its printed gold value', () => {
    expect([printed('urn'), printed('box-of-food'), printed('statue-of-isis')]).toEqual([1, 2, 3]);
    const t = Table.from({
      players: 2,
      hands: [['statue-of-thoth', 'urn', 'box-of-food', 'statue-of-isis'], ['shabti']],
    });
    expect(handGold(t, 0)).toEqual(['statue-of-thoth:1', 'urn:1', 'box-of-food:2', 'statue-of-isis:3']);
    t.play(0, 'statue-of-thoth');
    expect(handGold(t, 0)).toEqual(['urn:4', 'box-of-food:4', 'statue-of-isis:4']);
    // The opponents' hands keep their printed values.
    expect(handGold(t, 1)).toEqual(['shabti:1']);
  });

  it('lowers a card printed higher than 4 to 4 ("ignore the printed gold value")', () => {
    const t = new Table(
      position(
        {
          players: 2,
          hands: [['statue-of-thoth', 'censer'], []],
          pyramid: ['statue-of-horus', null, null, null, null, null],
        },
        withGold('censer', 6),
      ),
    );
    expect(cost('statue-of-horus')).toBe(5);
    expect(handGold(t, 0)).toContain('censer:6');
    t.play(0, 'statue-of-thoth');
    expect(handGold(t, 0)).toEqual(['censer:4']);
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [t.inHand(0, 'censer')] })).toBe(
      'Statue of Horus costs 5; those cards give 4 gold.',
    );
  });

  it('buys a cost-7 card with two cards printed at 1 gold each; a third card is refused as overpaying', () => {
    expect(cost('statue-of-thoth')).toBe(7);
    const t = Table.from({
      players: 2,
      hands: [['statue-of-thoth', 'shabti', 'urn', 'urn'], []],
      pyramid: [null, 'statue-of-thoth', null, null, null, null],
    });
    t.play(0, 'statue-of-thoth');
    expect(t.refused(0, { type: 'buy', slot: 1, pay: [t.inHand(0, 'shabti')] })).toBe(
      'Statue of Thoth costs 7; those cards give 4 gold.',
    );
    const three = t.s.players[0]?.hand ?? [];
    expect(t.refused(0, { type: 'buy', slot: 1, pay: [...three] })).toMatch(
      /is not needed to pay for Statue of Thoth; keep it/,
    );
    // Every payment offered is a pair of cards.
    const buys = t.legal(0).filter((a) => a.type === 'buy');
    expect(buys.length).toBeGreaterThan(0);
    for (const b of buys) expect(b.type === 'buy' && b.pay.length).toBe(2);
    t.buy(0, 1, ['shabti', 'urn']);
    expect(t.discard(0)).toEqual(['statue-of-thoth']);
    expect(t.inPlay(0)).toEqual(['statue-of-thoth', 'shabti', 'urn']);
    expect(t.hand(0)).toEqual(['urn']);
  });

  it('also counts cards that enter the hand later in the turn (drawn by Statue of Osiris)', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-thoth', 'statue-of-osiris', 'shabti'], []],
      decks: [['urn', 'urn', 'box-of-food']],
    });
    t.play(0, 'statue-of-thoth');
    t.play(0, 'statue-of-osiris').choose(0, 'Shabti');
    expect(handGold(t, 0)).toEqual(['box-of-food:4', 'urn:4', 'urn:4']);
  });

  it('ends with the turn: the next turns use printed values again', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-thoth', 'urn'], ['urn']],
      decks: [
        ['shabti', 'shabti', 'shabti', 'shabti', 'shabti'],
        ['urn', 'urn', 'urn', 'urn', 'urn'],
      ],
      pyramid: ['box-of-food', 'urn', 'urn', 'urn', 'urn', 'urn'],
      stock: ['urn', 'urn', 'urn'],
    });
    expect(cost('box-of-food')).toBe(2);
    t.play(0, 'statue-of-thoth');
    expect(handGold(t, 0)).toEqual(['urn:4']);
    finishTurn(t, 0);
    // Seat 1's turn: nobody's cards are worth 4.
    expect(handGold(t, 1)).toEqual(['urn:1']);
    expect(handGold(t, 0)).toEqual(Array.from({ length: 5 }, () => 'shabti:1'));
    finishTurn(t, 1);
    // Seat 0's next turn: a single Shabti no longer pays for a cost-2 card.
    expect(t.s.turn.seat).toBe(0);
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [t.inHand(0, 'shabti')] })).toBe(
      'Box of Food costs 2; those cards give 1 gold.',
    );
  });

  it('can always be executed on your turn, but not on an opponent turn', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-thoth'], ['statue-of-thoth']] });
    expect(t.canPlay(0, 'statue-of-thoth')).toBe(true);
    expect(t.canPlay(1, 'statue-of-thoth')).toBe(false);
    expect(t.refused(1, { type: 'play', card: t.inHand(1, 'statue-of-thoth') })).toBe('It is not your turn.');
  });
});
