import type { RngState } from '../../../src/games/kernel/rng.ts';
import { getGame } from '../../../src/games/registry.ts';
import { openDatabase } from '../../../src/store/database.ts';
import type { GameId } from '../../../src/store/errors.ts';
import type { AppliedAction } from '../../../src/store/game-store.ts';
import { GameStore, type GameStoreOptions } from '../../../src/store/game-store.ts';
import { registerDiceRace } from '../../fixtures/dice-race.ts';
import { randomMove } from './random-play.ts';

/** A store on a private in-memory database that ran the real migrations. */
export function memoryStore(options: GameStoreOptions = {}): GameStore {
  registerDiceRace();
  return new GameStore(openDatabase(':memory:'), options);
}

/** A started dice race with the given human seats. */
export function startedGame(
  store: GameStore,
  players = 2,
  seed = 'seed',
  extra: Record<string, unknown> = {},
): GameId {
  const lobby = store.lobbies.create({
    type: 'dice-race',
    seed,
    options: extra,
    channelId: 'chan-1',
    guildId: 'guild-1',
    hostUserId: 'user-0',
    seats: Array.from({ length: players }, (_, i) => ({ userId: `user-${i}`, displayName: `Player ${i}` })),
  });
  return store.startGame(lobby.id).id;
}

/** Applies one random legal action for a waiting seat; undefined when nobody is waiting. */
export function playRandomAction(store: GameStore, gameId: GameId, rng: RngState): AppliedAction | undefined {
  const game = store.getGame(gameId);
  const move = randomMove(getGame(game.type), game.state, rng);
  if (!move) return undefined;
  return store.applyAction(gameId, { ...move, expectedVersion: game.version });
}
