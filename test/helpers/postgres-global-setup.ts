/**
 * Vitest global setup: one throwaway PostgreSQL server for the whole run (test/helpers/postgres-server.ts),
 * whose socket directory reaches the test files through `provide`/`inject` (test/helpers/postgres.ts). Where
 * the machine has no PostgreSQL the tests that need it skip with the reason, unless
 * SCARAB_REQUIRE_POSTGRES=1 (CI), where a missing or broken PostgreSQL fails the run before any test.
 */
import type { TestProject } from 'vitest/node';
import {
  findPostgresBinaries,
  type PostgresServer,
  REQUIRE_POSTGRES_ENV,
  startPostgresServer,
} from './postgres-server.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const required = process.env[REQUIRE_POSTGRES_ENV] === '1';
  const binaries = findPostgresBinaries();
  let server: PostgresServer;
  try {
    if ('missing' in binaries) throw new Error(binaries.missing);
    server = await startPostgresServer(binaries.binDir);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (required) {
      throw new Error(`${REQUIRE_POSTGRES_ENV}=1 but the test PostgreSQL cannot start: ${reason}`, {
        cause: error,
      });
    }
    project.provide('postgres', { skip: reason });
    console.warn(`PostgreSQL tests will be skipped: ${reason}`);
    return undefined;
  }
  project.provide('postgres', { socketDir: server.socketDir });
  return () => server.stop();
}
