/**
 * Crash safety: a child process plays many games and is killed with SIGKILL at a random moment, round after
 * round on the same database. After each kill the database must open cleanly, hold every action the child
 * reported as committed, and every game's state must equal the replay of its log. On PostgreSQL the kill
 * drops the child's connections mid-transaction: the server must roll back exactly what had not committed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import { openDatabase } from '../../src/store/database.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { bundledChild } from '../helpers/bundled-child.ts';
import { availableBackends, type BackendKind, backendOpener } from './helpers/backends.ts';
import { childEnv } from './helpers/child-store.ts';
import { REPO } from './helpers/children.ts';
import { CRASH_GAMES, type GameUnderTest } from './helpers/games-under-test.ts';
import { verifyStore } from './helpers/verify-store.ts';

const WRITER = join(REPO, 'test/store/helpers/crash-writer.ts');
const ROUNDS = 10;
const GAMES = 12;

/** Writers still running: a test that times out must not leave them writing forever. */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

interface Round {
  /** Complete lines only: a line cut by the kill proves nothing. */
  readonly lines: string[];
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/**
 * When a round's SIGKILL lands: `afterMs` from the writer's start (opening, migrating, creating games:
 * moments worth killing too), or as soon as it has reported `afterActions` committed actions. Counting
 * actions, not time, makes the rounds kill mid-write however slow the machine is.
 */
type KillAt = { readonly afterMs: number } | { readonly afterActions: number };

/** Complete `<game> <seq>` lines: one per action the writer reported committed. */
const reportedActions = (stdout: string) => stdout.match(/^\d+ \d+\n/gm)?.length ?? 0;

/**
 * Starts the writer (bundled with the game's module, as `npm start` runs the bot: bundled-child.ts) and
 * kills it at `at`.
 */
function runAndKill(
  writer: string,
  backend: BackendKind,
  location: string,
  game: GameUnderTest,
  seed: string,
  at: KillAt,
) {
  const args = [backend, game.type, String(GAMES), String(game.players), seed];
  const child: ChildProcess = spawn(process.execPath, [writer, ...args], {
    cwd: REPO,
    env: { ...process.env, ...childEnv(backend, location) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  if ('afterMs' in at) setTimeout(() => child.kill('SIGKILL'), at.afterMs);
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if ('afterActions' in at && !child.killed && reportedActions(stdout) >= at.afterActions)
      child.kill('SIGKILL');
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

describe.each(availableBackends())('crash safety on $name', (backend) => {
  const backends = backendOpener(backend);
  afterEach(() => backends.closeOpened());

  describe.each(CRASH_GAMES)('with $type', (game) => {
    it(`keeps every committed action through ${ROUNDS} SIGKILLs`, async () => {
      await import(game.module);
      const writer = await bundledChild(WRITER, [game.module]);
      // Opened here only for the empty database and its removal: the writer and the checks open their own.
      const opened = await backends.open();
      await opened.store.close();
      const rng = seedRng(`crash-${game.type}`);
      const committed = new Map<number, number>(); // game id -> highest seq reported
      let reported = 0;
      let killedWhileWriting = 0;

      for (let round = 0; round < ROUNDS; round++) {
        // Rounds 1, 5 and 9 kill during start-up; the seven others after 16–48 reported actions, so that
        // together they report more than ROUNDS * 10 however fast or slow the machine writes.
        const at: KillAt =
          round % 4 === 1 ? { afterMs: nextInt(rng, 400) } : { afterActions: 16 + nextInt(rng, 33) };
        const seed = `${game.type}-${round}`;
        const result = await runAndKill(writer, backend.kind, opened.location, game, seed, at);
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

        if (backend.kind === 'sqlite') {
          // Opening recovers the WAL; the file must be sound before anything else is read from it.
          const db = openDatabase(opened.location);
          expect(db.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
          expect(verifyAll(db).problems).toEqual([]);
          db.close();
        }
        // A new store each round, as a restarted bot: it opens (and migrates) a database the kill left.
        const store = await opened.another();
        try {
          for (const [id, seq] of committed) {
            expect((await store.getGame(id)).version, `game #${id}`).toBeGreaterThanOrEqual(seq);
            const logged = (await store.actionLog(id)).filter((a) => a.seq <= seq).map((a) => a.seq);
            expect(logged, `actions 1..${seq} of game #${id}`).toEqual(
              Array.from({ length: seq }, (_, i) => i + 1),
            );
          }
          // SQLite's games were replayed by verifyAll above, from the file's own rows.
          if (backend.kind === 'postgres') expect((await verifyStore(store)).problems).toEqual([]);
        } finally {
          await store.close();
        }
      }
      // The kills must have landed while actions were being written, not only before or after.
      expect(killedWhileWriting).toBeGreaterThanOrEqual(ROUNDS / 2);
      expect(reported).toBeGreaterThan(ROUNDS * 10);
      // Ten writers start one after another (under tsx: ~15 s alone, nearer 30 s beside the rest of the suite,
      // over 90 s once at a load average of 10–20; bundled, a fraction of that). A hang guard only: nothing
      // here is timed.
    }, 240_000);
  });
});
