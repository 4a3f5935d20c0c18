/**
 * Whether one bot process is ready to take work, as `/readyz` answers it: its database is open (so its
 * migrations ran: both backends migrate before a store exists) and answers a query, every gateway shard it
 * runs is connected and ready, and the bot has finished starting (games recovered, the scheduler running).
 * It is not ready again from the moment it begins to stop. The first thing missing is the reason given.
 */
import { type Client, Status } from 'discord.js';
import type { Store } from '../store/store.ts';

export interface ReadyAnswer {
  readonly ready: boolean;
  /** Why not, in a short sentence; null when ready. */
  readonly reason: string | null;
}

/** A database that has not answered the probe in this long is reported as not answering. */
export const DATABASE_PROBE_MS = 2_000;

const READY: ReadyAnswer = { ready: true, reason: null };
const notReady = (reason: string): ReadyAnswer => ({ ready: false, reason });

export class Readiness {
  private store: Store | null = null;
  private client: Client | null = null;
  private phase: 'starting' | 'started' | 'stopping' = 'starting';

  constructor(private readonly probeMs = DATABASE_PROBE_MS) {}

  /** The store is open: its migrations are done. */
  storeOpened(store: Store): void {
    this.store = store;
  }

  /** The client logging in: its shards are what the gateway check reads. */
  connecting(client: Client): void {
    this.client = client;
  }

  /** The bot has done everything it does at start ("bot ready"). */
  started(): void {
    if (this.phase === 'starting') this.phase = 'started';
  }

  /** The bot has begun to stop: not ready from now on, whatever else holds. */
  stopping(): void {
    this.phase = 'stopping';
  }

  async check(): Promise<ReadyAnswer> {
    if (this.stopped()) return notReady('the bot is stopping');
    if (!this.store) return notReady('the database is not open yet (its migrations run as it opens)');
    const gateway = this.gateway();
    if (gateway) return notReady(gateway);
    if (this.phase === 'starting') return notReady('the bot is still starting (recovering games)');
    const database = await this.probe(this.store);
    if (database) return notReady(database);
    // Asked again: the bot may have begun to stop while the database answered.
    return this.stopped() ? notReady('the bot is stopping') : READY;
  }

  private stopped(): boolean {
    return this.phase === 'stopping';
  }

  private gateway(): string | null {
    const client = this.client;
    if (!client) return 'the gateway is not connected yet';
    if (!client.isReady()) return 'the gateway is not ready yet';
    if (client.ws.shards.size === 0) return 'the gateway has no shard';
    for (const [id, shard] of client.ws.shards)
      if (shard.status !== Status.Ready)
        return `gateway shard ${id} is not ready (${Status[shard.status] ?? shard.status})`;
    return null;
  }

  /** A query by key that finds nothing: the cheapest statement both backends run through their pool. */
  private async probe(store: Store): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`the database did not answer within ${this.probeMs} ms`),
        this.probeMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([store.findGame(0).then(() => null), late]);
    } catch (e) {
      return `the database did not answer: ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      clearTimeout(timer);
    }
  }
}
