/**
 * What one bot process tells an operator: its readiness and its metrics (the bot's families and the
 * process's own). Made before the bot starts (src/main.ts), so `/readyz` answers while the database
 * migrates and the gateway connects; `startBot` makes its own when given none (tests, the local table).
 */
import type { Registry } from 'prom-client';
import { ScarabMetrics } from './metrics.ts';
import { processRegistry } from './process-metrics.ts';
import { Readiness, type ReadyAnswer } from './readiness.ts';

/** What the operator server serves: one process's figures, or a shard manager's gathered ones. */
export interface OpsSource {
  ready(): Promise<ReadyAnswer>;
  /** Prometheus text (version 0.0.4). */
  scrape(): Promise<string>;
}

/** A registry's families with their samples, as `getMetricsAsJSON` gives them (what crosses a shard's IPC). */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

export class ProcessOps implements OpsSource {
  readonly metrics = new ScarabMetrics();
  readonly readiness = new Readiness();

  ready(): Promise<ReadyAnswer> {
    return this.readiness.check();
  }

  async scrape(): Promise<string> {
    return joinTexts([await processRegistry().metrics(), await this.metrics.text()]);
  }

  /** The same figures as JSON, for a shard manager to gather (shard-ops.ts). */
  async json(): Promise<MetricsJson> {
    return [
      ...(await processRegistry().getMetricsAsJSON()),
      ...(await this.metrics.registry.getMetricsAsJSON()),
    ];
  }
}

/** Prometheus texts one after the other, each ending its last line. */
export function joinTexts(texts: readonly string[]): string {
  return texts.map((t) => (t === '' || t.endsWith('\n') ? t : `${t}\n`)).join('');
}
