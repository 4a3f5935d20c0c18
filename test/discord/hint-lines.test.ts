import { describe, expect, it } from 'vitest';
import { hintLines } from '../../src/discord/hints.ts';
import { Tables } from '../../src/discord/tables.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import { installedGames } from '../helpers/installed-games.ts';
import { memoryStore } from '../store/helpers/memory-store.ts';

/**
 * The results' count of hints names each person who asked for them: a person whose seat a computer took
 * during play (three time-outs and a vote, or a request to be forgotten) still has theirs, under their
 * own name, never the computer's.
 */
describe('the results’ hints', () => {
  it('count a replaced person’s hints under their name', async () => {
    const sync = memoryStore();
    const store = new SqliteStore(sync);
    const tables = new Tables(store, installedGames().adapters);
    const lobby = sync.lobbies.create({
      type: 'valley',
      seed: 'hint-lines',
      options: {},
      seats: [
        { userId: '100000000000000001', displayName: 'alice' },
        { userId: '100000000000000002', displayName: 'bob' },
      ],
    });
    await store.lobbies.setRated(lobby.id, false);
    const started = sync.startGame(lobby.id);
    const alice = started.seats.findIndex((s) => s.displayName === 'alice');
    const bob = started.seats.findIndex((s) => s.displayName === 'bob');
    await store.hints.count(started.id, alice);
    await store.hints.count(started.id, alice);
    await store.hints.count(started.id, bob);
    await store.lobbies.replaceSeat(started.id, alice, { botKind: 'normal', displayName: 'Computer' });
    const game = await store.getGame(started.id);
    const [line] = await hintLines(store, game, tables.context(game, 'en'));
    expect(line).toContain('alice 2');
    expect(line).toContain('bob 1');
    expect(line).not.toContain('Computer');
    await store.close();
  });
});
