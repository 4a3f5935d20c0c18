/**
 * A thread of the thinking pool (thinking-pool.ts): plays one computer move at a time for the games whose
 * computers think long (the search player), so that the bot's own thread keeps answering clicks. It holds
 * no game: each job carries the state, the seat and the kind of player, and the move goes back.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { archaeologyBotMove, isArchaeologyBotName } from '../games/archaeology/bots/index.ts';
import type { ArchaeologyState } from '../games/archaeology/state.ts';
import { botMove, isBotName } from '../games/valley/bots/index.ts';
import type { ValleyState } from '../games/valley/state.ts';
import { playerOf } from '../table-kit/computer-levels.ts';

export interface ThinkJob {
  readonly id: number;
  readonly game: string;
  readonly state: unknown;
  readonly seat: number;
  readonly kind: string;
}

/** How this thread yields to the bot's: its Linux thread id at a lower priority, or why it could not. */
export type ThreadPriority =
  | { readonly thread: number; readonly nice: number }
  | { readonly unchanged: string };

export type ThinkAnswer =
  | { readonly ready: true; readonly priority: ThreadPriority }
  | { readonly id: number; readonly action: unknown; readonly ms: number }
  | { readonly id: number; readonly error: string };

/** The move of `job`, by the game's own players (the same functions the bot's thread would call). */
export function think(job: ThinkJob): unknown {
  const player = playerOf(job.kind);
  if (job.game === 'valley' && isBotName(player)) return botMove(job.state as ValleyState, job.seat, player);
  if (job.game === 'archaeology' && isArchaeologyBotName(player))
    return archaeologyBotMove(job.state as ArchaeologyState, job.seat, player);
  throw new Error(`no computer player '${job.kind}' for ${job.game}`);
}

parentPort?.on('message', (job: ThinkJob) => {
  const started = performance.now();
  let answer: ThinkAnswer;
  try {
    answer = { id: job.id, action: think(job), ms: performance.now() - started };
  } catch (e) {
    answer = { id: job.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort?.postMessage(answer);
});
/**
 * How far below the bot's thread. At +3 a thinking thread gets about a third of a core it contends for
 * with the bot's (CFS weights 526 and 1024): clicks go first, yet a thought still ends within its time
 * limit on a machine busy with other work. +10 (a tenth) starved thoughts into their 10 s limit whenever
 * the cores were saturated (the test suite's own workers were enough).
 */
const LOWER_BY = 3;

/**
 * Lowers this thread's priority, so that when the cores are busy the bot's own thread (clicks, boards)
 * runs first and a thinking computer waits: Linux gives each thread its own nice value, and `setpriority`
 * on a thread id changes only that thread. Elsewhere there is no thread id to name: the thread stays as
 * it is, and the pool says so once.
 */
export function lowerPriority(): ThreadPriority {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(thread) || thread <= 0) return { unchanged: 'no thread id in /proc/thread-self' };
    // Ten steps below the thread that started it (already niced, it stays below), within Linux's 19.
    const nice = Math.min(19, getPriority(thread) + LOWER_BY);
    setPriority(thread, nice);
    return { thread, nice };
  } catch (e) {
    return { unchanged: e instanceof Error ? e.message : String(e) };
  }
}

// Loaded and listening: the pool starts a job's clock only now, not while the thread is starting.
if (parentPort) parentPort.postMessage({ ready: true, priority: lowerPriority() } satisfies ThinkAnswer);
