import type { GameId } from '../../../src/store/errors.ts';
import type { GameStore } from '../../../src/store/game-store.ts';

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
