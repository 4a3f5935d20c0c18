/**
 * Promises that settle when the loopback's state satisfies a probe. Every state change calls
 * `notify()`, so waiting costs nothing between changes and needs no polling timer.
 */
export class WaitTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WaitTimeoutError';
  }
}

interface Pending {
  describe(): string;
  check(): void;
  fail(error: Error): void;
}

export interface WaitOptions {
  timeoutMs?: number;
  /**
   * Also re-check every this many ms. Only for probes that read state outside the loopback (a
   * discord.js cache, say), which changes without the loopback knowing.
   */
  pollMs?: number;
}

export class Waiters {
  readonly #pending = new Set<Pending>();
  readonly #defaultTimeoutMs: number;
  #closedReason: string | null = null;

  constructor(defaultTimeoutMs: number) {
    this.#defaultTimeoutMs = defaultTimeoutMs;
  }

  get defaultTimeoutMs(): number {
    return this.#defaultTimeoutMs;
  }

  /**
   * Resolves with the first defined value `probe` returns; a probe that throws rejects the wait
   * (for instance when the awaited reply can no longer come). `describe` is called only on timeout,
   * so it can report the state at that moment.
   */
  until<T>(probe: () => T | undefined, describe: () => string, options: WaitOptions = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.#defaultTimeoutMs;
    return new Promise<T>((resolve, reject) => {
      if (this.#closedReason !== null) {
        reject(new Error(`${this.#closedReason}; cannot wait for ${describe()}`));
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      let poll: NodeJS.Timeout | undefined;
      const pending: Pending = {
        describe,
        check: () => {
          let value: T | undefined;
          try {
            value = probe();
          } catch (error) {
            pending.fail(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          if (value === undefined) return;
          this.#pending.delete(pending);
          clearTimeout(timer);
          clearInterval(poll);
          resolve(value);
        },
        fail: (error) => {
          this.#pending.delete(pending);
          clearTimeout(timer);
          clearInterval(poll);
          reject(error);
        },
      };
      this.#pending.add(pending);
      timer = setTimeout(() => {
        pending.fail(new WaitTimeoutError(`Timed out after ${timeoutMs} ms waiting for ${describe()}`));
      }, timeoutMs);
      if (options.pollMs !== undefined) poll = setInterval(() => pending.check(), options.pollMs);
      pending.check();
    });
  }

  notify(): void {
    for (const pending of [...this.#pending]) pending.check();
  }

  close(reason: string): void {
    this.#closedReason = reason;
    for (const pending of [...this.#pending]) {
      pending.fail(new Error(`${reason} while waiting for ${pending.describe()}`));
    }
  }
}
