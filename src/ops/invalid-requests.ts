/**
 * Discord's invalid-request budget. Discord bans an application's IP address for an hour once it has made
 * 10,000 invalid requests in 10 minutes: answers 401, 403 and 429 (a 429 whose `X-RateLimit-Scope` is
 * `shared` excepted: that limit is the resource's, not the bot's fault). The bot counts them in a sliding
 * window on its own clock; from `slowAt` of the limit (half, by default) it holds its optional work
 * (../discord/optional-work.ts) until the count falls back below that mark, and says so in the log once
 * per crossing. Holding cannot stop the invalid answers that people's clicks earn, but it takes away
 * everything the bot would send by itself, which is most of its traffic in a busy channel.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { OptionalWork } from '../discord/optional-work.ts';

export interface BudgetOptions {
  /** Invalid requests Discord allows in `windowMs` (10,000). */
  readonly limit: number;
  /** Discord's window (10 minutes). */
  readonly windowMs: number;
  /** The share of `limit` from which optional work is held (0.5). */
  readonly slowAt: number;
}

export const DISCORD_INVALID_BUDGET: BudgetOptions = { limit: 10_000, windowMs: 10 * 60_000, slowAt: 0.5 };

/** The statuses Discord counts as invalid. */
const INVALID = new Set([401, 403, 429]);

/** Whether Discord counts an answer of this status (and rate-limit scope, for a 429) against the budget. */
export function isInvalid(status: number, scope: string | null): boolean {
  return INVALID.has(status) && !(status === 429 && scope === 'shared');
}

/** Counts per second of the clock: a window holds at most `windowMs / 1000` of them, however many requests. */
interface Bucket {
  readonly second: number;
  count: number;
}

export class InvalidRequestBudget implements OptionalWork {
  readonly options: BudgetOptions;
  /** The count from which optional work is held. */
  readonly threshold: number;
  private readonly buckets: Bucket[] = [];
  private inWindow = 0;
  private held = false;
  private readonly waiting = new Set<() => void>();
  private cancelCheck: (() => void) | null = null;
  /** How many times the count crossed the mark upwards (each logged once). */
  crossings = 0;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    options: Partial<BudgetOptions> = {},
  ) {
    this.options = { ...DISCORD_INVALID_BUDGET, ...options };
    const { limit, windowMs, slowAt } = this.options;
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`limit must be a whole number ≥ 1, got ${limit}`);
    if (!Number.isInteger(windowMs) || windowMs < 1000)
      throw new RangeError(`windowMs must be a whole number of ms ≥ 1000, got ${windowMs}`);
    if (!(slowAt > 0 && slowAt <= 1)) throw new RangeError(`slowAt must be in (0, 1], got ${slowAt}`);
    this.threshold = Math.max(1, Math.ceil(limit * slowAt));
  }

  /** Counts one answer if Discord counts it; returns whether it did. */
  record(status: number, scope: string | null = null): boolean {
    if (!isInvalid(status, scope)) return false;
    const now = this.clock.now();
    this.prune(now);
    const second = Math.floor(now / 1000);
    const last = this.buckets.at(-1);
    if (last && last.second === second) last.count++;
    else this.buckets.push({ second, count: 1 });
    this.inWindow++;
    if (!this.held && this.inWindow >= this.threshold) {
      this.held = true;
      this.crossings++;
      this.log.warn(
        { invalid: this.inWindow, limit: this.options.limit, windowMs: this.options.windowMs },
        "Discord's invalid-request budget is over the mark: the bot holds its computer moves, reminders and board edits until it falls",
      );
      this.armCheck();
    }
    return true;
  }

  /** Invalid answers counted in the window ending now. */
  count(): number {
    this.prune(this.clock.now());
    return this.inWindow;
  }

  /** Whether optional work is held now. */
  get holding(): boolean {
    return this.held;
  }

  /** Pieces of optional work waiting for it to be free (tests, logs). */
  get waitingWork(): number {
    return this.waiting.size;
  }

  heldUntil(): number | null {
    if (!this.held) return null;
    this.prune(this.clock.now());
    // Fallen below the mark before the check's timer ran: free now, not a moment later.
    if (this.inWindow < this.threshold) {
      this.release();
      return null;
    }
    return this.calmAt();
  }

  whenFree(fn: () => void): () => void {
    if (!this.held) {
      const timer = setImmediate(fn);
      return () => clearImmediate(timer);
    }
    this.waiting.add(fn);
    return () => {
      this.waiting.delete(fn);
    };
  }

  /** Forgets what waits (the bot is stopping): nothing held runs after this. */
  stop(): void {
    this.cancelCheck?.();
    this.cancelCheck = null;
    this.waiting.clear();
  }

  /** When the count falls below the mark if nothing more is counted: each second's count leaves whole. */
  private calmAt(): number {
    let left = this.inWindow;
    for (const b of this.buckets) {
      if (left < this.threshold) break;
      left -= b.count;
      if (left < this.threshold) return this.expiry(b);
    }
    return this.clock.now();
  }

  private expiry(b: Bucket): number {
    return (b.second + 1) * 1000 + this.options.windowMs;
  }

  private prune(now: number): void {
    while (this.buckets.length > 0 && this.expiry(this.buckets[0] as Bucket) <= now) {
      this.inWindow -= (this.buckets.shift() as Bucket).count;
    }
  }

  /** Looks again when the count should have fallen; more answers counted meanwhile put it off. */
  private armCheck(): void {
    this.cancelCheck?.();
    this.cancelCheck = this.clock.at(this.calmAt(), () => {
      this.cancelCheck = null;
      this.prune(this.clock.now());
      if (this.inWindow >= this.threshold) return this.armCheck();
      this.release();
    });
  }

  /** Under the mark again: said once, and what waited goes, each on a turn of its own. */
  private release(): void {
    if (!this.held) return;
    this.held = false;
    this.cancelCheck?.();
    this.cancelCheck = null;
    this.log.info(
      { invalid: this.inWindow, limit: this.options.limit },
      "Discord's invalid-request budget is back under the mark: the bot's optional work goes on",
    );
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const fn of waiting) setImmediate(fn);
  }
}
