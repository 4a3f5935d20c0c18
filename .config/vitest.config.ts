import { defineConfig } from 'vitest/config';
import SlowFilesFirst from '../test/helpers/slow-files-first.ts';

/**
 * Measured on the 2-core machine (README, "Tests"): one worker per file in a fresh process took 463 s of
 * wall time and 791 s of CPU for the suite, a third of it importing discord.js, the canvas and the store
 * again for each of ~200 files. Reusing each worker's modules from file to file (isolate: false) took the
 * CPU to 493 s; a third worker fills the time end-to-end files spend waiting on timers and sockets.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    // Hang guards only: a test waits on what it needs, never on a time. 30 s was outrun on the README's busy
    // machine (two CPU burners beside the suite) by tests that start `tsx` processes (2026-11-28).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Forks keep the native modules (SQLite, canvas) out of worker threads.
    pool: 'forks',
    maxWorkers: 3,
    // A file's modules stay loaded for the next file in the same worker. Safe because no test replaces a
    // module (no vi.mock) or changes the environment for the next file; spies are restored after each test.
    isolate: false,
    restoreMocks: true,
    // A fresh clone has no record of durations: the known-long files start first (slow-files-first.ts).
    sequence: { sequencer: SlowFilesFirst },
    // One throwaway PostgreSQL server for the run, when the machine has PostgreSQL (test/helpers/postgres.ts).
    globalSetup: ['test/helpers/postgres-global-setup.ts', 'test/helpers/contract-summary.ts'],
    // A failing test in a file that dealt games says which seed base deals them again; each file leaves the
    // environment as it found it (restore-env.ts).
    setupFiles: [
      'test/helpers/report-seed.ts',
      'test/helpers/restore-env.ts',
      'test/helpers/contract-guard.ts',
    ],
  },
});
