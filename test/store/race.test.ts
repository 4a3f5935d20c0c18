/**
 * Races: two writers apply to the same game from the same version. Exactly one succeeds, the other is told
 * the board changed, and over many rounds nothing is applied twice. Writers are two stores in this process
 * (deterministic interleaving, each with its own connection and cache), then two processes (real
 * concurrency). On SQLite the writers are connections to one file; on PostgreSQL, stores (pools) on one
 * database, as shards are.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nextInt, type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import { StaleVersionError } from '../../src/store/errors.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { bundledChild } from '../helpers/bundled-child.ts';
import { availableBackends, backendOpener, countsOn } from './helpers/backends.ts';
import { childEnv } from './helpers/child-store.ts';
import { REPO } from './helpers/children.ts';
import { type GameUnderTest, RACE_GAMES } from './helpers/games-under-test.ts';
import { randomMove } from './helpers/random-play.ts';
import { verifyStore } from './helpers/verify-store.ts';

const WRITER = join(REPO, 'test/store/helpers/race-writer.ts');

async function startGames(store: Store, game: GameUnderTest, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const seats = Array.from({ length: game.players }, (_, k) => ({
      botKind: 'random',
      displayName: `Bot ${k}`,
    }));
    const lobby = await store.lobbies.create({ type: game.type, seats });
    ids.push((await store.startGame(lobby.id)).id);
  }
  return ids;
}

/** A game still running (replacing finished ones), its version and a move, as the database has it now. */
async function nextContest(store: Store, game: GameUnderTest, ids: number[], rng: RngState) {
  for (;;) {
    const index = nextInt(rng, ids.length);
    const id = ids[index] as number;
    store.clearCache(); // This store is the referee, not a writer: always read what is committed.
    const current = await store.getGame(id);
    const move = current.status === 'active' ? randomMove(getGame(game.type), current.state, rng) : undefined;
    if (move) return { id, version: current.version, move };
    ids[index] = (await startGames(store, game, 1))[0] as number;
  }
}

async function expectConsistent(store: Store, wins: Map<number, number>): Promise<void> {
  store.clearCache();
  for (const [id, count] of wins) expect((await store.getGame(id)).version, `game #${id}`).toBe(count);
  const totalWins = [...wins.values()].reduce((a, b) => a + b, 0);
  expect((await countsOn(store)).actions).toBe(totalWins);
  expect((await verifyStore(store)).problems).toEqual([]);
  if (store instanceof SqliteStore) expect(verifyAll(store.sync.database).problems).toEqual([]);
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

/**
 * A hang guard, not a time goal: 200–300 rounds of database round trips, a few seconds alone, took over
 * 30 s on PostgreSQL with both cores taken by CPU burners and the rest of the suite (2026-11-28).
 */
const RACE_HANG_GUARD_MS = 120_000;

describe.each(availableBackends())('races on $name', (backend) => {
  const backends = backendOpener(backend);
  /** Writers still running: a failed case must not leave them waiting on stdin. */
  const children = new Set<ChildProcess>();
  afterEach(async () => {
    for (const child of children) child.kill('SIGKILL');
    children.clear();
    await backends.closeOpened();
  });

  describe.each(RACE_GAMES)('with $type', (game) => {
    it(
      'two stores: the second writer from the same version gets the version error',
      async () => {
        await import(game.module);
        const opened = await backends.open();
        const a = opened.store;
        const b = await opened.another();
        const referee = await opened.another();
        const ids = await startGames(a, game, 4);
        const rng = seedRng(`connections-${game.type}`);
        const wins = new Map<number, number>();
        for (let round = 0; round < 300; round++) {
          const { id, version, move } = await nextContest(referee, game, ids, rng);
          // Both writers have this game cached, often at an older version than the contest's.
          await a.getGame(id);
          await b.getGame(id);
          const [first, second] = nextInt(rng, 2) === 0 ? [a, b] : [b, a];
          expect((await first.applyAction(id, { ...move, expectedVersion: version })).seq).toBe(version + 1);
          await expect(second.applyAction(id, { ...move, expectedVersion: version })).rejects.toThrow(
            expect.objectContaining({ constructor: StaleVersionError, currentVersion: version + 1 }),
          );
          wins.set(id, (wins.get(id) ?? 0) + 1);
        }
        await expectConsistent(referee, wins);
      },
      RACE_HANG_GUARD_MS,
    );

    it(
      'two processes sent the same action at the same moment: exactly one applies it',
      async () => {
        await import(game.module);
        const opened = await backends.open();
        const referee = opened.store;
        const ids = await startGames(referee, game, 4);
        // Bundled with the game's module, as `npm start` runs the bot (bundled-child.ts).
        const writer = await bundledChild(WRITER, [game.module]);
        const writers = [0, 1].map(() => {
          const child = spawn(process.execPath, [writer, backend.kind], {
            cwd: REPO,
            env: { ...process.env, ...childEnv(backend.kind, opened.location) },
            stdio: ['pipe', 'pipe', 'inherit'],
          });
          children.add(child);
          return { child, reader: new LineReader(child) };
        });
        for (const w of writers) expect(await w.reader.next()).toBe('ready');

        const rng = seedRng(`processes-${game.type}`);
        const wins = new Map<number, number>();
        for (let round = 0; round < 200; round++) {
          const { id, version, move } = await nextContest(referee, game, ids, rng);
          const line = `${id} ${version} ${move.seat} ${JSON.stringify(move.action)}\n`;
          for (const w of writers) w.child.stdin?.write(line);
          const answers = await Promise.all(writers.map((w) => w.reader.next()));
          expect(answers.sort(), `round ${round}`).toEqual([`ok ${version + 1}`, `stale ${version + 1}`]);
          wins.set(id, (wins.get(id) ?? 0) + 1);
        }
        // Asserted here, not in the 'close' listener: a writer killed after a failure would otherwise throw
        // outside any test, as an unhandled error blamed on whatever runs next.
        const codes = await Promise.all(
          writers.map(
            (w) =>
              new Promise<number | null>((resolve) => {
                w.child.on('close', (code) => {
                  children.delete(w.child);
                  resolve(code);
                });
                w.child.stdin?.end();
              }),
          ),
        );
        expect(codes).toEqual([0, 0]);
        await expectConsistent(referee, wins);
      },
      RACE_HANG_GUARD_MS,
    );
  });
});
