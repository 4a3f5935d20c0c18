/**
 * The bot's Prometheus metric families, one registry per bot (a test process runs several bots). Counters
 * and histograms are fed as things happen (rest-watch.ts, interaction-watch.ts, timed-store.ts, the
 * scheduler's hook); gauges are read when scraped, from the parts the bot hands over in `watch`. Every
 * family is listed with one line in the README's "Health and metrics" section.
 */
import type { Client } from 'discord.js';
import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock.ts';
import type { ShardSet } from '../discord/shards.ts';
import { GAME_STATUSES } from '../store/schema.ts';
import type { Store } from '../store/store.ts';
import type { InvalidRequestBudget } from './invalid-requests.ts';

/** What a thinking pool tells (../adapters/thinking-pool.ts). */
export interface PoolFigures {
  readonly waiting: number;
  readonly pending: number;
  readonly open: number;
  readonly answered: number;
  readonly timedOut: number;
}

/** What the gauges read at scrape time: handed over once the bot is built. */
export interface MetricSources {
  readonly store: Store;
  /** The shards this process runs (known after login): the scheduler's rows are theirs. */
  readonly shards: () => ShardSet;
  readonly clock: Clock;
  readonly pool: PoolFigures;
  readonly client: Client;
  readonly budget: InvalidRequestBudget;
  readonly log: Logger;
}

/** discord.js's `Status`, by its number, as a label. */
const SHARD_STATUSES = [
  'ready',
  'connecting',
  'reconnecting',
  'idle',
  'nearly',
  'disconnected',
  'waiting_for_guilds',
  'identifying',
  'resuming',
] as const;

/** Rows due counted at most this far at a scrape: beyond it the scheduler is plainly behind. */
export const ROWS_DUE_COUNTED = 1_000;

export class ScarabMetrics {
  readonly registry = new Registry();
  private sources: MetricSources | null = null;
  private warned = false;

  readonly interactions: Counter<'kind' | 'outcome'>;
  readonly ackSeconds: Histogram<'kind'>;
  readonly moves: Counter<'game' | 'seat'>;
  readonly schedulerLag: Histogram;
  readonly discordRequests: Counter<'route' | 'status'>;
  readonly discordInvalid: Counter<'route' | 'status'>;
  readonly discordRateLimited: Counter<'route' | 'scope'>;
  readonly dbSeconds: Histogram<'kind'>;

