/**
 * `/leaderboard` on a season of 10,000 rated games in one server (issue #28's goal: p99 ≤ 100 ms), through
 * the loopback and the real bot: the slash command until its reply shows the board (the season's page,
 * its picture and text). The season's rows are what the live path would write for those games: synthetic
 * 4-player results run through `recomputation`, the function the rating books write with, and stored in
 * `seasons` and `ratings` (a board reads nothing else).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { hostedGames } from '../../commands/index.ts';
import { installedAdapters } from '../adapters/installed.ts';
import { startBot } from '../discord/bot.ts';
import { nextInt, seedRng } from '../games/kernel/rng.ts';
import { LoopbackDiscord } from '../loopback/index.ts';
import type { RatableGame } from '../ratings/eligibility.ts';
import { ROWS_PER_INSERT, recomputation, seasonRow } from '../ratings/rating-steps.ts';
import { seasonAt } from '../ratings/seasons.ts';
import { openDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';
import { batches } from '../store/schedule-store.ts';
import { ratings, seasons } from '../store/schema.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';

const GOAL_P99_MS = 100;
const PLAYERS = 400;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN).toFixed(2));
};

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const games = quick ? 500 : 10_000;
  const samples = quick ? 10 : 200;
  const dir = mkdtempSync(join(tmpdir(), 'scarab-season-bench-'));
  const loopback = await LoopbackDiscord.start({ waitTimeoutMs: 10_000 });
  const database = openDatabase(join(dir, 'bench.db'));
  const store = new GameStore(database);
  const c = loopback.control;
  const guild = c.defaultGuild.id;
  const now = Date.now();
  const season = { scope: guild, ...seasonAt(now, 'monthly', 'UTC') };
  const rng = seedRng('season-board');
  const finished: RatableGame[] = Array.from({ length: games }, (_, id) => {
    const table = new Set<number>();
    while (table.size < 4) table.add(nextInt(rng, PLAYERS));
    const seats = [...table].map((p, seat) => ({ seat, userId: `u${p}`, displayName: `Player ${p}` }));
    const ranks = [1, 2, 3, 4].sort(() => nextInt(rng, 3) - 1);
    return {
      id: id + 1,
      type: 'valley',
      status: 'finished',
      guildId: guild,
      rated: true,
      handedOver: false,
      finishedAt: new Date(season.startsAt + ((now - season.startsAt) * id) / games),
      outcome: {
        results: seats.map((s, k) => ({
          seat: s.seat,
          score: 10 - (ranks[k] as number),
          rank: ranks[k] as number,
          tieBreakers: [],
        })),
        summary: { key: 'bench' },
      },
      seats,
    };
  });
  const started = performance.now();
  const rebuilt = recomputation(finished, [season]);
  const db = database.db;
  db.insert(seasons).values(seasonRow(season)).run();
  for (const rows of batches(rebuilt.ratings, ROWS_PER_INSERT)) db.insert(ratings).values(rows).run();
  const writeMs = performance.now() - started;
  const bot = await startBot({
    token: loopback.token,
    apiUrl: loopback.restApi,
    store,
    hosted: hostedGames(installedAdapters()),
    timing: { botDelayMs: 60_000, autoPassMinMs: 60_000, autoPassMaxMs: 60_000 },
    log: pino({ level: 'silent' }),
    registerCommands: { guildId: guild },
    rest: { globalRequestsPerSecond: 1e6 },
  });
  try {
    const users = Array.from({ length: 4 }, (_, k) => c.createUser(`reader${k}`));
    const times: number[] = [];
    for (let k = 0; k < samples + 3; k++) {
      const t0 = performance.now();
      const reply = await c
        .as(users[k % users.length] as (typeof users)[number])
        .slash('leaderboard')
        .reply();
      if (!reply.content.includes('season')) throw new Error(`not the season's board: ${reply.content}`);
      if (k >= 3) times.push(performance.now() - t0);
    }
    const p99 = pct(times, 99);
    report({
      bench: 'season-board',
      what: "/leaderboard (the current season's board) in a server whose season has the rated games below",
      ratedGames: games,
      ranked: rebuilt.ratings.filter((r) => r.scope === `${guild}:${season.name}` && r.games >= 3).length,
      rowsWrittenMs: Math.round(writeMs),
      samples: times.length,
      p50ms: pct(times, 50),
      p99ms: p99,
      goalP99ms: GOAL_P99_MS,
      ...(quick ? {} : { meetsGoal: p99 <= GOAL_P99_MS }),
    });
  } finally {
    await bot.stop();
    database.close();
    await loopback.stop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 25 });
  }
}
