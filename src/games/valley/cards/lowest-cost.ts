import { occupiedSlots } from '../pyramid.ts';
import type { ValleyState } from '../state.ts';
import { costOf } from '../zones.ts';

/** Pyramid slots holding a card of the lowest cost (ties: the player picks). */
export function lowestCostSlots(s: ValleyState): number[] {
  const slots = occupiedSlots(s);
  const min = Math.min(...slots.map((slot) => costOf(s, s.pyramid[slot] as number)));
  return slots.filter((slot) => costOf(s, s.pyramid[slot] as number) === min);
}
