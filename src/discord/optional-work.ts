/**
 * Work the bot does on its own that can wait: computer moves and automatic passes (autopilot.ts),
 * reminders, turn DMs, nudges and board retries (scheduler rows), board edits within a turn (publisher.ts).
 * When Discord's invalid-request budget runs low (src/ops/invalid-requests.ts), that work is held: it
 * waits, it is never dropped. What a person clicks is never held.
 */
export interface OptionalWork {
  /** Until when (ms since the epoch, on the bot's clock) optional work waits; null while it may go. */
  heldUntil(): number | null;
  /** Calls `fn` once optional work may go again (on a later turn if it may now); returns a cancel. */
  whenFree(fn: () => void): () => void;
}
