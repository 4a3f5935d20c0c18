/**
 * One step of a replay (issue #27's goal: compute the position, render, send, p50 ≤ 50 ms at move 300):
 * the position rebuilt from the action log (replay-positions.ts: from the nearest kept position), its
 * public view, and the board's picture drawn. Sending is the loopback's business and is measured by the
 * discord benchmark's round trips.
 */
import { canvasPictures } from '../adapters/valley/pictures.ts';
import { seedRng } from '../games/kernel/rng.ts';
import type { AnyGame } from '../games/registry.ts';
import { heuristicBot } from '../games/valley/bots/heuristic-bot.ts';
import { fullCatalog } from '../games/valley/catalog.ts';
import { valley } from '../games/valley/index.ts';
import type { ValleyState } from '../games/valley/state.ts';
import type { ValleyView } from '../games/valley/view.ts';
import { ReplayPositions } from '../table-kit/replay-positions.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';

const GOAL_P50_MS = 50;
const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number) : 0;
};

/** A 4-player game of heuristic players long enough to step around move 300. */
function longGame(): { options: unknown; seed: string; actions: { seat: number; action: unknown }[] } {
  for (let g = 0; ; g++) {
    const seed = `replay-bench-${g}`;
    const options = { players: 4 };
    let state = valley.setup(valley.parseOptions(options), seed);
    const rng = seedRng(seed);
    const actions: { seat: number; action: unknown }[] = [];
    while (!state.finished) {
      const seat = valley.waitingFor(state)[0] as number;
      const action = heuristicBot(state, seat, rng);
      const r = valley.apply(state, seat, action);
      if (!r.ok) throw new Error(`a heuristic move was refused: ${r.error.code}`);
      state = r.state as ValleyState;
      actions.push({ seat, action });
    }
    if (actions.length >= 340) return { options, seed, actions };
  }
}

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const source = longGame();
  const started = performance.now();
  const replay = ReplayPositions.build(valley as AnyGame, source);
  const buildMs = performance.now() - started;
  const pictures = canvasPictures(fullCatalog);
  const names = ['Ana', 'Ben', 'Cleo', 'Dara'];
  const steps = quick ? 5 : 200;
  const pick = seedRng('replay-steps');
  const compute: number[] = [];
  const total: number[] = [];
  for (let k = 0; k < steps + 5; k++) {
    // Around move 300, anywhere between two kept positions.
    const move = 280 + (pick[0] % 40);
    pick[0] = (pick[0] * 1103515245 + 12345) >>> 0;
    const t0 = performance.now();
    const view = valley.view(replay.at(move) as ValleyState, null) as ValleyView;
    const t1 = performance.now();
    pictures.table(view, { names, language: 'en' });
    const t2 = performance.now();
    // The first few warm the JIT and the canvas.
    if (k < 5) continue;
    compute.push(t1 - t0);
    total.push(t2 - t0);
  }
  const p50 = quantile(total, 0.5);
  report({
    bench: 'replay.step',
    what: 'position at a move near 300 from the action log + public view + board picture (not sent)',
    moves: replay.moves,
    buildMs: Math.round(buildMs),
    samples: total.length,
    computeP50Ms: Math.round(quantile(compute, 0.5) * 100) / 100,
    p50Ms: Math.round(p50 * 10) / 10,
    p99Ms: Math.round(quantile(total, 0.99) * 10) / 10,
    goalP50Ms: GOAL_P50_MS,
    ...(quick ? {} : { meetsGoal: p50 <= GOAL_P50_MS }),
  });
}
