/**
 * Races: two writers apply to the same game from the same version. Exactly one succeeds, the other is told
 * the board changed, and over many rounds nothing is applied twice. Writers are two connections in this
 * process (deterministic interleaving, each with its own cache), then two processes (real concurrency).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nextInt, type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import { openDatabase } from '../../src/store/database.ts';
import { StaleVersionError } from '../../src/store/errors.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { removeDir } from '../remove-dir.ts';
import { REPO } from './helpers/children.ts';
import { type GameUnderTest, RACE_GAMES } from './helpers/games-under-test.ts';
import { randomMove } from './helpers/random-play.ts';

const WRITER = join(REPO, 'test/store/helpers/race-writer.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const tmp = mkdtempSync(join(tmpdir(), 'scarab-race-'));
afterAll(() => removeDir(tmp));

function startGames(store: GameStore, game: GameUnderTest, count: number): number[] {
  return Array.from({ length: count }, () => {
    const seats = Array.from({ length: game.players }, (_, i) => ({
      botKind: 'random',
      displayName: `Bot ${i}`,
    }));
    return store.startGame(store.lobbies.create({ type: game.type, seats }).id).id;
  });
}

/** A game still running (replacing finished ones), its version and a move, as the database has it now. */
function nextContest(store: GameStore, game: GameUnderTest, ids: number[], rng: RngState) {
  for (;;) {
    const index = nextInt(rng, ids.length);
    const id = ids[index] as number;
    store.clearCache(); // This store is the referee, not a writer: always read what is committed.
    const current = store.getGame(id);
    const move = current.status === 'active' ? randomMove(getGame(game.type), current.state, rng) : undefined;
    if (move) return { id, version: current.version, move };
    ids[index] = startGames(store, game, 1)[0] as number;
  }
}

function expectConsistent(store: GameStore, wins: Map<number, number>): void {
  store.clearCache();
  for (const [id, count] of wins) expect(store.getGame(id).version, `game #${id}`).toBe(count);
  const totalWins = [...wins.values()].reduce((a, b) => a + b, 0);
  const logged = store.database.sqlite.prepare('select count(*) from actions').pluck().get();
  expect(logged).toBe(totalWins);
  expect(verifyAll(store.database).problems).toEqual([]);
}

class LineReader {
  private buffer = '';
  private readonly lines: string[] = [];
  private waiting: ((line: string) => void) | null = null;

  constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString();
      let newline = this.buffer.indexOf('\n');
      while (newline >= 0) {
        this.lines.push(this.buffer.slice(0, newline));
        this.buffer = this.buffer.slice(newline + 1);
        newline = this.buffer.indexOf('\n');
      }
      this.flush();
    });
  }

  next(): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.flush();
    });
  }

  private flush(): void {
    const line = this.lines[0];
    if (this.waiting && line !== undefined) {
      this.lines.shift();
      const resolve = this.waiting;
      this.waiting = null;
      resolve(line);
    }
  }
}

describe.each(RACE_GAMES)('races with $type', (game) => {
  it('two connections: the second writer from the same version gets the version error', async () => {
    await import(game.module);
    const path = join(tmp, `connections-${game.type}.db`);
    const a = new GameStore(openDatabase(path));
    const b = new GameStore(openDatabase(path));
    const referee = new GameStore(openDatabase(path));
    const ids = startGames(a, game, 4);
    const rng = seedRng(`connections-${game.type}`);
    const wins = new Map<number, number>();
    for (let round = 0; round < 300; round++) {
      const { id, version, move } = nextContest(referee, game, ids, rng);
      // Both writers have this game cached, often at an older version than the contest's.
      a.getGame(id);
      b.getGame(id);
      const [first, second] = nextInt(rng, 2) === 0 ? [a, b] : [b, a];
      expect(first.applyAction(id, { ...move, expectedVersion: version }).seq).toBe(version + 1);
      expect(() => second.applyAction(id, { ...move, expectedVersion: version })).toThrow(
        expect.objectContaining({ constructor: StaleVersionError, currentVersion: version + 1 }),
      );
      wins.set(id, (wins.get(id) ?? 0) + 1);
    }
    expectConsistent(referee, wins);
    for (const s of [a, b, referee]) s.database.close();
  });

  it('two processes sent the same action at the same moment: exactly one applies it', async () => {
    await import(game.module);
    const path = join(tmp, `processes-${game.type}.db`);
    const referee = new GameStore(openDatabase(path));
    const ids = startGames(referee, game, 4);
    const writers = [0, 1].map(() => {
      const child = spawn(process.execPath, ['--import', TSX, '--import', game.module, WRITER], {
        cwd: REPO,
        env: { ...process.env, DATABASE_PATH: path },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      return { child, reader: new LineReader(child) };
    });
    for (const w of writers) expect(await w.reader.next()).toBe('ready');

    const rng = seedRng(`processes-${game.type}`);
    const wins = new Map<number, number>();
    for (let round = 0; round < 200; round++) {
      const { id, version, move } = nextContest(referee, game, ids, rng);
      const line = `${id} ${version} ${move.seat} ${JSON.stringify(move.action)}\n`;
      for (const w of writers) w.child.stdin?.write(line);
      const answers = await Promise.all(writers.map((w) => w.reader.next()));
      expect(answers.sort(), `round ${round}`).toEqual([`ok ${version + 1}`, `stale ${version + 1}`]);
      wins.set(id, (wins.get(id) ?? 0) + 1);
    }
    await Promise.all(
      writers.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.child.on('close', (code) => {
              expect(code).toBe(0);
              resolve();
            });
            w.child.stdin?.end();
          }),
      ),
    );
    expectConsistent(referee, wins);
    referee.database.close();
  });
});
