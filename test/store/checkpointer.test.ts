import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('background checkpoints stop with their database', () => {
  it('after close, the worker never touches the files again, even if it was still starting', async () => {
    for (let round = 0; round < 12; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'scarab-checkpointer-'));
      const db = openDatabase(join(dir, 'x.db'));
      if (round % 2) db.sqlite.exec('create table t (x); insert into t values (1);');
      else await sleep(round * 10); // sometimes the worker is up, sometimes not yet
      db.close();
      rmSync(dir, { recursive: true }); // no retries: nothing may still be writing here
      await sleep(150);
      expect(
        existsSync(dir),
        `round ${round}: files reappeared: ${existsSync(dir) ? readdirSync(dir) : ''}`,
      ).toBe(false);
    }
  });
});
