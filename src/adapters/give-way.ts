/**
 * How thinking threads give way to the bot's own thread. When the thinking threads and the bot's thread
 * fill every core, a thought competes with the clicks for CPU: the bot's thread, the threads that encode
 * its pictures and its garbage collector all wait on a thread that could simply pause. Measured on 2
 * cores, a thread thinking without a pause took the click → hand p99 from 16 ms to 48–56 ms.
 *
 * The bot's thread counts the interactions it is answering in a shared word (`GiveWay.hold`); between
 * two playouts a thinking thread waits while that count is above zero (`Yielder.between`). The OS priority
 * alone cannot do this: lowered far, a thread starves whenever other processes fill the machine, and Linux
 * lets an unprivileged process lower a thread's priority but never raise it back, so the pool lowers it
 * only a little (`lowerBy`) and leaves the rest to this. A wait here is bounded: within one thought, a
 * thread waits at most as long as it has thought, plus `GRACE_MS`, so a flood of clicks slows a computer
 * down and never stops it. Waiting never changes the move: the search is counted in playouts, not in time.
 */

/** What a thought may wait before it has thought at all (one click's answer is about 10 ms). */
export const GRACE_MS = 25;
/** The longest single wait before a thread looks at its bound again. */
const SLICE_MS = 10;

/** The bot's side: the count of interactions being answered, shared with every thinking thread. */
export class GiveWay {
  readonly buffer = new SharedArrayBuffer(4);
  private readonly count = new Int32Array(this.buffer);

  /** One more interaction being answered; the function returned ends it (a second call does nothing). */
  hold(): () => void {
    Atomics.add(this.count, 0, 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (Atomics.sub(this.count, 0, 1) === 1) Atomics.notify(this.count, 0);
    };
  }

  /** Interactions being answered now. */
  get holding(): number {
    return Atomics.load(this.count, 0);
  }
}

/** A thinking thread's side, for one thought after another. */
export class Yielder {
  private readonly count: Int32Array;
  private started = 0;
  private waited = 0;

  constructor(
    buffer: SharedArrayBuffer,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.count = new Int32Array(buffer);
  }

  /** A new thought begins: its bound starts again. */
  start(): void {
    this.started = this.now();
    this.waited = 0;
  }

  /** Milliseconds this thought has waited so far. */
  get waitedMs(): number {
    return this.waited;
  }

  /** Between two playouts: waits while the bot's thread answers interactions, within the bound. */
  between(): void {
    for (;;) {
      const holding = Atomics.load(this.count, 0);
      if (holding === 0) return;
      const now = this.now();
      const thought = now - this.started - this.waited;
      const allowed = thought + GRACE_MS - this.waited;
      if (allowed <= 0) return;
      Atomics.wait(this.count, 0, holding, Math.min(SLICE_MS, allowed));
      this.waited += this.now() - now;
    }
  }
}
