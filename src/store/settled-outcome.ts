/**
 * A game settled as it stands (a tournament round's deadline, `../tournaments/README.md`): finished without
 * being played out, ranked by its module's `outcomeAsItStands` of its last position, and marked so
 * (`Outcome.settled`). Its log replays to a position the rules say goes on; what makes it consistent is that
 * its stored outcome is exactly the marked ranking of that position, which verify and import check here.
 */

import type { Outcome } from '../games/kernel/types.ts';
import type { AnyGame } from '../games/registry.ts';
import type { GameRecord } from './records.ts';
import { toJson } from './replay.ts';

/** The marked outcome of `state` ranked as it stands; throws when the game cannot be ranked early. */
export function settledOutcome(module: AnyGame, state: unknown): Outcome {
  if (!module.outcomeAsItStands) throw new Error(`${module.id} cannot be ranked as it stands`);
  return { ...module.outcomeAsItStands(state), settled: 'as-it-stands' };
}

/**
 * The outcome a finished game's replayed `state` must have stored: the rules' when they say it is over,
 * else the marked ranking as it stands when the stored outcome claims that mark, else null (inconsistent).
 */
export function expectedOutcome(module: AnyGame, state: unknown, stored: Outcome | null): Outcome | null {
  const played = module.outcome(state);
  if (played) return played;
  return stored?.settled === 'as-it-stands' && module.outcomeAsItStands
    ? settledOutcome(module, state)
    : null;
}

/**
 * The game's columns once settled at `now`: finished with the marked outcome, and unrated — a game not
 * played out says little about its players' strength, and a rating must not reward whoever was ahead
 * when time ran out (a recompute reads `rated` too, so it stays unrated).
 */
export function settledColumns(module: AnyGame, game: GameRecord, now: Date) {
  return {
    status: 'finished' as const,
    outcome: toJson(settledOutcome(module, game.state), 'the outcome'),
    finishedAt: now,
    updatedAt: now,
    rated: false,
  };
}
