import { DiscordAPIError } from 'discord.js';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { PlannedRow, ScheduledRow, ShardSet } from '../store/schedule-store.ts';
import type { Store } from '../store/store.ts';
import type { OptionalWork } from './optional-work.ts';

const UNKNOWN_CHANNEL = 10003;
/** How often rows past their retention are deleted (schedule-retention.ts); the first time, at start. */
export const PRUNE_EVERY_MS = 24 * 3_600_000;
/** The outcome of the rows of a game whose channel or thread was deleted. */
export const CHANNEL_GONE = 'channel gone';

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
  /** Bumped by every arm: an arm whose read of the next row is overtaken by a newer arm gives way. */
  private arming = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Rows of other shards' games are theirs to fire (see shards.ts); all rows when unset. */
  private shards: ShardSet | undefined;
  private cancelPrune: (() => void) | null = null;
  /** Rows of these kinds wait while `work` is held (Discord's invalid-request budget, optional-work.ts). */
  private optional: { kinds: ReadonlySet<string>; work: OptionalWork } | null = null;
  /** Told of each row as it runs, with how late it runs in ms (the operator's metrics, src/ops). */
  ranRow: ((row: ScheduledRow, lateMs: number) => void) | null = null;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Set before `start`, once the gateway has said which shards this process runs. */
  useShards(shards: ShardSet): void {
    this.shards = shards;
  }

  on(kind: string, handler: DueHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Rows of `kinds` are postponed, not run, while `work` is held: they fire once it is free. */
  holdOptional(kinds: readonly string[], work: OptionalWork): void {
    this.optional = { kinds: new Set(kinds), work };
  }

  /** Resolves once the timer is armed for the earliest row (an overdue one fires right after). */
  async start(): Promise<void> {
    this.stopped = false;
    this.schedulePrune(this.clock.now());
    await this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.cancelPrune?.();
    this.cancelPrune = null;
    this.cancel?.();
    this.cancel = null;
    this.armedAt = null;
    this.arming++;
  }

  /** Whether due rows are being run now. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Resolves once the rows being run now are done (an orderly stop waits for them after `stop`). */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => {});
  }

  /** Plans a row (idempotent by key) and moves the timer earlier if it is the new earliest. */
  async plan(row: PlannedRow): Promise<boolean> {
    const added = await this.store.schedule.plan(row);
    if (added && !this.stopped && (this.armedAt === null || row.dueAt.getTime() < this.armedAt))
      await this.arm();
    return added;
  }

  /** Rows a move's transaction added: the timer moves earlier if one is the new earliest. */
  async planned(rows: readonly PlannedRow[]): Promise<void> {
    if (this.stopped || rows.length === 0) return;
    const earliest = Math.min(...rows.map((r) => r.dueAt.getTime()));
    if (this.armedAt === null || earliest < this.armedAt) await this.arm();
  }

  /**
   * Runs every row due now; resolves when they are done. A tick asked for while one runs waits for it
   * and then looks again, so rows that fell due meanwhile (or were postponed to now) are not left behind.
   */
  async tick(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.runDue().finally(async () => {
      this.running = null;
      await this.arm();
    });
    return this.running;
  }

  private async runDue(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const rows = await this.store.schedule.due(new Date(this.clock.now()), 100, this.shards);
      let progressed = false;
      for (const row of rows) {
        if (this.stopped) return;
        // Closed meanwhile (an earlier row cancelled its game's schedule): nothing to do.
        if ((await this.store.schedule.find(row.key))?.doneAt) continue;
        const handler = this.handlers.get(row.kind);
        const heldUntil = this.optional?.kinds.has(row.kind) ? this.optional.work.heldUntil() : null;
        if (heldUntil !== null) {
          await this.store.schedule.postpone(row.id, new Date(heldUntil));
          continue;
        }
        this.ranRow?.(row, this.clock.now() - row.dueAt.getTime());
        try {
          if (handler) await handler(row);
          else this.log.error({ row: row.key }, 'no handler for a scheduled row; closed');
        } catch (e) {
          this.log.error({ err: e, row: row.key }, 'a scheduled row failed; closed');
          await this.store.schedule.markDone(row.id, `failed: ${e instanceof Error ? e.message : String(e)}`);
          // The game's channel or thread was deleted: nothing of it can be delivered any more.
          if (row.gameId !== null && isUnknownChannel(e)) {
            const closed = await this.store.schedule.cancelGame(row.gameId, CHANNEL_GONE);
            this.log.warn(
              { gameId: row.gameId, closed },
              "the game's channel is gone: its schedule is cancelled",
            );
          }
        }
        // A handler that neither closed nor postponed its row must not make it fire again and again.
        // (A row postponed by its handler is now due later than it was: left alone.)
        await this.store.schedule.closeIfDue(row.id, row.dueAt, handler ? 'fired' : 'no handler');
      }
      // Postponed rows are due later: only rows that were closed call for another look now.
      for (const row of rows) if ((await this.store.schedule.find(row.key))?.doneAt) progressed = true;
      if (!progressed) return;
    }
  }

  /**
   * Deletes old rows at `time` and daily after it. One process does it: the one running shard 0 (or the
   * only one); the others would only repeat its deletes.
   */
  private schedulePrune(time: number): void {
    if (this.shards && !this.shards.ids.includes(0)) return;
    this.cancelPrune?.();
    this.cancelPrune = this.clock.at(time, () => {
      this.cancelPrune = null;
      this.prune()
        .catch((e) => this.log.error({ err: e }, 'the scheduler failed to delete old rows'))
        .finally(() => {
          if (!this.stopped) this.schedulePrune(this.clock.now() + PRUNE_EVERY_MS);
        });
    });
  }

  /** Deletes the rows past their retention (schedule-retention.ts); returns how many. */
  async prune(): Promise<number> {
    const deleted = await this.store.schedule.prune(new Date(this.clock.now()));
    if (deleted > 0) this.log.info({ deleted }, 'deleted schedule rows past their retention');
    return deleted;
  }

  private async arm(): Promise<void> {
    const mine = ++this.arming;
    if (this.stopped) return;
    const next = await this.store.schedule.next(this.shards);
    if (mine !== this.arming || this.stopped) return;
    this.cancel?.();
    this.cancel = null;
    this.armedAt = null;
    if (!next) return;
    this.armedAt = next.dueAt.getTime();
    this.cancel = this.clock.at(this.armedAt, () => {
      this.cancel = null;
      this.armedAt = null;
      this.tick().catch((e) => this.log.error({ err: e }, 'the scheduler failed to run its due rows'));
    });
  }
}
