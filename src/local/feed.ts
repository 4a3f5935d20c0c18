import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { LoopbackEvent } from '../loopback/index.ts';
import type { LocalWorld } from './local-world.ts';
import type { PageTableState } from './page-types.ts';
import { type PageEvent, pageEvent } from './page-wire.ts';

/** A comment line often enough that no proxy or browser decides the stream is dead. */
const KEEPALIVE_MS = 15_000;

/**
 * Server-Sent Events for one person at the table. It is built on the loopback's per-user feed, which
 * never carries another user's ephemeral messages, modals or autocomplete answers; each message is
 * checked once more here so that a mistake upstream shows up as a logged error, not as a leak.
 *
 * Every connection starts with a `table` event: the table as it is now, the bot's id included. A
 * page reconnecting after a restart learns from it that the bot has a new id before any message
 * from that bot reaches it.
 */
export class PageFeeds {
  readonly #world: LocalWorld;
  readonly #table: () => PageTableState;
  readonly #log: Logger;
  readonly #open = new Map<() => void, (event: PageEvent) => void>();

  constructor(world: LocalWorld, table: () => PageTableState, log: Logger) {
    this.#world = world;
    this.#table = table;
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
    send({ type: 'table', state: this.#table() });
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
    this.#open.set(close, send);
    response.on('close', close);
    response.on('error', (error) => {
      this.#log.warn({ err: error, userId }, 'local table: a feed connection failed');
      close();
    });
  }

  /** A change of the table itself (not of the loopback's world), to every page. */
  broadcast(event: PageEvent): void {
    for (const send of this.#open.values()) send(event);
  }

  /** Ends every stream (the server is stopping). */
  closeAll(): void {
    for (const close of [...this.#open.keys()]) close();
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
