/**
 * Time source for every deadline the loopback enforces (3-second acknowledgement, 15-minute token).
 * Tests swap in a ManualClock so that a rule can be proven without waiting for it in real time.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  #now: number;

  constructor(start: number = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  advance(ms: number): void {
    if (ms < 0) throw new RangeError(`a clock cannot go back (advance by ${ms} ms)`);
    this.#now += ms;
  }
}
