import { describe, expect, it } from 'vitest';
import { outcome, scoreSeat } from '../../../src/games/valley/score.ts';
import { view } from '../../../src/games/valley/view.ts';
import { english, Table } from '../table.ts';
import { playOut } from './helpers.ts';

const FIVE = ['shabti', 'shabti', 'urn', 'urn', 'box-of-food'];
const STATUES = [
  'statue-of-anubis',
  'statue-of-bastet',
  'statue-of-horus',
  'statue-of-isis',
  'statue-of-osiris',
  'statue-of-sobek',
  'statue-of-thoth',
];

const scoreOf = (tomb: string[]) => scoreSeat(Table.from({ players: 2, tombs: [tomb, []] }).s, 0);

/** A finished 2- or 3-player game whose tombs are given (empty stock and pyramid; everyone ends a turn). */
function finished(tombs: string[][]): Table {
  const t = Table.from({
    players: tombs.length,
    hands: tombs.map(() => ['urn']),
    decks: tombs.map(() => FIVE),
    tombs,
  });
  playOut(t);
  return t;
}

describe('Scoring Example (rulebook)', () => {
  it('3 Shabti + Inner Sarcophagus + 2 Statues of Anubis + Statue of Isis = 8 (the extra Anubis is worthless)', () => {
    const b = scoreOf([
      'shabti',
      'shabti',
      'shabti',
      'inner-sarcophagus',
      'statue-of-anubis',
      'statue-of-anubis',
      'statue-of-isis',
    ]);
    expect(b.starters).toBe(3);
    expect(b.sets).toEqual([
      { set: 'statues', distinct: 2, cards: 3, points: 4 },
      { set: 'sarcophagi', distinct: 1, cards: 1, points: 1 },
    ]);
    expect(b.total).toBe(8);
    expect(b.tombCards).toBe(7);
  });
});

describe('Scoring', () => {
  it('"Only the cards in your tomb count; the cards in your hand, deck, and discard pile are worthless"', () => {
    const t = Table.from({
      players: 2,
      hands: [['boat', 'statue-of-isis'], []],
      decks: [['shabti', 'statue-of-horus'], []],
      discards: [['burial-mask', 'statue-of-osiris'], []],
      tombs: [['urn'], []],
    });
    expect(scoreSeat(t.s, 0).total).toBe(t.s.defs.urn?.vp);
    expect(scoreSeat(t.s, 1).total).toBe(0);
  });

  it('"Scoring of starter cards … just add up the victory points listed on the cards" (Shabti 1 VP each)', () => {
    const tomb = ['shabti', 'urn', 'box-of-food', 'offering-table', 'shabti'];
    const listed = tomb.reduce((sum, id) => sum + (Table.from({ players: 2 }).s.defs[id]?.vp ?? 0), 0);
    expect(scoreOf(tomb).starters).toBe(listed);
    expect(scoreOf(tomb).total).toBe(listed);
    expect(scoreOf(['shabti']).total).toBe(1);
  });

  it('"… and unique artifacts": their listed VP are added, and two uniques are not a set', () => {
    const defs = Table.from({ players: 2 }).s.defs;
    const tomb = ['boat', 'burial-mask', 'censer', 'mummified-cat'];
    const listed = tomb.reduce((sum, id) => sum + (defs[id]?.vp ?? 0), 0);
    const b = scoreOf(tomb);
    expect(b.uniques).toBe(listed);
    expect(b.sets).toEqual([]);
    expect(b.total).toBe(listed);
  });

  it('"if you have 6 different kinds of statues, you score 6×6 = 36 points"', () => {
    expect(scoreOf(STATUES.slice(0, 6)).total).toBe(36);
  });

  it.each([1, 2, 3, 4, 5, 6, 7])('the table: %i different cards in a set score n×n', (n) => {
    expect(scoreOf(STATUES.slice(0, n)).total).toBe(n * n);
  });

  it('"do not count duplicates": two copies of the same card score as one', () => {
    expect(scoreOf(['statue-of-anubis', 'statue-of-anubis']).total).toBe(1);
    expect(scoreOf(['book-of-gates', 'book-of-gates', 'book-of-the-dead']).total).toBe(4);
  });

  it('each set is squared on its own, then everything is added', () => {
    // Books 2 different (4) + amulets 3 different (9) + canopic jars 1 (1) + a Shabti (1).
    const b = scoreOf([
      'book-of-gates',
      'book-of-the-dead',
      'tyet-amulet',
      'wadj-amulet',
      'weres-amulet',
      'hapi-canopic-jar',
      'shabti',
    ]);
    expect(b.total).toBe(4 + 9 + 1 + 1);
    expect(b.sets.map((x) => [x.set, x.points])).toEqual([
      ['amulets', 9],
      ['books', 4],
      ['canopic-jars', 1],
    ]);
  });

  it('the running score of every tomb is public in every view', () => {
    const t = Table.from({ players: 2, tombs: [['statue-of-anubis', 'statue-of-isis'], ['shabti']] });
    for (const viewer of [0, 1, null])
      expect(view(t.s, viewer).players.map((p) => p.score.total)).toEqual([4, 1]);
  });
});

describe('"In case of ties, the player with the fewest cards in his tomb wins. Further ties result in a shared victory."', () => {
  it('the most points wins', () => {
    const o = outcome(finished([['shabti'], ['shabti', 'shabti']]).s);
    expect(o?.results.map((r) => r.rank)).toEqual([2, 1]);
  });

  it('tied on points: the fewest tomb cards wins', () => {
    // 4 points each: two different statues (2 cards) against four Shabti (4 cards).
    const o = outcome(
      finished([
        ['shabti', 'shabti', 'shabti', 'shabti'],
        ['statue-of-anubis', 'statue-of-isis'],
      ]).s,
    );
    expect(o?.results.map((r) => [r.score, r.rank])).toEqual([
      [4, 2],
      [4, 1],
    ]);
    expect(english(o?.summary)).toBe(
      '@1 wins: tied on 4 points, broken by the fewest cards in the tomb (2).',
    );
  });

  it('tied on points and tomb cards: a shared victory (equal ranks)', () => {
    const o = outcome(
      finished([
        ['statue-of-anubis', 'statue-of-isis'],
        ['book-of-gates', 'book-of-the-dead'],
      ]).s,
    );
    expect(o?.results.map((r) => r.rank)).toEqual([1, 1]);
    expect(english(o?.summary)).toBe('Shared victory for @0 and @1: 4 points and 2 tomb cards each.');
  });

  it('with 3 players, a shared first place leaves the next seat third', () => {
    const o = outcome(
      finished([['statue-of-anubis', 'statue-of-isis'], ['shabti'], ['book-of-gates', 'book-of-the-dead']]).s,
    );
    expect(o?.results.map((r) => r.rank)).toEqual([1, 3, 1]);
  });

  it('the tie-breakers are reported in the order they were applied (points, then fewer tomb cards)', () => {
    const o = outcome(
      finished([
        ['shabti', 'shabti', 'shabti', 'shabti'],
        ['statue-of-anubis', 'statue-of-isis'],
      ]).s,
    );
    expect(o?.results.map((r) => r.tieBreakers)).toEqual([
      [4, -4],
      [4, -2],
    ]);
  });
});
