import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { hostedGames } from '../../commands/index.ts';
import type { AnyAdapter } from '../../src/adapters/game-adapter.ts';
import type { AutopilotTiming } from '../../src/discord/autopilot.ts';
import { type LocalTable, startLocal } from '../../src/local/start-local.ts';
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { nextGameSeed } from '../helpers/game-seeds.ts';
import { installedGames } from '../helpers/installed-games.ts';
import { TEST_LIMIT_SCALE } from '../helpers/limit-scale.ts';
import { removeDir } from '../remove-dir.ts';

/** The local table in-process, on a free port and a database in a temporary folder. */
export interface LocalHarness {
  table: LocalTable;
  url: string;
  dbPath: string;
  /** The timing the running bot reads, which the page's pace setting changes. */
  timing: AutopilotTiming;
  /** Stops the table and closes the database, then starts both again on the same file and port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export const FAST = { botDelayMs: 5, autoPassMinMs: 5, autoPassMaxMs: 30 };

/**
 * `timing`: the environment's (BOT_DELAY_MS, …) at each start; FAST by default. `adapters`: the games
 * hosted, the installed ones unless given (words-only-pictures.ts for a test that never looks at pixels).
 */
export async function startLocalHarness(
  timing: AutopilotTiming = FAST,
  options: { adapters?: readonly AnyAdapter[] } = {},
): Promise<LocalHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'scarab-local-'));
  const dbPath = join(dir, 'scarab.db');
  let database: ScarabDatabase;
  let current: AutopilotTiming;
  const boot = async (port: number) => {
    database = openDatabase(dbPath);
    current = { ...timing };
    return startLocal({
      // Equal priority: the suite's own workers fill the machine (bot.ts, thinkingNice).
      config: { PORT: port, THINKING_NICE: 0 },
      store: new GameStore(database, { seeds: nextGameSeed }),
      hosted: options.adapters ? hostedGames(options.adapters) : installedGames(),
      log: pino({ level: process.env.LOCAL_LOG ?? 'silent' }),
      timing: current,
      print: () => {},
      // Several test files start a bot and a browser at once on two cores.
      ackDeadlineMs: 10_000,
      limitScale: TEST_LIMIT_SCALE,
    });
  };
  let table = await boot(0);
  return {
    get table() {
      return table;
    },
    get url() {
      return table.url;
    },
    get timing() {
      return current;
    },
    dbPath,
    async restart() {
      // The same port, as `npm start` would use again: an open page reconnects to it.
      const port = Number(new URL(table.url).port);
      await table.stop();
      database.close();
      table = await boot(port);
    },
    async stop() {
      await table.stop();
      database.close();
      removeDir(dir);
    },
  };
}

/** A JSON call to the page's API: the status and the parsed body. */
export async function call(
  url: string,
  init: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> & { error?: string } }> {
  const hasBody = init.body !== undefined || init.raw !== undefined;
  const response = await fetch(url, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    ...(hasBody ? { body: init.raw ?? JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : JSON.parse(text) };
}

/** A POST that must succeed: a refusal fails the test with the server's own explanation. */
export async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await call(url, { body });
  if (r.status < 200 || r.status > 299) throw new Error(`POST ${url} answered ${r.status}: ${r.body.error}`);
  return r.body;
}

/** Reads a Server-Sent Events stream into `events` until `close()`. */
export function readFeed(url: string): {
  events: { type: string; data: string }[];
  opened: Promise<void>;
  close(): void;
} {
  const events: { type: string; data: string }[] = [];
  const abort = new AbortController();
  let markOpen: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    markOpen = resolve;
  });
  void (async () => {
    const response = await fetch(url, { signal: abort.signal });
    if (!response.ok || !response.body) throw new Error(`feed answered ${response.status}`);
    markOpen();
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (type && data !== undefined) events.push({ type, data });
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) throw error;
  });
  return { events, opened, close: () => abort.abort() };
}
