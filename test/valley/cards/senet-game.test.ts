import { describe, expect, it } from 'vitest';
import { leakError } from '../../../src/games/valley/invariants.ts';
import { view } from '../../../src/games/valley/view.ts';
import type { Table } from '../table.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

const logText = (t: Table) => t.log.map((e) => english(e.text));

describe('Senet Game: draw a card; put Senet Game on top of an opponent’s discard pile; that opponent puts a set card on top of your discard pile, or reveals a hand with no set cards', () => {
  it('draws a card, then goes on top of the only opponent’s discard pile (no question)', () => {
    const t = table({
      players: 2,
      hands: [['senet-game'], ['statue-of-isis']],
      decks: [['shabti', 'box-of-food'], []],
      discards: [[], ['urn']],
    });
    t.play(0, 'senet-game');
    expect(t.hand(0)).toEqual(['box-of-food']);
    expect(t.deck(0)).toEqual(['shabti']);
    expect(t.inPlay(0)).toEqual([]);
    expect(t.discard(1)).toEqual(['urn', 'senet-game']);
    // A single set card is given without a question.
    expect(t.discard(0)).toEqual(['statue-of-isis']);
    expect(t.hand(1)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
    expect(logText(t)).toEqual(
      expect.arrayContaining([
        '@0 drew a card (Senet Game)',
        "@0 put Senet Game on top of @1's discard pile",
        "@1 put Statue of Isis on top of @0's discard pile (Senet Game)",
      ]),
    );
  });

  it('asks which opponent with several, after the draw', () => {
    const t = table({
      players: 3,
      hands: [['senet-game'], ['statue-of-isis'], ['axe']],
      decks: [['shabti'], [], []],
    });
    t.play(0, 'senet-game');
    expect(t.hand(0)).toEqual(['shabti']);
    expect(t.options(0)).toEqual(['@1', '@2']);
    t.choose(0, '@2');
    expect(t.discard(2)).toEqual(['senet-game']);
    expect(t.discard(0)).toEqual(['axe']);
    expect(t.hand(1)).toEqual(['statue-of-isis']);
  });

  it('lets the opponent choose among their set cards; starters and unique artifacts are not offered', () => {
    const t = table({
      players: 2,
      hands: [
        ['senet-game'],
        ['urn', 'statue-of-isis', 'chariot', 'ring', 'statue-of-isis', 'offering-table'],
      ],
      decks: [['shabti'], []],
    });
    t.play(0, 'senet-game');
    expect(t.prompt(1)).toBe("Senet Game (@0): put a set card from your hand on top of @0's discard pile.");
    expect(t.options(1)).toEqual(['Statue of Isis', 'Ring']);
    expect(t.waiting()).toBe('@1 is choosing a set card for @0 (Senet Game)');
    t.choose(1, 'Ring');
    expect(t.discard(0)).toEqual(['ring']);
    expect(t.hand(1)).toEqual(['urn', 'statue-of-isis', 'chariot', 'statue-of-isis', 'offering-table']);
  });

  it('is not stopped by Offering Table: giving a card is neither discarding nor sacrificing', () => {
    const t = table({
      players: 2,
      hands: [['senet-game'], ['offering-table', 'statue-of-isis', 'axe']],
      decks: [['shabti'], []],
    });
    t.play(0, 'senet-game');
    expect(t.options(1)).toEqual(['Statue of Isis', 'Axe']);
    t.choose(1, 'Axe');
    // Given, not discarded: the Axe does not trigger.
    expect(t.discard(0)).toEqual(['axe']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  describe('an opponent without a set card shows their hand to the Senet player alone', () => {
    const shown = () => {
      const t = table({
        players: 3,
        hands: [['senet-game', 'urn'], ['urn', 'chariot', 'offering-table'], ['statue-of-isis']],
        decks: [['shabti'], [], []],
        discards: [['box-of-food'], [], []],
      });
      t.play(0, 'senet-game').choose(0, '@1');
      return t;
    };

    it('gives nothing, and the Senet player sees the hand in their own view', () => {
      const t = shown();
      expect(t.discard(0)).toEqual(['box-of-food']);
      expect(t.discard(1)).toEqual(['senet-game']);
      expect(t.waiting()).toBe('seat 0 to play');
      const me = view(t.s, 0).me;
      expect(me?.shown?.map((h) => ({ seat: h.seat, cards: h.cards.map((c) => c.card) }))).toEqual([
        { seat: 1, cards: ['urn', 'chariot', 'offering-table'] },
      ]);
      expect(leakError(t.s, view(t.s, 0), 0)).toBeNull();
    });

    it('the public log says only that the hand was shown', () => {
      const t = shown();
      const log = logText(t);
      expect(log).toContain('@1 has no set card and showed their hand to @0');
      expect(log.join('\n')).not.toMatch(/Chariot|Offering Table/);
    });

    it('the public view and the other seats’ views do not contain it', () => {
      const t = shown();
      const hidden = t.s.players[1]?.hand ?? [];
      for (const viewer of [null, 1, 2]) {
        const v = view(t.s, viewer);
        expect(v.me?.shown).toBeUndefined();
        expect(leakError(t.s, v, viewer)).toBeNull();
        const refs = JSON.stringify({ ...v, defs: undefined }).match(/"instance":\d+/g) ?? [];
        const instances = refs.map((r) => Number(r.slice('"instance":'.length)));
        if (viewer !== 1) for (const c of hidden) expect(instances).not.toContain(c);
      }
    });

    it('disappears when the turn ends', () => {
      const t = shown();
      expect(t.s.turn.shown).toHaveLength(1);
      t.endTurn(0);
      expect(t.s.turn.shown).toBeUndefined();
      expect(view(t.s, 0).me?.shown).toBeUndefined();
    });
  });

  it('an empty hand has no set card either', () => {
    const t = table({ players: 2, hands: [['senet-game'], []], decks: [['shabti'], []] });
    t.play(0, 'senet-game');
    expect(logText(t)).toContain('@1 has no set card and showed their hand to @0');
    expect(view(t.s, 0).me?.shown).toEqual([{ seat: 1, cards: [] }]);
  });

  it('draws what it can: from a reshuffled discard pile, or nothing at all', () => {
    const t = table({
      players: 2,
      hands: [['senet-game'], ['ring']],
      discards: [['shabti'], []],
    });
    t.play(0, 'senet-game');
    expect(t.hand(0)).toEqual(['shabti']);
    expect(t.discard(0)).toEqual(['ring']);

    const u = table({ players: 2, hands: [['senet-game'], ['ring']] });
    expect(u.canPlay(0, 'senet-game')).toBe(true);
    u.play(0, 'senet-game');
    expect(logText(u)).toContain('@0 had no card to draw (Senet Game)');
    expect(u.discard(1)).toEqual(['senet-game']);
    expect(u.discard(0)).toEqual(['ring']);
  });

  it('revealed by Book of Gates, goes from the revealed cards onto the opponent’s pile (not discarded)', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates'], ['ring']],
      decks: [['shabti', 'senet-game'], []],
    });
    t.play(0, 'book-of-gates');
    expect(t.s.players[0]?.aside).toEqual([]);
    expect(t.discard(1)).toEqual(['senet-game']);
    expect(t.hand(0)).toEqual(['shabti']);
    expect(t.discard(0)).toEqual(['ring']);
  });
});
