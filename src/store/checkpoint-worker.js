// Runs the WAL checkpoints of one database on a worker thread. A checkpoint copies the WAL into the database
// file and fsyncs both: milliseconds, tens on a busy disk, that would otherwise stall the commit that
// happened to trigger it on the main thread. Plain JavaScript because a worker thread gets no TypeScript
// loader (under tsx or vitest alike).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, intervalMs, busyTimeoutMs } = workerData;
const db = new Database(path, { fileMustExist: true });
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
db.pragma('synchronous = NORMAL');

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
  parentPort?.close();
});
