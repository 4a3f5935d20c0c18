/**
 * The process's own figures (memory, CPU, event loop lag, garbage collection, handles): prom-client's
 * default metrics, under their usual names (`process_resident_memory_bytes`, `nodejs_heap_size_used_bytes`,
 * …) so that common dashboards read them. They belong to the process, not to a bot (a test process runs
 * several), so they are collected once per process, and only once something serves them: their event-loop
 * monitor and GC observer cost a little.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | null = null;

export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
