import { describe, expect, it } from 'vitest';
import { english, Table } from '../table.ts';
import { table } from './pinned-numbers.ts';

const URNS = Array.from({ length: 10 }, () => 'urn');
const logText = (t: Table) => t.log.map((e) => english(e.text));
/** Answers every question `seat` is asked with its first option, until none is left. */
const firstOptions = (t: Table, seat: number) => {
  while (t.options(seat).length > 0) t.choose(seat, t.options(seat)[0] as string);
  return t;
};

describe('Tyet Amulet: repeat an action you executed this turn', () => {
  it('repeats Statue of Horus: a second entomb from hand, on top of the normal entombing', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-horus', 'tyet-amulet', 'shabti', 'urn', 'box-of-food'], []],
    });
    t.entomb(0, 'shabti');
    t.play(0, 'statue-of-horus').choose(0, 'Urn');
    expect(t.canPlay(0, 'tyet-amulet')).toBe(true);
    // Only one action can be repeated, so Tyet goes straight into it.
    t.play(0, 'tyet-amulet');
    expect(t.prompt(0)).toMatch(/^Statue of Horus: entomb a card from your hand/);
    t.choose(0, 'Box of Food');
    expect(t.tomb(0)).toEqual(['shabti', 'urn', 'box-of-food']);
    expect(t.hand(0)).toEqual([]);
    expect(t.inPlay(0)).toEqual(['statue-of-horus', 'tyet-amulet']);
    expect(logText(t)).toContain('@0 repeated Statue of Horus with Tyet Amulet');
  });

  it('repeats Statue of Anubis: the next hand has 7 cards', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-anubis', 'tyet-amulet'], []], decks: [URNS] });
    t.play(0, 'statue-of-anubis').play(0, 'tyet-amulet');
    t.endTurn(0);
    expect(t.hand(0)).toHaveLength(7);
    expect(t.deck(0)).toHaveLength(3);
  });

  it('asks which action to repeat when several were executed, offering neither Censer nor Tyet itself', () => {
    const t = Table.from({
      players: 2,
      hands: [
        ['censer', 'statue-of-horus', 'statue-of-anubis', 'tyet-amulet', 'tyet-amulet', 'urn', 'shabti'],
        [],
      ],
      decks: [URNS],
      discards: [[], ['box-of-food']],
    });
    t.play(0, 'censer').choose(0, 'Box of Food');
    t.play(0, 'statue-of-anubis');
    t.play(0, 'tyet-amulet');
    // Anubis is the only repeatable action so far: no question.
    expect(t.options(0)).toEqual([]);
    t.play(0, 'statue-of-horus').choose(0, 'Urn');
    t.play(0, 'tyet-amulet');
    expect(t.options(0)).toEqual(['Statue of Anubis', 'Statue of Horus']);
    t.choose(0, 'Statue of Anubis');
    t.endTurn(0);
    // Anubis three times: once played, twice repeated.
    expect(t.hand(0)).toHaveLength(8);
  });

  it('cannot be executed when no action was executed this turn', () => {
    const t = Table.from({ players: 2, hands: [['tyet-amulet', 'statue-of-horus', 'urn'], []] });
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
      /Tyet Amulet cannot be executed now: you must have executed an action this turn/,
    );
  });

  it('cannot repeat an action executed on an earlier turn', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-horus', 'urn'], ['shabti']],
      decks: [
        ['shabti', 'shabti', 'shabti', 'urn', 'tyet-amulet'],
        ['urn', 'urn', 'urn', 'urn', 'urn'],
      ],
      pyramid: ['urn', 'urn', 'urn', 'urn', 'urn', 'urn'],
      stock: ['urn', 'urn'],
    });
    t.play(0, 'statue-of-horus').choose(0, 'Urn');
    // Neither turn changes the pyramid, so each ends with the rebuild sacrifice.
    t.endTurn(0).choose(0, '(top)');
    t.endTurn(1).choose(1, '(top)');
    expect(t.s.turn.seat).toBe(0);
    expect(t.s.finished).toBe(false);
    expect(t.hand(0)).toContain('tyet-amulet');
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
      /executed an action this turn/,
    );
  });

  it('cannot repeat the normal entombing, which is not an action', () => {
    const t = Table.from({ players: 2, hands: [['tyet-amulet', 'urn', 'shabti'], []] });
    t.entomb(0, 'urn');
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
      /executed an action this turn/,
    );
  });

  it('has no effect on cards used for their gold value', () => {
    const t = Table.from({
      players: 2,
      hands: [['tyet-amulet', 'statue-of-horus', 'urn'], []],
      pyramid: ['box-of-food', null, null, null, null, null],
    });
    t.buy(0, 0, ['statue-of-horus']);
    expect(t.inPlay(0)).toEqual(['statue-of-horus']);
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
      /executed an action this turn/,
    );
  });

  it('cannot be used with Censer', () => {
    const t = Table.from({
      players: 2,
      hands: [['censer', 'tyet-amulet', 'urn'], []],
      discards: [[], ['box-of-food', 'shabti']],
    });
    t.play(0, 'censer').choose(0, '@1');
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
      /not Boat, Censer or Statue of Thoth/,
    );
  });

  it('cannot be used with Statue of Thoth', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-thoth', 'tyet-amulet', 'urn'], []] });
    t.play(0, 'statue-of-thoth');
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
      /not Boat, Censer or Statue of Thoth/,
    );
  });

  it('cannot be used with Boat: Boat is used on an opponent turn, never executed on its owner turn', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn'], ['boat', 'tyet-amulet', 'shabti']],
      pyramid: ['shabti', 'box-of-food', 'urn', null, null, null],
      stock: ['urn', 'urn', 'urn'],
    });
    t.buy(0, 0, ['urn']);
    t.choose(1, 'Discard Boat');
    t.choose(1, 'Box of Food');
    expect(t.discard(1)).toEqual(['boat', 'box-of-food']);
    t.endTurn(0);
    expect(t.s.turn.seat).toBe(1);
    expect(t.canPlay(1, 'tyet-amulet')).toBe(false);
    expect(t.refused(1, { type: 'play', card: t.inHand(1, 'tyet-amulet') })).toMatch(
      /executed an action this turn/,
    );
  });

  it('cannot repeat an action that is no longer possible (Statue of Isis took the only card costing 6 or less)', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-isis', 'tyet-amulet'], []],
      pyramid: ['statue-of-thoth', 'box-of-food', 'statue-of-thoth', null, null, null],
    });
    t.play(0, 'statue-of-isis').choose(0, 'Box of Food');
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
      /that can be executed again/,
    );
  });

  it('offers only the executed actions that are still possible', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-isis', 'statue-of-horus', 'tyet-amulet', 'urn', 'shabti'], []],
      pyramid: ['statue-of-thoth', 'box-of-food', 'statue-of-thoth', null, null, null],
    });
    t.play(0, 'statue-of-isis').choose(0, 'Box of Food');
    t.play(0, 'statue-of-horus').choose(0, 'Urn');
    t.play(0, 'tyet-amulet');
    // Isis has nothing left to take, so Horus is repeated without a question.
    expect(t.prompt(0)).toMatch(/^Statue of Horus/);
    t.choose(0, 'Shabti');
    expect(t.tomb(0)).toEqual(['urn', 'shabti']);
  });

  it('is checked without counting itself: Horus cannot be repeated when Tyet is the only card left in hand', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-horus', 'tyet-amulet', 'urn'], []] });
    t.play(0, 'statue-of-horus').choose(0, 'Urn');
    expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
  });

  describe('Afterlife cards', () => {
    it('repeats Ring once its effect is spent: the next card played after Tyet has double gold value', () => {
      const t = table({
        players: 2,
        hands: [['ring', 'tyet-amulet', 'shabti', 'statue-of-isis'], []],
        pyramid: ['statue-of-osiris', null, null, null, null, null],
      });
      t.play(0, 'ring').entomb(0, 'shabti');
      expect(t.s.turn.ring).toBeUndefined();
      t.play(0, 'tyet-amulet');
      expect(logText(t)).toContain('@0 repeated Ring with Tyet Amulet');
      expect(t.s.turn.ring).toBe(true);
      // Statue of Isis (3 gold) doubled pays for Statue of Osiris (cost 6).
      t.buy(0, 0, ['statue-of-isis']);
      expect(t.discard(0)).toEqual(['statue-of-osiris']);
    });

    it('does not repeat Ring while its effect waits (doubling does not stack)', () => {
      const t = table({ players: 2, hands: [['ring', 'tyet-amulet', 'statue-of-isis'], []] });
      t.play(0, 'ring');
      expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
      expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
        /that can be executed again/,
      );
    });

    it('does not repeat Mirror Case: the card has left play, into the pyramid', () => {
      const t = table({
        players: 2,
        hands: [['mirror-case', 'tyet-amulet', 'urn'], []],
        pyramid: ['urn', 'shabti', null, null, null, null],
      });
      t.play(0, 'mirror-case');
      firstOptions(t, 0);
      expect(t.pyramid()).toContain('mirror-case');
      expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
      expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
        /nor Mirror Case, Senet Game or Hounds and Jackals Game/,
      );
    });

    it('does not repeat Senet Game: the card has left play, onto an opponent’s discard pile', () => {
      const t = table({
        players: 2,
        hands: [
          ['senet-game', 'tyet-amulet', 'urn'],
          ['statue-of-isis', 'ring'],
        ],
        decks: [['shabti', 'shabti'], []],
      });
      t.play(0, 'senet-game').choose(1, 'Ring');
      expect(t.discard(1)).toEqual(['senet-game']);
      expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
      expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
        /nor Mirror Case, Senet Game or Hounds and Jackals Game/,
      );
    });

    it('does not repeat Hounds and Jackals Game, even with a card left in play to return', () => {
      const t = table({
        players: 2,
        hands: [['hounds-and-jackals-game', 'tyet-amulet', 'urn', 'shabti'], []],
        pyramid: ['urn', 'shabti', null, null, null, null],
        stock: ['urn', 'urn'],
      });
      t.buy(0, 0, ['urn']).buy(0, 1, ['shabti']);
      t.play(0, 'hounds-and-jackals-game');
      firstOptions(t, 0);
      expect(t.inPlay(0)).toHaveLength(2);
      expect(t.canPlay(0, 'tyet-amulet')).toBe(false);
      expect(t.refused(0, { type: 'play', card: t.inHand(0, 'tyet-amulet') })).toMatch(
        /nor Mirror Case, Senet Game or Hounds and Jackals Game/,
      );
    });
  });
});

