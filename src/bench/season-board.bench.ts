import { nextInt, seedRng } from '../games/kernel/rng.ts';
import type { RatableGame } from '../ratings/eligibility.ts';
import { ROWS_PER_INSERT, recomputation, seasonRow } from '../ratings/rating-steps.ts';
import { seasonAt } from '../ratings/seasons.ts';
import { batches } from '../store/schedule-store.ts';
import { ratings, seasons } from '../store/schema.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { startBenchBot } from './bench-bot.ts';

const GOAL_P99_MS = 100;
const PLAYERS = 400;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN).toFixed(2));
};

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const games = quick ? 500 : 10_000;
  const samples = quick ? 10 : 200;
  const { loopback, database, stop } = await startBenchBot('season-bench');
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
  try {
    const users = Array.from({ length: 4 }, (_, k) => c.createUser(`reader${k}`));
    const times: number[] = [];
    for (let k = 0; k < samples + 3; k++) {
      const t0 = performance.now();
      const reply = await c
        .as(users[k % users.length] as (typeof users)[number])
        .slash('leaderboard')
        .reply();
      if (!reply.text.includes('season')) throw new Error(`not the season's board: ${reply.text}`);
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
    await stop();
  }
}
