/**
 * Work under way that an orderly stop waits for: interactions being answered, gateway events being dealt
 * with. Each settles by itself (its own errors are logged where it runs); this only counts and waits.
 */
export class InFlight {
  private readonly running = new Set<Promise<void>>();

  track(work: Promise<unknown>): void {
    const forget = () => {
      this.running.delete(settled);
    };
    const settled: Promise<void> = work.then(forget, forget);
    this.running.add(settled);
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves once nothing is under way, work started meanwhile included. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
