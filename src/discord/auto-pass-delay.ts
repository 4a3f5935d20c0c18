import type { Seat } from '../games/kernel/types.ts';
import type { GameRecord } from '../store/records.ts';
import type { AutopilotTiming } from './autopilot.ts';

/**
 * How long the autopilot waits before passing `seat`, a person who can only pass a reaction window.
 *
 * The random wait exists so that how fast a window closes tells nobody who could have reacted. Only
 * another person at the table can learn from it: the seat's own holder knows their hand, and computers
 * read the state directly. So when every other seat is a computer (or the same person in another seat),
 * the pass is made at once — otherwise a solo player sits through 2–8 s of hiding nothing on each of a
 * computer's purchases. Spectators are not counted: they play no cards against anyone.
 */
export function autoPassDelay(
  game: Pick<GameRecord, 'seats'>,
  seat: Seat,
  timing: Pick<AutopilotTiming, 'autoPassMinMs' | 'autoPassMaxMs'>,
  random: () => number,
): number {
  if (!someoneElseWatches(game, seat)) return 0;
  const { autoPassMinMs: lo, autoPassMaxMs: hi } = timing;
  return lo + Math.floor(random() * (hi - lo + 1));
}

/** Whether a person other than the one in `seat` holds a seat in the game. */
export function someoneElseWatches(game: Pick<GameRecord, 'seats'>, seat: Seat): boolean {
  const self = game.seats[seat]?.userId ?? null;
  return game.seats.some(
    (s, k) => k !== seat && s.botKind === null && s.userId !== null && s.userId !== self,
  );
}
