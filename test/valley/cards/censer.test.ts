import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

describe("Censer: take the top card of an opponent's discard pile; put Censer on top of that pile", () => {
  it("takes the top card onto its user's discard pile and replaces it with Censer", () => {
    const t = table({
      players: 2,
      hands: [['censer', 'urn'], []],
      discards: [['shabti'], ['chariot', 'statue-of-isis']],
    });
    t.play(0, 'censer');
    expect(t.options(0)).toEqual(['@1: take Statue of Isis']);
    t.choose(0, '@1');
    expect(t.discard(0)).toEqual(['shabti', 'statue-of-isis']);
    expect(t.discard(1)).toEqual(['chariot', 'censer']);
    expect(t.inPlay(0)).toEqual([]);
  });

  it('does not come back to its user at the end of the turn', () => {
    const t = table({
      players: 2,
      hands: [['censer', 'urn'], []],
      decks: [['shabti', 'shabti', 'shabti', 'shabti', 'shabti'], []],
      discards: [[], ['statue-of-isis']],
      pyramid: ['shabti', null, null, null, null, null],
    });
    t.play(0, 'censer').choose(0, '@1');
    t.endTurn(0, 'urn').choose(0, 'Shabti');
    expect(t.discard(0)).toEqual(['statue-of-isis', 'urn']);
    expect(t.discard(1)).toEqual(['censer']);
  });

  it('lets its user choose the opponent; one with an empty discard pile cannot be the target', () => {
    const t = table({
      players: 4,
      hands: [['censer'], [], [], []],
      discards: [[], ['urn'], [], ['chariot']],
    });
    t.play(0, 'censer');
    expect(t.options(0)).toEqual(['@1: take Urn', '@3: take Chariot']);
    t.choose(0, '@3');
    expect(t.discard(0)).toEqual(['chariot']);
    expect(t.discard(3)).toEqual(['censer']);
    expect(t.discard(1)).toEqual(['urn']);
  });

  it("works whatever its user's own discard pile holds (here nothing)", () => {
    const t = table({ players: 2, hands: [['censer'], []], discards: [[], ['urn']] });
    expect(t.canPlay(0, 'censer')).toBe(true);
  });

  it('cannot be executed when every opponent has an empty discard pile', () => {
    const t = table({ players: 3, hands: [['censer'], [], []], discards: [['urn'], [], []] });
    expect(t.canPlay(0, 'censer')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'censer') })).toBe(
      "Censer cannot be executed now: an opponent's discard pile must hold a card.",
    );
  });

  it('cannot be repeated by Tyet Amulet', () => {
    const t = table({
      players: 2,
      hands: [['censer', 'tyet-amulet'], []],
      discards: [[], ['urn', 'chariot']],
    });
    t.play(0, 'censer').choose(0, '@1');
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
  });
});
