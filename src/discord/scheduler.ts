import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { GameStore } from '../store/game-store.ts';
import type { PlannedRow, ScheduledRow } from '../store/schedule-store.ts';

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
  private again = false;
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

  /** Runs every due row now; resolves when done (tests and benchmarks call it; the timer calls it too). */
  async tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runDue().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.tick();
      } else this.arm();
    });
    return this.running;
  }

  private async runDue(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const rows = this.store.schedule.due(new Date(this.clock.now()));
      for (const row of rows) {
        if (this.stopped) return;
        const handler = this.handlers.get(row.kind);
        try {
          if (handler) await handler(row);
          else this.log.error({ row: row.key }, 'no handler for a scheduled row; closed');
        } catch (e) {
          this.log.error({ err: e, row: row.key }, 'a scheduled row failed; closed');
          this.store.schedule.markDone(row.id, `failed: ${e instanceof Error ? e.message : String(e)}`);
        }
        // A handler that forgot to close its row must not make it fire again and again.
        this.store.schedule.markDone(row.id, handler ? 'fired' : 'no handler');
      }
      if (rows.length === 0) return;
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
