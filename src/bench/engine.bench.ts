/**
 * Engine speed: whole 4-player games per second on one core, with random players (the issue's goal:
 * at least 2,000 a second) and with heuristic players; and 6-player games with both boxes' cards. Moves go through `applyInPlace` (the bots only
 * choose legal actions, so validation and copying would measure something else); `npm run simulate`
 * is the place for the invariant checks. Also reports how the time splits between choosing a move
 * (mostly `legalActions`) and applying it, to show where profiling should look. Archaeology's engine
 * is measured the same way, with its own players.
 */
import { type ArchaeologyBotName, archaeologyBots } from '../games/archaeology/bots/index.ts';
import {
  applyInPlace as applyArchaeology,
  waitingFor as archaeologyWaiting,
} from '../games/archaeology/index.ts';
import { setup as setupArchaeology } from '../games/archaeology/setup.ts';
import { nextInt, seedRng } from '../games/kernel/rng.ts';
import { type BotName, bots } from '../games/valley/bots/index.ts';
import { applyInPlace, waitingFor } from '../games/valley/index.ts';
import { setup } from '../games/valley/setup.ts';
import type { ValleyOptions } from '../games/valley/state.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';

const GOAL_RANDOM = 2000;

function measure(bot: BotName, players: number, seconds: number, seed: string, pool?: ValleyOptions['pool']) {
  const choose = bots[bot];
  let games = 0;
  let actions = 0;
  let turns = 0;
  let chooseMs = 0;
  let applyMs = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    const s = setup(pool === undefined ? { players } : { players, pool }, `${seed}-${games}`);
    const rng = seedRng(`${seed}-${games}/bots`);
    while (!s.finished) {
      const waiting = waitingFor(s);
      const seat =
        waiting.length === 1 ? (waiting[0] as number) : (waiting[nextInt(rng, waiting.length)] as number);
      const a0 = performance.now();
      const action = choose(s, seat, rng);
      const a1 = performance.now();
      applyInPlace(s, seat, action);
      applyMs += performance.now() - a1;
      chooseMs += a1 - a0;
      actions++;
    }
    turns += s.turn.number;
    games++;
  }
  const elapsed = (performance.now() - t0) / 1000;
  return {
    games,
    seconds: round(elapsed),
    gamesPerSecond: round(games / elapsed, 1),
    actionsPerGame: round(actions / games, 1),
    turnsPerGame: round(turns / games, 1),
    msPerGame: round((elapsed * 1000) / games),
    chooseShare: round(chooseMs / (chooseMs + applyMs)),
    applyShare: round(applyMs / (chooseMs + applyMs)),
  };
}

function measureArchaeology(bot: ArchaeologyBotName, players: number, seconds: number, seed: string) {
  const choose = archaeologyBots[bot];
  let games = 0;
  let actions = 0;
  let turns = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    const s = setupArchaeology({ players }, `${seed}-${games}`);
    const rng = seedRng(`${seed}-${games}/bots`);
    while (!s.finished) {
      const waiting = archaeologyWaiting(s);
      const seat =
        waiting.length === 1 ? (waiting[0] as number) : (waiting[nextInt(rng, waiting.length)] as number);
      applyArchaeology(s, seat, choose(s, seat, rng));
      actions++;
    }
    turns += s.turn.number + 1;
    games++;
  }
  const elapsed = (performance.now() - t0) / 1000;
  return {
    games,
    seconds: round(elapsed),
    gamesPerSecond: round(games / elapsed, 1),
    actionsPerGame: round(actions / games, 1),
    turnsPerGame: round(turns / games, 1),
    msPerGame: round((elapsed * 1000) / games),
  };
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const seconds = quick ? 0.3 : Number(process.env.BENCH_SECONDS ?? 3);
  // Warm the JIT so the first figure is not penalised.
  measure('random', 4, quick ? 0.1 : 0.5, 'warm');
  measure('heuristic', 4, quick ? 0.1 : 0.5, 'warm');
  const random = measure('random', 4, seconds, 'bench');
  report({
    bench: 'engine',
    case: '4 random players',
    unit: 'games/s',
    ...random,
    goal: GOAL_RANDOM,
    // A quick run is too short to judge.
    ...(quick ? {} : { meetsGoal: random.gamesPerSecond >= GOAL_RANDOM }),
  });
  const heuristic = measure('heuristic', 4, seconds, 'bench');
  report({ bench: 'engine', case: '4 heuristic players', unit: 'games/s', ...heuristic });
  const six = measure('random', 6, seconds, 'bench', 'base-afterlife');
  report({ bench: 'engine', case: '6 random players, Base + Afterlife', unit: 'games/s', ...six });
  const sixHeuristic = measure('heuristic', 6, seconds, 'bench', 'base-afterlife');
  report({
    bench: 'engine',
    case: '6 heuristic players, Base + Afterlife',
    unit: 'games/s',
    ...sixHeuristic,
  });
  measureArchaeology('random', 4, quick ? 0.1 : 0.5, 'warm');
  for (const bot of ['random', 'heuristic'] as const) {
    const r = measureArchaeology(bot, 4, seconds, 'bench');
    report({ bench: 'engine', case: `Archaeology, 4 ${bot} players`, unit: 'games/s', ...r });
  }
}
