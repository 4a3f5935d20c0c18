/**
 * The tests' side of the throwaway PostgreSQL server, whose starter lives in src/tools/postgres-server.ts
 * (the benchmarks start one too): what the global setup hands the test files.
 */
export * from '../../src/tools/postgres-server.ts';

/** What the global setup hands to the test files: the server's socket directory, or why there is none. */
export type ProvidedPostgres = { readonly socketDir: string } | { readonly skip: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: ProvidedPostgres;
  }
}
