/**
 * Runs tasks for one game one after another. Applying is synchronous, but publishing what changed is
 * not; without this, a computer player's move could be announced before the click that preceded it.
 */
export class GameLocks {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(gameId: number, task: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(gameId) ?? Promise.resolve();
    const next = prev.then(task, task);
    const tail = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(gameId, tail);
    void tail.then(() => {
      if (this.tails.get(gameId) === tail) this.tails.delete(gameId);
    });
    return next;
  }

  /** Games with a task running or queued. */
  get busy(): number {
    return this.tails.size;
  }

  /** Resolves when every queued task has finished (for shutdown and tests). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
