import { EventEmitter } from 'node:events';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  CUT_SHORT_EXIT,
  describeRunning,
  SAME_REQUEST_MS,
  STOP_MESSAGE,
  stopGracefully,
} from '../src/graceful-stop.ts';

/**
 * The process-level rule of a stop (src/graceful-stop.ts), with a fake process, exit and timer: the first
 * signal starts the orderly stop and exits 0 when it ends; a second signal, or the bound passing, exits 1 at
 * once with a line saying what was still running. The same request seen twice is one: a signal passed on
 * by npm a moment after the terminal's, or the manager's IPC request and a signal.
 */
function setup(o: { listenToManager?: boolean } = {}) {
  const proc = new EventEmitter();
  const exits: number[] = [];
  const lines: { level: number; msg: string; running?: Record<string, number> }[] = [];
  const log = pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s)) });
  let finish!: () => void;
  let fail!: (e: Error) => void;
  let stops = 0;
  const timers: { ms: number; fn: () => void; cancelled: boolean }[] = [];
  let abandoned = 0;
  let time = 0;
  const running = { interactions: 2, thoughts: 0, gamesBusy: 1 };
  const stopper = stopGracefully({
    name: 'bot',
    boundMs: 30_000,
    log,
    stop: () => {
      stops++;
      return new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    },
    running: () => running,
    abandon: () => {
      abandoned++;
    },
    process: proc,
    exit: (code) => exits.push(code),
    after: (ms, fn) => {
      const timer = { ms, fn, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    now: () => time,
    ...o,
  });
  return {
    proc,
    exits,
    lines,
    stopper,
    timers,
    get stops() {
      return stops;
    },
    get abandoned() {
      return abandoned;
    },
    advance: (ms: number) => {
      time += ms;
    },
    finish: () => finish(),
    fail: (e: Error) => fail(e),
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('a graceful stop', () => {
  it('starts on SIGTERM, and exits 0 once the stop has ended, its bound cancelled', async () => {
    const s = setup();
    s.proc.emit('SIGTERM');
    expect(s.stops).toBe(1);
    expect(s.stopper.stopping).toBe(true);
    expect(s.timers.map((t) => t.ms)).toEqual([30_000]);
    await settle();
    expect(s.exits).toEqual([]);
    s.finish();
    await settle();
    expect(s.exits).toEqual([0]);
    expect(s.timers[0]?.cancelled).toBe(true);
    expect(s.lines.map((l) => l.msg)).toEqual([
      'bot: stopping (SIGTERM): no new work, finishing what is under way within 30000 ms',
      'bot: stopped in order',
    ]);
  });

  it('takes a signal passed on a moment after the first (npm start, Ctrl+C) as the same request', async () => {
    const s = setup();
    s.proc.emit('SIGINT');
    s.advance(SAME_REQUEST_MS - 1);
    s.proc.emit('SIGINT');
    expect(s.exits).toEqual([]);
    expect(s.stops).toBe(1);
    expect(s.lines.at(-1)?.msg).toBe('bot: already stopping');
    s.finish();
    await settle();
    expect(s.exits).toEqual([0]);
  });

  it('exits 1 at once on a second signal, saying what was still running', async () => {
    const s = setup();
    s.proc.emit('SIGINT');
    s.advance(SAME_REQUEST_MS);
    s.proc.emit('SIGTERM');
    expect(s.exits).toEqual([CUT_SHORT_EXIT]);
    expect(s.abandoned).toBe(1);
    const last = s.lines.at(-1);
    expect(last?.level).toBe(50);
    expect(last?.msg).toBe(
      'bot: a second signal (SIGTERM); exiting at once with code 1, still running: 2 interactions, 1 games busy',
    );
    expect(last?.running).toEqual({ interactions: 2, thoughts: 0, gamesBusy: 1 });
    // The stop ending afterwards changes nothing: the process has exited once.
    s.finish();
    await settle();
    expect(s.exits).toEqual([CUT_SHORT_EXIT]);
    expect(s.stops).toBe(1);
  });

  it('exits 1 when the bound passes before the stop has ended', async () => {
    const s = setup();
    s.proc.emit('SIGTERM');
    s.timers[0]?.fn();
    expect(s.exits).toEqual([CUT_SHORT_EXIT]);
    expect(s.lines.at(-1)?.msg).toMatch(
      /^bot: the stop took longer than its bound of 30000 ms; exiting at once with code 1, still running: 2 interactions/,
    );
  });

  it('exits 1 when the stop fails, naming the failure', async () => {
    const s = setup();
    s.proc.emit('SIGTERM');
    s.fail(new Error('the database would not close'));
    await settle();
    expect(s.exits).toEqual([CUT_SHORT_EXIT]);
    expect(s.lines.at(-1)?.msg).toBe('bot: could not stop in order');
  });

  it("takes the shard manager's request as a first request, and a signal after it as the same one", async () => {
    const s = setup({ listenToManager: true });
    s.proc.emit('message', { not: 'ours' });
    expect(s.stops).toBe(0);
    s.proc.emit('message', STOP_MESSAGE);
    expect(s.stops).toBe(1);
    // Ctrl+C or systemd signalled the shard too, even a while later: one request, seen twice.
    s.advance(5_000);
    s.proc.emit('SIGINT');
    s.proc.emit('message', STOP_MESSAGE);
    expect(s.exits).toEqual([]);
    expect(s.stops).toBe(1);
    // A second signal is a second request.
    s.advance(SAME_REQUEST_MS);
    s.proc.emit('SIGINT');
    expect(s.exits).toEqual([CUT_SHORT_EXIT]);
  });

  it("ignores the manager's message in a process the manager did not start", () => {
    const s = setup();
    s.proc.emit('message', STOP_MESSAGE);
    expect(s.stops).toBe(0);
  });

  it('names only what is under way', () => {
    expect(describeRunning({ interactions: 0, thoughts: 0 })).toBe('nothing');
    expect(describeRunning({ interactions: 3, thoughts: 0, computerMoves: 1 })).toBe(
      '3 interactions, 1 computer moves',
    );
  });
});
