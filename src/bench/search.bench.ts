/**
 * The Hard computer player (the search, ../games/search): how long one decision takes on this machine and
 * how many playouts a second it runs, for each game at 2 and 4 players, compiled as the bot runs it
 * (search-runs.ts bundled). Then the same decisions through the bot's thinking pool, two games thinking at
 * once: the wall time a table waits for its computer. The goals: p50 ≤ 300 ms, p99 ≤ 1 s (wall). Each
 * decision's CPU time is reported beside its wall time: on a loaded machine it is the figure to compare.
 */
import { ThinkingPool } from '../adapters/thinking-pool.ts';
import { fromRoot } from '../paths.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { importCompiled } from './compiled.ts';
import type * as Runs from './search-runs.ts';

const GOAL_P50_MS = 300;
const GOAL_P99_MS = 1000;

const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number) : 0;
};
const round = (x: number) => Math.round(x * 10) / 10;

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const runs = await importCompiled<typeof Runs>(
    fromRoot('src', 'bench', 'search-runs.ts'),
    'search-runs.mjs',
  );
  const count = quick ? 4 : 120;
  const cases = [
    ['valley', 2],
    ['valley', 4],
    ['archaeology', 2],
    ['archaeology', 4],
  ] as const;
  const all: { game: string; players: number; positions: Runs.Position[] }[] = [];
  for (const [game, players] of cases) {
    const positions = runs.positions(game, players, count, `bench-${game}-${players}`);
    all.push({ game, players, positions });
    // Warm the JIT on a few decisions first.
    for (const p of positions.slice(0, quick ? 1 : 5)) runs.decide(p, 'warm');
    const decisions = positions.map((p, i) => runs.decide(p, `bench-${i}`));
    const searched = decisions.filter((d) => d.playouts > 0);
    const ms = searched.map((d) => d.ms);
    const cpu = searched.map((d) => d.cpuMs);
    const seconds = ms.reduce((a, b) => a + b, 0) / 1000;
    const p50 = quantile(ms, 0.5);
    const p99 = quantile(ms, 0.99);
    report({
      bench: 'search.decision',
      game,
      players,
      decisions: searched.length,
      p50Ms: round(p50),
      p99Ms: round(p99),
      maxMs: round(Math.max(0, ...ms)),
      cpuP50Ms: round(quantile(cpu, 0.5)),
      cpuP99Ms: round(quantile(cpu, 0.99)),
      playoutsPerDecision: round(searched.reduce((a, d) => a + d.playouts, 0) / Math.max(1, searched.length)),
      playoutsPerSecond: Math.round(searched.reduce((a, d) => a + d.playouts, 0) / Math.max(seconds, 1e-9)),
      actionsPerSecond: Math.round(searched.reduce((a, d) => a + d.steps, 0) / Math.max(seconds, 1e-9)),
      goalP50Ms: GOAL_P50_MS,
      goalP99Ms: GOAL_P99_MS,
      ...(quick ? {} : { meetsGoal: p50 <= GOAL_P50_MS && p99 <= GOAL_P99_MS }),
    });
  }
  // Through the pool, as the bot plays them: two tables' computers thinking at once on two threads.
  const pool = new ThinkingPool({ size: 2 });
  try {
    for (const { game, players, positions } of all) {
      const waits: number[] = [];
      const threadMs: number[] = [];
      const jobs = positions.slice(0, quick ? 4 : 40);
      for (let i = 0; i < jobs.length; i += 2) {
        await Promise.all(
          jobs.slice(i, i + 2).map(async (p) => {
            const started = performance.now();
            const t = await pool.think(p.game, p.state, p.seat, 'search');
            waits.push(performance.now() - started);
            threadMs.push(t.ms);
          }),
        );
      }
      report({
        bench: 'search.pool',
        game,
        players,
        threads: 2,
        decisions: waits.length,
        waitP50Ms: round(quantile(waits, 0.5)),
        waitP99Ms: round(quantile(waits, 0.99)),
        threadP50Ms: round(quantile(threadMs, 0.5)),
      });
    }
  } finally {
    await pool.close();
  }
}
