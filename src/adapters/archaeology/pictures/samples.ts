import { archaeologyBots } from '../../../games/archaeology/bots/index.ts';
import { applyInPlace, archaeology, waitingFor } from '../../../games/archaeology/index.ts';
import type { ArchaeologyState } from '../../../games/archaeology/state.ts';
import { nextInt, seedRng } from '../../../games/kernel/rng.ts';

/**
 * Fixed positions for golden images, the gallery and the render fuzz: games of heuristic (or random)
 * players from fixed seeds, so the same pictures come out on every machine.
 */
export function playArchaeology(
  players: number,
  seed: string,
  onStep: (s: ArchaeologyState, step: number) => void = () => {},
  bot: 'heuristic' | 'random' = 'heuristic',
): ArchaeologyState {
  // Today's numbers (options without a pin deal the catalog of 2026-11-28).
  const options = { players, firstSeat: 0 };
  const s = archaeology.setup(archaeology.catalogs?.pin(options) ?? options, seed);
  const rng = seedRng(`samples:${seed}`);
  for (let step = 0; !s.finished; step++) {
    onStep(s, step);
    const seats = waitingFor(s);
    const seat = seats[nextInt(rng, seats.length)] as number;
    applyInPlace(s, seat, archaeologyBots[bot](s, seat, rng));
  }
  onStep(s, -1);
  return s;
}

/** Four players halfway through: a busy marketplace, an explored chamber, sets sold. */
export function archaeologyMidGame(): ArchaeologyState {
  let found: ArchaeologyState | null = null;
  playArchaeology(4, 'golden-mid', (s, step) => {
    if (!found && step >= 60 && s.pending === null && s.sold.some((sets) => sets.length > 0))
      found = structuredClone(s);
  });
  if (!found) throw new Error('no mid-game position in the sample game');
  return found;
}

export function archaeologyFinale(): ArchaeologyState {
  return playArchaeology(4, 'golden-end');
}
