import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { runRatingsCli } from '../../src/tools/ratings.ts';
import { registerVerdict } from '../fixtures/verdict.ts';
import { removeDir } from '../remove-dir.ts';
import { person, playVerdict } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'scarab-ratings-cli-'));
afterAll(() => removeDir(tmp));

function cli(path: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runRatingsCli(args, {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: { DATABASE_PATH: path },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run ratings', () => {
  it('check finds the stored ratings equal to a recompute, and a tampered row; recompute repairs it', () => {
    registerVerdict();
    const path = join(tmp, 'season.db');
    const db = openDatabase(path);
    const store = new GameStore(db);
    playVerdict(store, { seats: [person(1), person(2), person(3)], ranks: [1, 2, 3] });
    playVerdict(store, { seats: [person(3), person(1)], ranks: [1, 2] });
    db.close();

    expect(cli(path, 'check')).toMatchObject({
      code: 0,
      // 3 people × (the server, the global scope, and the season of each).
      out: expect.stringMatching(/2 rated games, 12 ratings/),
    });
    expect(cli(path, 'check').out).toMatch(/equal the recomputed ones/);

    const raw = openDatabase(path);
    raw.sqlite.prepare("update ratings set mu = mu + 1 where user_id = 'u1' and scope = 'global'").run();
    raw.close();
    const checked = cli(path, 'check');
    expect(checked.code).toBe(1);
    expect(checked.out).toMatch(/1 ratings and 0 rating changes differed/);
    expect(checked.out).toMatch(/first difference: verdict global u1/);
    // check saved nothing.
    expect(cli(path, 'check').code).toBe(1);

    const repaired = cli(path, 'recompute');
    expect(repaired).toMatchObject({ code: 0, out: expect.stringMatching(/recomputed; before, 1 ratings/) });
    expect(cli(path, 'check')).toMatchObject({ code: 0 });

    // A season's board is checked and rebuilt the same way.
    const seasonal = openDatabase(path);
    seasonal.sqlite
      .prepare("update ratings set wins = wins + 1 where user_id = 'u2' and scope like '%:%'")
      .run();
    seasonal.close();
    expect(cli(path, 'check')).toMatchObject({
      code: 1,
      out: expect.stringMatching(/2 ratings and 0 rating changes differed/),
    });
    expect(cli(path, 'recompute').code).toBe(0);
    expect(cli(path, 'check')).toMatchObject({ code: 0 });
  });

  it('explains its usage and a database it cannot open, changing nothing', () => {
    expect(cli(join(tmp, 'x.db'))).toMatchObject({ code: 2, err: expect.stringMatching(/no command given/) });
    expect(cli(join(tmp, 'x.db'), 'recompute', 'now')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/cannot understand: recompute now\nusage/),
    });
    expect(cli(tmp, 'check')).toMatchObject({ code: 1, err: expect.stringMatching(/is not a file/) });
  });
});
