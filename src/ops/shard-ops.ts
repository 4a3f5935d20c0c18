/**
 * Health and metrics of a sharded bot on one machine (`SHARDS=…`): the manager process holds the operator
 * port, and each scrape or probe asks every shard process over the IPC channel discord.js's
 * ShardingManager already keeps. A shard answers its readiness, or its metrics as JSON; the manager adds a
 * `shard` label to each of a shard's samples (its own process figures get `shard="manager"`) and writes
 * one Prometheus text of them all, so one scrape shows every shard. A shard that does not answer in time is
 * left out of that scrape and shown as `scarab_shard_answered{shard} 0`; the manager is ready only when
 * every shard it runs is.
 */
import type { ShardingManager } from 'discord.js';
import type { Logger } from 'pino';
import { AggregatorRegistry, Gauge, Registry } from 'prom-client';
import { processRegistry } from './process-metrics.ts';
import type { MetricsJson, OpsSource, ProcessOps } from './process-ops.ts';
import type { ReadyAnswer } from './readiness.ts';

const REQUEST = 'scarab:ops-request';
const ANSWER = 'scarab:ops-answer';

/** How long the manager waits for a shard's answer before it reports the shard as not answering. */
export const SHARD_ANSWER_MS = 2_000;

type Want = 'ready' | 'metrics';

interface OpsRequest {
  readonly type: typeof REQUEST;
  readonly id: number;
  readonly want: Want;
}

type OpsAnswer =
  | { readonly type: typeof ANSWER; readonly id: number; readonly ready: ReadyAnswer }
  | { readonly type: typeof ANSWER; readonly id: number; readonly metrics: MetricsJson }
  | { readonly type: typeof ANSWER; readonly id: number; readonly error: string };

const isRequest = (m: unknown): m is OpsRequest =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === REQUEST;
const isAnswer = (m: unknown): m is OpsAnswer =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === ANSWER;

/** One shard process as the manager reaches it (a discord.js `Shard`, or a test's stand-in). */
export interface ShardLink {
  readonly id: number;
  send(message: unknown): Promise<unknown>;
  /** Listens to the shard's messages; returns the way to stop. */
  listen(fn: (message: unknown) => void): () => void;
}

/** The shards the manager runs now, and how many it should run. */
export interface ShardRoster {
  readonly expected: number;
  readonly links: readonly ShardLink[];
}

export function rosterOf(manager: ShardingManager): ShardRoster {
  const links = [...manager.shards.values()].map(
    (shard): ShardLink => ({
      id: shard.id,
      send: (message) => shard.send(message),
      listen(fn) {
        shard.on('message', fn);
        return () => shard.off('message', fn);
      },
    }),
  );
  const expected = manager.totalShards === 'auto' ? links.length : manager.totalShards;
  return { expected, links };
}

/** The manager's side: serves the operator port with what its shards answer. */
export class ManagerOps implements OpsSource {
  private roster: () => ShardRoster | null = () => null;
  private nextId = 1;
  private stopped = false;

  constructor(private readonly answerMs = SHARD_ANSWER_MS) {}

  /** The shards to ask, once the ShardingManager exists (before it has spawned them all). */
  use(roster: () => ShardRoster): void {
    this.roster = roster;
  }

  stopping(): void {
    this.stopped = true;
  }

  async ready(): Promise<ReadyAnswer> {
    if (this.stopped) return { ready: false, reason: 'the shards are stopping' };
    const roster = this.roster();
    if (!roster || roster.links.length < roster.expected || roster.expected === 0)
      return {
        ready: false,
        reason: `the shards are starting (${roster?.links.length ?? 0} of ${roster?.expected ?? '?'} started)`,
      };
    const answers = await Promise.all(roster.links.map((link) => this.ask(link, 'ready')));
    for (const [n, link] of roster.links.entries()) {
      const answer = answers[n];
      if (!answer)
        return { ready: false, reason: `shard ${link.id} did not answer within ${this.answerMs} ms` };
      if ('error' in answer) return { ready: false, reason: `shard ${link.id}: ${answer.error}` };
      if ('ready' in answer && !answer.ready.ready)
        return { ready: false, reason: `shard ${link.id}: ${answer.ready.reason}` };
    }
    return this.stopped ? { ready: false, reason: 'the shards are stopping' } : { ready: true, reason: null };
  }

