/**
 * Crash safety: a child process plays many games and is killed with SIGKILL at a random moment, round after
 * round on the same database. After each kill the database must open cleanly, hold every action the child
 * reported as committed, and every game's state must equal the replay of its log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import { openDatabase } from '../../src/store/database.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { removeDir } from '../remove-dir.ts';
import { REPO } from './helpers/children.ts';
import { CRASH_GAMES, type GameUnderTest } from './helpers/games-under-test.ts';

const WRITER = join(REPO, 'test/store/helpers/crash-writer.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const ROUNDS = 10;
const GAMES = 12;

const tmp = mkdtempSync(join(tmpdir(), 'scarab-crash-'));
/** Writers still running: a test that times out must not leave them writing forever. */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  removeDir(tmp);
});

interface Round {
  /** Complete lines only: a line cut by the kill proves nothing. */
  readonly lines: string[];
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/**
 * Starts the writer and kills it `delayMs` after it says "ready" or, when `duringStartup`, that long after
 * it starts (opening, migrating, creating games: moments worth killing too).
 */
function runAndKill(
  game: GameUnderTest,
  path: string,
  seed: string,
  delayMs: number,
  duringStartup: boolean,
) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', TSX, '--import', game.module, WRITER, game.type, String(GAMES), String(game.players), seed],
    { cwd: REPO, env: { ...process.env, DATABASE_PATH: path }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  const kill = () => setTimeout(() => child.kill('SIGKILL'), delayMs);
  if (duringStartup) kill();
  child.stdout?.on('data', (chunk: Buffer) => {
    const before = stdout;
    stdout += chunk.toString();
    if (!duringStartup && !before.includes('ready\n') && stdout.includes('ready\n')) kill();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<Round>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
      resolve({ lines: complete.split('\n').filter(Boolean), signal, stderr });
    });
  });
}

describe.each(CRASH_GAMES)('crash safety with $type', (game) => {
  it(`keeps every committed action through ${ROUNDS} SIGKILLs`, async () => {
    await import(game.module);
    const path = join(tmp, `${game.type}.db`);
    const rng = seedRng(`crash-${game.type}`);
    const committed = new Map<number, number>(); // game id -> highest seq reported
    let reported = 0;
    let killedWhileWriting = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const duringStartup = round % 4 === 1;
      const delay = duringStartup ? nextInt(rng, 400) : 5 + nextInt(rng, 150);
      const result = await runAndKill(game, path, `${game.type}-${round}`, delay, duringStartup);
      // The child never stops by itself: anything but our SIGKILL is a crash of its own.
      expect(result.stderr).toBe('');
      expect(result.signal).toBe('SIGKILL');
      for (const line of result.lines) {
        const match = /^(\d+) (\d+)$/.exec(line);
        if (!match) continue;
        const [id, seq] = [Number(match[1]), Number(match[2])];
        committed.set(id, Math.max(committed.get(id) ?? 0, seq));
        reported++;
      }
      if (result.lines.at(-1) !== 'ready' && result.lines.includes('ready')) killedWhileWriting++;

      // Opens cleanly (recovering the WAL), the file is sound, and the log holds all that was reported.
      const db = openDatabase(path);
      expect(db.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const versions = new Map(
        (db.sqlite.prepare('select id, version from games').all() as { id: number; version: number }[]).map(
          (r) => [r.id, r.version],
        ),
      );
      const stored = db.sqlite.prepare('select count(*) from actions where game_id = ? and seq <= ?').pluck();
      for (const [id, seq] of committed) {
        expect(versions.get(id), `game #${id}`).toBeGreaterThanOrEqual(seq);
        expect(stored.get(id, seq), `actions 1..${seq} of game #${id}`).toBe(seq);
      }
      expect(verifyAll(db).problems).toEqual([]);
      db.close();
    }
    // The kills must have landed while actions were being written, not only before or after.
    expect(killedWhileWriting).toBeGreaterThanOrEqual(ROUNDS / 2);
    expect(reported).toBeGreaterThan(ROUNDS * 10);
  });
});
