import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { Table } from '../table.ts';
import { passTurn } from './helpers.ts';

// Provisional numbers used: Imseti Canopic Jar entombs a card costing 4 or less (seed text); Urn cost 1.
const FIVE = ['shabti', 'shabti', 'urn', 'urn', 'box-of-food'];

describe('Entombing Cards: "Once per turn you may put a card from your hand into your tomb"', () => {
  it('a card from the hand goes into the tomb', () => {
    const t = Table.from({ players: 2, hands: [['censer', 'urn'], []], tombs: [['shabti']] });
    t.entomb(0, 'censer');
    expect(t.tomb(0)).toEqual(['shabti', 'censer']);
    expect(t.hand(0)).toEqual(['urn']);
    expect(t.s.turn.entombed).toBe(true);
  });

  it('a second normal entombing in the same turn is refused and no longer offered', () => {
    const t = Table.from({ players: 2, hands: [['censer', 'urn'], []] });
    t.entomb(0, 'censer');
    expect(t.refused(0, { type: 'entomb', card: t.inHand(0, 'urn') })).toBe(
      'You have already entombed a card this turn (once per turn).',
    );
    expect(t.legal(0).some((a) => a.type === 'entomb')).toBe(false);
    expect(t.tomb(0)).toEqual(['censer']);
  });

  it("the allowance comes back on the player's next turn", () => {
    const t = Table.from({
      players: 2,
      hands: [['censer'], []],
      decks: [FIVE, FIVE],
      pyramid: ['wadj-amulet', 'chariot', 'tyet-amulet', null, null, null],
    });
    t.entomb(0, 'censer');
    passTurn(t);
    passTurn(t);
    expect(t.s.turn.seat).toBe(0);
    expect(t.legal(0).some((a) => a.type === 'entomb')).toBe(true);
    t.entomb(0, 'urn');
    expect(t.tomb(0)).toEqual(['censer', 'urn']);
  });

  it('entombing is optional: the turn can end without it', () => {
    const t = Table.from({ players: 2, hands: [['censer'], []], decks: [FIVE, FIVE] });
    t.endTurn(0);
    expect(t.tomb(0)).toEqual([]);
    expect(t.s.turn.seat).toBe(1);
  });
});

describe('"Some actions allow you to place additional cards into your tomb"', () => {
  it('an action entomb after the normal one is allowed (Statue of Horus)', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-horus', 'urn', 'censer'], []] });
    t.entomb(0, 'censer').play(0, 'statue-of-horus').choose(0, 'Urn');
    expect(t.tomb(0)).toEqual(['censer', 'urn']);
  });

  it('an action entomb does not use up the normal one (Imseti Canopic Jar, then the normal entombing)', () => {
    const t = Table.from({ players: 2, hands: [['imseti-canopic-jar', 'urn', 'censer'], []] });
    t.play(0, 'imseti-canopic-jar').choose(0, 'Urn');
    expect(t.s.turn.entombed).toBe(false);
    t.entomb(0, 'censer');
    expect(t.tomb(0)).toEqual(['urn', 'censer']);
  });

  it('"The normal entombment of one card per turn is not an action": Tyet Amulet cannot repeat it', () => {
    const t = Table.from({ players: 2, hands: [['tyet-amulet', 'urn', 'censer'], []] });
    t.entomb(0, 'censer');
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
      /executed an action this turn/,
    );
  });
});

describe('"When a card [is] entombed, you cannot use its gold value or action"', () => {
  it('the entombed card cannot pay or act', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn'], []],
      discards: [['shabti']],
      pyramid: ['shabti', null, null, null, null, null],
    });
    const urn = t.inHand(0, 'urn');
    t.entomb(0, 'urn');
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [urn] })).toMatch(/not in your hand/);
    expect(t.refused(0, { type: 'play', card: urn })).toMatch(/not in your hand/);
  });

  it('tomb cards stay in the tomb: they are not discarded at the end of the turn', () => {
    const t = Table.from({ players: 2, hands: [['censer', 'urn'], []], decks: [FIVE, FIVE] });
    t.entomb(0, 'censer').endTurn(0);
    expect(t.tomb(0)).toEqual(['censer']);
    expect(t.discard(0)).toEqual(['urn']);
  });
});

describe('"The cards put in your tomb are public knowledge"', () => {
  it('every seat and the public view see each tomb in full', () => {
    const t = Table.from({ players: 3, hands: [['censer'], [], []], tombs: [['shabti'], ['boat'], []] });
    t.entomb(0, 'censer');
    for (const viewer of [0, 1, 2, null]) {
      const v = view(t.s, viewer);
      expect(v.players[0]?.tomb.map((c) => c.card)).toEqual(['shabti', 'censer']);
      expect(v.players[1]?.tomb.map((c) => c.card)).toEqual(['boat']);
    }
  });
});
