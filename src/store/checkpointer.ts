/**
 * Background WAL checkpoints (see checkpoint-worker.js). The main connection keeps SQLite's automatic
 * checkpoint as a safety net, set high enough that it only fires if this worker falls behind or dies.
 */
import { Worker } from 'node:worker_threads';

export const CHECKPOINT_INTERVAL_MS = 100;
/** Pages (4 kB) in the WAL before the main connection checkpoints by itself; SQLite's default is 1,000. */
export const SAFETY_NET_PAGES = 10_000;

export interface Checkpointer {
  /** Asks the worker to close its connection and exit; returns at once. */
  stop(): void;
}

export function startCheckpointer(
  path: string,
  busyTimeoutMs: number,
  onError: (message: string) => void,
): Checkpointer {
  const worker = new Worker(new URL('./checkpoint-worker.js', import.meta.url), {
    workerData: { path, intervalMs: CHECKPOINT_INTERVAL_MS, busyTimeoutMs },
    // Not the parent's --import flags: they preload TypeScript, which a worker cannot load.
    execArgv: [],
  });
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(`background checkpoint failed: ${message.error}`);
  });
  worker.on('error', (error) => onError(`background checkpoints stopped: ${error.message}`));
  // The bot's lifetime is not the worker's business: it never keeps the process alive. (After the
  // listeners: adding a 'message' listener refs the worker again.)
  worker.unref();
  let stopped = false;
  return {
    stop: () => {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
    },
  };
}
