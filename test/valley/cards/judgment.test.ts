import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import type { Table } from '../table.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

const CAT = 'Discard Mummified Cat and take';
const aside = (t: Table, seat: number) => t.ids(t.s.players[seat]?.aside ?? []);
const logText = (t: Table) => t.log.map((e) => english(e.text));

describe('Judgment: set aside hand cards, taking the top card of the boneyard for each; then sacrifice them', () => {
  it('sets aside a hand card and takes the top card of the boneyard, as often as desired, then sacrifices', () => {
    const t = table({
      players: 2,
      hands: [['judgment', 'urn', 'shabti', 'censer'], ['offering-table']],
      boneyard: ['box-of-food', 'statue-of-isis', 'chariot'],
    });
    t.play(0, 'judgment');
    // The first set-aside is the action itself: no way to stop before it.
    expect(t.prompt(0)).toBe('Judgment: set aside a card from your hand and take Chariot from the boneyard.');
    expect(t.options(0)).toEqual(['Urn', 'Shabti', 'Censer']);
    t.choose(0, 'Urn');
    expect(aside(t, 0)).toEqual(['urn']);
    expect(t.discard(0)).toEqual(['chariot']);
    expect(t.boneyard()).toEqual(['box-of-food', 'statue-of-isis']);
    expect(t.prompt(0)).toBe(
      'Judgment: set aside another card and take Statue of Isis from the boneyard, or stop.',
    );
    expect(t.options(0)).toEqual(['Shabti', 'Censer', 'Stop']);
    t.choose(0, 'Censer');
    expect(t.discard(0)).toEqual(['chariot', 'statue-of-isis']);
    expect(t.options(0)).toEqual(['Shabti', 'Stop']);
    // Offering Table has nothing to answer here.
    expect(t.options(1)).toEqual([]);
    t.choose(0, 'Stop');
    expect(t.prompt(0)).toBe('Judgment: which set-aside card goes on the boneyard next?');
    expect(t.options(0)).toEqual(['Urn', 'Censer']);
    t.choose(0, 'Censer');
    // The last one goes without a question.
    expect(t.boneyard()).toEqual(['box-of-food', 'censer', 'urn']);
    expect(aside(t, 0)).toEqual([]);
    expect(t.hand(0)).toEqual(['shabti']);
    expect(t.inPlay(0)).toEqual(['judgment']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('lets the player put the set-aside cards on the boneyard in any order', () => {
    const t = table({
      players: 2,
      hands: [['judgment', 'urn', 'shabti', 'censer'], []],
      boneyard: ['box-of-food', 'statue-of-isis', 'chariot', 'boat'],
    });
    t.play(0, 'judgment').choose(0, 'Urn').choose(0, 'Shabti').choose(0, 'Censer');
    // The hand is empty: the set-aside part ends by itself.
    expect(t.options(0)).toEqual(['Urn', 'Shabti', 'Censer']);
    t.choose(0, 'Shabti');
    expect(t.options(0)).toEqual(['Urn', 'Censer']);
    t.choose(0, 'Urn');
    expect(t.boneyard()).toEqual(['box-of-food', 'shabti', 'urn', 'censer']);
    expect(t.discard(0)).toEqual(['boat', 'chariot', 'statue-of-isis']);
  });

  it('does not ask for an order between identical copies', () => {
    const t = table({
      players: 2,
      hands: [['judgment', 'urn', 'urn', 'shabti'], []],
      boneyard: ['box-of-food', 'statue-of-isis', 'chariot'],
    });
    t.play(0, 'judgment');
    expect(t.options(0)).toEqual(['Urn', 'Shabti']);
    t.choose(0, 'Urn').choose(0, 'Urn').choose(0, 'Stop');
    expect(t.boneyard()).toEqual(['box-of-food', 'urn', 'urn']);
    expect(t.hand(0)).toEqual(['shabti']);
  });

  it('stops setting aside when the boneyard is empty', () => {
    const t = table({
      players: 2,
      hands: [['judgment', 'urn', 'shabti', 'censer'], []],
      boneyard: ['box-of-food', 'chariot'],
    });
    t.play(0, 'judgment').choose(0, 'Urn').choose(0, 'Censer');
    expect(t.boneyard()).toEqual([]);
    expect(t.options(0)).toEqual(['Urn', 'Censer']);
    t.choose(0, 'Urn');
    expect(t.boneyard()).toEqual(['urn', 'censer']);
    expect(t.hand(0)).toEqual(['shabti']);
    expect(t.discard(0)).toEqual(['chariot', 'box-of-food']);
  });

  it('with a single other hand card, sets it aside and sacrifices it without a question', () => {
    const t = table({ players: 2, hands: [['judgment', 'censer'], []], boneyard: ['urn', 'chariot'] });
    t.play(0, 'judgment');
    expect(t.boneyard()).toEqual(['urn', 'censer']);
    expect(t.discard(0)).toEqual(['chariot']);
    expect(t.hand(0)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('never shows the boneyard below its top: prompts name the current top card only', () => {
    const t = table({
      players: 2,
      hands: [['judgment', 'urn', 'shabti'], []],
      boneyard: ['boat', 'statue-of-isis', 'chariot'],
    });
    t.play(0, 'judgment');
    const v = view(t.s, 0);
    expect(v.boneyard).toEqual({ count: 3, top: { instance: t.s.boneyard.at(-1), card: 'chariot' } });
    expect(english(v.prompt)).not.toMatch(/Statue of Isis|Boat/);
    // Neither in the labels' English nor in the actions and their messages (cards by id).
    expect(JSON.stringify(v.actions.map((a) => ({ ...a, label: english(a.label) })))).not.toMatch(
      /Statue of Isis|Boat/,
    );
    expect(JSON.stringify(v.actions)).not.toMatch(/statue-of-isis|boat/);
    t.choose(0, 'Urn');
    expect(english(view(t.s, 0).prompt)).toMatch(/take Statue of Isis from the boneyard/);
    expect(english(view(t.s, 0).prompt)).not.toMatch(/Boat/);
  });

  it('shows the set-aside cards to everyone and logs each step publicly', () => {
    const t = table({
      players: 2,
      hands: [['judgment', 'urn', 'shabti', 'censer'], []],
      boneyard: ['box-of-food', 'statue-of-isis', 'chariot'],
    });
    t.play(0, 'judgment').choose(0, 'Urn').choose(0, 'Censer');
    expect(view(t.s, 1).players[0]?.aside.map((c) => c.card)).toEqual(['urn', 'censer']);
    expect(english(view(t.s, null).waiting.text)).toBe('@0 is using Judgment');
    t.choose(0, 'Stop').choose(0, 'Urn');
    expect(logText(t)).toEqual([
      '@0 played Judgment for its action',
      '@0 set aside Urn and took Chariot from the boneyard (Judgment)',
      '@0 set aside Censer and took Statue of Isis from the boneyard (Judgment)',
      '@0 sacrificed Urn (Judgment)',
      '@0 sacrificed Censer (Judgment)',
    ]);
  });

  it('opens a Mummified Cat window for each sacrifice: an opponent may take any one of them', () => {
    const t = table({
      players: 2,
      hands: [['judgment', 'urn', 'censer'], ['mummified-cat']],
      boneyard: ['box-of-food', 'statue-of-isis', 'chariot'],
    });
    t.play(0, 'judgment').choose(0, 'Urn').choose(0, 'Censer');
    t.choose(0, 'Urn');
    expect(t.options(1)).toEqual(['Pass', `${CAT} Urn`]);
    t.pass(1);
    // Censer goes on the boneyard next, with its own window.
    expect(t.boneyard()).toEqual(['box-of-food', 'urn', 'censer']);
    expect(t.options(1)).toEqual(['Pass', `${CAT} Censer`]);
    t.choose(1, CAT);
    expect(t.discard(1)).toEqual(['mummified-cat', 'censer']);
    expect(t.boneyard()).toEqual(['box-of-food', 'urn']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('keeps sacrificing after the Cat took a card (the next window only lets the old holder pass)', () => {
    const t = table({
      players: 2,
      hands: [['judgment', 'urn', 'censer'], ['mummified-cat']],
      boneyard: ['box-of-food', 'statue-of-isis', 'chariot'],
    });
    t.play(0, 'judgment').choose(0, 'Urn').choose(0, 'Censer').choose(0, 'Censer');
    t.choose(1, CAT);
    expect(t.options(1)).toEqual(['Pass']);
    t.pass(1);
    expect(t.boneyard()).toEqual(['box-of-food', 'urn']);
    expect(t.discard(1)).toEqual(['mummified-cat', 'censer']);
  });

  it('sacrifices only the set-aside cards when Book of Gates reveals it (Judgment itself is discarded)', () => {
    const t = table({
      players: 2,
      hands: [['book-of-gates', 'urn', 'shabti'], []],
      decks: [['judgment'], []],
      boneyard: ['chariot', 'censer'],
    });
    t.play(0, 'book-of-gates');
    expect(t.options(0)).toEqual(['Urn', 'Shabti']);
    t.choose(0, 'Urn').choose(0, 'Stop');
    expect(t.boneyard()).toEqual(['chariot', 'urn']);
    expect(t.discard(0)).toEqual(['censer', 'judgment']);
    expect(aside(t, 0)).toEqual([]);
    expect(t.hand(0)).toEqual(['shabti']);
  });

  it('cannot be executed without another hand card or with an empty boneyard', () => {
    const alone = table({ players: 2, hands: [['judgment'], []], boneyard: ['urn'] });
    expect(alone.canPlay(0, 'judgment')).toBe(false);
    expect(alone.refused(0, { type: 'play', card: alone.inHand(0, 'judgment') })).toBe(
      'Judgment cannot be executed now: you need another card in hand and the boneyard must hold a card.',
    );
    const empty = table({ players: 2, hands: [['judgment', 'urn'], []] });
    expect(empty.canPlay(0, 'judgment')).toBe(false);
    expect(empty.refused(0, { type: 'play', card: empty.inHand(0, 'judgment') })).toMatch(/boneyard/);
  });
});
