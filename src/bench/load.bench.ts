/**
 * `npm run bench -- load`: many people clicking at once for minutes, as Discord would see the bot.
 * - 200 Valley games (one channel each) among 40 players, each player a loop that goes round their
 *   games: opens the hand from the board, and plays what it offers (entomb, end the turn, answer), or
 *   not when it is not their turn; a finished game is replaced by a new one through /valley and its
 *   lobby. 10 minutes (`--quick`: 10 games, 4 players, 20 s).
 * - Every click's acknowledgement, from the click to the bot's first answer: the worst, p50 and p99,
 *   and how many took longer than 2.5 s and than Discord's 3 s. Measured in this process, beside
 *   the loopback, so the figures include this process's own delays: an upper bound.
 * - The bot's memory alone: the bot runs in a child process (load-bot.ts), reporting its heap after a
 *   full collection and its RSS (`--quick`: a "minute" is 3 s). This process, the loopback, keeps
 *   every message and picture, which is not the bot's. Read every 10 s (`--quick`: 0.5 s), averaged per
 *   minute; flat: the last minute within 5% of the fifth.
 *
 * Benchmarks print figures; they never assert.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoopbackControl, LoopbackDiscord, type LoopbackUser } from '../loopback/index.ts';
import { openDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';
import { decodeCustomId } from '../table-kit/custom-id.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { customIds, options, percentile, round } from './bot-clicks.ts';
import type { MemorySample } from './load-bot.ts';

/** Memory is read every `sampleMs` and averaged over each `minuteMs` ("minute": 3 s in quick mode). */
const FULL = { games: 200, players: 40, seconds: 600, sampleMs: 10_000, minuteMs: 60_000 };
const QUICK = { games: 10, players: 4, seconds: 20, sampleMs: 500, minuteMs: 3_000 };

interface Table {
  channelId: string;
  /** Where the game's messages are: the channel, or the thread a replacement game opened. */
  where: string;
  readonly users: readonly LoopbackUser[];
  /** A replacement game being opened: the other player waits for it. */
  renewing: Promise<void> | null;
}