  async scrape(): Promise<string> {
    const links = this.roster()?.links ?? [];
    const answers = await Promise.all(links.map((link) => this.ask(link, 'metrics')));
    const own = new Registry();
    const answered = new Gauge({
      name: 'scarab_shard_answered',
      help: '1 when the shard process answered this scrape in time (its samples carry its `shard` label), else 0',
      labelNames: ['shard'],
      registers: [own],
    });
    const gathered: MetricsJson[] = [labelled(await processRegistry().getMetricsAsJSON(), 'manager')];
    for (const [n, link] of links.entries()) {
      const answer = answers[n];
      const ok = answer !== null && answer !== undefined && 'metrics' in answer;
      answered.set({ shard: String(link.id) }, ok ? 1 : 0);
      if (ok) gathered.push(labelled(answer.metrics, String(link.id)));
    }
    gathered.push(await own.getMetricsAsJSON());
    // Every sample carries its shard, so no two shards' samples meet: `aggregate` only writes one family
    // header over the samples of all of them.
    return AggregatorRegistry.aggregate(gathered).metrics();
  }

  /** One question to one shard: its answer, or null when it could not be asked or did not answer in time. */
  private ask(link: ShardLink, want: Want): Promise<OpsAnswer | null> {
    const id = this.nextId++;
    return new Promise<OpsAnswer | null>((resolve) => {
      let stop = () => {};
      const timer = setTimeout(() => {
        stop();
        resolve(null);
      }, this.answerMs);
      timer.unref();
      const done = (answer: OpsAnswer | null) => {
        clearTimeout(timer);
        stop();
        resolve(answer);
      };
      stop = link.listen((m) => {
        if (isAnswer(m) && m.id === id) done(m);
      });
      // A shard between two lives (dead, respawning) cannot be asked: the same as not answering.
      link.send({ type: REQUEST, id, want } satisfies OpsRequest).catch(() => done(null));
    });
  }
}

/**
 * A shard's samples with its label. Every family is then "summed" across shards, which with a label per
 * shard keeps each sample as it is: prom-client's own choice for some (`omit` for the process's start
 * time, `average` for the event loop's lag) would drop or blend them.
 */
function labelled(metrics: MetricsJson, shard: string): MetricsJson {
  return metrics.map((m) => ({
    ...m,
    aggregator: 'sum' as const,
    values: m.values.map((v) => ({ ...v, labels: { ...v.labels, shard } })),
  }));
}

/** Whether this process is a shard discord.js's ShardingManager started (it talks to it over IPC). */
export function isManagedShard(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SHARDING_MANAGER === 'true' && typeof process.send === 'function';
}

/** How a shard reaches its manager: `process` itself (its IPC channel), or a test's stand-in. */
export interface ManagerChannel {
  on(event: 'message', fn: (message: unknown) => void): unknown;
  off(event: 'message', fn: (message: unknown) => void): unknown;
  send(message: unknown): Promise<void>;
}

const processChannel: ManagerChannel = {
  on: (event, fn) => process.on(event, fn),
  off: (event, fn) => process.off(event, fn),
  send: (message) =>
    new Promise<void>((resolve, reject) => {
      if (!process.send) return reject(new Error('this process has no IPC channel'));
      process.send(message, undefined, {}, (e) => (e ? reject(e) : resolve()));
    }),
};

/**
 * The shard's side: answers the manager's questions from this process's figures; returns the way to stop
 * listening. An answer that cannot be sent (the manager gone) is logged.
 */
export function answerManager(
  ops: ProcessOps,
  log: Logger,
  channel: ManagerChannel = processChannel,
): () => void {
  const listener = (m: unknown) => {
    if (!isRequest(m)) return;
    const answer: Promise<OpsAnswer> =
      m.want === 'ready'
        ? ops.ready().then((ready): OpsAnswer => ({ type: ANSWER, id: m.id, ready }))
        : ops.json().then((metrics): OpsAnswer => ({ type: ANSWER, id: m.id, metrics }));
    void answer
      .catch(
        (e: unknown): OpsAnswer => ({
          type: ANSWER,
          id: m.id,
          error: e instanceof Error ? e.message : String(e),
        }),
      )
      .then((a) => channel.send(a))
      .catch((e: unknown) => log.warn({ err: e }, 'could not answer the shard manager'));
  };
  channel.on('message', listener);
  return () => channel.off('message', listener);
}
