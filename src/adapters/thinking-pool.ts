/**
 * Threads for computer players that think long (the search player: hundreds of simulated games per move),
 * so a thinking computer never delays a click, a board or another game. Threads start on the first job
 * (a bot whose tables seat no such computer starts none), one job each at a time; more jobs wait in order.
 * An idle thread never keeps the process alive; a thread with a job does, as any awaited work would.
 * A job over its time is given up: its thread is replaced and the caller plays a quick move instead.
 * Nothing is kept here that a restart would need: an unfinished thought is simply thought again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { COMPILED, fromRoot } from '../paths.ts';
import { GiveWay } from './give-way.ts';
import type { ThinkAnswer, ThinkJob, ThinkThreadData, ThreadPriority } from './think-worker.ts';

export interface ThinkingPoolOptions {
  /** Threads at most; default one fewer than the machine's CPUs, at least 1 and at most 4. */
  readonly size?: number;
  /** A job still running after this is given up (default 10 s). */
  readonly timeoutMs?: number;
  /**
   * Whether thoughts pause while the bot answers interactions (give-way.ts). By default they do when the
   * threads and the bot's own fill every core: then a thought would take the CPU a click needs.
   */
  readonly giveWay?: boolean;
  /**
   * Nice steps the threads run below the bot's (Linux; default 0). On cores the threads fill, the bot's
   * thread then runs first even where it does not hold them (give-way.ts): measured on 2 cores, 10 steps
   * took the click p99 while thinking from 27–33 ms to 18–23 ms.
   */
  readonly lowerBy?: number;
  /** Told once if a thread could not lower its priority as asked. */
  readonly warn?: (text: string) => void;
}

export interface Thought {
  readonly action: unknown;
  /** How long the thread thought, in milliseconds, waits included. */
  readonly ms: number;
  /** Of which it waited while the bot answered interactions. */
  readonly waitedMs: number;
}

/** A job given up: it ran past its time, its thread died, or the pool closed. */
export class ThinkingError extends Error {}

interface Job {
  readonly job: ThinkJob;
  readonly timeoutMs: number;
  readonly resolve: (t: Thought) => void;
  readonly reject: (e: Error) => void;
}

interface Thread {
  readonly worker: Worker;
  running: Job | null;
  timer: NodeJS.Timeout | null;
}

export class ThinkingPool {
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly giveWay: GiveWay | null;
  private readonly lowerBy: number;
  private readonly warn: (text: string) => void;
  private warned = false;
  /** The priority each thread started took, newest last (tests and logs). */
  readonly priorities: ThreadPriority[] = [];
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private script: Promise<string> | null = null;
  private nextId = 1;
  private closed = false;
  /** Jobs answered, for the benchmark and the logs. */
  answered = 0;

