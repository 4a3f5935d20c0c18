import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import type { Table } from '../table.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

// Slots: base left, base centre, base right, middle left, middle right, top.
const PYRAMID = ['urn', 'censer', 'chariot', 'ka-figurine', 'book-of-the-dead', 'statue-of-isis'];
const logText = (t: Table) => t.log.map((e) => english(e.text));

describe('Mirror Case: take a card; put Mirror Case into the top of the pyramid and let it crumble into position', () => {
  it('takes any pyramid card onto the discard pile; after the crumble, Mirror Case goes into the top', () => {
    const t = table({
      players: 2,
      hands: [['mirror-case'], []],
      discards: [['shabti'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'mirror-case');
    expect(t.prompt(0)).toBe('Mirror Case: take a card from the pyramid.');
    expect(t.options(0)).toHaveLength(6);
    t.choose(0, 'Urn (base left)');
    expect(t.discard(0)).toEqual(['shabti', 'urn']);
    // Ka Figurine falls into the base left, Statue of Isis into the middle left; the top is then free.
    expect(t.pyramid()).toEqual([
      'ka-figurine',
      'censer',
      'chariot',
      'statue-of-isis',
      'book-of-the-dead',
      'mirror-case',
    ]);
    expect(t.inPlay(0)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
    expect(logText(t)).toEqual([
      '@0 played Mirror Case for its action',
      '@0 took Urn from the pyramid (base left) (Mirror Case)',
      '@0 put Mirror Case into the pyramid (top)',
    ]);
  });

  it('lets the pyramid crumble first (its player chooses at the base centre), then puts Mirror Case on top', () => {
    const t = table({ players: 2, hands: [['mirror-case'], []], pyramid: PYRAMID });
    t.play(0, 'mirror-case').choose(0, 'Censer (base centre)');
    expect(t.pyramid()[5]).toBe('statue-of-isis');
    expect(t.inPlay(0)).toEqual(['mirror-case']);
    expect(t.options(0)).toEqual(['Ka Figurine (middle left)', 'Book of the Dead (middle right)']);
    t.choose(0, 'Book of the Dead');
    expect(t.pyramid()).toEqual([
      'urn',
      'book-of-the-dead',
      'chariot',
      'ka-figurine',
      'statue-of-isis',
      'mirror-case',
    ]);
  });

  it('falls from the top through every empty slot below it, as a crumbling card does', () => {
    const t = table({
      players: 2,
      hands: [['mirror-case'], []],
      pyramid: [null, 'censer', 'chariot', null, 'ka-figurine', 'statue-of-isis'],
    });
    t.play(0, 'mirror-case').choose(0, 'Statue of Isis (top)');
    // Top → middle left (the middle right is full) → base left (the base centre is full).
    expect(t.pyramid()).toEqual(['mirror-case', 'censer', 'chariot', null, 'ka-figurine', null]);
    expect(logText(t).slice(-2)).toEqual([
      '@0 put Mirror Case into the pyramid (top)',
      'Mirror Case fell to the base left',
    ]);
  });

  it('lets its player choose when both slots below are empty, at each row', () => {
    const t = table({
      players: 2,
      hands: [['mirror-case'], []],
      pyramid: [null, 'urn', null, null, null, null],
    });
    // A single card: taken without a question.
    t.play(0, 'mirror-case');
    expect(t.discard(0)).toEqual(['urn']);
    expect(t.pyramid()).toEqual([null, null, null, null, null, 'mirror-case']);
    expect(t.prompt(0)).toBe('Mirror Case falls: into which empty slot?');
    expect(english(view(t.s, null).waiting.text)).toBe('@0 is choosing where Mirror Case falls');
    expect(t.options(0)).toEqual(['Into the middle left', 'Into the middle right']);
    t.choose(0, 'Into the middle right');
    expect(t.options(0)).toEqual(['Into the base centre', 'Into the base right']);
    t.choose(0, 'Into the base centre');
    expect(t.pyramid()).toEqual([null, 'mirror-case', null, null, null, null]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('stops falling where the slots below are full', () => {
    const t = table({
      players: 2,
      hands: [['mirror-case'], []],
      pyramid: ['urn', 'censer', 'chariot', 'ka-figurine', null, null],
    });
    t.play(0, 'mirror-case').choose(0, 'Chariot');
    // Nothing above the base right crumbles; Mirror Case falls top → middle right → base right.
    expect(t.pyramid()).toEqual(['urn', 'censer', 'mirror-case', 'ka-figurine', null, null]);
    expect(logText(t).at(-1)).toBe('Mirror Case fell to the base right');
  });

  it('goes into the first empty slot from the base up, as rebuilding does, when the top is occupied', () => {
    const t = table({
      players: 2,
      hands: [['mirror-case'], []],
      pyramid: [null, 'censer', 'chariot', null, null, 'statue-of-isis'],
    });
    t.play(0, 'mirror-case').choose(0, 'Chariot');
    expect(t.pyramid()).toEqual(['mirror-case', 'censer', null, null, null, 'statue-of-isis']);
    expect(logText(t).at(-1)).toBe('@0 put Mirror Case into the pyramid (base left)');
  });

  it('goes into the pyramid from the aside zone when Book of Gates reveals it (it is not discarded)', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates'], []],
      decks: [['mirror-case'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'book-of-gates');
    expect(view(t.s, 1).players[0]?.aside.map((c) => c.card)).toEqual(['mirror-case']);
    t.choose(0, 'Statue of Isis (top)');
    expect(t.pyramid()[5]).toBe('mirror-case');
    expect(t.s.players[0]?.aside).toEqual([]);
    expect(t.discard(0)).toEqual(['statue-of-isis']);
    expect(t.inPlay(0)).toEqual(['book-of-gates']);
  });

  it('changes the pyramid (no sacrifice at the end of the turn); the rebuild fills the other holes', () => {
    const t = table({
      players: 2,
      hands: [['mirror-case'], []],
      pyramid: ['urn', 'censer', null, null, null, null],
      stock: ['shabti', 'boat'],
    });
    t.play(0, 'mirror-case').choose(0, 'Urn').choose(0, 'Into the middle right');
    expect(t.pyramid()).toEqual([null, 'censer', 'mirror-case', null, null, null]);
    t.endTurn(0);
    expect(t.options(0)).toEqual([]);
    expect(t.pyramid()).toEqual(['boat', 'censer', 'mirror-case', 'shabti', null, null]);
    expect(t.s.turn.seat).toBe(1);
  });

  it('is a take, not a buy: no Boat window, and Offering Table is no answer', () => {
    const t = table({ players: 2, hands: [['mirror-case'], ['boat', 'offering-table']], pyramid: PYRAMID });
    t.play(0, 'mirror-case').choose(0, 'Urn');
    expect(t.s.stack).toEqual([]);
    expect(t.options(1)).toEqual([]);
  });

  it('cannot be executed when the pyramid is empty', () => {
    const t = table({ players: 2, hands: [['mirror-case'], []] });
    expect(t.canPlay(0, 'mirror-case')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'mirror-case') })).toBe(
      'Mirror Case cannot be executed now: the pyramid must hold a card.',
    );
  });
});
