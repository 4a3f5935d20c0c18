import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: forks isolate native modules (sqlite, canvas) and keep memory predictable.
    pool: 'forks',
    // One throwaway PostgreSQL server for the run, when the machine has PostgreSQL (test/helpers/postgres.ts).
    globalSetup: ['test/helpers/postgres-global-setup.ts'],
    // A failing test in a file that dealt games says which seed base deals them again.
    setupFiles: ['test/helpers/report-seed.ts'],
  },
});