  constructor(options: ThinkingPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(4, availableParallelism() - 1));
    this.timeoutMs = options.timeoutMs ?? 10_000;
    const giveWay = options.giveWay ?? this.size + 1 >= availableParallelism();
    this.giveWay = giveWay ? new GiveWay() : null;
    this.lowerBy = options.lowerBy ?? 0;
    this.warn = options.warn ?? ((text) => process.emitWarning(text));
  }

  /**
   * The bot begins answering an interaction: thoughts pause between playouts until the function returned
   * is called (within their bound, give-way.ts). Nothing happens when the pool does not give way.
   */
  hold(): () => void {
    return this.giveWay?.hold() ?? (() => {});
  }

  /** The move of a `kind` computer in `seat`, thought on a thread of the pool (within `timeoutMs`, else the pool's). */
  think(game: string, state: unknown, seat: number, kind: string, timeoutMs?: number): Promise<Thought> {
    if (this.closed) return Promise.reject(new ThinkingError('the thinking pool is closed'));
    return new Promise<Thought>((resolve, reject) => {
      const job = { id: this.nextId++, game, state, seat, kind };
      this.queue.push({ job, resolve, reject, timeoutMs: timeoutMs ?? this.timeoutMs });
      this.dispatch().catch((e: unknown) => this.failAll(e instanceof Error ? e : new Error(String(e))));
    });
  }

  /** Interactions the bot is answering now, as the threads see them (0 when the pool does not give way). */
  get holding(): number {
    return this.giveWay?.holding ?? 0;
  }

  /** Jobs waiting or running. */
  get pending(): number {
    return this.queue.length + this.threads.filter((t) => t.running).length;
  }

  /** Stops every thread; jobs not answered are refused. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new ThinkingError('the thinking pool closed'));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private async dispatch(): Promise<void> {
    while (this.queue.length > 0 && !this.closed) {
      let thread = this.threads.find((t) => !t.running);
      if (!thread) {
        if (this.threads.length >= this.size) return;
        thread = await this.spawn();
        if (this.closed) return;
        // Another dispatch may have given the new thread a job while it was starting.
        if (thread.running) continue;
      }
      const next = this.queue.shift();
      if (!next) return;
      this.start(thread, next);
    }
  }

  private async spawn(): Promise<Thread> {
    this.script ??= workerScript();
    const worker = new Worker(await this.script, {
      // Not the parent's --import flags: they preload TypeScript; the script is bundled JavaScript.
      execArgv: [],
      workerData: { giveWay: this.giveWay?.buffer ?? null, lowerBy: this.lowerBy } satisfies ThinkThreadData,
    });
    const thread: Thread = { worker, running: null, timer: null };
    let ready: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      ready = resolve;
    });
    worker.on('message', (answer: ThinkAnswer) => {
      if ('ready' in answer) {
        this.started(answer.priority);
        ready();
      } else this.answer(thread, answer);
    });
    worker.on('error', (e) => {
      ready();
      this.lose(thread, new ThinkingError(`a thinking thread failed: ${e.message}`));
    });
    worker.on('exit', () => {
      ready();
      this.lose(thread, new ThinkingError('a thinking thread stopped'));
    });
    this.threads.push(thread);
    await started;
    // An idle thread never keeps the process alive; one with a job does (start, finish), as any awaited
    // work would. Another dispatch may have given it a job while it started: then it stays referenced.
    if (!thread.running) worker.unref();
    return thread;
  }

  private started(priority: ThreadPriority): void {
    this.priorities.push(priority);
    if (this.priorities.length > 16) this.priorities.shift();
    if ('unchanged' in priority && this.lowerBy > 0 && !this.warned) {
      this.warned = true;
      this.warn(
        `thinking threads keep their priority (${priority.unchanged}): on busy cores clicks may wait`,
      );
    }
  }

  private start(thread: Thread, job: Job): void {
    thread.running = job;
    thread.worker.ref();
    thread.timer = setTimeout(() => {
      this.lose(thread, new ThinkingError(`a computer thought for more than ${job.timeoutMs} ms`));
      void thread.worker.terminate();
    }, job.timeoutMs);
    thread.timer.unref();
    thread.worker.postMessage(job.job);
  }

  private answer(thread: Thread, answer: Exclude<ThinkAnswer, { ready: true }>): void {
    const job = thread.running;
    if (!job || job.job.id !== answer.id) return;
    this.finish(thread);
    this.answered++;
    if ('error' in answer) job.reject(new Error(answer.error));
    else job.resolve({ action: answer.action, ms: answer.ms, waitedMs: answer.waitedMs });
    this.dispatch().catch((e: unknown) => this.failAll(e instanceof Error ? e : new Error(String(e))));
  }

  /** The thread is gone (an error, an exit, a job over time): its job fails, the next job gets a new one. */
  private lose(thread: Thread, error: Error): void {
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    const job = thread.running;
    this.finish(thread);
    job?.reject(error);
    if (!this.closed)
      this.dispatch().catch((e: unknown) => this.failAll(e instanceof Error ? e : new Error(String(e))));
  }

  private finish(thread: Thread): void {
    thread.worker.unref();
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    thread.running = null;
  }

  private failAll(error: Error): void {
    for (const job of this.queue.splice(0)) job.reject(error);
  }
}

/**
 * The thread's script: bundled by `npm start` beside the bot (.build/think-worker.js); from the TypeScript
 * sources (tests, tools) bundled here once per process, the same way, under a name of its content's hash,
 * so processes running at once never write over each other's file.
 */
async function workerScript(): Promise<string> {
  if (COMPILED) return fromRoot('.build', 'think-worker.js');
  const { build } = await import('esbuild');
  const { BUNDLE_OPTIONS } = await import('../../.config/bundle.mjs');
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: [fromRoot('src', 'adapters', 'think-worker.ts')],
    outfile: 'think-worker.js',
    write: false,
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('bundling the thinking thread gave no file');
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const path = fromRoot('.build', `think-worker-${hash}.js`);
  if (!existsSync(path)) {
    mkdirSync(fromRoot('.build'), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, path);
    forgetOldBundles(path);
  }
  return path;
}

/** Bundles of older sources pile up while code changes: those untouched for a day are deleted. */
export function forgetOldBundles(keep: string): void {
  const dir = fromRoot('.build');
  const dayAgo = Date.now() - 24 * 3_600_000;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === keep || !/^think-worker-[0-9a-f]{12}\.js$/.test(name)) continue;
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
    } catch (e) {
      // Deleted meanwhile by another process doing the same: nothing left to do. Anything else is real.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}
