import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The page is plain JavaScript, served as it is; its JSDoc types are checked against the DOM and the
 * server's shapes (src/local/page-types.ts) by its own tsconfig, which the root `tsc` does not cover.
 */
describe('the page', () => {
  it('type-checks', async () => {
    const tsc = new URL('../../node_modules/.bin/tsc', import.meta.url).pathname;
    const project = new URL('../../src/local/page/', import.meta.url).pathname;
    const result = await promisify(execFile)(tsc, ['-p', project]).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    expect(result).toBe('');
  });
});
