/**
 * Background WAL checkpoints (see checkpoint-worker.js). The main connection keeps SQLite's automatic
 * checkpoint as a safety net, set high enough that it only fires if this worker falls behind or dies.
 */
import { Worker } from 'node:worker_threads';
import { fromRoot } from '../paths.ts';

export const CHECKPOINT_INTERVAL_MS = 100;
/** Pages (4 kB) in the WAL before the main connection checkpoints by itself; SQLite's default is 1,000. */
export const SAFETY_NET_PAGES = 10_000;

export interface Checkpointer {
  /**
   * Stops the worker's checkpoints. Returns once the worker can no longer touch the database: either
   * it had not opened it yet (and never will), or it has closed its connection (waiting at most a
   * few seconds). Without this, a worker still starting up could open the file after its owner closed
   * it, and recreate the -wal/-shm files in a folder being deleted.
   */
  stop(): void;
}

/** Shared with the worker: `phase[0]` moves STARTING → OPEN → CLOSED, or STARTING → CANCELLED. */
export const STARTING = 0;
export const OPEN = 1;
export const CLOSED = 2;
export const CANCELLED = 3;
const STOP_WAIT_MS = 5_000;

export function startCheckpointer(
  path: string,
  busyTimeoutMs: number,
  onError: (message: string) => void,
): Checkpointer {
  const phase = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(fromRoot('src', 'store', 'checkpoint-worker.js'), {
    workerData: { path, intervalMs: CHECKPOINT_INTERVAL_MS, busyTimeoutMs, phase },
    // Not the parent's --import flags: they preload TypeScript, which a worker cannot load.
    execArgv: [],
  });
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(`background checkpoint failed: ${message.error}`);
  });
  worker.on('error', (error) => onError(`background checkpoints stopped: ${error.message}`));
  let exited = false;
  worker.on('exit', () => {
    exited = true;
  });
  // The bot's lifetime is not the worker's business: it never keeps the process alive. (After the
  // listeners: adding a 'message' listener refs the worker again.)
  worker.unref();
  let stopped = false;
  return {
    stop: () => {
      if (stopped) return;
      stopped = true;
      // Either the worker has not opened the database yet, and now never will…
      if (Atomics.compareExchange(phase, 0, STARTING, CANCELLED) === STARTING) return;
      // …or it has: ask it to close, and wait for that (it only runs a short PASSIVE checkpoint).
      worker.postMessage('stop');
      if (exited) return;
      const deadline = Date.now() + STOP_WAIT_MS;
      while (Atomics.load(phase, 0) !== CLOSED && Date.now() < deadline) Atomics.wait(phase, 0, OPEN, 50);
    },
  };
}
