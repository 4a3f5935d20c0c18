/**
 * Table image: render time (goal p50 ≤ 10 ms) and bytes per image (goal ≤ 300 KB), over positions
 * from a seeded random 4-player game. Card faces are cached, as in the bot, after a first warm-up pass.
 */
import { renderHand } from '../adapters/valley/pictures/hand-image.ts';
import { playRandom } from '../adapters/valley/pictures/samples.ts';
import { renderTable } from '../adapters/valley/pictures/table-image.ts';
import { baseCatalog } from '../games/valley/catalog.ts';
import { valley } from '../games/valley/index.ts';
import type { ValleyView } from '../games/valley/view.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';

const names = ['Amunet', 'Bek', 'Chione', 'Djedi'];

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function measure(views: ValleyView[], draw: (v: ValleyView) => Buffer) {
  for (const v of views.slice(0, 20)) draw(v);
  const times: number[] = [];
  const cpu: number[] = [];
  const bytes: number[] = [];
  for (const v of views) {
    const u = process.cpuUsage();
    const t = performance.now();
    const png = draw(v);
    times.push(performance.now() - t);
    const d = process.cpuUsage(u);
    cpu.push((d.user + d.system) / 1000);
    bytes.push(png.length);
  }
  cpu.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  bytes.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    images: views.length,
    p50_ms: round(quantile(times, 0.5)),
    p95_ms: round(quantile(times, 0.95)),
    // The machine is shared: CPU time shows the cost when wall time is inflated by other load.
    cpu_p50_ms: round(quantile(cpu, 0.5)),
    bytes_p50: quantile(bytes, 0.5),
    bytes_max: bytes.at(-1),
  };
}

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const tables: ValleyView[] = [];
  const hands: ValleyView[] = [];
  const positions = quick ? 30 : 120;
  playRandom(4, 'bench-render', (s, step) => {
    if (step % 3 !== 0 || tables.length >= positions) return;
    tables.push(valley.view(s, null));
    hands.push(valley.view(s, s.turn.seat));
  });
  report({
    bench: 'render.table',
    ...measure(tables, (v) => renderTable(v, names, baseCatalog)),
    goal_p50_ms: 10,
    goal_bytes: 300_000,
  });
  report({ bench: 'render.hand', ...measure(hands, (v) => renderHand(v, names, baseCatalog)) });
}
