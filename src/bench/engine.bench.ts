/**
 * Engine speed: whole 4-player games per second on one core, with random players (the goal:
 * at least 2,000 a second) and with heuristic players; and 6-player games with both boxes' cards. Moves go
 * through `applyInPlace` (the bots only choose legal actions, so validation and copying would measure
 * something else); `npm run simulate` is the place for the invariant checks. Also reports how the time
 * splits between choosing a move (mostly `legalActions`) and applying it, to show where profiling should
 * look. Archaeology's engine is measured the same way, with its own players.
 *
 * The games run compiled (engine-runs.ts bundled by esbuild, as `npm start` bundles the bot), not under
 * tsx's loader, whose transform keeps every function's name at run time (measured: ~8% of the heuristic
 * players' time): the figures are the engine's speed in the bot.
 */
import { fromRoot } from '../paths.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { importCompiled } from './compiled.ts';
import type * as Runs from './engine-runs.ts';

const GOAL_RANDOM = 2000;

const compiledRuns = () =>
  importCompiled<typeof Runs>(fromRoot('src', 'bench', 'engine-runs.ts'), 'engine-runs.mjs');

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const { archaeologyEngine, measure, valleyEngine } = await compiledRuns();
  const seconds = quick ? 0.3 : Number(process.env.BENCH_SECONDS ?? 3);
  // Warm the JIT so the first figure is not penalised.
  measure(valleyEngine('random', 4), quick ? 0.1 : 0.5, 'warm');
  measure(valleyEngine('heuristic', 4), quick ? 0.1 : 0.5, 'warm');
  const random = measure(valleyEngine('random', 4), seconds, 'bench');
  report({
    bench: 'engine',
    case: '4 random players',
    unit: 'games/s',
    ...random,
    goal: GOAL_RANDOM,
    // A quick run is too short to judge.
    ...(quick ? {} : { meetsGoal: random.gamesPerSecond >= GOAL_RANDOM }),
  });
  const heuristic = measure(valleyEngine('heuristic', 4), seconds, 'bench');
  report({ bench: 'engine', case: '4 heuristic players', unit: 'games/s', ...heuristic });
  const six = measure(valleyEngine('random', 6, 'base-afterlife'), seconds, 'bench');
  report({ bench: 'engine', case: '6 random players, Base + Afterlife', unit: 'games/s', ...six });
  const sixHeuristic = measure(valleyEngine('heuristic', 6, 'base-afterlife'), seconds, 'bench');
  report({
    bench: 'engine',
    case: '6 heuristic players, Base + Afterlife',
    unit: 'games/s',
    ...sixHeuristic,
  });
  measure(archaeologyEngine('random', 4), quick ? 0.1 : 0.5, 'warm');
  for (const bot of ['random', 'heuristic'] as const) {
    const r = measure(archaeologyEngine(bot, 4), seconds, 'bench');
    report({ bench: 'engine', case: `Archaeology, 4 ${bot} players`, unit: 'games/s', ...r });
  }
}