describe('Tyet Amulet repeats the other Afterlife actions', () => {
  /** Answers every question (Stop when offered, never giving up the Tyet), whoever is asked, until the player may act again. */
  const settle = (t: ReturnType<typeof table>) => {
    for (let k = 0; k < 50 && t.s.stack.at(-1)?.q; k++) {
      const q = t.s.stack.at(-1)?.q;
      const ask = q?.asks.find((a) => q.answers[String(a.seat)] === undefined);
      if (!ask) break;
      const pick =
        ask.options.find((o) => o.value === 'stop') ?? ask.options.find((o) => o.card !== 'tyet-amulet');
      t.act(ask.seat, { type: 'answer', value: pick?.value as string });
    }
  };
  const pyramid = ['urn', 'shabti', 'statue-of-isis', 'book-of-the-dead', 'axe', 'ring'];
  it.each([
    ['antechamber', { discards: [['urn', 'shabti'], []] }],
    ['bow', {}],
    ['brooch', { tombs: [['statue-of-horus', 'book-of-gates'], []] }],
    ['burial-ceremony', { hand: ['shabti', 'urn'] }],
    ['dagger', { boneyard: ['urn', 'shabti', 'urn', 'shabti'] }],
    ['necklace', { decks: [['urn', 'censer', 'shabti'], []] }],
    [
      'offering-chapel',
      {
        discards: [
          ['urn', 'shabti'],
          ['censer', 'boat'],
        ],
      },
    ],
    ['goddess-nut', {}],
    ['pesesh-kef', {}],
    ['judgment', { hand: ['shabti', 'urn'], boneyard: ['urn', 'censer', 'boat'] }],
  ] as const)('%s', (id, extra) => {
    const spec = extra as {
      hand?: string[];
      discards?: string[][];
      tombs?: string[][];
      boneyard?: string[];
      decks?: string[][];
    };
    const t = table({
      players: 2,
      hands: [[id, 'tyet-amulet', ...(spec.hand ?? [])], []],
      pyramid,
      ...(spec.discards ? { discards: spec.discards } : {}),
      ...(spec.tombs ? { tombs: spec.tombs } : {}),
      ...(spec.boneyard ? { boneyard: spec.boneyard } : {}),
      ...(spec.decks ? { decks: spec.decks } : {}),
    });
    t.play(0, id);
    settle(t);
    expect(t.canPlay(0, 'tyet-amulet')).toBe(true);
    t.play(0, 'tyet-amulet');
    settle(t);
    expect(t.s.turn.executed.filter((x) => x === id)).toHaveLength(2);
  });
});
