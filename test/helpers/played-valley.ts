import { expect } from 'vitest';
import { nextInt, type RngState } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import type { GameStore } from '../../src/store/game-store.ts';
import type { Participant } from '../../src/store/records.ts';
import { randomMove } from '../store/helpers/random-play.ts';

/**
 * A whole game of Valley of the Kings played with random legal moves straight through the store, in
 * `where` (its server and channel, and a language if not the server's), dealt from `rng`: its id.
 */
export function playedValley(
  store: GameStore,
  seats: readonly Participant[],
  where: { readonly guildId: string; readonly channelId: string; readonly language?: string },
  rng: RngState,
): number {
  const lobby = store.lobbies.create({
    type: 'valley',
    guildId: where.guildId,
    channelId: where.channelId,
    seats,
    seed: `played-${nextInt(rng, 1_000_000)}`,
    ...(where.language ? { language: where.language } : {}),
  });
  const id = store.startGame(lobby.id).id;
  for (;;) {
    const game = store.getGame(id);
    const move = randomMove(getGame('valley'), game.state, rng);
    if (!move) break;
    store.applyAction(id, { ...move, expectedVersion: game.version });
  }
  expect(store.getGame(id).status).toBe('finished');
  return id;
}

/**
 * Player n's id, a real snowflake: the bot mentions players by id (`allowed_mentions.users`), and Discord
 * refuses a message whose ids are not snowflakes (the loopback's request check found `p7`).
 */
export const playerId = (n: number): string => String(100_000_000_000_000_000n + BigInt(n));

export const player = (n: number): Participant => ({ userId: playerId(n), displayName: `Player ${n}` });
