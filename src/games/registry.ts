import { archaeologyPlayers } from './archaeology/bots/index.ts';
import { archaeology } from './archaeology/index.ts';
import type { GameModule, GamePlayers } from './kernel/types.ts';
import { valleyPlayers } from './valley/bots/index.ts';
import { valley } from './valley/index.ts';

// The registry is deliberately loose-typed: callers outside a game hold opaque states and actions
// (JSON from the database or a button) and let the module validate them.
// biome-ignore lint/suspicious/noExplicitAny: opaque game payloads, validated by each module
export type AnyGame = GameModule<any, any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: opaque game payloads, read only by the game's own players
export type AnyPlayers = GamePlayers<any, any>;

/**
 * The rules modules the store can load, listed here explicitly: importing a game registers nothing.
 * Tests add their own games with `registerGame`.
 */
const games = new Map<string, AnyGame>([
  [valley.id, valley],
  [archaeology.id, archaeology],
]);

/** Each game's computer players, for callers that know a game only by its id (a thinking thread). */
const players = new Map<string, AnyPlayers>([
  [valley.id, valleyPlayers],
  [archaeology.id, archaeologyPlayers],
]);

export function registerGame(game: AnyGame, computers?: AnyPlayers): void {
  if (games.has(game.id)) throw new Error(`game '${game.id}' is registered twice`);
  games.set(game.id, game);
  if (computers) players.set(game.id, computers);
}

export function getGame(id: string): AnyGame {
  const game = games.get(id);
  if (!game) throw new Error(`unknown game type '${id}' (known: ${[...games.keys()].join(', ') || 'none'})`);
  return game;
}

export function listGames(): AnyGame[] {
  return [...games.values()];
}

/** The computer players of the game `id`. */
export function playersOf(id: string): AnyPlayers {
  const found = players.get(id);
  if (!found)
    throw new Error(
      `no computer players for game '${id}' (known: ${[...players.keys()].join(', ') || 'none'})`,
    );
  return found;
}
