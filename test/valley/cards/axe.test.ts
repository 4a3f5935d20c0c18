import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import type { Table } from '../table.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

// Pinned costs: Statue of Isis 7, Statue of Osiris 6, Axe 5, Chariot and Censer 4, Box of Food 2, Urn 1.
const REVEAL = 'Reveal Offering Table: this does not affect you';
const logText = (t: Table) => t.log.map((e) => english(e.text));

describe('Axe: if you discard Axe as the result of an action, each opponent discards the highest cost card in their hand', () => {
  it('has no action to play', () => {
    const t = table({ players: 2, hands: [['axe', 'urn'], ['urn']] });
    expect(t.canPlay(0, 'axe')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'axe') })).toBe(
      "Axe cannot be executed now: it has no action to play: when an action (yours or an opponent's) makes you discard it, each opponent discards the highest-cost card in their hand.",
    );
  });

  it('can still pay or be entombed', () => {
    const t = table({
      players: 2,
      hands: [['axe', 'axe'], ['urn']],
      pyramid: ['box-of-food', null, null, null, null, null],
    });
    t.buy(0, 0, ['axe']).entomb(0, 'axe');
    expect(t.inPlay(0)).toEqual(['axe']);
    expect(t.tomb(0)).toEqual(['axe']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('triggers when your own action discards it (Chariot), once the action is complete', () => {
    const t = table({
      players: 2,
      hands: [
        ['chariot', 'axe'],
        ['urn', 'statue-of-isis', 'box-of-food'],
      ],
      boneyard: ['censer'],
    });
    t.play(0, 'chariot').choose(0, 'Axe');
    // Chariot's second part (the boneyard card) came first.
    expect(t.discard(0)).toEqual(['axe', 'censer']);
    expect(t.prompt(1)).toBe('Axe (@0): discard the highest-cost card in your hand.');
    expect(t.options(1)).toEqual(['Statue of Isis']);
    expect(t.waiting()).toBe('@1 is discarding the highest-cost card in their hand (Axe)');
    t.choose(1, 'Statue of Isis');
    expect(t.hand(1)).toEqual(['urn', 'box-of-food']);
    expect(t.discard(1)).toEqual(['statue-of-isis']);
    expect(t.waiting()).toBe('seat 0 to play');
    expect(t.s.turn.axes).toBeUndefined();
    expect(logText(t)).toEqual(
      expect.arrayContaining([
        '@0 discarded Axe (Chariot)',
        '@0 discarded Axe: each opponent discards the highest-cost card in their hand',
        '@1 discarded Statue of Isis (Axe)',
      ]),
    );
  });

  it("triggers when an opponent's action discards it, and then targets that opponent too (Duamutef Canopic Jar)", () => {
    const t = table({
      players: 3,
      hands: [
        ['duamutef-canopic-jar', 'statue-of-osiris', 'urn'],
        ['axe', 'urn'],
        ['censer', 'box-of-food'],
      ],
    });
    t.play(0, 'duamutef-canopic-jar').choose(1, 'Axe');
    // Duamutef is finished first: @2 still discards for it.
    expect(t.options(2)).toEqual(['Censer', 'Box of Food']);
    t.choose(2, 'Box of Food');
    // Then @1's Axe: each opponent of @1 in turn order from @1: @2, then @0.
    expect(t.prompt(2)).toBe('Axe (@1): discard the highest-cost card in your hand.');
    expect(t.options(2)).toEqual(['Censer']);
    t.choose(2, 'Censer');
    expect(t.options(0)).toEqual(['Statue of Osiris']);
    t.choose(0, 'Statue of Osiris');
    expect(t.discard(0)).toEqual(['statue-of-osiris']);
    expect(t.hand(2)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('makes each opponent discard a card of the highest cost only; among equals the discarder chooses', () => {
    const t = table({
      players: 2,
      hands: [
        ['statue-of-osiris', 'axe'],
        ['urn', 'chariot', 'box-of-food', 'censer', 'chariot'],
      ],
    });
    t.play(0, 'statue-of-osiris').choose(0, 'Axe');
    expect(t.options(1)).toEqual(['Chariot', 'Censer']);
    t.choose(1, 'Censer');
    expect(t.hand(1)).toEqual(['urn', 'chariot', 'box-of-food', 'chariot']);
    expect(t.discard(1)).toEqual(['censer']);
  });

  it('skips opponents with no cards in hand', () => {
    const t = table({
      players: 3,
      hands: [['chariot', 'axe'], [], ['urn']],
      boneyard: ['censer'],
    });
    t.play(0, 'chariot').choose(0, 'Axe');
    expect(t.options(1)).toEqual([]);
    expect(t.options(2)).toEqual(['Urn']);
    t.choose(2, 'Urn');
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('can be blocked by Offering Table, on an opponent’s turn', () => {
    const t = table({
      players: 3,
      hands: [
        ['chariot', 'axe'],
        ['offering-table', 'statue-of-isis'],
        ['offering-table', 'chariot'],
      ],
      boneyard: ['censer'],
    });
    t.play(0, 'chariot').choose(0, 'Axe');
    expect(t.options(1)).toEqual([REVEAL, 'Statue of Isis']);
    t.choose(1, REVEAL);
    expect(t.hand(1)).toEqual(['offering-table', 'statue-of-isis']);
    // Only its holder is protected; the next opponent may keep theirs hidden and discard.
    expect(t.options(2)).toEqual([REVEAL, 'Chariot']);
    t.choose(2, 'Chariot');
    expect(t.discard(2)).toEqual(['chariot']);
    expect(logText(t)).toContain('@1 revealed Offering Table and is not affected');
  });

  it('cannot be blocked by the player whose turn it is (Offering Table is used on an opponent’s turn)', () => {
    const t = table({
      players: 2,
      hands: [['duamutef-canopic-jar', 'offering-table', 'statue-of-isis'], ['axe']],
    });
    t.play(0, 'duamutef-canopic-jar').choose(1, 'Axe');
    expect(t.options(0)).toEqual(['Statue of Isis']);
    t.choose(0, 'Statue of Isis');
    expect(t.discard(0)).toEqual(['statue-of-isis']);
  });

  it('chains: an Axe discarded by an Axe triggers in turn, after the first is resolved', () => {
    const t = table({
      players: 3,
      hands: [
        ['chariot', 'axe', 'statue-of-isis', 'urn'],
        ['axe', 'urn'],
        ['censer', 'urn'],
      ],
      boneyard: ['box-of-food'],
    });
    t.play(0, 'chariot').choose(0, 'Axe');
    // @0's Axe: @1 discards its Axe (cost 5), then @2 its Censer.
    t.choose(1, 'Axe');
    expect(t.options(2)).toEqual(['Censer']);
    t.choose(2, 'Censer');
    // @1's Axe: @2, then @0.
    expect(t.prompt(2)).toBe('Axe (@1): discard the highest-cost card in your hand.');
    t.choose(2, 'Urn');
    expect(t.options(0)).toEqual(['Statue of Isis']);
    t.choose(0, 'Statue of Isis');
    expect(t.waiting()).toBe('seat 0 to play');
    expect(t.hand(0)).toEqual(['urn']);
    expect(t.hand(1)).toEqual(['urn']);
    expect(t.hand(2)).toEqual([]);
  });

  it('resolves several Axes first in first out, each once its action is complete', () => {
    const t = table({
      players: 3,
      hands: [
        ['duamutef-canopic-jar', 'box-of-food'],
        ['axe', 'urn'],
        ['axe', 'censer'],
      ],
    });
    t.play(0, 'duamutef-canopic-jar').choose(1, 'Axe').choose(2, 'Axe');
    expect(t.s.turn.axes?.length ?? 0).toBe(1);
    expect(t.prompt(2)).toBe('Axe (@1): discard the highest-cost card in your hand.');
    t.choose(2, 'Censer').choose(0, 'Box of Food');
    // @2's Axe: @0's hand is empty now, so only @1 discards.
    expect(t.prompt(1)).toBe('Axe (@2): discard the highest-cost card in your hand.');
    expect(t.options(0)).toEqual([]);
    t.choose(1, 'Urn');
    expect(t.waiting()).toBe('seat 0 to play');
    expect(t.s.turn.axes).toBeUndefined();
  });

  describe('the actions that discard it', () => {
    it('Statue of Sobek: the revealed card discarded', () => {
      const t = table({
        players: 2,
        hands: [['statue-of-sobek'], ['urn', 'censer']],
        decks: [['urn', 'shabti', 'axe'], []],
      });
      t.play(0, 'statue-of-sobek').choose(0, 'Axe');
      // Sobek is finished first: entomb one, give one.
      expect(t.options(1)).toEqual([]);
      t.choose(0, 'Shabti');
      expect(t.options(1)).toEqual(['Censer']);
      t.choose(1, 'Censer');
      expect(t.discard(0)).toEqual(['axe']);
      expect(t.discard(1)).toEqual(['urn', 'censer']);
    });

    it('Book of Gates: the revealed Axe cannot be executed, and is discarded', () => {
      const t = table({ players: 2, hands: [['book-of-gates'], ['urn', 'censer']], decks: [['axe'], []] });
      t.play(0, 'book-of-gates');
      expect(t.options(1)).toEqual(['Censer']);
      t.choose(1, 'Censer');
      expect(t.discard(0)).toEqual(['axe']);
    });

    it('Hapi Canopic Jar, after its take and crumble', () => {
      const t = table({
        players: 2,
        hands: [
          ['hapi-canopic-jar', 'axe'],
          ['urn', 'censer'],
        ],
        pyramid: ['urn', 'statue-of-isis', 'chariot', null, null, null],
      });
      t.play(0, 'hapi-canopic-jar').choose(0, 'Axe');
      expect(t.discard(0)).toEqual(['axe', 'urn']);
      t.choose(1, 'Censer');
      expect(t.discard(1)).toEqual(['censer']);
    });

    it('Ka Figurine', () => {
      const t = table({
        players: 2,
        hands: [
          ['ka-figurine', 'axe'],
          ['urn', 'censer'],
        ],
        pyramid: ['dagger', null, null, null, null, null],
      });
      t.play(0, 'ka-figurine').choose(0, 'Axe').choose(0, 'Dagger');
      expect(t.discard(0)).toEqual(['axe', 'dagger']);
      t.choose(1, 'Censer');
      expect(t.discard(1)).toEqual(['censer']);
    });

    it('Statue of Osiris, after its draw', () => {
      const t = table({
        players: 2,
        hands: [['statue-of-osiris', 'axe'], ['censer']],
        decks: [['urn', 'urn', 'urn'], []],
      });
      t.play(0, 'statue-of-osiris').choose(0, 'Axe');
      expect(t.hand(0)).toEqual(['urn', 'urn', 'urn']);
      t.choose(1, 'Censer');
      expect(t.discard(1)).toEqual(['censer']);
    });

    it('Inner Sarcophagus: the Axe of an opponent discarding down to 3', () => {
      const t = table({
        players: 2,
        hands: [
          ['inner-sarcophagus', 'censer', 'urn'],
          ['axe', 'urn', 'shabti', 'urn'],
        ],
      });
      t.play(0, 'inner-sarcophagus').choose(1, 'Axe');
      expect(t.options(0)).toEqual(['Censer']);
      t.choose(0, 'Censer');
      expect(t.hand(0)).toEqual(['urn']);
    });

    it('Tyet Amulet repeating Chariot: after the repeat is complete', () => {
      const t = table({
        players: 2,
        hands: [
          ['chariot', 'tyet-amulet', 'urn', 'axe'],
          ['censer', 'urn'],
        ],
        boneyard: ['shabti', 'box-of-food'],
      });
      t.play(0, 'chariot').choose(0, 'Urn');
      t.play(0, 'tyet-amulet').choose(0, 'Axe');
      expect(t.discard(0)).toEqual(['urn', 'box-of-food', 'axe', 'shabti']);
      t.choose(1, 'Censer');
      expect(t.waiting()).toBe('seat 0 to play');
    });
  });

  describe('does not trigger', () => {
    it('in the discard at the end of the turn', () => {
      const t = table({
        players: 2,
        hands: [['axe', 'urn'], ['censer']],
        decks: [
          ['shabti', 'shabti', 'shabti', 'shabti', 'shabti'],
          ['urn', 'urn', 'urn', 'urn', 'urn'],
        ],
        pyramid: ['urn', null, null, null, null, null],
      });
      t.buy(0, 0, ['urn']);
      t.endTurn(0);
      expect(t.discard(0)).toContain('axe');
      expect(t.s.turn.seat).toBe(1);
      expect(t.waiting()).toBe('seat 1 to play');
      expect(t.hand(1)).toContain('censer');
    });

    it('when given away rather than discarded (Statue of Bastet)', () => {
      const t = table({
        players: 2,
        hands: [['statue-of-bastet', 'censer'], ['axe']],
        decks: [[], ['urn', 'urn', 'urn', 'urn', 'urn']],
      });
      t.play(0, 'statue-of-bastet').choose(1, 'Axe');
      expect(t.discard(0)).toEqual(['axe']);
      expect(t.waiting()).toBe('seat 0 to play');
      expect(t.hand(0)).toEqual(['censer']);
    });
  });

  it('says publicly who discards, never what the others hold', () => {
    const t = table({
      players: 3,
      hands: [['chariot', 'axe'], ['urn', 'chariot'], ['censer']],
      boneyard: ['box-of-food'],
    });
    t.play(0, 'chariot').choose(0, 'Axe');
    const v = view(t.s, 2);
    expect(english(v.waiting.text)).toBe('@1 is discarding the highest-cost card in their hand (Axe)');
    expect(v.actions).toEqual([]);
  });
});
