import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import type { Table } from '../table.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

// Costs: Urn 1, Shabti 1, Censer 4, Chariot 4, Book of the Dead 6, Boat 6, Statue of Thoth 8.
// Slots: base left, base centre, base right, middle left, middle right, top.
const PYRAMID = ['censer', 'urn', 'statue-of-thoth', 'chariot', 'book-of-the-dead', 'shabti'];
const logText = (t: Table) => t.log.map((e) => english(e.text));

describe('Goddess Nut: select an opponent; they may take the lowest-cost card; you take the highest-cost card', () => {
  it('lets the only opponent take the lowest-cost card, then its player takes the highest-cost card', () => {
    const t = table({ players: 2, hands: [['goddess-nut'], []], pyramid: PYRAMID });
    t.play(0, 'goddess-nut');
    // With one opponent there is nobody to select: the opponent is asked at once.
    expect(t.options(0)).toEqual([]);
    expect(t.prompt(1)).toBe('Goddess Nut (@0): you may take the lowest-cost card of the pyramid.');
    expect(english(view(t.s, null).waiting.text)).toBe('@1 may take the lowest-cost card (Goddess Nut)');
    t.choose(1, 'Take Shabti (top)');
    expect(t.discard(1)).toEqual(['shabti']);
    // The highest-cost card is alone: taken without a question.
    expect(t.discard(0)).toEqual(['statue-of-thoth']);
    // Middle right falls into the base right.
    expect(t.pyramid()).toEqual(['censer', 'urn', 'book-of-the-dead', 'chariot', null, null]);
    expect(t.inPlay(0)).toEqual(['goddess-nut']);
    expect(t.s.turn.pyramidChanged).toBe(true);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('in case of ties for the lowest-cost card, the opponent chooses which one to take (or none)', () => {
    const t = table({ players: 2, hands: [['goddess-nut'], []], pyramid: PYRAMID });
    t.play(0, 'goddess-nut');
    expect(t.options(1)).toEqual(['Take Urn (base centre)', 'Take Shabti (top)', 'Take nothing']);
    t.choose(1, 'Take Urn');
    expect(t.discard(1)).toEqual(['urn']);
  });

  it("gives the crumble of the opponent's take to the opponent", () => {
    const t = table({ players: 2, hands: [['goddess-nut'], []], pyramid: PYRAMID });
    t.play(0, 'goddess-nut').choose(1, 'Take Urn (base centre)');
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Chariot (middle left)', 'Book of the Dead (middle right)']);
    t.choose(1, 'Book of the Dead');
    // Then the Goddess Nut player takes the Statue of Thoth; Shabti, which had fallen, falls again.
    expect(t.pyramid()).toEqual(['censer', 'book-of-the-dead', 'shabti', 'chariot', null, null]);
    expect(t.discard(0)).toEqual(['statue-of-thoth']);
    expect(t.discard(1)).toEqual(['urn']);
  });

  it('in case of ties for the highest-cost card, its player chooses; the opponent may take nothing', () => {
    const t = table({
      players: 2,
      hands: [['goddess-nut'], []],
      pyramid: ['boat', 'urn', 'book-of-the-dead', 'censer', 'chariot', 'shabti'],
    });
    t.play(0, 'goddess-nut').choose(1, 'Take nothing');
    expect(t.discard(1)).toEqual([]);
    // "If your opponent chooses not to take a card, you may still take the card with the highest cost."
    expect(t.prompt(0)).toBe('Goddess Nut: several cards share the highest cost. Take which?');
    expect(t.options(0)).toEqual(['Boat (base left)', 'Book of the Dead (base right)']);
    t.choose(0, 'Book of the Dead');
    expect(t.discard(0)).toEqual(['book-of-the-dead']);
    expect(t.pyramid()).toEqual(['boat', 'urn', 'chariot', 'censer', 'shabti', null]);
    expect(logText(t)).toContain('@1 took nothing (Goddess Nut)');
  });

  it("takes the highest-cost card of what the opponent's take left", () => {
    const t = table({
      players: 2,
      hands: [['goddess-nut'], []],
      pyramid: ['censer', 'chariot', null, null, null, null],
    });
    // Both cost 4: each is the lowest and the highest.
    t.play(0, 'goddess-nut');
    expect(t.options(1)).toEqual(['Take Censer (base left)', 'Take Chariot (base centre)', 'Take nothing']);
    t.choose(1, 'Take Chariot');
    expect(t.options(0)).toEqual([]);
    expect(t.discard(0)).toEqual(['censer']);
    expect(t.discard(1)).toEqual(['chariot']);
    expect(t.pyramid()).toEqual([null, null, null, null, null, null]);
  });

  it('asks its player to select the opponent when there are several; only that opponent may take', () => {
    const t = table({ players: 3, hands: [['goddess-nut'], [], []], pyramid: PYRAMID });
    t.play(0, 'goddess-nut');
    expect(t.prompt(0)).toMatch(/^Goddess Nut: select an opponent\./);
    expect(t.options(0)).toEqual(['@1', '@2']);
    t.choose(0, '@2');
    expect(t.options(1)).toEqual([]);
    expect(t.options(2)).toEqual(['Take Urn (base centre)', 'Take Shabti (top)', 'Take nothing']);
    t.choose(2, 'Take Shabti');
    expect(t.discard(2)).toEqual(['shabti']);
    expect(t.discard(1)).toEqual([]);
    expect(t.discard(0)).toEqual(['statue-of-thoth']);
  });

  it('writes who selected whom and who took what in the public log', () => {
    const t = table({ players: 2, hands: [['goddess-nut'], []], pyramid: PYRAMID });
    t.play(0, 'goddess-nut').choose(1, 'Take Urn').choose(1, 'Chariot');
    expect(logText(t)).toEqual([
      '@0 played Goddess Nut for its action',
      '@0 selected @1 (Goddess Nut)',
      '@1 took Urn from the pyramid (base centre) (Goddess Nut)',
      '@0 took Statue of Thoth from the pyramid (base right) (Goddess Nut)',
    ]);
  });

  it('is a take, not a buy: an opponent holding Boat is not asked, and Offering Table is no answer', () => {
    const t = table({ players: 2, hands: [['goddess-nut'], ['boat', 'offering-table']], pyramid: PYRAMID });
    t.play(0, 'goddess-nut');
    expect(t.options(1)).toEqual(['Take Urn (base centre)', 'Take Shabti (top)', 'Take nothing']);
    t.choose(1, 'Take Shabti');
    expect(t.options(1)).toEqual([]);
    expect(t.s.stack).toEqual([]);
    expect(t.hand(1)).toEqual(['boat', 'offering-table']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('cannot be executed with fewer than 2 pyramid cards (the opponent could leave nothing to take)', () => {
    const t = table({
      players: 2,
      hands: [['goddess-nut'], []],
      pyramid: [null, 'statue-of-thoth', null, null, null, null],
    });
    expect(t.canPlay(0, 'goddess-nut')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'goddess-nut') })).toBe(
      'Goddess Nut cannot be executed now: the pyramid must hold at least 2 cards.',
    );
    expect(table({ players: 2, hands: [['goddess-nut'], []] }).canPlay(0, 'goddess-nut')).toBe(false);
  });
});
