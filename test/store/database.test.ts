import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, databasePathFromEnv, openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { registerDiceRace } from '../fixtures/dice-race.ts';
import { removeDir } from '../remove-dir.ts';
import { startedGame } from './helpers/memory-store.ts';

const tmp = mkdtempSync(join(tmpdir(), 'scarab-database-'));
afterAll(() => removeDir(tmp));

describe('opening the database', () => {
  it('sets the pragmas the README defends', () => {
    const db = openDatabase(join(tmp, 'pragmas.db'));
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.sqlite.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(db.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.sqlite.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    db.close();
  });

  it('reads DATABASE_PATH, defaulting to ./data/scarab.db', () => {
    expect(databasePathFromEnv({ DATABASE_PATH: '/var/lib/scarab/x.db' })).toBe('/var/lib/scarab/x.db');
    expect(databasePathFromEnv({ DATABASE_PATH: '  ' })).toBe('./data/scarab.db');
    expect(databasePathFromEnv({})).toBe('./data/scarab.db');
  });

  it('checkpoints the WAL into the database file on a worker thread, not in the commits', async () => {
    registerDiceRace();
    const path = join(tmp, 'checkpoints.db');
    const errors: string[] = [];
    const db = openDatabase(path, { onBackgroundError: (m) => errors.push(m) });
    // Only the worker may copy pages over.
    db.sqlite.pragma('wal_autocheckpoint = 0');
    const store = new GameStore(db);
    const before = statSync(path).size;
    for (let i = 0; i < 200; i++) startedGame(store, 2, `c${i}`);
    const deadline = Date.now() + 5_000;
    while (statSync(path).size === before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(statSync(path).size).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    db.close();
  });
});
