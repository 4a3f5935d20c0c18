import type { TableView } from '../../games/kernel/types.ts';

/** Whether the game waits for someone other than the player to move (a window, a discard, a choice). */
export function owedByOthers(v: TableView<unknown>): boolean {
  return !v.finished && (v.waiting.window || v.waiting.seats.some((s) => s !== v.turn.seat));
}

/**
 * The board's line for a turn limit: a Discord timestamp, so each player reads it in their own time
 * zone and nobody's is stated.
 */
export function deadlineLine(deadline: number): string {
  return `⏰ This turn runs out <t:${Math.floor(deadline / 1000)}:R>; then the computer plays it.`;
}
