import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from '../../src/paths.ts';

/**
 * `npm start` without npm, for tests that run the real bot process: its `prestart` (the bundle) is run
 * here, and its command's Node options and script are returned, to spawn with `process.execPath`.
 */
export function npmStartCommand(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { prestart: string; start: string };
  };
  const build = pkg.scripts.prestart.split(/\s+/);
  expect(build[0]).toBe('node');
  const built = spawnSync(process.execPath, build.slice(1), { cwd: ROOT, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  const start = pkg.scripts.start.split(/\s+/);
  expect(start[0]).toBe('node');
  return start.slice(1);
}
