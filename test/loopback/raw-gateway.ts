import { GatewayDispatchEvents, GatewayOpcodes } from 'discord-api-types/v10';
import WebSocket from 'ws';

export interface Payload {
  op: number;
  t?: string | null;
  s?: number | null;
  d?: unknown;
}

/**
 * A bare, uncompressed gateway client for protocol tests that must see exactly which dispatches one
 * socket got. `sync()` is the barrier that makes "nothing arrived" a real assertion: the loopback
 * writes to a socket in order, so once the answer to a heartbeat sent now is in, every dispatch
 * caused earlier has arrived too.
 */
export class RawGateway {
  readonly received: Payload[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly #socket: WebSocket;
  #listeners: (() => void)[] = [];

  constructor(url: string) {
    this.#socket = new WebSocket(`${url}?v=10&encoding=json`);
    this.closed = new Promise((resolve) =>
      this.#socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
    );
    this.#socket.on('message', (data) => {
      this.received.push(JSON.parse((data as Buffer).toString('utf8')) as Payload);
      for (const listener of this.#listeners.splice(0)) listener();
    });
  }

  send(payload: Payload): void {
    this.#socket.send(JSON.stringify(payload));
  }

  /** Waits for HELLO, then sends IDENTIFY with `shard` (omitted when undefined). */
  async identify(token: string, intents: number, shard?: unknown): Promise<void> {
    await this.next((p) => p.op === GatewayOpcodes.Hello);
    this.send({
      op: GatewayOpcodes.Identify,
      d: {
        token,
        intents,
        properties: { os: 'linux', browser: 'raw', device: 'raw' },
        ...(shard ? { shard } : {}),
      },
    });
  }

  async next(predicate: (p: Payload) => boolean, after = 0): Promise<Payload> {
    for (;;) {
      const found = this.received.slice(after).find(predicate);
      if (found) return found;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no payload matched; got ${JSON.stringify(this.received.map(label))}`)),
          2_000,
        );
        this.#listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async sync(): Promise<void> {
    const from = this.received.length;
    this.send({ op: GatewayOpcodes.Heartbeat, d: null });
    await this.next((p) => p.op === GatewayOpcodes.HeartbeatAck, from);
  }

  dispatches(event: GatewayDispatchEvents): unknown[] {
    return this.received.filter((p) => p.t === event).map((p) => p.d);
  }

  /** The ids of the guilds in READY. */
  readyGuildIds(): string[] {
    const ready = this.received.find((p) => p.t === GatewayDispatchEvents.Ready);
    return ((ready?.d as { guilds?: { id: string }[] } | undefined)?.guilds ?? []).map((g) => g.id);
  }

  close(): void {
    this.#socket.terminate();
  }
}

function label(p: Payload): string {
  return p.t ?? `op ${p.op}`;
}
