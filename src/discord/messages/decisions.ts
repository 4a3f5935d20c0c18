import type { TableView } from '../../games/kernel/types.ts';

/** Whether the game waits for someone other than the player to move (a window, a discard, a choice). */
export function owedByOthers(v: TableView<unknown>): boolean {
  return !v.finished && (v.waiting.window || v.waiting.seats.some((s) => s !== v.turn.seat));
}
