import { describe, expect, it } from 'vitest';
import { describeAction } from '../../../src/games/valley/describe.ts';
import { apply } from '../../../src/games/valley/index.ts';
import type { ValleyAction } from '../../../src/games/valley/state.ts';
import { view } from '../../../src/games/valley/view.ts';
import type { Table } from '../table.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

// Pinned numbers (gold): Statue of Isis 3, Box of Food 2, Urn, Shabti and Ring 1. Costs: Statue of Thoth
// 8, Statue of Osiris 6, Axe 5, Box of Food 2.
const logText = (t: Table) => t.log.map((e) => english(e.text));
const buys = (t: Table, seat: number) =>
  t
    .legal(seat)
    .filter((a): a is Extract<ValleyAction, { type: 'buy' }> => a.type === 'buy')
    .map((a) => `${a.slot}: ${t.ids(a.pay).join(' + ')}`)
    .sort();

describe('Ring: the next card you play this turn has double gold value', () => {
  it('doubles the card paying for a buy, and the buy may need no other card', () => {
    const t = table({
      players: 2,
      hands: [['ring', 'statue-of-isis', 'urn'], []],
      pyramid: ['statue-of-osiris', null, null, null, null, null],
    });
    // Without Ring, all three cards give 5 gold, not 6.
    expect(buys(t, 0)).toEqual([]);
    t.play(0, 'ring');
    expect(t.s.turn.ring).toBe(true);
    expect(buys(t, 0)).toEqual(['0: statue-of-isis']);
    const buy = t.legal(0).find((a) => a.type === 'buy') as ValleyAction;
    expect(english(describeAction(t.s, 0, buy))).toBe(
      'Buy Statue of Osiris (cost 6, base left) with Statue of Isis (6 gold, Ring doubles Statue of Isis)',
    );
    t.buy(0, 0, ['statue-of-isis']);
    expect(t.discard(0)).toEqual(['statue-of-osiris']);
    expect(t.hand(0)).toEqual(['urn']);
    expect(t.s.turn.ring).toBeUndefined();
    expect(logText(t)).toContain('@0 bought Statue of Osiris paying with Statue of Isis (doubled by Ring)');
  });

  it('refuses a card the doubled payment does not need', () => {
    const t = table({
      players: 2,
      hands: [['ring', 'statue-of-isis', 'urn'], []],
      pyramid: ['axe', null, null, null, null, null],
    });
    t.play(0, 'ring');
    const pay = [t.inHand(0, 'statue-of-isis'), t.inHand(0, 'urn')];
    expect(t.refused(0, { type: 'buy', slot: 0, pay })).toBe(
      'Urn is not needed to pay for Axe; keep it (extra gold would be lost).',
    );
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [t.inHand(0, 'urn')] })).toBe(
      'Axe costs 5; those cards give 2 gold (Ring doubles Urn).',
    );
  });

  it('doubles the most valuable card of a payment of several', () => {
    const t = table({
      players: 2,
      hands: [['ring', 'box-of-food', 'shabti', 'urn'], []],
      pyramid: ['axe', null, null, null, null, null],
    });
    t.play(0, 'ring');
    // 2 × 2 + 1 = 5; Shabti and Urn together give only 3.
    expect(buys(t, 0)).toEqual(['0: box-of-food + shabti', '0: box-of-food + urn']);
    t.buy(0, 0, ['urn', 'box-of-food']);
    expect(t.hand(0)).toEqual(['shabti']);
    expect(logText(t)).toContain('@0 bought Axe paying with Urn + Box of Food (doubled by Ring)');
  });

  it('offers every payment Ring makes possible and none with a card that is not needed', () => {
    const t = table({
      players: 2,
      hands: [['ring', 'statue-of-isis', 'box-of-food', 'box-of-food', 'urn', 'shabti'], []],
      pyramid: ['axe', 'box-of-food', 'statue-of-thoth', null, null, null],
    });
    t.play(0, 'ring');
    for (const a of t.legal(0)) if (a.type === 'buy') expect(apply(t.s, 0, a).ok).toBe(true);
    expect(buys(t, 0)).toEqual([
      '0: box-of-food + box-of-food',
      '0: box-of-food + shabti',
      '0: box-of-food + urn',
      '0: statue-of-isis',
      '1: box-of-food',
      '1: shabti',
      '1: statue-of-isis',
      '1: urn',
      '2: box-of-food + box-of-food + urn + shabti',
      '2: statue-of-isis + box-of-food',
      '2: statue-of-isis + urn + shabti',
    ]);
  });

  it('is spent by the next card played for its action: the buy after it has no double gold', () => {
    const t = table({
      players: 2,
      hands: [['ring', 'statue-of-horus', 'statue-of-isis', 'urn'], []],
      pyramid: ['axe', null, null, null, null, null],
    });
    t.play(0, 'ring').play(0, 'statue-of-horus').choose(0, 'Urn');
    expect(t.s.turn.ring).toBeUndefined();
    expect(buys(t, 0)).toEqual([]);
    expect(logText(t)).toContain(
      "@0's double gold value (Ring) went to Statue of Horus, played for its action",
    );
  });

  it('is spent by entombing', () => {
    const t = table({
      players: 2,
      hands: [['ring', 'shabti', 'statue-of-isis'], []],
      pyramid: ['axe', null, null, null, null, null],
    });
    t.play(0, 'ring').entomb(0, 'shabti');
    expect(t.s.turn.ring).toBeUndefined();
    expect(buys(t, 0)).toEqual([]);
    expect(logText(t)).toContain("@0's double gold value (Ring) went to Shabti, entombed");
  });

  it('is shown to everyone while it waits', () => {
    const t = table({ players: 2, hands: [['ring', 'urn'], ['urn']] });
    expect(view(t.s, null).turn.ring).toBeUndefined();
    expect('ring' in view(t.s, 0).turn).toBe(false);
    t.play(0, 'ring');
    expect(view(t.s, null).turn.ring).toBe(true);
    expect(view(t.s, 1).turn.ring).toBe(true);
    expect(logText(t)).toContain('The next card @0 plays this turn has double gold value (Ring)');
    // The hand still shows each card's own gold.
    expect(view(t.s, 0).me?.hand.map((c) => c.gold)).toEqual([1]);
  });

  it('played as the last play of the turn, does not carry over into the next turn', () => {
    const t = table({
      players: 2,
      hands: [['ring', 'urn'], ['urn']],
      decks: [
        ['statue-of-isis', 'urn', 'urn', 'urn', 'urn'],
        ['urn', 'urn', 'urn', 'urn', 'urn'],
      ],
      pyramid: ['axe', 'box-of-food', null, null, null, null],
      stock: ['urn', 'urn'],
    });
    t.play(0, 'ring').endTurn(0).choose(0, 'Box of Food');
    expect(t.s.turn.ring).toBeUndefined();
    expect('ring' in t.s.turn).toBe(false);
    t.endTurn(1).choose(1, 'Axe');
    expect(t.s.turn.seat).toBe(0);
    expect(t.s.turn.ring).toBeUndefined();
  });

  it('does not stack: a second Ring cannot be executed while the first waits', () => {
    const t = table({ players: 2, hands: [['ring', 'ring', 'urn'], []] });
    t.play(0, 'ring');
    expect(t.canPlay(0, 'ring')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'ring') })).toBe(
      'Ring cannot be executed now: the next card you play already has double gold value.',
    );
    // Once spent, the second Ring works again.
    t.entomb(0, 'urn');
    expect(t.canPlay(0, 'ring')).toBe(true);
  });

  it('doubles Statue of Thoth’s 4 gold to 8', () => {
    const t = table({
      players: 2,
      hands: [['statue-of-thoth', 'ring', 'urn', 'shabti'], []],
      pyramid: ['statue-of-thoth', null, null, null, null, null],
    });
    t.play(0, 'statue-of-thoth').play(0, 'ring');
    expect(buys(t, 0)).toEqual(['0: shabti', '0: urn']);
    t.buy(0, 0, ['urn']);
    expect(t.discard(0)).toEqual(['statue-of-thoth']);
  });

  it('works when Book of Gates reveals it', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates', 'statue-of-isis'], []],
      decks: [['ring'], []],
      pyramid: ['axe', null, null, null, null, null],
    });
    t.play(0, 'book-of-gates');
    expect(t.s.turn.ring).toBe(true);
    t.buy(0, 0, ['statue-of-isis']);
    expect(t.discard(0)).toEqual(['ring', 'axe']);
  });
});
