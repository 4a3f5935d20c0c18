import { seedRng } from '../../../src/games/kernel/rng.ts';
import { openDatabase } from '../../../src/store/database.ts';
import type { GameId } from '../../../src/store/errors.ts';
import { exportGame, type GameExport } from '../../../src/store/export-import.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { playRandomAction } from './memory-store.ts';

/** Discord ids as a record must hold them (game-record-schema.ts): snowflakes, made in 2017. */
export const GUILD = '300000000000000001';
export const CHANNEL = '300000000000000002';
export const user = (i: number): string => `3000000000000001${String(i).padStart(2, '0')}`;

/** `startedGame` (memory-store.ts) with Discord ids: a dice race of `players` people, started. */
export function startedSnowflakeGame(store: GameStore, players: number, seed: string): GameId {
  const lobby = store.lobbies.create({
    type: 'dice-race',
    seed,
    channelId: CHANNEL,
    guildId: GUILD,
    hostUserId: user(0),
    seats: Array.from({ length: players }, (_, i) => ({ userId: user(i), displayName: `Player ${i}` })),
  });
  return store.startGame(lobby.id).id;
}

/** A dice race of `players` people played to its end on a database of its own, exported as a file holds it. */
export function finishedRecord(seed: string, players = 2): GameExport {
  const database = openDatabase(':memory:');
  try {
    const store = new GameStore(database);
    const id = startedSnowflakeGame(store, players, seed);
    const rng = seedRng(seed);
    while (playRandomAction(store, id, rng));
    return JSON.parse(JSON.stringify(exportGame(database, id)));
  } finally {
    database.close();
  }
}
