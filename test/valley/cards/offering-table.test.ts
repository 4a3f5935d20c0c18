import { describe, expect, it } from 'vitest';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

const REVEAL = 'Reveal Offering Table: this does not affect you';
// Enough cards for Qebehsenuef and Statue of Bastet, which spare players with 5 or fewer total cards.
const DECK = ['shabti', 'shabti', 'shabti', 'urn', 'urn', 'urn'];

describe("Offering Table: reveal it to prevent an opponent's action from making you discard or sacrifice", () => {
  it("has no action of its own on its owner's turn", () => {
    const t = table({ players: 2, hands: [['offering-table', 'urn'], []], discards: [['urn'], []] });
    expect(t.canPlay(0, 'offering-table')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'offering-table') })).toBe(
      "Offering Table cannot be executed now: it is a reaction: it is used when an opponent's action would make you discard or sacrifice, not played for an action.",
    );
  });

  it('can still be used for its gold or entombed on its owner’s turn', () => {
    const t = table({ players: 2, hands: [['offering-table', 'shabti'], []] });
    t.entomb(0, 'offering-table');
    expect(t.tomb(0)).toEqual(['offering-table']);
  });

  describe('Duamutef Canopic Jar (each opponent discards a card)', () => {
    it('is offered first to a holder; revealing it prevents the discard and it stays in hand', () => {
      const t = table({
        players: 2,
        hands: [['duamutef-canopic-jar'], ['offering-table', 'statue-of-isis']],
        discards: [[], ['urn']],
      });
      t.play(0, 'duamutef-canopic-jar');
      expect(t.options(1)).toEqual([REVEAL, 'Offering Table', 'Statue of Isis']);
      t.choose(1, REVEAL);
      expect(t.hand(1)).toEqual(['offering-table', 'statue-of-isis']);
      expect(t.discard(1)).toEqual(['urn']);
      expect(t.waiting()).toBe('seat 0 to play');
    });

    it('logs the revealing publicly', () => {
      const t = table({
        players: 2,
        hands: [['duamutef-canopic-jar'], ['offering-table', 'statue-of-isis']],
      });
      t.play(0, 'duamutef-canopic-jar').choose(1, REVEAL);
      expect(t.log.map((e) => english(e.text))).toContain('@1 revealed Offering Table and is not affected');
    });

    it('may be kept hidden: the holder then discards as asked', () => {
      const t = table({
        players: 2,
        hands: [['duamutef-canopic-jar'], ['offering-table', 'statue-of-isis']],
      });
      t.play(0, 'duamutef-canopic-jar').choose(1, 'Statue of Isis');
      expect(t.hand(1)).toEqual(['offering-table']);
      expect(t.discard(1)).toEqual(['statue-of-isis']);
    });

    it('protects only its holder: the other opponents still discard, in turn order', () => {
      const t = table({
        players: 3,
        hands: [['duamutef-canopic-jar'], ['offering-table', 'urn'], ['censer', 'chariot']],
      });
      t.play(0, 'duamutef-canopic-jar');
      expect(t.options(2)).toEqual([]);
      t.choose(1, REVEAL);
      expect(t.options(2)).toEqual(['Censer', 'Chariot']);
      t.choose(2, 'Chariot');
      expect(t.hand(1)).toEqual(['offering-table', 'urn']);
      expect(t.discard(2)).toEqual(['chariot']);
    });
  });

  describe('Qebehsenuef Canopic Jar (each opponent sacrifices a card)', () => {
    it('prevents the sacrifice: nothing goes to the boneyard and the table stays in hand', () => {
      const t = table({
        players: 2,
        hands: [['qebehsenuef-canopic-jar'], ['offering-table', 'statue-of-isis']],
        decks: [[], DECK],
        boneyard: ['chariot'],
      });
      t.play(0, 'qebehsenuef-canopic-jar');
      expect(t.options(1)).toEqual([REVEAL, 'Offering Table', 'Statue of Isis']);
      t.choose(1, REVEAL);
      expect(t.hand(1)).toEqual(['offering-table', 'statue-of-isis']);
      expect(t.boneyard()).toEqual(['chariot']);
      expect(t.waiting()).toBe('seat 0 to play');
    });

    it('without it, the holder sacrifices as asked', () => {
      const t = table({
        players: 2,
        hands: [['qebehsenuef-canopic-jar'], ['offering-table', 'statue-of-isis']],
        decks: [[], DECK],
      });
      t.play(0, 'qebehsenuef-canopic-jar').choose(1, 'Statue of Isis');
      expect(t.boneyard()).toEqual(['statue-of-isis']);
    });
  });

  describe('Inner Sarcophagus (each opponent discards down to 3)', () => {
    it('prevents the whole discarding down, not just one card', () => {
      const t = table({
        players: 2,
        hands: [['inner-sarcophagus'], ['offering-table', 'urn', 'shabti', 'censer', 'chariot']],
      });
      t.play(0, 'inner-sarcophagus');
      expect(t.options(1)[0]).toBe(REVEAL);
      t.choose(1, REVEAL);
      expect(t.hand(1)).toHaveLength(5);
      expect(t.discard(1)).toEqual([]);
      expect(t.waiting()).toBe('seat 0 to play');
    });

    it('is offered only before the first discard, not halfway through', () => {
      const t = table({
        players: 2,
        hands: [['inner-sarcophagus'], ['offering-table', 'urn', 'shabti', 'censer', 'chariot']],
      });
      t.play(0, 'inner-sarcophagus').choose(1, 'Censer');
      expect(t.options(1)).not.toContain(REVEAL);
      t.choose(1, 'Chariot');
      expect(t.hand(1)).toEqual(['offering-table', 'urn', 'shabti']);
    });
  });

  it('does not protect against Statue of Bastet (not an ordinary discard)', () => {
    const t = table({
      players: 2,
      hands: [['statue-of-bastet'], ['offering-table', 'statue-of-isis']],
      decks: [[], DECK],
    });
    t.play(0, 'statue-of-bastet');
    expect(t.options(1)).toEqual(['Offering Table', 'Statue of Isis']);
    t.choose(1, 'Statue of Isis');
    expect(t.discard(0)).toEqual(['statue-of-isis']);
  });

  it('is not offered to a player who does not hold it', () => {
    const t = table({ players: 2, hands: [['duamutef-canopic-jar'], ['urn', 'statue-of-isis']] });
    t.play(0, 'duamutef-canopic-jar');
    expect(t.options(1)).toEqual(['Urn', 'Statue of Isis']);
  });

  it("is not offered against its owner's own action (Middle Sarcophagus sacrifices from one's own hand)", () => {
    const t = table({ players: 2, hands: [['middle-sarcophagus', 'offering-table', 'urn'], []] });
    t.play(0, 'middle-sarcophagus');
    expect(t.options(0)).toEqual(['Offering Table', 'Urn']);
  });
});
