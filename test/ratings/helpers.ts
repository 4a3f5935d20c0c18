import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import type { Participant } from '../../src/store/records.ts';
import { registerDiceRace } from '../fixtures/dice-race.ts';
import { registerVerdict } from '../fixtures/verdict.ts';

/** A store on a private in-memory database, with a clock the test moves (one millisecond per read). */
export function ratingStore(start = Date.UTC(2026, 0, 1)) {
  registerVerdict();
  registerDiceRace();
  const clock = { now: start, step: 1 };
  const store = new GameStore(openDatabase(':memory:'), {
    now: () => {
      const t = new Date(clock.now);
      clock.now += clock.step;
      return t;
    },
  });
  return { store, clock };
}

export const person = (n: number | string): Participant => ({ userId: `u${n}`, displayName: `User ${n}` });
export const computer = (name = 'Khufu'): Participant => ({ botKind: 'heuristic', displayName: name });

export interface VerdictGame {
  readonly seats: readonly Participant[];
  readonly ranks: readonly number[];
  readonly guildId?: string | null;
  readonly rated?: boolean | null;
}

/** Starts a verdict game with these seats (in this order) and returns its id, still running. */
export function startVerdict(store: GameStore, g: Omit<VerdictGame, 'ranks'>): number {
  const lobby = store.lobbies.create({
    type: 'verdict',
    guildId: g.guildId === undefined ? 'g1' : g.guildId,
    channelId: 'c1',
    seats: g.seats,
    rated: g.rated ?? null,
  });
  return store.startGame(lobby.id).id;
}

export function finishVerdict(store: GameStore, id: number, ranks: readonly number[]) {
  return store.applyAction(id, { seat: 0, action: { ranks }, expectedVersion: 0 }).game;
}

/** A whole verdict game: started and finished with `ranks`. */
export function playVerdict(store: GameStore, g: VerdictGame) {
  return finishVerdict(store, startVerdict(store, g), g.ranks);
}
