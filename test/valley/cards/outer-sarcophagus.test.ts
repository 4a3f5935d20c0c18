import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { english, Table } from '../table.ts';

const pile = (id: string, n: number) => Array.from({ length: n }, () => id);

describe("Outer Sarcophagus: put a card from your hand on top of an opponent's deck; draw a card", () => {
  it("puts a hand card on top of the only opponent's deck, then draws one card", () => {
    const t = Table.from({
      players: 2,
      hands: [['outer-sarcophagus', 'statue-of-isis', 'urn'], []],
      decks: [
        ['shabti', 'censer'],
        ['urn', 'urn'],
      ],
    });
    t.play(0, 'outer-sarcophagus');
    expect(t.prompt(0)).toBe("Outer Sarcophagus: which hand card goes on top of an opponent's deck?");
    expect(t.options(0)).toEqual(['Statue of Isis', 'Urn']);
    t.choose(0, 'Statue of Isis');
    expect(t.deck(1)).toEqual(['urn', 'urn', 'statue-of-isis']);
    expect(t.hand(0)).toEqual(['urn', 'censer']);
    expect(t.deck(0)).toEqual(['shabti']);
  });

  it('keeps the card hidden: the public log and the other views never name it', () => {
    const t = Table.from({
      players: 3,
      hands: [['outer-sarcophagus', 'statue-of-isis'], ['urn'], ['urn']],
      decks: [['shabti'], ['urn'], ['urn']],
    });
    t.play(0, 'outer-sarcophagus').choose(0, 'Statue of Isis').choose(0, '@2');
    expect(t.deck(2)).toEqual(['urn', 'statue-of-isis']);
    const texts = t.log.map((e) => english(e.text));
    expect(texts.at(-1)).toBe(
      "@0 put a card from their hand on top of @2's deck and drew 1 (Outer Sarcophagus)",
    );
    expect(texts.join('\n')).not.toContain('Statue of Isis');
    for (const seat of [null, 1, 2]) {
      const v = view(t.s, seat);
      const shown = [
        ...v.players.flatMap((p) => [
          ...p.tomb,
          ...p.play,
          ...p.aside,
          ...(p.discardTop ? [p.discardTop] : []),
        ]),
        ...(v.me?.hand ?? []),
        ...(v.me?.discard ?? []),
      ];
      expect(shown.map((c) => c.card)).not.toContain('statue-of-isis');
      expect(v.players[2]?.deckCount).toBe(2);
    }
  });

  it('lets the player choose the opponent in a larger game', () => {
    const t = Table.from({
      players: 3,
      hands: [['outer-sarcophagus', 'urn'], [], []],
    });
    t.play(0, 'outer-sarcophagus').choose(0, 'Urn');
    expect(t.prompt(0)).toBe('Outer Sarcophagus: onto whose deck?');
    expect(t.options(0)).toEqual(['@1', '@2']);
    t.choose(0, '@1');
    expect(t.deck(1)).toEqual(['urn']);
    expect(t.deck(2)).toEqual([]);
  });

  it('is drawn by the opponent with their next hand', () => {
    const t = Table.from({
      players: 2,
      hands: [['outer-sarcophagus', 'statue-of-isis'], ['urn']],
      decks: [pile('shabti', 6), pile('urn', 8)],
      pyramid: ['urn', 'urn', 'urn', 'urn', 'urn', 'urn'],
      stock: pile('urn', 4),
    });
    t.play(0, 'outer-sarcophagus').choose(0, 'Statue of Isis');
    t.endTurn(0).choose(0, '(top)');
    expect(t.hand(1)).toEqual(['urn']);
    t.endTurn(1).choose(1, '(top)');
    expect(t.hand(1)[0]).toBe('statue-of-isis');
    expect(t.hand(1)).toHaveLength(5);
  });

  it('still puts the card when there is nothing to draw (the draw comes up short)', () => {
    const t = Table.from({ players: 2, hands: [['outer-sarcophagus', 'urn'], []] });
    t.play(0, 'outer-sarcophagus').choose(0, 'Urn');
    expect(t.deck(1)).toEqual(['urn']);
    expect(t.hand(0)).toEqual([]);
    expect(english(t.log.at(-1)?.text)).toMatch(/and drew 0 \(Outer Sarcophagus\)$/);
  });

  it('cannot be executed without another card in hand', () => {
    const t = Table.from({ players: 2, hands: [['outer-sarcophagus'], []], decks: [['urn'], []] });
    expect(t.canPlay(0, 'outer-sarcophagus')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'outer-sarcophagus') })).toBe(
      'Outer Sarcophagus cannot be executed now: you need a card in hand.',
    );
  });
});
