import { DiscordAPIError } from 'discord.js';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { GameStore } from '../store/game-store.ts';
import type { PlannedRow, ScheduledRow } from '../store/schedule-store.ts';

const UNKNOWN_CHANNEL = 10003;

function isUnknownChannel(e: unknown): boolean {
  return e instanceof DiscordAPIError && e.code === UNKNOWN_CHANNEL;
}

/** Does what a row is due for, and marks it done (see ScheduleStore.markDone): at most once. */
export type DueHandler = (row: ScheduledRow) => Promise<void>;

/**
 * Runs what the schedule table says is due. One timer, for the earliest row; the rows are the truth,
 * so after a restart every overdue row fires (once) at `start`. Rows of a kind no handler knows are
 * closed with a log line rather than retried forever.
 */
export class Scheduler {
  private readonly handlers = new Map<string, DueHandler>();
  private cancel: (() => void) | null = null;
  private armedAt: number | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly store: GameStore,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  on(kind: string, handler: DueHandler): void {
    this.handlers.set(kind, handler);
  }

  start(): void {
    this.stopped = false;
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.cancel?.();
    this.cancel = null;
    this.armedAt = null;
  }

  /** Plans a row (idempotent by key) and moves the timer earlier if it is the new earliest. */
  plan(row: PlannedRow): boolean {
    const added = this.store.schedule.plan(row);
    if (added && !this.stopped && (this.armedAt === null || row.dueAt.getTime() < this.armedAt)) this.arm();
    return added;
  }

  /**
   * Runs every row due now; resolves when they are done. A tick asked for while one runs waits for it
   * and then looks again, so rows that fell due meanwhile (or were postponed to now) are not left behind.
   */
  async tick(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.runDue().finally(() => {
      this.running = null;
      this.arm();
    });
    return this.running;
  }

  private async runDue(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const rows = this.store.schedule.due(new Date(this.clock.now()));
      let progressed = false;
      for (const row of rows) {
        if (this.stopped) return;
        // Closed meanwhile (an earlier row cancelled its game's schedule): nothing to do.
        if (this.store.schedule.find(row.key)?.doneAt) continue;
        const handler = this.handlers.get(row.kind);
        try {
          if (handler) await handler(row);
          else this.log.error({ row: row.key }, 'no handler for a scheduled row; closed');
        } catch (e) {
          this.log.error({ err: e, row: row.key }, 'a scheduled row failed; closed');
          this.store.schedule.markDone(row.id, `failed: ${e instanceof Error ? e.message : String(e)}`);
          // The game's channel or thread was deleted: nothing of it can be delivered any more.
          if (row.gameId !== null && isUnknownChannel(e)) {
            const closed = this.store.schedule.cancelGame(row.gameId, 'channel gone');
            this.log.warn(
              { gameId: row.gameId, closed },
              "the game's channel is gone: its schedule is cancelled",
            );
          }
        }
        // A handler that neither closed nor postponed its row must not make it fire again and again.
        // (A row postponed by its handler is now due later than it was: left alone.)
        this.store.schedule.closeIfDue(row.id, row.dueAt, handler ? 'fired' : 'no handler');
      }
      // Postponed rows are due later: only rows that were closed call for another look now.
      for (const row of rows) if (this.store.schedule.find(row.key)?.doneAt) progressed = true;
      if (!progressed) return;
    }
  }

  private arm(): void {
    this.cancel?.();
    this.cancel = null;
    this.armedAt = null;
    if (this.stopped) return;
    const next = this.store.schedule.next();
    if (!next) return;
    this.armedAt = next.dueAt.getTime();
    this.cancel = this.clock.at(this.armedAt, () => {
      this.cancel = null;
      this.armedAt = null;
      void this.tick();
    });
  }
}
