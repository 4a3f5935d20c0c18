import { describe, expect, it } from 'vitest';
import { scoreSeat } from '../../../src/games/valley/score.ts';
import { english, Table } from '../table.ts';

describe('Wadj Amulet: swap a card in your hand with a card in your tomb', () => {
  it('puts a hand card into the tomb and takes a tomb card into the hand', () => {
    const t = Table.from({
      players: 2,
      hands: [['wadj-amulet', 'statue-of-isis', 'urn'], []],
      tombs: [['shabti', 'censer'], []],
    });
    expect(scoreSeat(t.s, 0).total).toBe(1 + 2);
    t.play(0, 'wadj-amulet');
    expect(t.prompt(0)).toBe('Wadj Amulet: which hand card goes into your tomb?');
    expect(t.options(0)).toEqual(['Statue of Isis', 'Urn']);
    t.choose(0, 'Statue of Isis');
    expect(t.prompt(0)).toBe('Wadj Amulet: which tomb card comes back to your hand?');
    expect(t.options(0)).toEqual(['Shabti', 'Censer']);
    t.choose(0, 'Censer');
    expect(t.tomb(0)).toEqual(['shabti', 'statue-of-isis']);
    expect(t.hand(0)).toEqual(['urn', 'censer']);
    expect(scoreSeat(t.s, 0).total).toBe(1 + 1);
    expect(english(t.log.at(-1)?.text)).toBe(
      '@0 swapped Statue of Isis from hand with Censer from their tomb (Wadj Amulet)',
    );
  });

  it('gives back a card that can be used this turn, and the normal entombing is still available', () => {
    const t = Table.from({
      players: 2,
      hands: [['wadj-amulet', 'urn', 'shabti'], ['box-of-food']],
      tombs: [['censer'], []],
      discards: [[], ['urn']],
    });
    t.play(0, 'wadj-amulet').choose(0, 'Urn').choose(0, 'Censer');
    expect(t.canPlay(0, 'censer')).toBe(true);
    t.entomb(0, 'shabti');
    expect(t.tomb(0)).toEqual(['urn', 'shabti']);
  });

  it('cannot be executed with an empty tomb', () => {
    const t = Table.from({ players: 2, hands: [['wadj-amulet', 'urn'], []] });
    expect(t.canPlay(0, 'wadj-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'wadj-amulet') })).toBe(
      'Wadj Amulet cannot be executed now: you need a card in hand and a card in your tomb.',
    );
  });

  it('cannot be executed without another card in hand', () => {
    const t = Table.from({ players: 2, hands: [['wadj-amulet'], []], tombs: [['urn'], []] });
    expect(t.canPlay(0, 'wadj-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'wadj-amulet') })).toMatch(/a card in hand/);
  });
});
