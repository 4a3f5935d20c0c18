import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliIo, runGamesCli } from '../../src/tools/games.ts';
import { removeDir } from '../remove-dir.ts';

const FIXTURE = new URL('../fixtures/legacy/valley-base-9704a95.db', import.meta.url);
const tmp = mkdtempSync(join(tmpdir(), 'scarab-legacy-'));
afterAll(() => removeDir(tmp));

describe('a database written by an earlier release', () => {
  it('replays every stored game identically (`npm run games -- verify`)', async () => {
    // A copy: opening the database runs the newer migrations, which must not touch the fixture.
    const path = join(tmp, 'legacy.db');
    copyFileSync(FIXTURE, path);
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
      env: { DATABASE_PATH: path },
      readStdin: () => '',
    };
    expect(await runGamesCli(['verify'], io)).toBe(0);
    expect(err).toEqual([]);
    expect(out.join('\n')).toContain('verified 8 games: all consistent');
  });
});
