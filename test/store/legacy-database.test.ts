import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { STATE_REWRITES } from '../../src/store/data-migrations.ts';
import { openDatabase } from '../../src/store/database.ts';
import { decodeLines } from '../../src/store/log-codec.ts';
import { openingLines } from '../../src/store/recent-log.ts';
import { type CliIo, runGamesCli } from '../../src/tools/games.ts';
import { removeDir } from '../remove-dir.ts';

const FIXTURE = new URL('../fixtures/legacy/valley-base-9704a95.db', import.meta.url);
const tmp = mkdtempSync(join(tmpdir(), 'scarab-legacy-'));
afterAll(() => removeDir(tmp));

/** A copy: opening the database runs the newer migrations, which must not touch the fixture. */
function copy(name: string): string {
  const path = join(tmp, name);
  copyFileSync(FIXTURE, path);
  return path;
}

interface Row {
  id: number;
  status: string;
  state: string | null;
  outcome: string | null;
  version: number;
}

function rows(path: string): Row[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('select id, status, state, outcome, version from games order by id').all() as Row[];
  } finally {
    db.close();
  }
}

/** A stored state whole: its shared parts (src/store/state-parts.ts) put back from `state_parts`. */
function whole(path: string, stateJson: string | null): string | null {
  if (stateJson === null || !stateJson.includes('"$part"')) return stateJson;
  const db = new Database(path, { readonly: true });
  try {
    const s = JSON.parse(stateJson) as Record<string, unknown>;
    for (const [key, value] of Object.entries(s)) {
      const hash = (value as { $part?: string } | null)?.$part;
      if (hash === undefined) continue;
      const json = db.prepare('select json from state_parts where hash = ?').pluck().get(hash) as string;
      s[key] = JSON.parse(json);
    }
    return JSON.stringify(s);
  } finally {
    db.close();
  }
}

/**
 * Where the cards are and whose turn it is: everything of a Valley state but its sentences (the log, the
 * questions' texts), which older rules wrote in another shape.
 */
function position(stateJson: string | null): unknown {
  if (stateJson === null) return null;
  const s = JSON.parse(stateJson) as Record<string, unknown> & {
    stack: { kind: string; seat: number; step: number; src: number | null; q: unknown }[];
  };
  const { log: _log, stack, ...rest } = s;
  return {
    ...rest,
    stack: stack.map((f) => ({ kind: f.kind, seat: f.seat, step: f.step, src: f.src, asks: f.q !== null })),
  };
}

/** The turns of every line the game's actions said, in order, as stored. */
function storedTurns(path: string, gameId: number): number[] {
  const db = new Database(path, { readonly: true });
  try {
    const logs = db
      .prepare('select log from actions where game_id = ? and log is not null order by seq')
      .pluck()
      .all(gameId) as string[];
    return logs.flatMap((l) => decodeLines('valley', l).map((line) => line.turn ?? -1));
  } finally {
    db.close();
  }
}

/** The turns of what setup said (never stored: it is said again from the options and seed). */
function openingTurns(path: string, gameId: number): number[] {
  const db = new Database(path, { readonly: true });
  try {
    const g = db.prepare('select options, seed from games where id = ?').get(gameId) as {
      options: string;
      seed: string;
    };
    return openingLines('valley', JSON.parse(g.options), g.seed).map((l) => l.turn ?? -1);
  } finally {
    db.close();
  }
}

describe('a database written by an earlier release', () => {
  it('replays every stored game identically (`npm run games -- verify`)', async () => {
    const path = copy('legacy.db');
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

  it('is rewritten once into the state shape of today, every position and result unchanged', () => {
    const path = copy('rewritten.db');
    const before = rows(path);
    const database = openDatabase(path, { backgroundCheckpoints: false });
    const record = database.sqlite.prepare('select name, note from data_migrations').all();
    database.close();
    expect(record).toEqual(STATE_REWRITES.map((m) => ({ name: m.name, note: 'rewrote 7 games' })));
    const after = rows(path);
    expect(after.map((r) => [r.id, r.status, r.version])).toEqual(
      before.map((r) => [r.id, r.status, r.version]),
    );
    for (const [k, old] of before.entries()) {
      const now = after[k] as Row;
      // The older shape carried English sentences; today's carries messages only.
      if (old.state !== null) expect(now.state, `game #${old.id}`).not.toBe(old.state);
      expect(position(whole(path, now.state)), `game #${old.id}`).toEqual(position(old.state));
      const results = (o: string | null) =>
        o === null ? null : (JSON.parse(o) as { results: unknown }).results;
      expect(results(now.outcome), `game #${old.id}`).toEqual(results(old.outcome));
    }
    // The log left the state for the actions' rows: the same lines, turn by turn, as the old state's last ones.
    for (const old of before) {
      if (old.state === null) continue;
      const oldTurns = (JSON.parse(old.state) as { log: { turn: number }[] }).log.map((l) => l.turn);
      const newTurns = [...openingTurns(path, old.id), ...storedTurns(path, old.id)];
      expect(newTurns.slice(-oldTurns.length), `game #${old.id}`).toEqual(oldTurns);
    }
    // Opened again: nothing left to do, nothing written.
    openDatabase(path, { backgroundCheckpoints: false }).close();
    expect(rows(path)).toEqual(after);
  });
});
