/**
 * Wires a bot to its operator figures and to Discord's invalid-request budget, in one place, so that
 * `startBot` only calls this: the REST client's answers feed the metrics and the budget; the autopilot,
 * the publisher and the scheduler hold their optional work while the budget is over its mark; the gauges
 * read the store, the pool, the scheduler's rows and the gateway when scraped; the router tells of a
 * failed interaction.
 */
import type { Client, Interaction } from 'discord.js';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Autopilot } from '../discord/autopilot.ts';
import type { Publisher } from '../discord/publisher.ts';
import type { Runtime } from '../discord/runtime.ts';
import type { Scheduler } from '../discord/scheduler.ts';
import type { Store } from '../store/store.ts';
import { type InteractionWatch, watchInteraction } from './interaction-watch.ts';
import { type BudgetOptions, InvalidRequestBudget } from './invalid-requests.ts';
import type { PoolFigures } from './metrics.ts';
import type { ProcessOps } from './process-ops.ts';
import { watchRest } from './rest-watch.ts';

/**
 * Scheduled rows that can wait while the budget is over its mark: reminders, turn DMs, nudges and board
 * retries (a board retried into a channel the bot lost is exactly what earns 403s). Time-outs and season
 * ends are not held: they change games and boards.
 */
export const OPTIONAL_ROWS = ['remind', 'turn-dm', 'nudge', 'board'] as const;

export interface OpsParts {
  readonly ops: ProcessOps;
  readonly client: Client;
  /** The store as the bot uses it (timed-store.ts). */
  readonly store: Store;
  readonly pool: PoolFigures;
  readonly scheduler: Scheduler;
  readonly autopilot: Autopilot;
  readonly publisher: Publisher;
  readonly runtime: Runtime;
  readonly clock: Clock;
  readonly log: Logger;
  readonly budget?: Partial<BudgetOptions> | undefined;
}

export interface AttachedOps {
  readonly budget: InvalidRequestBudget;
  /** Watches an interaction from its arrival: call before the router sees it, and `done` after. */
  watch(i: Interaction): InteractionWatch;
}

export function attachOps(p: OpsParts): AttachedOps {
  const { metrics, readiness } = p.ops;
  const budget = new InvalidRequestBudget(p.clock, p.log, p.budget);
  watchRest(p.client.rest, metrics, budget);
  p.autopilot.optional = budget;
  p.publisher.optional = budget;
  p.scheduler.holdOptional(OPTIONAL_ROWS, budget);
  p.scheduler.ranRow = (_row, lateMs) => metrics.schedulerLag.observe(Math.max(0, lateMs) / 1000);
  metrics.watch({
    store: p.store,
    shards: () => p.runtime.shards,
    clock: p.clock,
    pool: p.pool,
    client: p.client,
    budget,
    log: p.log,
  });
  readiness.connecting(p.client);
  const watches = new WeakMap<Interaction, InteractionWatch>();
  p.runtime.interactionFailed = (i) => watches.get(i)?.failed();
  return {
    budget,
    watch(i) {
      const w = watchInteraction(metrics, i);
      watches.set(i, w);
      return w;
    },
  };
}
