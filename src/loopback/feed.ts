import type { EventHub } from './event-hub.ts';
import type { World } from './model.ts';
import type { LoopbackEvent } from './model-types.ts';

/**
 * Whether `userId` may receive `event`. The audience decides, and message events are checked once
 * more against the message itself, so a per-user feed can never carry someone else's ephemeral reply
 * even if an audience were computed wrongly.
 */
export function visibleTo(world: World, userId: string, event: LoopbackEvent): boolean {
  if (!world.canReceive(userId, event.audience)) return false;
  if (event.type === 'message-create' || event.type === 'message-update' || event.type === 'message-delete') {
    const { message } = event;
    return message.visibleTo === null
      ? world.canSeeChannel(userId, message.channelId)
      : message.visibleTo === userId;
  }
  return true;
}

export function subscribe(
  world: World,
  hub: EventHub<LoopbackEvent>,
  userId: string | null,
  listener: (event: LoopbackEvent) => void,
): () => void {
  return hub.on((event) => {
    if (userId === null || visibleTo(world, userId, event)) listener(event);
  });
}

/**
 * The same events as an async iterator, buffered so that nothing is lost between two `next()` calls.
 * It ends when `return()` is called (a `for await` loop that breaks), the signal aborts, or the
 * server stops.
 */
export class EventFeed implements AsyncIterableIterator<LoopbackEvent> {
  readonly #queue: LoopbackEvent[] = [];
  readonly #waiting: ((result: IteratorResult<LoopbackEvent>) => void)[] = [];
  readonly #unsubscribe: () => void;
  readonly #onEnd: (feed: EventFeed) => void;
  #done = false;

  constructor(
    world: World,
    hub: EventHub<LoopbackEvent>,
    userId: string | null,
    onEnd: (feed: EventFeed) => void,
    signal?: AbortSignal,
  ) {
    this.#onEnd = onEnd;
    this.#unsubscribe = subscribe(world, hub, userId, (event) => {
      const waiter = this.#waiting.shift();
      if (waiter) waiter({ value: event, done: false });
      else this.#queue.push(event);
    });
    signal?.addEventListener('abort', () => this.end(), { once: true });
  }

  next(): Promise<IteratorResult<LoopbackEvent>> {
    const value = this.#queue.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  return(): Promise<IteratorResult<LoopbackEvent>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<LoopbackEvent> {
    return this;
  }

  /** Events received and not yet read. */
  get pending(): readonly LoopbackEvent[] {
    return [...this.#queue];
  }

  end(): void {
    if (this.#done) return;
    this.#done = true;
    this.#unsubscribe();
    for (const waiter of this.#waiting.splice(0)) waiter({ value: undefined, done: true });
    this.#onEnd(this);
  }
}
