import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../../src/games/valley/index.ts';
import { english, Table } from '../table.ts';

const REVEAL = 'Reveal Offering Table: this does not affect you';

describe('Duamutef Canopic Jar: each opponent discards a card', () => {
  it('has each opponent, in turn order, discard a hand card of their choice onto their own discard pile', () => {
    // Seat 2 plays in a 4-player game: seats 3, 0 and 1 discard, in that order.
    const t = Table.from({
      players: 4,
      seat: 2,
      hands: [
        ['box-of-food'],
        ['statue-of-isis', 'urn'],
        ['duamutef-canopic-jar', 'shabti'],
        ['urn', 'shabti'],
      ],
      discards: [['urn'], [], [], []],
    });
    t.play(2, 'duamutef-canopic-jar');
    expect(waitingFor(t.s)).toEqual([3]);
    expect(t.prompt(3)).toBe('Duamutef Canopic Jar (@2): discard a card from your hand.');
    expect(t.options(3)).toEqual(['Urn', 'Shabti']);
    t.choose(3, 'Shabti');
    expect(waitingFor(t.s)).toEqual([0]);
    t.choose(0, 'Box of Food');
    expect(waitingFor(t.s)).toEqual([1]);
    t.choose(1, 'Statue of Isis');
    expect(waitingFor(t.s)).toEqual([2]);
    expect(t.discard(3)).toEqual(['shabti']);
    expect(t.discard(0)).toEqual(['urn', 'box-of-food']);
    expect(t.discard(1)).toEqual(['statue-of-isis']);
    expect(t.hand(3)).toEqual(['urn']);
    expect(t.hand(0)).toEqual([]);
    expect(t.hand(1)).toEqual(['urn']);
    // The player who executed it keeps their hand.
    expect(t.hand(2)).toEqual(['shabti']);
    expect(t.boneyard()).toEqual([]);
    expect(t.log.map((e) => english(e.text))).toContain('@1 discarded Statue of Isis (Duamutef Canopic Jar)');
  });

  it('skips players with no cards in hand', () => {
    const t = Table.from({ players: 3, hands: [['duamutef-canopic-jar'], [], ['urn']] });
    t.play(0, 'duamutef-canopic-jar');
    expect(waitingFor(t.s)).toEqual([2]);
    t.choose(2, 'Urn');
    expect(waitingFor(t.s)).toEqual([0]);
  });

  it('is blocked by Offering Table, which stays in hand; the table itself may be discarded instead', () => {
    const t = Table.from({
      players: 3,
      hands: [['duamutef-canopic-jar'], ['offering-table', 'urn'], ['offering-table', 'shabti']],
    });
    t.play(0, 'duamutef-canopic-jar');
    expect(t.options(1)).toEqual([REVEAL, 'Offering Table', 'Urn']);
    t.choose(1, REVEAL);
    expect(t.hand(1)).toEqual(['offering-table', 'urn']);
    expect(t.discard(1)).toEqual([]);
    expect(english(t.log.at(-1)?.text)).toBe('@1 revealed Offering Table and is not affected');
    t.choose(2, 'Offering Table');
    expect(t.discard(2)).toEqual(['offering-table']);
    expect(t.hand(2)).toEqual(['shabti']);
  });

  it('can be executed even when no opponent holds a card (nothing happens), but not on an opponent turn', () => {
    const t = Table.from({ players: 2, hands: [['duamutef-canopic-jar'], []] });
    expect(t.canPlay(0, 'duamutef-canopic-jar')).toBe(true);
    t.play(0, 'duamutef-canopic-jar');
    expect(waitingFor(t.s)).toEqual([0]);
    const u = Table.from({ players: 2, hands: [['urn'], ['duamutef-canopic-jar', 'urn']] });
    expect(u.canPlay(1, 'duamutef-canopic-jar')).toBe(false);
    expect(u.refused(1, { type: 'play', card: u.inHand(1, 'duamutef-canopic-jar') })).toBe(
      'It is not your turn.',
    );
  });
});
