import { describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { openDatabase } from '../../src/store/database.ts';
import { exportGame, type GameExport, importGame } from '../../src/store/export-import.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { memoryStore, playRandomAction } from './helpers/memory-store.ts';
import { startedSnowflakeGame } from './helpers/snowflake-games.ts';

/**
 * A game settled as it stands (a tournament deadline) replays to a position its rules say goes on: its
 * export imports, and verifies, exactly when its stored outcome is the marked ranking of that position.
 */
function settledRecord(): GameExport {
  const store = memoryStore();
  const id = startedSnowflakeGame(store, 3, 'settled-import');
  const rng = seedRng('settled-import');
  for (let i = 0; i < 5; i++) playRandomAction(store, id, rng);
  store.settleAsItStands(id, () => ({ rows: [] }));
  return JSON.parse(JSON.stringify(exportGame(store.database, id)));
}

describe('a game settled as it stands, exported and imported', () => {
  it('imports as finished with its marked ranking, unrated; verify agrees', () => {
    const record = settledRecord();
    expect(record.game.status).toBe('finished');
    const database = openDatabase(':memory:');
    const store = new GameStore(database);
    const id = importGame(database, record);
    const game = store.getGame(id);
    expect(game).toMatchObject({ status: 'finished', rated: false, version: 5 });
    expect(game.outcome).toEqual(record.game.outcome);
    expect(game.outcome?.settled).toBe('as-it-stands');
    expect(verifyAll(database).problems).toEqual([]);
  });

  it('refuses places that are not the position’s, and a finish without the mark', () => {
    const record = settledRecord();
    const outcome = record.game.outcome as { results: { rank: number }[]; settled?: string };
    const forged = structuredClone(record);
    const ranks = forged.game.outcome as typeof outcome;
    ranks.results = ranks.results.map((r, i) => ({ ...r, rank: i + 1 }));
    if (JSON.stringify(ranks.results) === JSON.stringify(outcome.results)) ranks.results.reverse();
    expect(() => importGame(openDatabase(':memory:'), forged)).toThrow(/outcome differs/);
    const unmarked = structuredClone(record);
    delete (unmarked.game.outcome as { settled?: string }).settled;
    expect(() => importGame(openDatabase(':memory:'), unmarked)).toThrow(/not over/);
  });
});
