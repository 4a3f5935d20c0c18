import type { Seat } from '../games/kernel/types.ts';
import { valley } from '../games/valley/index.ts';
import type { ValleyAction, ValleyState } from '../games/valley/state.ts';
import type { ValleyView } from '../games/valley/view.ts';
import type { GameStore } from '../store/game-store.ts';
import type { GameRecord } from '../store/records.ts';
import type { GameContext, Pictures } from './messages/context.ts';

/** The adapter's view of a stored game: names, seats, views. Knows no rule. */
export class Desk {
  constructor(
    readonly store: GameStore,
    readonly pictures: Pictures,
  ) {}

  context(game: GameRecord): GameContext {
    return {
      gameId: game.id,
      version: game.version,
      names: game.seats.map((s) => s.displayName),
      users: game.seats.map((s) => s.userId),
    };
  }

  state(game: GameRecord): ValleyState {
    if (game.state === null) throw new Error(`game #${game.id} has not started`);
    return game.state as ValleyState;
  }

  view(game: GameRecord, seat: Seat | null): ValleyView {
    return valley.view(this.state(game), seat);
  }

  seatOf(game: GameRecord, userId: string): Seat | null {
    return game.seats.find((s) => s.userId === userId)?.seat ?? null;
  }

  /** Applies through the store (one transaction, version-checked); store errors propagate. */
  apply(gameId: number, seat: Seat, action: ValleyAction, expectedVersion: number): GameRecord {
    return this.store.applyAction(gameId, { seat, action, expectedVersion }).game;
  }
}
