/**
 * How a process of the bot stops when its supervisor (systemd, a container runtime, Ctrl+C) asks with
 * SIGTERM or SIGINT. The first signal starts an orderly stop (the bot's `shutdown`, the shard manager's
 * stop of its shards), which must end within `boundMs`: then the process exits 0. A second signal, or the
 * bound passing, ends it at once with exit code 1 and one log line naming what was still running, so an
 * operator who must stop now can, and learns what was cut short.
 *
 * One request often arrives twice, and must not read as "stop at once". `npm start` passes the terminal's
 * Ctrl+C on to the bot, which the terminal signals too: a signal within `SAME_REQUEST_MS` of the first is
 * the same request. A shard started by the shard manager is asked over IPC (`STOP_MESSAGE`), which does
 * not count as a signal: Ctrl+C, or systemd's default kill mode, signals the manager and its shards alike.
 */
import type { Logger } from 'pino';

/** What the shard manager sends a shard's process to ask for its orderly stop. */
export const STOP_MESSAGE = 'scarab:stop';

/** A signal this soon after the first is the same request, passed on (npm) or sent to the whole group. */
export const SAME_REQUEST_MS = 1_000;

/** The exit code of a stop cut short (a second signal, the bound passed) or failed. */
export const CUT_SHORT_EXIT = 1;

/** Counts of what is under way, by kind, for the line of a stop cut short. */
export type Running = Readonly<Record<string, number>>;

/** The part of `process` this listens to (tests give an EventEmitter). */
export interface SignalSource {
  on(event: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

export interface GracefulStopOptions {
  /** What stops, for the log: 'bot', 'shard manager'. */
  readonly name: string;
  readonly boundMs: number;
  readonly log: Logger;
  /** The orderly stop; resolves once everything is closed. */
  readonly stop: () => Promise<void>;
  /** What is under way now (read when a stop is cut short). */
  readonly running: () => Running;
  /** Called before exiting at once: e.g. the manager kills the shards still stopping. */
  readonly abandon?: () => void;
  /** Whether the shard manager's IPC request counts as a first request (a shard's process). */
  readonly listenToManager?: boolean;
  /** Tests: a fake process, exit, timer and time. */
  readonly process?: SignalSource;
  readonly exit?: (code: number) => void;
  readonly after?: (ms: number, fn: () => void) => () => void;
  readonly now?: () => number;
}

export interface GracefulStop {
  /** Whether an orderly stop has begun. */
  readonly stopping: boolean;
  /** The stop, asked for by code (a test, a tool) as a first signal would. */
  request(reason: string): void;
}

/** "2 interactions, 1 games busy" (from `gamesBusy`): the kinds with something under way, or "nothing". */
export function describeRunning(running: Running): string {
  const parts = Object.entries(running)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`);
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}

const realTimer = (ms: number, fn: () => void) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

export function stopGracefully(o: GracefulStopOptions): GracefulStop {
  const proc = o.process ?? (process as SignalSource);
  const exit = o.exit ?? ((code: number) => process.exit(code));
  const after = o.after ?? realTimer;
  const now = o.now ?? Date.now;
  let stopping = false;
  /** When the first signal came; null before. */
  let signalled: number | null = null;
  let ended = false;
  let cancelBound = () => {};

  const end = (code: number) => {
    if (ended) return;
    ended = true;
    cancelBound();
    exit(code);
  };
  const cutShort = (why: string) => {
    if (ended) return;
    const running = o.running();
    o.log.error(
      { running },
      `${o.name}: ${why}; exiting at once with code ${CUT_SHORT_EXIT}, still running: ${describeRunning(running)}`,
    );
    o.abandon?.();
    end(CUT_SHORT_EXIT);
  };
  const begin = (reason: string) => {
    stopping = true;
    o.log.info(
      { reason, boundMs: o.boundMs },
      `${o.name}: stopping (${reason}): no new work, finishing what is under way within ${o.boundMs} ms`,
    );
    cancelBound = after(o.boundMs, () => cutShort(`the stop took longer than its bound of ${o.boundMs} ms`));
    let stopped: Promise<void>;
    try {
      stopped = o.stop();
    } catch (e) {
      stopped = Promise.reject(e);
    }
    stopped.then(
      () => {
        o.log.info(`${o.name}: stopped in order`);
        end(0);
      },
      (e: unknown) => {
        o.log.error({ err: e, running: o.running() }, `${o.name}: could not stop in order`);
        o.abandon?.();
        end(CUT_SHORT_EXIT);
      },
    );
  };
  const onSignal = (signal: string) => {
    if (ended) return;
    if (signalled !== null && now() - signalled >= SAME_REQUEST_MS)
      return cutShort(`a second signal (${signal})`);
    signalled ??= now();
    // The same request seen again: passed on, or asked by the manager already (see the top of this file).
    if (stopping) return o.log.info({ signal }, `${o.name}: already stopping`);
    begin(signal);
  };
  proc.on('SIGTERM', () => onSignal('SIGTERM'));
  proc.on('SIGINT', () => onSignal('SIGINT'));
  if (o.listenToManager)
    proc.on('message', (message) => {
      if (message === STOP_MESSAGE && !stopping && !ended) begin('asked by the shard manager');
    });
  return {
    get stopping() {
      return stopping;
    },
    request(reason: string) {
      if (!stopping && !ended) begin(reason);
    },
  };
}
