import { describe, expect, it } from 'vitest';
import { seedRng } from '../../../src/games/kernel/rng.ts';
import { heuristicBot } from '../../../src/games/valley/bots/heuristic-bot.ts';
import { valleySearchRules } from '../../../src/games/valley/bots/search-bot.ts';
import { cardTable } from '../../../src/games/valley/card-table.ts';
import { applyInPlace, valley, waitingFor } from '../../../src/games/valley/index.ts';
import { position } from '../../../src/games/valley/position.ts';
import { outcome, playoutOutcome } from '../../../src/games/valley/score.ts';
import type { ValleyState } from '../../../src/games/valley/state.ts';
import { def } from '../../../src/games/valley/zones.ts';

/**
 * What the search's playouts use in place of the rules' own, to be cheaper (issue #39): each must say
 * what the rules say.
 */

function finished(players: number, pool: 'base' | 'base-afterlife', seed: string): ValleyState {
  const s = valley.setup({ players, pool }, seed);
  const rng = seedRng(`${seed}/bots`);
  while (!s.finished) {
    const seat = waitingFor(s)[0] as number;
    applyInPlace(s, seat, heuristicBot(s, seat, rng));
  }
  return s;
}

describe("a playout's outcome", () => {
  it("has the rules' seats, scores and ranks, for finished games of 2 to 4 players", () => {
    for (const [players, pool] of [
      [2, 'base'],
      [3, 'base-afterlife'],
      [4, 'base'],
    ] as const)
      for (let g = 0; g < 2; g++) {
        const s = finished(players, pool, `outcome-${players}-${g}`);
        const rules = outcome(s)?.results.map(({ seat, score, rank }) => ({ seat, score, rank }));
        const fast = playoutOutcome(s)?.results.map(({ seat, score, rank }) => ({ seat, score, rank }));
        expect(rules).toBeDefined();
        expect(fast).toEqual(rules);
      }
  });

  it('ranks ties as the rules do: shared on equal tomb cards, else fewest cards first', () => {
    // Seats 0 and 1: 4 points (two statues) in two cards; seat 2: 3 points; seat 3: 4 points in four cards.
    const s = position({
      players: 4,
      tombs: [
        ['statue-of-horus', 'statue-of-isis'],
        ['statue-of-isis', 'statue-of-horus'],
        ['urn', 'urn', 'shabti'],
        ['shabti', 'shabti', 'urn', 'urn'],
      ],
      pyramid: [null, null, null, null, null, null],
    });
    s.finished = true;
    const rules = outcome(s)?.results.map(({ seat, score, rank }) => ({ seat, score, rank }));
    expect(rules?.map((r) => [r.score, r.rank])).toEqual([
      [4, 1],
      [4, 1],
      [3, 4],
      [4, 3],
    ]);
    expect(playoutOutcome(s)?.results.map(({ seat, score, rank }) => ({ seat, score, rank }))).toEqual(rules);
    expect(valleySearchRules.outcome(structuredClone({ ...s, finished: false }))).toBeNull();
  });
});

describe("the card table (each instance's definition, found once per game)", () => {
  it('reads a card added to the game after a first look', () => {
    const s = position({ players: 2, hands: [['urn'], []] });
    expect(def(s, 0).id).toBe('urn');
    expect(cardTable(s).byInstance).toHaveLength(1);
    s.cards.push('boat');
    expect(def(s, 1).id).toBe('boat');
    expect(cardTable(s).byInstance).toHaveLength(2);
  });

  it('serves every copy of a game, which share their card list, and refuses an unknown instance', () => {
    const s = valley.setup({ players: 2 }, 'table');
    const copy = valleySearchRules.clone(s);
    expect(cardTable(copy)).toBe(cardTable(s));
    s.cards.forEach((id, c) => {
      expect(def(copy, c)).toBe(s.defs[id]);
    });
    expect(() => def(s, s.cards.length)).toThrow(/unknown card instance/);
  });
});

describe('the playouts are told who is awaited', () => {
  it("as the rules' waitingFor says, at every move of seeded games", () => {
    for (const players of [2, 4]) {
      const s = valley.setup({ players, pool: 'base-afterlife' }, `waiting-${players}`);
      const rng = seedRng(`waiting-${players}/bots`);
      while (!s.finished) {
        const seats = waitingFor(s);
        expect([...valleySearchRules.waitingFor(s)]).toEqual(seats);
        applyInPlace(s, seats[0] as number, heuristicBot(s, seats[0] as number, rng));
      }
      expect([...valleySearchRules.waitingFor(s)]).toEqual([]);
    }
  });
});
