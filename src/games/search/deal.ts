import { type RngState, shuffleInPlace } from '../kernel/rng.ts';

/**
 * `cards` in a fresh random order that does not depend on the order they came in: sorted first, so that
 * hidden cards arranged otherwise in the real game are dealt the same for the same `rng` (what keeps a
 * determinization from reading what the seat cannot see).
 */
export function dealt(cards: readonly number[], rng: RngState): number[] {
  const out = [...cards].sort((a, b) => a - b);
  shuffleInPlace(rng, out);
  return out;
}
