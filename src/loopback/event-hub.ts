/**
 * A synchronous publish/subscribe list. A listener that throws must not break the REST request that
 * caused the event, so its error goes to the error sink instead of up the stack.
 */
export class EventHub<T> {
  readonly #listeners = new Set<(event: T) => void>();
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void) {
    this.#onError = onError;
  }

  on(listener: (event: T) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  emit(event: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.#onError(error);
      }
    }
  }

  get size(): number {
    return this.#listeners.size;
  }

  clear(): void {
    this.#listeners.clear();
  }
}
