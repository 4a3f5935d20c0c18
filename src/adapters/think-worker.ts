/**
 * A thread of the thinking pool (thinking-pool.ts): plays one computer move at a time for the games whose
 * computers think long (the search player), so that the bot's own thread keeps answering clicks. It holds
 * no game: each job carries the state, the seat and the kind of player, and the move goes back.
 */
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

export type ThinkAnswer =
  | { readonly ready: true }
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
// Loaded and listening: the pool starts a job's clock only now, not while the thread is starting.
parentPort?.postMessage({ ready: true });
