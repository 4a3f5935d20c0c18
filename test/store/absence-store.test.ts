import { afterEach, describe, expect, it } from 'vitest';
import { availableBackends, backendOpener, startedGameOn as startedGame } from './helpers/backends.ts';

describe.each(availableBackends())(
  'absences on $name: timed-out turns in a row, and the vote on them',
  (backend) => {
    const backends = backendOpener(backend);
    afterEach(() => backends.closeOpened());

    it('counts per seat, and starts again (clearing any vote) when the person plays', async () => {
      const { store } = await backends.open();
      const game = await startedGame(store, 3);
      expect(await store.absences.countTimeout(game, 1)).toBe(1);
      expect(await store.absences.countTimeout(game, 1)).toBe(2);
      expect(await store.absences.timeoutsInARow(game, 0)).toBe(0);
      await store.absences.vote(game, 1, 'user-0', 'replace');
      await store.absences.reset(game, 1);
      expect(await store.absences.timeoutsInARow(game, 1)).toBe(0);
      expect(await store.absences.tally(game, 1)).toEqual({ replace: 0, wait: 0 });
    });

    it('one vote per voter: voting again changes it, never counts twice', async () => {
      const { store } = await backends.open();
      const game = await startedGame(store, 3);
      expect(await store.absences.vote(game, 2, 'user-0', 'replace')).toEqual({ replace: 1, wait: 0 });
      expect(await store.absences.vote(game, 2, 'user-0', 'replace')).toEqual({ replace: 1, wait: 0 });
      expect(await store.absences.vote(game, 2, 'user-0', 'wait')).toEqual({ replace: 0, wait: 1 });
      expect(await store.absences.vote(game, 2, 'user-1', 'replace')).toEqual({ replace: 1, wait: 1 });
      expect(await store.absences.tally(game, 1)).toEqual({ replace: 0, wait: 0 });
    });
  },
);
