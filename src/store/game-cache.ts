/**
 * Games loaded on first touch, least recently used dropped first. The cache is only ever a shortcut: every
 * write checks the row's version inside its transaction and reloads when another connection moved on.
 */
import type { GameId } from './errors.ts';
import type { GameRecord } from './records.ts';

export class GameCache {
  // A Map iterates in insertion order; re-inserting on every touch makes the first key the least recent.
  private readonly games = new Map<GameId, GameRecord>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`bad cache capacity ${capacity}`);
  }

  get size(): number {
    return this.games.size;
  }

  get(id: GameId): GameRecord | undefined {
    const game = this.games.get(id);
    if (game) {
      this.games.delete(id);
      this.games.set(id, game);
    }
    return game;
  }

  set(game: GameRecord): void {
    this.games.delete(game.id);
    if (this.capacity === 0) return;
    this.games.set(game.id, game);
    while (this.games.size > this.capacity) {
      const oldest = this.games.keys().next();
      if (oldest.done) break;
      this.games.delete(oldest.value);
    }
  }

  delete(id: GameId): void {
    this.games.delete(id);
  }

  clear(): void {
    this.games.clear();
  }
}
