import { archaeology } from './archaeology/index.ts';
import type { GameModule } from './kernel/types.ts';
import { valley } from './valley/index.ts';

// The registry is deliberately loose-typed: callers outside a game hold opaque states and actions
// (JSON from the database or a button) and let the module validate them.
// biome-ignore lint/suspicious/noExplicitAny: opaque game payloads, validated by each module
export type AnyGame = GameModule<any, any, any, any>;

/**
 * The rules modules the store can load, listed here explicitly: importing a game registers nothing.
 * Tests add their own games with `registerGame`.
 */
const games = new Map<string, AnyGame>([
  [valley.id, valley],
  [archaeology.id, archaeology],
]);

export function registerGame(game: AnyGame): void {
  if (games.has(game.id)) throw new Error(`game '${game.id}' is registered twice`);
  games.set(game.id, game);
}

export function getGame(id: string): AnyGame {
  const game = games.get(id);
  if (!game) throw new Error(`unknown game type '${id}' (known: ${[...games.keys()].join(', ') || 'none'})`);
  return game;
}

export function listGames(): AnyGame[] {
  return [...games.values()];
}
