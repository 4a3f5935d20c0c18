/**
 * The bot's one source of time: `Date.now` is read only by `systemClock`. Everything that waits (the
 * scheduler) sets its timer through the clock, so tests play days in milliseconds with a ManualClock.
 */
export interface Clock {
  now(): number;
  /** Calls `fn` once at `time` (ms since the epoch), or at once if that has passed; returns a cancel. */
  at(time: number, fn: () => void): () => void;
}

/** setTimeout cannot wait longer than 2³¹−1 ms (~24.8 days): longer waits are taken in steps. */
const MAX_DELAY = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  at(time, fn) {
    let timer: NodeJS.Timeout;
    const arm = () => {
      const wait = time - Date.now();
      if (wait > MAX_DELAY) timer = setTimeout(arm, MAX_DELAY);
      else timer = setTimeout(fn, Math.max(0, wait));
      timer.unref();
    };
    arm();
    return () => clearTimeout(timer);
  },
};

/** A clock that moves only when told; timers due by then run in time order. */
export class ManualClock implements Clock {
  #now: number;
  #timers: { time: number; fn: () => void; seq: number }[] = [];
  #seq = 0;

  constructor(start: number = Date.UTC(2026, 0, 5, 12)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  at(time: number, fn: () => void): () => void {
    const timer = { time, fn, seq: this.#seq++ };
    this.#timers.push(timer);
    // Like setTimeout(fn, 0): a timer already due runs on the next turn of the event loop, not inside `at`.
    if (time <= this.#now) setImmediate(() => this.#fire(timer));
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  }

  /** Moves time forward by `ms`, running every timer due by then, earliest first. */
  advance(ms: number): void {
    if (ms < 0) throw new RangeError(`a clock cannot go back (advance by ${ms} ms)`);
    this.set(this.#now + ms);
  }

  /** Moves time forward to `time`. */
  set(time: number): void {
    if (time < this.#now) throw new RangeError('a clock cannot go back');
    for (;;) {
      const next = this.#timers
        .filter((t) => t.time <= time)
        .sort((a, b) => a.time - b.time || a.seq - b.seq)[0];
      if (!next) break;
      this.#now = Math.max(this.#now, next.time);
      this.#fire(next);
    }
    this.#now = time;
  }

  #fire(timer: { time: number; fn: () => void; seq: number }): void {
    if (!this.#timers.includes(timer)) return;
    this.#timers = this.#timers.filter((t) => t !== timer);
    timer.fn();
  }
}