const verbOf = (id: string) => decodeCustomId(id)?.verb;

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const size = quick ? QUICK : FULL;
  const dir = mkdtempSync(join(tmpdir(), 'scarab-load-'));
  const dbPath = join(dir, 'load.db');
  // Late answers are measured here, not failed by the loopback.
  const loopback = await LoopbackDiscord.start({ waitTimeoutMs: 60_000, ackDeadlineMs: 60_000 });
  const c = loopback.control;
  let child: ChildProcess | null = null;
  try {
    const players = Array.from({ length: size.players }, (_, k) => c.createUser(`player${k}`));
    const tables: Table[] = [];
    // The games are dealt before the bot starts; it posts their boards as after a restart.
    const database = openDatabase(dbPath);
    const store = new GameStore(database);
    for (let g = 0; g < size.games; g++) {
      const a = players[g % size.players]!;
      // Each player meets several others: the second seat walks round the players at another pace.
      const b = players[(g + 1 + Math.floor(g / size.players)) % size.players]!;
      const channel = c.createChannel({ name: `table-${g}` });
      const lobby = store.lobbies.create({
        type: 'valley',
        guildId: c.defaultGuild.id,
        channelId: channel.id,
        hostUserId: a.id,
        seats: [a, b].map((u) => ({ userId: u.id, displayName: u.username })),
        seed: `load-${g}`,
      });
      store.startGame(lobby.id);
      tables.push({ channelId: channel.id, where: channel.id, users: [a, b], renewing: null });
    }
    database.close();

    const memory: MemorySample[] = [];
    const bot = fork(
      join(dirname(fileURLToPath(import.meta.url)), 'load-bot.ts'),
      [loopback.token, loopback.restApi, dbPath, c.defaultGuild.id, String(size.sampleMs)],
      { execArgv: [...process.execArgv, '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    child = bot;
    await new Promise<void>((resolve, reject) => {
      bot.on('message', (m: { kind: string }) => {
        if (m.kind === 'ready') resolve();
        if (m.kind === 'memory') memory.push(m as MemorySample);
      });
      bot.once('exit', (code) => reject(new Error(`the bot exited (${code}) before it was ready`)));
    });

    const acks: number[] = [];
    const byVerb = new Map<string, number[]>();
    let failures = 0;
    let moves = 0;
    let newGames = 0;
    const firstError: string[] = [];
    /** Injects a click and times its acknowledgement. */
    const timed = async <T>(
      verb: string,
      h: ReturnType<ReturnType<LoopbackControl['as']>['click']>,
      then: () => Promise<T>,
    ) => {
      const t0 = performance.now();
      await h.acknowledged();
      const ms = performance.now() - t0;
      acks.push(ms);
      const mine = byVerb.get(verb) ?? [];
      mine.push(ms);
      byVerb.set(verb, mine);
      return then();
    };
    const latest = (where: string, verb: string) =>
      c
        .messages(where)
        .filter((m) => !m.ephemeral && customIds(m).some((id) => verbOf(id) === verb))
        .at(-1);

    /** A new game at a finished table, opened as people do: /valley, join, start. */
    const renew = async (table: Table) => {
      const [host, guest] = table.users as [LoopbackUser, LoopbackUser];
      const opened = await c.as(host).slash('valley', {}, { channelId: table.channelId }).reply();
      const where = /<#(\d+)>/.exec(opened.text)?.[1] ?? table.channelId;
      let lobby = latest(where, 'join');
      for (let k = 0; k < 100 && !lobby; k++) {
        await sleep(20);
        lobby = latest(where, 'join');
      }
      if (!lobby) throw new Error(`no lobby after /valley: ${opened.text}`);
      const join = customIds(lobby).find((id) => verbOf(id) === 'join')!;
      await timed('join', c.as(guest).click(lobby, join), async () => {});
      const start = customIds(lobby).find((id) => verbOf(id) === 'start')!;
      await timed('start', c.as(host).click(lobby, start), async () => {});
      for (let k = 0; k < 200 && !latest(where, 'hand'); k++) await sleep(20);
      table.where = where;
      newGames++;
    };

    /**
     * One player's visit to a table: their hand opened from the board, and what it offers played (nothing
     * when it is not their turn); a finished game is replaced first.
     */
    const play = async (player: LoopbackUser, table: Table) => {
      if (table.renewing) await table.renewing;
      const board = latest(table.where, 'hand');
      if (!board) {
        table.renewing ??= renew(table).finally(() => {
          table.renewing = null;
        });
        return table.renewing;
      }
      const handId = customIds(board).find((id) => verbOf(id) === 'hand')!;
      const opening = c.as(player).click(board, handId);
      const hand = await timed('hand', opening, () => opening.reply());
      const ids = customIds(hand);
      const entomb = ids.find((id) => id.endsWith(':act:entomb'));
      const entombValue = entomb && options(hand, entomb)[0];
      const endSelect = ids.find((id) => verbOf(id) === 'end');
      const endValue = endSelect && options(hand, endSelect).find((v) => v !== 'order');
      const endButton = ids.find((id) => verbOf(id) === 'act' && decodeCustomId(id)?.arg.startsWith('t'));
      const answer = ids.find((id) => verbOf(id) === 'ans');
      const answerValue = answer && options(hand, answer)[0];
      const as = c.as(player);
      let click: [string, ReturnType<typeof as.click>] | null = null;
      if (entomb && entombValue) click = ['entomb', as.select(hand, entomb, [entombValue])];
      else if (endSelect && endValue) click = ['end-turn', as.select(hand, endSelect, [endValue])];
      else if (endButton) click = ['end-turn', as.click(hand, endButton)];
      else if (answer && answerValue) click = ['answer', as.select(hand, answer, [answerValue])];
      else if (answer) click = ['answer', as.click(hand, answer)];
      if (!click) return;
      const [verb, h] = click;
      await timed(verb, h, () => h.edited(0));
      moves++;
    };

    const gamesOf = players.map((p) => tables.filter((t) => t.users.includes(p)));
    const deadline = performance.now() + size.seconds * 1000;
    await Promise.all(
      players.map(async (player, k) => {
        const mine = gamesOf[k]!;
        for (let n = k; performance.now() < deadline; n++) {
          try {
            await play(player, mine[n % mine.length]!);
          } catch (e) {
            failures++;
            if (firstError.length < 3) firstError.push(String(e).slice(0, 300));
          }
        }
      }),
    );

    bot.send({ kind: 'stop' });
    await new Promise((resolve) => bot.once('exit', resolve));
    child = null;
    // One sample is noisy (the allocator's RSS jumps): each minute is the mean of its samples.
    const minutes: { minute: number; samples: number; heapUsedMb: number; rssMb: number }[] = [];
    for (const m of memory) {
      const minute = Math.floor((m.at * 1000) / size.minuteMs) + 1;
      let row = minutes.find((x) => x.minute === minute);
      if (!row) {
        row = { minute, samples: 0, heapUsedMb: 0, rssMb: 0 };
        minutes.push(row);
      }
      row.heapUsedMb += m.heapUsedMb;
      row.rssMb += m.rssMb;
      row.samples++;
    }
    for (const row of minutes) {
      row.heapUsedMb = round(row.heapUsedMb / row.samples, 1);
      row.rssMb = round(row.rssMb / row.samples, 1);
    }
    const fifth = minutes.find((x) => x.minute === 5);
    const last = minutes.at(-1);
    const within = (key: 'heapUsedMb' | 'rssMb') =>
      fifth && last ? round((100 * (last[key] - fifth[key])) / fifth[key], 1) : null;
    const heapChange = within('heapUsedMb');
    const rssChange = within('rssMb');
    report({
      bench: 'load-acks',
      what: 'click → first answer, players clicking their games without a pause',
      games: size.games,
      players: size.players,
      seconds: size.seconds,
      clicks: acks.length,
      moves,
      newGames,
      failures,
      ...(firstError.length > 0 ? { firstErrors: firstError } : {}),
      p50ms: percentile(acks, 50),
      p99ms: percentile(acks, 99),
      worstMs: round(Math.max(...acks)),
      over2500ms: acks.filter((x) => x > 2500).length,
      over3000ms: acks.filter((x) => x > 3000).length,
      goalWorstMs: 2500,
      byVerb: Object.fromEntries(
        [...byVerb].map(([verb, xs]) => [
          verb,
          {
            n: xs.length,
            p50ms: percentile(xs, 50),
            p99ms: percentile(xs, 99),
            worstMs: round(Math.max(...xs)),
          },
        ]),
      ),
    });
    for (const row of minutes)
      report({ bench: 'load-bot-memory', ...row, minuteSeconds: size.minuteMs / 1000 });
    report({
      bench: 'load-bot-memory-flat',
      what: 'the bot process alone, after a full collection: the last minute’s mean against the fifth’s',
      fifth: fifth ?? null,
      last: last ?? null,
      heapChangePercent: heapChange,
      rssChangePercent: rssChange,
      heapFlat: heapChange !== null && Math.abs(heapChange) <= 5,
      rssFlat: rssChange !== null && Math.abs(rssChange) <= 5,
    });
  } finally {
    child?.kill();
    await loopback.stop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 25 });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
