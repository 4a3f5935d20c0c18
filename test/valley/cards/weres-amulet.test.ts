import { describe, expect, it } from 'vitest';
import { scoreSeat } from '../../../src/games/valley/score.ts';
import { english, Table } from '../table.ts';

describe("Weres Amulet: put a card from your hand into an opponent's tomb; draw 3 cards", () => {
  it("puts a hand card into the only opponent's tomb, where it scores for them, then draws 3", () => {
    const t = Table.from({
      players: 2,
      hands: [['weres-amulet', 'statue-of-isis', 'urn'], []],
      decks: [['shabti', 'censer', 'box-of-food', 'chariot'], []],
      tombs: [[], ['statue-of-horus']],
    });
    expect(scoreSeat(t.s, 1).total).toBe(1);
    t.play(0, 'weres-amulet');
    expect(t.prompt(0)).toBe("Weres Amulet: which hand card goes into an opponent's tomb?");
    expect(t.options(0)).toEqual(['Statue of Isis', 'Urn']);
    t.choose(0, 'Statue of Isis');
    expect(t.tomb(1)).toEqual(['statue-of-horus', 'statue-of-isis']);
    expect(t.tomb(0)).toEqual([]);
    // Two different statues: 2 x 2 = 4 points for the opponent.
    expect(scoreSeat(t.s, 1).total).toBe(4);
    expect(t.hand(0)).toEqual(['urn', 'chariot', 'box-of-food', 'censer']);
    expect(t.deck(0)).toEqual(['shabti']);
    expect(english(t.log.at(-1)?.text)).toBe(
      "@0 put Statue of Isis into @1's tomb and drew 3 (Weres Amulet)",
    );
  });

  it('lets the player choose the opponent in a larger game', () => {
    const t = Table.from({
      players: 4,
      hands: [['weres-amulet', 'urn'], [], [], []],
      decks: [['shabti', 'shabti', 'shabti'], [], [], []],
    });
    t.play(0, 'weres-amulet').choose(0, 'Urn');
    expect(t.prompt(0)).toBe('Weres Amulet: into whose tomb?');
    expect(t.options(0)).toEqual(['@1', '@2', '@3']);
    t.choose(0, '@3');
    expect(t.tomb(3)).toEqual(['urn']);
    expect(t.tomb(1)).toEqual([]);
    expect(t.hand(0)).toEqual(['shabti', 'shabti', 'shabti']);
  });

  it('does not use up the normal entombing of the turn', () => {
    const t = Table.from({
      players: 2,
      hands: [['weres-amulet', 'urn', 'shabti'], []],
    });
    t.play(0, 'weres-amulet').choose(0, 'Urn');
    t.entomb(0, 'shabti');
    expect(t.tomb(0)).toEqual(['shabti']);
  });

  it('draws what it can when deck and discard pile hold fewer than 3 cards, reshuffling the discard pile', () => {
    const t = Table.from({
      players: 2,
      hands: [['weres-amulet', 'urn'], []],
      decks: [['censer'], []],
      discards: [['shabti'], []],
    });
    t.play(0, 'weres-amulet').choose(0, 'Urn');
    expect(t.hand(0)).toEqual(['censer', 'shabti']);
    expect(english(t.log.at(-1)?.text)).toMatch(/and drew 2 \(Weres Amulet\)$/);
  });

  it('cannot be executed without another card in hand', () => {
    const t = Table.from({ players: 2, hands: [['weres-amulet'], []], decks: [['urn', 'urn', 'urn'], []] });
    expect(t.canPlay(0, 'weres-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'weres-amulet') })).toBe(
      'Weres Amulet cannot be executed now: you need a card in hand.',
    );
  });
});
