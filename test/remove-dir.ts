import { rmSync } from 'node:fs';

/**
 * Removes a test's temporary folder. A closed database's checkpoint worker (src/store/checkpointer.ts)
 * finishes closing its own connection a moment later and may still touch the -wal/-shm files, so the
 * removal retries briefly instead of failing on ENOTEMPTY.
 */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 25 });
}