  constructor() {
    const registers = [this.registry];
    this.interactions = new Counter({
      name: 'scarab_interactions_total',
      help: 'Interactions received, by kind (command, autocomplete, button, select, modal, other) and outcome (answered, unanswered, failed)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.ackSeconds = new Histogram({
      name: 'scarab_interaction_ack_seconds',
      help: "From an interaction reaching the bot to Discord's answer to its first acknowledgement (the handler's own, or the bot's deferral at 1.5 s)",
      labelNames: ['kind'],
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5],
      registers,
    });
    this.moves = new Counter({
      name: 'scarab_moves_committed_total',
      help: 'Moves committed by this process, by game type and seat (person or computer)',
      labelNames: ['game', 'seat'],
      registers,
    });
    new Gauge({
      name: 'scarab_games',
      help: 'Games in the store by state (lobby, active, finished, cancelled), counted when scraped; processes sharing a database report the same',
      labelNames: ['state'],
      registers,
      collect: this.reading(async function (this: Gauge<'state'>, s) {
        for (const state of GAME_STATUSES) this.set({ state }, await s.store.countGames([state]));
      }),
    });
    this.schedulerLag = new Histogram({
      name: 'scarab_scheduler_lag_seconds',
      help: 'How late each scheduled row (reminder, time-out, turn DM, nudge, board retry, season end) ran after it fell due',
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1_800],
      registers,
    });
    new Gauge({
      name: 'scarab_scheduler_rows_due',
      help: `Rows of this process's shards due and not yet run, when scraped (counted up to ${ROWS_DUE_COUNTED})`,
      registers,
      collect: this.reading(async function (this: Gauge, s) {
        const due = await s.store.schedule.due(new Date(s.clock.now()), ROWS_DUE_COUNTED, s.shards());
        this.set(due.length);
      }),
    });
    new Gauge({
      name: 'scarab_scheduler_oldest_due_seconds',
      help: "How long the earliest pending row of this process's shards has been due (0 when none is), when scraped",
      registers,
      collect: this.reading(async function (this: Gauge, s) {
        const next = await s.store.schedule.next(s.shards());
        this.set(next ? Math.max(0, s.clock.now() - next.dueAt.getTime()) / 1000 : 0);
      }),
    });
    new Gauge({
      name: 'scarab_thinking_jobs',
      help: 'Computer moves asked of the thinking pool and not settled: waiting for a thread, or given to one',
      labelNames: ['state'],
      registers,
      collect: this.reading(async function (this: Gauge<'state'>, s) {
        this.set({ state: 'waiting' }, s.pool.waiting);
        this.set({ state: 'thinking' }, s.pool.pending - s.pool.waiting);
      }),
    });
    new Gauge({
      name: 'scarab_thinking_threads',
      help: "The thinking pool's open threads, starting ones included",
      registers,
      collect: this.reading(async function (this: Gauge, s) {
        this.set(s.pool.open);
      }),
    });
    new Counter({
      name: 'scarab_thinking_timed_out_total',
      help: 'Thoughts given up over their time limit (the default computer moved instead)',
      registers,
      collect: this.reading(async function (this: Counter, s) {
        this.reset();
        this.inc(s.pool.timedOut);
      }),
    });
    new Counter({
      name: 'scarab_thinking_answered_total',
      help: 'Thoughts the thinking pool answered',
      registers,
      collect: this.reading(async function (this: Counter, s) {
        this.reset();
        this.inc(s.pool.answered);
      }),
    });
    this.discordRequests = new Counter({
      name: 'scarab_discord_requests_total',
      help: 'Answers to the REST requests the bot sent Discord, by route class (method and route, ids left out) and status',
      labelNames: ['route', 'status'],
      registers,
    });
    this.discordInvalid = new Counter({
      name: 'scarab_discord_invalid_requests_total',
      help: 'Answers Discord counts as invalid (401, 403, and 429 but of shared scope), by route class and status',
      labelNames: ['route', 'status'],
      registers,
    });
    this.discordRateLimited = new Counter({
      name: 'scarab_discord_rate_limited_total',
      help: "Times discord.js held a request for a rate limit (its 'rateLimited' event), by route class and scope",
      labelNames: ['route', 'scope'],
      registers,
    });
    new Gauge({
      name: 'scarab_discord_invalid_requests_window',
      help: "Invalid answers in Discord's sliding window (10 minutes; Discord bans the IP address for an hour at 10,000)",
      registers,
      collect: this.reading(async function (this: Gauge, s) {
        this.set(s.budget.count());
      }),
    });
    new Gauge({
      name: 'scarab_discord_optional_work_held',
      help: "1 while the invalid answers are over the mark (half of Discord's budget) and the bot holds its optional work",
      registers,
      collect: this.reading(async function (this: Gauge, s) {
        this.set(s.budget.heldUntil() === null ? 0 : 1);
      }),
    });
    new Gauge({
      name: 'scarab_gateway_shard_status',
      help: "Each gateway shard of this process by discord.js's status: 1 for the one it is in",
      labelNames: ['shard', 'status'],
      registers,
      collect: this.reading(async function (this: Gauge<'shard' | 'status'>, s) {
        this.reset();
        for (const [id, shard] of s.client.ws.shards)
          SHARD_STATUSES.forEach((status, n) => {
            this.set({ shard: String(id), status }, shard.status === n ? 1 : 0);
          });
      }),
    });
    new Gauge({
      name: 'scarab_gateway_latency_seconds',
      help: "Each gateway shard's last heartbeat round trip (none before its first)",
      labelNames: ['shard'],
      registers,
      collect: this.reading(async function (this: Gauge<'shard'>, s) {
        this.reset();
        for (const [id, shard] of s.client.ws.shards)
          if (shard.ping >= 0) this.set({ shard: String(id) }, shard.ping / 1000);
      }),
    });
    this.dbSeconds = new Histogram({
      name: 'scarab_db_query_seconds',
      help: 'Time of each call the bot makes to its store (SQLite or PostgreSQL), by kind: the Store method, e.g. applyAction or schedule.due',
      labelNames: ['kind'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers,
    });
  }

  /** The parts the gauges read when scraped; before this they show nothing. */
  watch(sources: MetricSources): void {
    this.sources = sources;
  }

  /** Prometheus text of this bot's families (the process's own are in process-metrics.ts). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /**
   * A gauge's reading at scrape time, once the sources are there. A failing reading (the database down)
   * leaves the family without samples and is logged, once until one succeeds: the scrape itself answers.
   */
  private reading<M>(read: (this: M, s: MetricSources) => Promise<void>): (this: M) => Promise<void> {
    const metrics = this;
    return async function (this: M) {
      const s = metrics.sources;
      if (!s) return;
      try {
        await read.call(this, s);
        metrics.warned = false;
      } catch (e) {
        (this as { reset(): void }).reset();
        if (metrics.warned) return;
        metrics.warned = true;
        s.log.warn({ err: e }, 'a metric could not be read when scraped');
      }
    };
  }
}
