import type { ValleyState } from './state.ts';

/**
 * Slots: 0–2 base (left, centre, right), 3–4 middle (left, right), 5 top. A card falls from the slot
 * diagonally above; the centre of the base has two such slots, and the player who caused the
 * crumble chooses between them.
 */
export const BASE = [0, 1, 2] as const;
export const SLOTS = [0, 1, 2, 3, 4, 5] as const;
export const FALLS_FROM: readonly (readonly number[])[] = [[3], [3, 4], [4], [5], [5], []];

export const isBase = (slot: number): boolean => slot >= 0 && slot <= 2;

export function occupiedSlots(s: ValleyState): number[] {
  return SLOTS.filter((slot) => s.pyramid[slot] !== null);
}

export function pyramidEmpty(s: ValleyState): boolean {
  return s.pyramid.every((c) => c === null);
}

/** Fills empty slots from the stock one card at a time, base first. */
export function refill(s: ValleyState): number {
  let placed = 0;
  for (const slot of SLOTS) {
    if (s.pyramid[slot] !== null) continue;
    const card = s.stock.pop();
    if (card === undefined) break;
    s.pyramid[slot] = card;
    placed++;
  }
  return placed;
}
