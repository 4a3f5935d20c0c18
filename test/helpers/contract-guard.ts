/**
 * Vitest setup file: a test during which any loopback of this worker saw Discord's published contract
 * broken (a request body the specification refuses, an answer or dispatch lacking a field Discord always
 * sends) fails, naming route, field and rule. A test that breaks it on purpose takes its violations with
 * `control.takeContractViolations()` and asserts them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, inject } from 'vitest';
import {
  contractCounts,
  describeViolation,
  drainContractViolations,
} from '../../src/loopback/contract/violations.ts';

afterEach(() => {
  const violations = drainContractViolations();
  if (violations.length === 0) return;
  const shown = violations.slice(0, 10).map((v) => `  - ${describeViolation(v)}`);
  const more = violations.length > 10 ? [`  … and ${violations.length - 10} more`] : [];
  throw new Error(
    `Discord's API specification was broken ${violations.length} time(s) during this test:\n${[...shown, ...more].join('\n')}`,
  );
});

// This worker's running totals, summed and printed by `contract-summary.ts` when the run ends.
afterAll(() => {
  const dir = inject('contractCountsDir');
  if (dir) writeFileSync(join(dir, `worker-${process.pid}.json`), JSON.stringify(contractCounts()));
});
