/**
 * Vitest global setup: the suite's count of what was checked against Discord's published API
 * specification, printed at the end of the run. Each worker writes its own running totals to a file in a
 * folder made here (`contract-guard.ts`); the sum is printed once every worker is done. A check that never
 * ran proves nothing, so the summary says how many requests, answers and dispatch objects it saw.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { ContractCounts } from '../../src/loopback/contract/violations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    contractCountsDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'scarab-contract-'));
  project.provide('contractCountsDir', dir);
  return () => {
    const total: ContractCounts = { requests: 0, answers: 0, dispatches: 0, violations: 0 };
    for (const name of readdirSync(dir)) {
      const counts = JSON.parse(readFileSync(join(dir, name), 'utf8')) as ContractCounts;
      total.requests += counts.requests;
      total.answers += counts.answers;
      total.dispatches += counts.dispatches;
      total.violations += counts.violations;
    }
    rmSync(dir, { recursive: true, force: true });
    console.log(
      `Discord API specification checks: ${total.requests} request bodies, ${total.answers} answers, ` +
        `${total.dispatches} dispatch objects; ${total.violations} violations (each taken by the test that provoked it, or that test failed)`,
    );
  };
}
