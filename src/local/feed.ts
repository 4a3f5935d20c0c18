import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { LoopbackEvent } from '../loopback/index.ts';
import type { LocalWorld } from './local-world.ts';
import { type PageEvent, pageEvent } from './page-wire.ts';

/** A comment line often enough that no proxy or browser decides the stream is dead. */
const KEEPALIVE_MS = 15_000;

/**
 * Server-Sent Events for one person at the table. It is built on the loopback's per-user feed, which
 * never carries another user's ephemeral messages, modals or autocomplete answers; each message is
 * checked once more here so that a mistake upstream shows up as a logged error, not as a leak.
 */
export class PageFeeds {
  readonly #world: LocalWorld;
  readonly #log: Logger;
  readonly #open = new Set<() => void>();

  constructor(world: LocalWorld, log: Logger) {
    this.#world = world;
    this.#log = log;
  }

  get size(): number {
    return this.#open.size;
  }

  open(response: ServerResponse, userId: string): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    response.write(`retry: 1000\n: feed of ${userId}\n\n`);
    const send = (event: PageEvent) =>
      response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    const unsubscribe = this.#world.loopback.control.subscribe(
      (event) => {
        if (!this.#mayReceive(userId, event)) return;
        const page = pageEvent(event, (id) => this.#world.isManager(id));
        if (page) send(page);
      },
      { as: userId },
    );
    const keepalive = setInterval(() => response.write(': keepalive\n\n'), KEEPALIVE_MS);
    keepalive.unref();
    const close = () => {
      clearInterval(keepalive);
      unsubscribe();
      this.#open.delete(close);
      response.end();
    };
    this.#open.add(close);
    response.on('close', close);
    response.on('error', (error) => {
      this.#log.warn({ err: error, userId }, 'local table: a feed connection failed');
      close();
    });
  }

  /** Ends every stream (the server is stopping). */
  closeAll(): void {
    for (const close of [...this.#open]) close();
  }

  #mayReceive(userId: string, event: LoopbackEvent): boolean {
    if (event.type !== 'message-create' && event.type !== 'message-update' && event.type !== 'message-delete')
      return true;
    const owner = event.message.visibleTo;
    if (owner === null || owner === userId) return true;
    this.#log.error(
      { userId, messageId: event.message.id, owner },
      "local table: the loopback's feed offered another user's ephemeral message; it was not sent",
    );
    return false;
  }
}
