import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../../src/games/valley/index.ts';
import { english, Table } from '../table.ts';

const pile = (id: string, n: number) => Array.from({ length: n }, () => id);
const REVEAL = 'Reveal Offering Table: this does not affect you';

describe('Qebehsenuef Canopic Jar: each opponent sacrifices a card (players with 5 or fewer total cards do not)', () => {
  it('has each opponent, in turn order from the player on the left, sacrifice a hand card onto the boneyard', () => {
    // Seat 2 plays in a 4-player game: seats 3, 0 and 1 sacrifice, in that order.
    const t = Table.from({
      players: 4,
      seat: 2,
      hands: [
        ['urn', 'box-of-food'],
        ['statue-of-isis', 'shabti'],
        ['qebehsenuef-canopic-jar'],
        ['shabti', 'urn'],
      ],
      decks: [pile('urn', 4), pile('urn', 4), [], pile('urn', 4)],
      boneyard: ['censer'],
    });
    t.play(2, 'qebehsenuef-canopic-jar');
    expect(waitingFor(t.s)).toEqual([3]);
    expect(t.prompt(3)).toBe('Qebehsenuef Canopic Jar (@2): sacrifice a card from your hand.');
    expect(t.options(3)).toEqual(['Shabti', 'Urn']);
    t.choose(3, 'Urn');
    expect(waitingFor(t.s)).toEqual([0]);
    t.choose(0, 'Box of Food');
    expect(waitingFor(t.s)).toEqual([1]);
    t.choose(1, 'Statue of Isis');
    expect(waitingFor(t.s)).toEqual([2]);
    expect(t.boneyard()).toEqual(['censer', 'urn', 'box-of-food', 'statue-of-isis']);
    expect(t.hand(3)).toEqual(['shabti']);
    expect(t.hand(0)).toEqual(['urn']);
    expect(t.hand(1)).toEqual(['shabti']);
    expect(t.log.map((e) => english(e.text))).toContain('@1 sacrificed Statue of Isis from hand');
  });

  it('counts hand, deck and discard pile but not the tomb: 5 total cards are exempt, 6 are not', () => {
    const t = Table.from({
      players: 3,
      hands: [['qebehsenuef-canopic-jar'], ['urn', 'shabti'], ['urn', 'shabti']],
      // Seat 1: 2 + 2 + 1 = 5 (and a full tomb, which does not count). Seat 2: 2 + 2 + 2 = 6.
      decks: [[], ['urn', 'urn'], ['urn', 'urn']],
      discards: [[], ['urn'], ['urn', 'urn']],
      tombs: [[], pile('shabti', 6), []],
    });
    t.play(0, 'qebehsenuef-canopic-jar');
    expect(waitingFor(t.s)).toEqual([2]);
    t.choose(2, 'Shabti');
    expect(waitingFor(t.s)).toEqual([0]);
    expect(t.hand(1)).toEqual(['urn', 'shabti']);
    expect(t.boneyard()).toEqual(['shabti']);
  });

  it('skips a player with an empty hand, however many cards they own', () => {
    const t = Table.from({
      players: 3,
      hands: [['qebehsenuef-canopic-jar'], [], ['urn']],
      decks: [[], pile('urn', 10), pile('urn', 10)],
    });
    t.play(0, 'qebehsenuef-canopic-jar');
    expect(waitingFor(t.s)).toEqual([2]);
  });

  it('is blocked by Offering Table, which stays in hand', () => {
    const t = Table.from({
      players: 3,
      hands: [['qebehsenuef-canopic-jar'], ['offering-table', 'urn'], ['offering-table', 'shabti']],
      decks: [[], pile('urn', 5), pile('urn', 5)],
    });
    t.play(0, 'qebehsenuef-canopic-jar');
    expect(t.options(1)).toEqual([REVEAL, 'Offering Table', 'Urn']);
    t.choose(1, REVEAL);
    expect(t.hand(1)).toEqual(['offering-table', 'urn']);
    expect(english(t.log.at(-1)?.text)).toBe('@1 revealed Offering Table and is not affected');
    // Not revealing it is allowed: seat 2 sacrifices normally.
    t.choose(2, 'Shabti');
    expect(t.boneyard()).toEqual(['shabti']);
  });

  it('opens a Mummified Cat window after each sacrifice, in which the active player may take the card', () => {
    const t = Table.from({
      players: 3,
      hands: [
        ['qebehsenuef-canopic-jar', 'mummified-cat'],
        ['statue-of-isis', 'urn'],
        ['shabti', 'urn'],
      ],
      decks: [[], pile('urn', 5), pile('urn', 5)],
    });
    t.play(0, 'qebehsenuef-canopic-jar');
    t.choose(1, 'Statue of Isis');
    expect(t.boneyard()).toEqual(['statue-of-isis']);
    // Every seat but the sacrificer is asked; only the holder sees the reaction.
    expect(waitingFor(t.s)).toEqual([0, 2]);
    expect(t.options(1)).toEqual([]);
    expect(t.options(2)).toEqual(['Pass']);
    expect(t.options(0)).toEqual(['Pass', 'Discard Mummified Cat and take Statue of Isis']);
    t.pass(2);
    t.choose(0, 'Discard Mummified Cat');
    expect(t.boneyard()).toEqual([]);
    expect(t.discard(0)).toEqual(['mummified-cat', 'statue-of-isis']);
    // Then the next opponent sacrifices. A discard pile is not publicly out of reach (it can be
    // reshuffled and drawn), so the window opens again, but the Cat's former holder can only pass.
    expect(waitingFor(t.s)).toEqual([2]);
    t.choose(2, 'Shabti');
    expect(t.boneyard()).toEqual(['shabti']);
    expect(waitingFor(t.s)).toEqual([0, 1]);
    expect(t.options(0)).toEqual(['Pass']);
    t.pass(0).pass(1);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('can be executed even when no opponent is affected (nothing happens), but not on an opponent turn', () => {
    const t = Table.from({
      players: 2,
      hands: [['qebehsenuef-canopic-jar'], ['qebehsenuef-canopic-jar', 'urn']],
    });
    expect(t.canPlay(0, 'qebehsenuef-canopic-jar')).toBe(true);
    expect(t.refused(1, { type: 'play', card: t.inHand(1, 'qebehsenuef-canopic-jar') })).toBe(
      'It is not your turn.',
    );
    t.play(0, 'qebehsenuef-canopic-jar');
    expect(waitingFor(t.s)).toEqual([0]);
    expect(t.hand(1)).toEqual(['qebehsenuef-canopic-jar', 'urn']);
    expect(t.boneyard()).toEqual([]);
  });
});
