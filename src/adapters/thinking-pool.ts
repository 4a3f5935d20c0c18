import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { forgetOldContentNamed, writeContentNamed } from '../content-named-file.ts';
import type { AnalysisRequest } from '../games/kernel/analysis.ts';
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
  /** The threads' script (tests: one that fails); by default the bundled think-worker. */
  readonly script?: string;
  /** Told of each thread as it is opened (tests: to count them, or to stop one from outside). */
  readonly opened?: (worker: Worker) => void;
}

export interface Thought {
  readonly action: unknown;
  /** How long the thread thought, in milliseconds, waits included. */
  readonly ms: number;
  /** Of which it waited while the bot answered interactions. */
  readonly waitedMs: number;
}

/** A job given up: over its time, its thread lost (at start or mid-thought), no thread could start, or the pool closed. */
export class ThinkingError extends Error {}

interface Job {
  readonly job: ThinkJob;
  readonly timeoutMs: number;
  /**
   * Its time limit, running from the moment it was asked for (waiting and a thread's start included); for
   * a background job, from the moment a thread takes it (null until then).
   */
  timer: NodeJS.Timeout | null;
  /** In the background lane (key moments): taken only when no other job waits. */
  readonly background: boolean;
  readonly resolve: (t: Thought) => void;
  readonly reject: (e: Error) => void;
  /** The thread it was given to (starting or ready), null while it waits. */
  thread: Thread | null;
}

interface Thread {
  /** null while its script is being found (bundled from the sources). */
  worker: Worker | null;
  /** Said it was ready: a job given to it is posted at once. */
  ready: boolean;
  running: Job | null;
}

export class ThinkingPool {
  private readonly size: number;
  /** A job not answered this long after it was asked for is given up (the caller plays a quick move). */
  readonly timeoutMs: number;
  private readonly giveWay: GiveWay | null;
  private readonly lowerBy: number;
  private readonly warn: (text: string) => void;
  private warned = false;
  /** The priority each thread started took, newest last (tests and logs). */
  readonly priorities: ThreadPriority[] = [];
  /** Open threads, starting ones included: never more than `size`. */
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  /** Background jobs waiting: a thread takes one only when `queue` is empty. */
  private readonly later: Job[] = [];
  /** Every job asked for and not yet settled: waiting, on a starting thread, or thinking. */
  private readonly jobs = new Set<Job>();
  private nextId = 1;
  private closed = false;
  /** Jobs answered, for the benchmark and the logs. */
  answered = 0;
  /** Jobs given up over their time limit (the operator's metrics). */
  timedOut = 0;

