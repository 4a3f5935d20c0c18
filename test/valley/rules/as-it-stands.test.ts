import { describe, expect, it } from 'vitest';
import { valley } from '../../../src/games/valley/index.ts';
import { outcome, outcomeAsItStands } from '../../../src/games/valley/score.ts';
import { Table } from '../table.ts';

const ranks = (o: { results: readonly { seat: number; rank: number }[] }) =>
  [...o.results].sort((a, b) => a.seat - b.seat).map((r) => r.rank);

describe('Valley of the Kings ranked as it stands (a tournament deadline)', () => {
  it('counts the tombs only, the fewest tomb cards break a tie, equal seats share the place', () => {
    const t = Table.from({
      players: 4,
      // Seat 3 holds the most cards outside its tomb: worthless, as at the end.
      hands: [['boat'], [], [], ['statue-of-isis', 'statue-of-osiris', 'burial-mask']],
      decks: [[], [], [], ['statue-of-horus', 'statue-of-thoth']],
      tombs: [
        ['shabti', 'shabti'], // 2 points, 2 cards
        ['statue-of-anubis', 'statue-of-isis'], // 2 different statues: 4 points
        ['shabti', 'shabti'], // as seat 0: the same place
        ['statue-of-anubis', 'statue-of-anubis', 'shabti'], // 2 points but 3 cards: behind
      ],
      stock: ['urn', 'urn'],
    });
    const before = JSON.stringify(t.s);
    expect(outcome(t.s)).toBeNull();
    const o = outcomeAsItStands(t.s);
    expect(ranks(o)).toEqual([2, 1, 2, 4]);
    expect(o.results.map((r) => r.score)).toEqual([2, 4, 2, 2]);
    expect(valley.outcomeAsItStands?.(t.s)).toEqual(o);
    // Pure: the position is not marked over, and the same position gives the same places.
    expect(JSON.stringify(t.s)).toBe(before);
    expect(t.s.finished).toBe(false);
    expect(outcomeAsItStands(t.s)).toEqual(o);
  });

  it('an empty tomb scores nothing; every seat level shares the first place', () => {
    const s = Table.from({ players: 3, hands: [['shabti'], ['urn'], []] }).s;
    expect(ranks(outcomeAsItStands(s))).toEqual([1, 1, 1]);
  });
});
