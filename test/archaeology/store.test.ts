import { describe, expect, it } from 'vitest';
import { archaeologyBotMove } from '../../src/games/archaeology/bots/index.ts';
import { archaeologyBook } from '../../src/games/archaeology/catalog-versions.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import type { ArchaeologyState } from '../../src/games/archaeology/state.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { memoryStore } from '../store/helpers/memory-store.ts';

/**
 * Archaeology in the store like any game: created from a lobby, played move by move with the version
 * check, carried on by a restarted store, finished with its outcome, and verified by replaying its log.
 */
describe('Archaeology games in the store', () => {
  it('plays to the end across a restart, and every stored game replays to its state', () => {
    const store = memoryStore();
    const lobby = store.lobbies.create({
      type: 'archaeology',
      seed: 'store-seed',
      options: {},
      channelId: 'chan-1',
      guildId: 'guild-1',
      hostUserId: 'user-0',
      seats: [0, 1, 2].map((i) => ({ userId: `user-${i}`, displayName: `Player ${i}` })),
    });
    const id = store.startGame(lobby.id).id;
    // Pinned to today's catalog as it starts (catalog-versions.ts).
    expect(store.getGame(id).options).toEqual({
      players: 3,
      catalogs: { archaeology: archaeologyBook.current },
    });
    let s: GameStore = store;
    for (let n = 0; s.getGame(id).status === 'active'; n++) {
      if (n === 40) s = new GameStore(store.database);
      const game = s.getGame(id);
      const state = game.state as ArchaeologyState;
      const seat = archaeology.waitingFor(state)[0] as number;
      s.applyAction(id, {
        seat,
        action: archaeologyBotMove(state, seat, 'heuristic'),
        expectedVersion: game.version,
      });
      // A doubled click, drawn on the version just used, is refused and changes nothing.
      expect(() =>
        s.applyAction(id, { seat, action: { type: 'end' }, expectedVersion: game.version }),
      ).toThrow();
    }
    const done = s.getGame(id);
    expect(done.status).toBe('finished');
    expect(done.outcome?.results).toHaveLength(3);
    expect(verifyAll(store.database)).toMatchObject({ checked: 1, problems: [] });
    store.database.close();
  });

  it('refuses to start with more seats than the rules allow, naming the limit', () => {
    const store = memoryStore();
    const seats = [0, 1, 2, 3, 4].map((i) => ({ userId: `user-${i}`, displayName: `Player ${i}` }));
    expect(() =>
      store.lobbies.create({ type: 'archaeology', channelId: 'c', guildId: 'g', hostUserId: 'u', seats }),
    ).toThrow('Archaeology seats at most 4 players');
    store.database.close();
  });
});
