import { describe, expect, it } from 'vitest';
import { memoryStore, startedGame } from './helpers/memory-store.ts';

describe('absences: timed-out turns in a row, and the vote on them', () => {
  it('counts per seat, and starts again (clearing any vote) when the person plays', () => {
    const store = memoryStore();
    const game = startedGame(store, 3);
    expect(store.absences.countTimeout(game, 1)).toBe(1);
    expect(store.absences.countTimeout(game, 1)).toBe(2);
    expect(store.absences.timeoutsInARow(game, 0)).toBe(0);
    store.absences.vote(game, 1, 'user-0', 'replace');
    store.absences.reset(game, 1);
    expect(store.absences.timeoutsInARow(game, 1)).toBe(0);
    expect(store.absences.tally(game, 1)).toEqual({ replace: 0, wait: 0 });
  });

  it('one vote per voter: voting again changes it, never counts twice', () => {
    const store = memoryStore();
    const game = startedGame(store, 3);
    expect(store.absences.vote(game, 2, 'user-0', 'replace')).toEqual({ replace: 1, wait: 0 });
    expect(store.absences.vote(game, 2, 'user-0', 'replace')).toEqual({ replace: 1, wait: 0 });
    expect(store.absences.vote(game, 2, 'user-0', 'wait')).toEqual({ replace: 0, wait: 1 });
    expect(store.absences.vote(game, 2, 'user-1', 'replace')).toEqual({ replace: 1, wait: 1 });
    expect(store.absences.tally(game, 1)).toEqual({ replace: 0, wait: 0 });
  });
});
