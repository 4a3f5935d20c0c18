import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

const REACT = 'Discard Boat and take a card from the base of the pyramid';
// Slots: base left, base centre, base right, middle left, middle right, top. Urn costs 1.
const PYRAMID = ['urn', 'censer', 'chariot', 'ka-figurine', 'book-of-the-dead', 'statue-of-isis'];

describe('Boat: when an opponent buys a card, you may discard Boat and take a card from the base', () => {
  it("has no action of its own on its owner's turn", () => {
    const t = table({ players: 2, hands: [['boat'], []], pyramid: PYRAMID });
    expect(t.canPlay(0, 'boat')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'boat') })).toBe(
      'Boat cannot be executed now: it is a reaction: it is used when an opponent buys a card, not played for an action.',
    );
  });

  it("is offered after an opponent's purchase, once the pyramid has crumbled", () => {
    const t = table({ players: 2, hands: [['shabti'], ['boat']], pyramid: PYRAMID });
    t.buy(0, 0, ['shabti']);
    expect(t.pyramid()).toEqual([
      'ka-figurine',
      'censer',
      'chariot',
      'statue-of-isis',
      'book-of-the-dead',
      null,
    ]);
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Pass', REACT]);
    expect(t.prompt(1)).toBe('@0 bought a card. React?');
  });

  it('waits for the buyer to choose the base-centre crumble before opening the window', () => {
    const t = table({ players: 2, hands: [['box-of-food', 'box-of-food'], ['boat']], pyramid: PYRAMID });
    t.buy(0, 1, ['box-of-food', 'box-of-food']);
    expect(t.options(1)).toEqual([]);
    expect(t.options(0)).toEqual(['Ka Figurine (middle left)', 'Book of the Dead (middle right)']);
    t.choose(0, 'Book of the Dead');
    expect(t.options(1)).toEqual(['Pass', REACT]);
  });

  it('the user discards Boat, takes the base card of their choice onto their discard pile, and the pyramid crumbles again', () => {
    const t = table({
      players: 2,
      hands: [['shabti'], ['boat', 'urn']],
      discards: [[], ['shabti']],
      pyramid: PYRAMID,
    });
    t.buy(0, 0, ['shabti']);
    t.choose(1, REACT);
    expect(t.options(1)).toEqual(['Ka Figurine (base left)', 'Censer (base centre)', 'Chariot (base right)']);
    t.choose(1, 'Chariot');
    expect(t.discard(1)).toEqual(['shabti', 'boat', 'chariot']);
    expect(t.hand(1)).toEqual(['urn']);
    // Middle right falls into the base right; nothing is left above it.
    expect(t.pyramid()).toEqual(['ka-figurine', 'censer', 'book-of-the-dead', 'statue-of-isis', null, null]);
    expect(t.discard(0)).toEqual(['urn']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('gives the base-centre crumble choice to the Boat user, not to the player whose turn it is', () => {
    const t = table({ players: 2, hands: [['shabti'], ['boat']], pyramid: PYRAMID });
    t.buy(0, 0, ['shabti']);
    t.choose(1, REACT).choose(1, 'Censer (base centre)');
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Statue of Isis (middle left)', 'Book of the Dead (middle right)']);
    t.choose(1, 'Statue of Isis');
    expect(t.pyramid()).toEqual(['ka-figurine', 'statue-of-isis', 'chariot', null, 'book-of-the-dead', null]);
  });

  it('is not asked for after its holder passes: nothing changes', () => {
    const t = table({ players: 2, hands: [['shabti'], ['boat']], pyramid: PYRAMID });
    t.buy(0, 0, ['shabti']).pass(1);
    expect(t.hand(1)).toEqual(['boat']);
    expect(t.discard(1)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it("cannot be used on its holder's own purchase", () => {
    const t = table({ players: 2, hands: [['shabti', 'boat'], []], pyramid: PYRAMID });
    t.buy(0, 0, ['shabti']);
    // The window still asks the opponent (who can only pass), so it does not tell who holds Boat.
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Pass']);
    t.pass(1);
    expect(t.hand(0)).toEqual(['boat']);
  });

  it('asks every opponent, and a non-holder can only pass, so the window does not reveal the holder', () => {
    const t = table({ players: 3, hands: [['shabti'], ['urn'], ['boat']], pyramid: PYRAMID });
    t.buy(0, 0, ['shabti']);
    expect(t.options(1)).toEqual(['Pass']);
    expect(t.options(2)).toEqual(['Pass', REACT]);
    for (const seat of [null, 0, 1] as const) {
      const v = view(t.s, seat);
      expect(v.waiting.seats).toEqual([1, 2]);
      expect(english(v.waiting.text)).toBe('Waiting for reactions to the purchase');
      expect(v.waiting.window).toBe(true);
    }
    // Answering in any order: the window closes once everyone has answered.
    t.choose(2, REACT);
    expect(view(t.s, 0).waiting.seats).toEqual([1, 2]);
    t.pass(1);
    expect(t.options(2)).toHaveLength(3);
  });

  it('opens even when Boat is hidden in a deck (nobody may know where it is)', () => {
    const t = table({ players: 2, hands: [['shabti'], []], decks: [[], ['boat']], pyramid: PYRAMID });
    t.buy(0, 0, ['shabti']);
    expect(t.options(1)).toEqual(['Pass']);
  });

  it.each([
    ['in a tomb', { tombs: [[], ['boat']] }],
    ['in the boneyard', { boneyard: ['boat'] }],
    ['in the pyramid', { pyramid: [...PYRAMID.slice(0, 5), 'boat'] }],
  ])('is skipped when Boat is publicly out of reach (%s)', (_where, extra) => {
    const t = table({ players: 2, hands: [['shabti'], ['urn']], pyramid: PYRAMID, ...extra });
    t.buy(0, 0, ['shabti']);
    expect(t.options(1)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('is skipped when Boat is publicly out of reach in play (the buyer paid with it)', () => {
    const t = table({
      players: 2,
      hands: [['boat', 'box-of-food', 'box-of-food'], ['urn']],
      pyramid: ['statue-of-isis', null, null, null, null, null],
    });
    t.buy(0, 0, ['boat', 'box-of-food', 'box-of-food']);
    expect(t.inPlay(0)).toContain('boat');
    expect(t.options(1)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('offers only Pass when the base of the pyramid is empty after the purchase', () => {
    const t = table({
      players: 2,
      hands: [['shabti'], ['boat']],
      pyramid: ['urn', null, null, null, null, null],
    });
    t.buy(0, 0, ['shabti']);
    expect(t.options(1)).toEqual(['Pass']);
  });

  it('is not triggered by taking a card without buying it (Book of the Dead)', () => {
    const t = table({ players: 2, hands: [['book-of-the-dead'], ['boat']], pyramid: PYRAMID });
    t.play(0, 'book-of-the-dead');
    expect(t.tomb(0)).toEqual(['urn']);
    expect(t.options(1)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
  });
});
