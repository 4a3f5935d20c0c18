import type { Clock } from './clock.ts';

/** Discord's epoch: the first millisecond of 2015, in Unix milliseconds. */
export const DISCORD_EPOCH = 1_420_070_400_000;

const WORKER_BITS = 5n;
const PROCESS_BITS = 5n;
const INCREMENT_BITS = 12n;

/**
 * Real-form snowflakes, because discord.js calls `BigInt(id)` for timestamps and @discordjs/rest's
 * bucket regexes expect 17 to 19 digits (pitfall P12).
 */
export class SnowflakeGenerator {
  readonly #clock: Clock;
  readonly #worker: bigint;
  readonly #process: bigint;
  #increment = 0n;
  #lastMs = -1;

  constructor(clock: Clock, worker = 1, process = 0) {
    this.#clock = clock;
    this.#worker = BigInt(worker) & ((1n << WORKER_BITS) - 1n);
    this.#process = BigInt(process) & ((1n << PROCESS_BITS) - 1n);
  }

  next(): string {
    let ms = this.#clock.now();
    // A manual clock may stand still for many ids: keep them unique and increasing by borrowing
    // the next millisecond once the 12-bit increment wraps, as Discord's workers do.
    if (ms < this.#lastMs) ms = this.#lastMs;
    if (ms === this.#lastMs) {
      this.#increment += 1n;
      if (this.#increment >= 1n << INCREMENT_BITS) {
        this.#increment = 0n;
        ms += 1;
      }
    } else {
      this.#increment = 0n;
    }
    this.#lastMs = ms;
    return snowflakeFrom(ms, this.#worker, this.#process, this.#increment);
  }
}

export function snowflakeFrom(ms: number, worker = 0n, process = 0n, increment = 0n): string {
  const time = BigInt(ms - DISCORD_EPOCH) << (WORKER_BITS + PROCESS_BITS + INCREMENT_BITS);
  return (
    time |
    (worker << (PROCESS_BITS + INCREMENT_BITS)) |
    (process << INCREMENT_BITS) |
    increment
  ).toString();
}

export function snowflakeTimestamp(id: string): number {
  return Number(BigInt(id) >> (WORKER_BITS + PROCESS_BITS + INCREMENT_BITS)) + DISCORD_EPOCH;
}

export function isSnowflake(value: string): boolean {
  return /^\d{17,20}$/.test(value);
}