  constructor(private readonly options: ThinkingPoolOptions = {}) {
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

  /**
   * The move of a `kind` computer in `seat`, thought on a thread of the pool. It settles within `timeoutMs`
   * (else the pool's) of this call whatever happens: answered, or refused with a ThinkingError.
   */
  think(game: string, state: unknown, seat: number, kind: string, timeoutMs?: number): Promise<Thought> {
    return this.submit({ game, state, seat, kind }, timeoutMs, false);
  }

  /**
   * The Hard player's analysis of `seat`'s decision (src/games/kernel/analysis.ts; null where it does not
   * search), thought on a thread like a move, with the same limits: `action` of the Thought is the Analysis.
   */
  analyse(
    game: string,
    state: unknown,
    seat: number,
    request: AnalysisRequest<unknown>,
    timeoutMs?: number,
  ): Promise<Thought> {
    return this.submit({ game, state, seat, kind: 'hard', request }, timeoutMs, false);
  }

  /**
   * The same analysis in the background lane (key moments after a game): a thread takes it only when no
   * move and no analysis someone waits for is waiting, so a live game never waits for more than the one
   * background job a thread may be on. Its limit counts from when a thread takes it, not while it waits.
   */
  analyseLater(
    game: string,
    state: unknown,
    seat: number,
    request: AnalysisRequest<unknown>,
    timeoutMs?: number,
  ): Promise<Thought> {
    return this.submit({ game, state, seat, kind: 'hard', request }, timeoutMs, true);
  }

  private submit(
    fields: Omit<ThinkJob, 'id'>,
    timeoutMs: number | undefined,
    background: boolean,
  ): Promise<Thought> {
    if (this.closed) return Promise.reject(new ThinkingError('the thinking pool is closed'));
    return new Promise<Thought>((resolve, reject) => {
      const limit = timeoutMs ?? this.timeoutMs;
      const job: Job = {
        job: { id: this.nextId++, ...fields },
        timeoutMs: limit,
        timer: null,
        background,
        resolve,
        reject,
        thread: null,
      };
      // Referenced: a job asked for keeps the process alive until it settles, as any awaited work would
      // (the threads themselves never do). A background job's time starts when a thread takes it.
      if (!background) this.startClock(job);
      this.jobs.add(job);
      (background ? this.later : this.queue).push(job);
      this.dispatch();
    });
  }

  private startClock(job: Job): void {
    job.timer = setTimeout(() => this.expire(job), job.timeoutMs);
  }

  /** Interactions the bot is answering now, as the threads see them (0 when the pool does not give way). */
  get holding(): number {
    return this.giveWay?.holding ?? 0;
  }

  /** Jobs asked for and not settled: waiting, given to a thread still starting, or being thought. */
  get pending(): number {
    return this.jobs.size;
  }

  /** Background jobs (key moments) asked for and not settled: waiting or being thought. */
  get background(): number {
    let n = 0;
    for (const job of this.jobs) if (job.background) n++;
    return n;
  }

  /** Jobs waiting for a free thread, background ones included (the operator's metrics). */
  get waiting(): number {
    return this.queue.length + this.later.length;
  }

  /** Threads open, starting ones included (at most the pool's size). */
  get open(): number {
    return this.threads.length;
  }

  /** Stops every thread; jobs not answered are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.jobs]) this.settle(job, new ThinkingError('the thinking pool closed'));
    const workers = this.threads.splice(0).flatMap((t) => (t.worker ? [t.worker] : []));
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** Gives waiting jobs to free threads, opening threads up to the pool's size. Synchronous: no race. */
  private dispatch(): void {
    while (this.queue.length + this.later.length > 0 && !this.closed) {
      let thread = this.threads.find((t) => !t.running);
      if (!thread) {
        if (this.threads.length >= this.size) return;
        thread = this.spawn();
      }
      const job = (this.queue.length > 0 ? this.queue.shift() : this.later.shift()) as Job;
      if (job.timer === null) this.startClock(job);
      job.thread = thread;
      thread.running = job;
      if (thread.ready) thread.worker?.postMessage(job.job);
    }
  }

  /** A new thread, counted at once; its script is found, then it starts, then it says it is ready. */
  private spawn(): Thread {
    const thread: Thread = { worker: null, ready: false, running: null };
    this.threads.push(thread);
    const script = this.options.script !== undefined ? Promise.resolve(this.options.script) : threadScript();
    script.then(
      (path) => this.launch(thread, path),
      (e: unknown) => this.lose(thread, new ThinkingError(`no thinking thread could start: ${messageOf(e)}`)),
    );
    return thread;
  }

  private launch(thread: Thread, path: string): void {
    if (this.closed || !this.threads.includes(thread)) return;
    let worker: Worker;
    try {
      worker = new Worker(path, {
        // Not the parent's --import flags: they preload TypeScript; the script is bundled JavaScript.
        execArgv: [],
        workerData: {
          giveWay: this.giveWay?.buffer ?? null,
          lowerBy: this.lowerBy,
        } satisfies ThinkThreadData,
      });
    } catch (e) {
      this.lose(thread, new ThinkingError(`a thinking thread could not start: ${messageOf(e)}`));
      return;
    }
    thread.worker = worker;
    // An idle thread never keeps the process alive; a job's own timer does while it is unsettled.
    worker.unref();
    this.options.opened?.(worker);
    worker.on('message', (answer: ThinkAnswer) => {
      if ('ready' in answer) this.ready(thread, answer.priority);
      else this.answer(thread, answer);
    });
    const where = () => (thread.ready ? '' : ' while it started');
    worker.on('error', (e) =>
      this.lose(thread, new ThinkingError(`a thinking thread failed${where()}: ${e.message}`)),
    );
    worker.on('messageerror', (e) =>
      this.lose(thread, new ThinkingError(`a thinking thread sent what cannot be read: ${e.message}`)),
    );
    worker.on('exit', (code) =>
      this.lose(thread, new ThinkingError(`a thinking thread stopped${where()} (exit code ${code})`)),
    );
  }

  private ready(thread: Thread, priority: ThreadPriority): void {
    if (!this.threads.includes(thread)) return;
    thread.ready = true;
    this.priorities.push(priority);
    if (this.priorities.length > 16) this.priorities.shift();
    if ('unchanged' in priority && this.lowerBy > 0 && !this.warned) {
      this.warned = true;
      this.warn(
        `thinking threads keep their priority (${priority.unchanged}): on busy cores clicks may wait`,
      );
    }
    if (thread.running) thread.worker?.postMessage(thread.running.job);
    else this.dispatch();
  }

  private answer(thread: Thread, answer: Exclude<ThinkAnswer, { ready: true }>): void {
    const job = thread.running;
    if (!job || job.job.id !== answer.id) return;
    this.answered++;
    this.settle(job, 'error' in answer ? new Error(answer.error) : answer);
    this.dispatch();
  }

  /**
   * The job's time is up: refused, wherever it is. Its thread, thinking or still starting, is stopped and
   * replaced: one that never says it is ready would otherwise take every job after it. A new thread costs
   * little: the script is found (bundled) once per process.
   */
  private expire(job: Job): void {
    if (this.jobs.has(job)) this.timedOut++;
    const thread = job.thread;
    this.settle(job, new ThinkingError(`a computer thought for more than ${job.timeoutMs} ms`));
    if (thread) this.lose(thread, null);
    this.dispatch();
  }

  /**
   * The thread is gone (an error, an exit, a load failure, or stopped for a job over time): its job is
   * refused with why, and the next job gets a new thread. Told only once, through the job's caller when it
   * had one, else through `warn`.
   */
  private lose(thread: Thread, error: ThinkingError | null): void {
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    void thread.worker?.terminate();
    const job = thread.running;
    if (job) {
      if (error) this.settle(job, error);
    } else if (error && !this.closed) this.warn(`${error.message} (it had no job)`);
    this.dispatch();
  }

  /** Ends a job once: answered or refused; its thread, if it has one, is free again. */
  private settle(job: Job, outcome: Error | { action: unknown; ms: number; waitedMs: number }): void {
    if (!this.jobs.delete(job)) return;
    if (job.timer !== null) clearTimeout(job.timer);
    for (const waiting of [this.queue, this.later]) {
      const at = waiting.indexOf(job);
      if (at >= 0) waiting.splice(at, 1);
    }
    if (job.thread?.running === job) job.thread.running = null;
    job.thread = null;
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve({ action: outcome.action, ms: outcome.ms, waitedMs: outcome.waitedMs });
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The thread's script, found once per process for every pool; looked for again after a failure. */
let bundled: Promise<string> | null = null;
function threadScript(): Promise<string> {
  bundled ??= workerScript().catch((e: unknown) => {
    bundled = null;
    throw e;
  });
  return bundled;
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
  return writeContentNamed(fromRoot('.build'), 'think-worker-', '.js', code);
}

/** Bundles of older sources pile up while code changes: those untouched for a day are deleted. */
export function forgetOldBundles(keep: string): void {
  forgetOldContentNamed(fromRoot('.build'), 'think-worker-', '.js', keep);
}
