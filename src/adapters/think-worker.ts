/**
 * A thread of the thinking pool (thinking-pool.ts): plays one computer move at a time for the games whose
 * computers think long (the search player), so that the bot's own thread keeps answering clicks. It holds
 * no game: each job carries the state, the seat and the kind of player, and the move goes back.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { AnalysisRequest } from '../games/kernel/analysis.ts';
import { playersOf } from '../games/registry.ts';
import { setBeforePlayout } from '../games/search/search-move.ts';
import { playerOf } from '../table-kit/computer-levels.ts';
import { Yielder } from './give-way.ts';

export interface ThinkJob {
  readonly id: number;
  readonly game: string;
  readonly state: unknown;
  readonly seat: number;
  readonly kind: string;
  /** Asked of an analysis (a hint, a key moment) instead of a move: the answer's `action` is the Analysis. */
  readonly request?: AnalysisRequest<unknown>;
}

/** What the pool gives a thread when it starts. */
export interface ThinkThreadData {
  /** The word that counts the interactions the bot is answering, if thoughts give way to them. */
  readonly giveWay: SharedArrayBuffer | null;
  /** Nice steps below the thread that started it (0: the same priority). */
  readonly lowerBy: number;
}

/** How this thread yields the CPU to the bot's: its Linux thread id at a lower priority, or why not. */
export type ThreadPriority =
  | { readonly thread: number; readonly nice: number }
  | { readonly unchanged: string };

export type ThinkAnswer =
  | { readonly ready: true; readonly priority: ThreadPriority }
  | { readonly id: number; readonly action: unknown; readonly ms: number; readonly waitedMs: number }
  | { readonly id: number; readonly error: string };

/**
 * The move of `job`, by the game's own players (the same functions the bot's thread would call), found
 * through the games' registry: the thread names no game.
 */
export function think(job: ThinkJob): unknown {
  const players = playersOf(job.game);
  if (job.request) {
    if (!players.analyse) throw new Error(`${job.game} has no search player to analyse with`);
    return players.analyse(job.state, job.seat, job.request);
  }
  const player = playerOf(job.kind);
  if (!players.names.includes(player)) throw new Error(`no computer player '${job.kind}' for ${job.game}`);
  return players.move(job.state, job.seat, player);
}

/**
 * Lowers this thread's priority by `steps`, so that on busy cores the bot's thread (clicks, boards) runs
 * first: Linux gives each thread its own nice value, and `setpriority` on a thread id changes that thread
 * only. Elsewhere there is no thread id to name, and the thread stays as it is (the pool says so once).
 * An unprivileged process can never raise it back: a thread lowered too far would stay starved, so the
 * bot's default is moderate (config.ts, THINKING_NICE).
 */
export function lowerPriority(steps: number): ThreadPriority {
  if (steps <= 0) return { unchanged: 'not asked to' };
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(thread) || thread <= 0) return { unchanged: 'no thread id in /proc/thread-self' };
    const nice = Math.min(19, getPriority(thread) + steps);
    setPriority(thread, nice);
    return { thread, nice };
  } catch (e) {
    return { unchanged: e instanceof Error ? e.message : String(e) };
  }
}

const data = workerData as ThinkThreadData | undefined;
const priority = lowerPriority(data?.lowerBy ?? 0);
const yielder = data?.giveWay ? new Yielder(data.giveWay) : null;
if (yielder) setBeforePlayout(() => yielder.between());

parentPort?.on('message', (job: ThinkJob) => {
  const started = performance.now();
  yielder?.start();
  let answer: ThinkAnswer;
  try {
    const action = think(job);
    answer = { id: job.id, action, ms: performance.now() - started, waitedMs: yielder?.waitedMs ?? 0 };
  } catch (e) {
    answer = { id: job.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort?.postMessage(answer);
});
// Loaded and listening: the pool starts a job's clock only now, not while the thread is starting.
parentPort?.postMessage({ ready: true, priority } satisfies ThinkAnswer);
