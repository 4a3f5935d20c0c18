// Runs the WAL checkpoints of one database on a worker thread. A checkpoint copies the WAL into the database
// file and fsyncs both: milliseconds, tens on a busy disk, that would otherwise stall the commit that
// happened to trigger it on the main thread. Plain JavaScript because a worker thread gets no TypeScript
// loader (under tsx or vitest alike).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, intervalMs, busyTimeoutMs, phase } = workerData;
// Phases shared with checkpointer.ts: 0 starting, 1 open, 2 closed, 3 cancelled before opening.
if (Atomics.compareExchange(phase, 0, 0, 1) !== 0) {
  // The owner closed the database before this thread got going: never open it.
  parentPort?.close();
  process.exit(0);
}
let db;
try {
  db = new Database(path, { fileMustExist: true });
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma('synchronous = NORMAL');
} catch (error) {
  // Nothing is open: let the owner's close() return at once, and report the failure.
  Atomics.store(phase, 0, 2);
  Atomics.notify(phase, 0);
  throw error;
}

const timer = setInterval(() => {
  try {
    // PASSIVE never waits for readers or writers: what cannot be copied now is copied next time.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}, intervalMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  Atomics.store(phase, 0, 2);
  Atomics.notify(phase, 0);
  parentPort?.close();
});
