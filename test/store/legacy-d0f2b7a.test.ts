import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import '../../src/games/archaeology/index.ts';
import { type LogLine, readableBy } from '../../src/games/kernel/log.ts';
import type { Message } from '../../src/games/kernel/message.ts';
import '../../src/games/valley/index.ts';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { type CliIo, runGamesCli } from '../../src/tools/games.ts';
import { removeDir } from '../remove-dir.ts';

const FIXTURE = new URL('../fixtures/legacy/valley-archaeology-d0f2b7a.db', import.meta.url);
const tmp = mkdtempSync(join(tmpdir(), 'scarab-legacy-d0f2b7a-'));
afterAll(() => removeDir(tmp));

function copy(name: string): string {
  const path = join(tmp, name);
  copyFileSync(FIXTURE, path);
  return path;
}

interface OldLine {
  readonly text: Message;
  readonly to?: readonly number[];
  readonly turn?: number;
}

/** The log each started game's state carried before it left the state. */
function oldLogs(path: string): Map<number, { type: string; log: OldLine[] }> {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.prepare('select id, type, state from games where state is not null').all() as {
      id: number;
      type: string;
      state: string;
    }[];
    return new Map(
      rows.map((r) => [r.id, { type: r.type, log: (JSON.parse(r.state) as { log: OldLine[] }).log }]),
    );
  } finally {
    db.close();
  }
}

const english = (lines: readonly OldLine[] | readonly LogLine[], seat: number | null) =>
  readableBy(lines as LogLine[], seat).map((l) => `${l.turn ?? ''} ${en(l.text)}`);

describe('a database written by d0f2b7a, whose states carried their log and card definitions', () => {
  it('migrates, and every game verifies (`npm run games -- verify`)', async () => {
    const path = copy('verify.db');
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
    expect(out.join('\n')).toContain('verified 6 games: all consistent');
  });

  it('keeps what every game said: the newest lines read back are the old state’s last ones, seat by seat', () => {
    const path = copy('lines.db');
    const before = oldLogs(path);
    expect(before.size).toBe(5);
    const database = openDatabase(path, { backgroundCheckpoints: false });
    try {
      const store = new GameStore(database);
      const rewrites = database.sqlite.prepare('select name, note from data_migrations order by name').all();
      expect(rewrites).toContainEqual({ name: '2026-11-log-leaves-state', note: 'rewrote 5 games' });
      for (const [id, old] of before) {
        const game = store.getGame(id);
        const kept = game.log ?? [];
        expect(kept.length, `game #${id}`).toBeGreaterThan(0);
        for (const seat of [null, ...game.seats.map((s) => s.seat)]) {
          const now = english(kept, seat);
          const then = english(old.log, seat);
          // The old log kept 80 lines, the record the newest 25: the newest readable ones agree.
          const n = Math.min(now.length, then.length);
          expect(now.slice(-n), `game #${id}, seat ${seat}`).toEqual(then.slice(-n));
        }
        const stored = database.sqlite
          .prepare('select state from games where id = ?')
          .pluck()
          .get(id) as string;
        expect(stored).not.toContain('"log"');
        expect(stored).toContain('"$part"');
      }
    } finally {
      database.close();
    }
  });
});
