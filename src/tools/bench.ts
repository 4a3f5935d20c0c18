/**
 * `npm run bench`: runs every benchmark module in src/bench/ (or those named on the command line) and
 * prints one JSON object per figure. Timing goals are judged by reading these figures, never by tests.
 *
 * `--quick` runs each benchmark with a few iterations (CI runs it so that a benchmark that no longer runs
 * is noticed): its figures are printed, marked `quick: true`, and mean little.
 *
 * Each benchmark runs in a Node process of its own, so one cannot leave its heap, JIT state or open
 * handles to colour the next one's figures. The bot's benchmarks run with the Node options `npm start`
 * gives the bot (package.json), since the garbage collector's settings change what an image or a move
 * costs; the engine benchmark runs as `npm run simulate` does, without them.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchFigure {
  bench: string;
  [key: string]: unknown;
}

export interface BenchOptions {
  /** A few iterations: proves the benchmark runs; its figures are not the ones to quote. */
  readonly quick: boolean;
}

export type BenchModule = {
  run(report: (figure: BenchFigure) => void, options: BenchOptions): Promise<void>;
};

/** Benchmarks of what simulations run rather than the bot: no `npm start` options. */
const SIMULATION = new Set(['engine']);

const SELF = fileURLToPath(import.meta.url);
const ROOT = join(dirname(SELF), '..', '..');
const dir = join(ROOT, 'src', 'bench');
const args = process.argv.slice(2);
const options: BenchOptions = { quick: args.includes('--quick') };
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);

if (only !== undefined) await runHere(only);
else runAll();

/** In the child: one benchmark module, in this process. */
async function runHere(name: string): Promise<void> {
  const mod = (await import(pathToFileURL(join(dir, `${name}.bench.ts`)).href)) as BenchModule;
  await mod.run(
    (figure) => console.log(JSON.stringify(options.quick ? { ...figure, quick: true } : figure)),
    options,
  );
}

function runAll(): void {
  const unknownFlags = args.filter((a) => a.startsWith('-') && a !== '--quick');
  if (unknownFlags.length > 0) {
    console.error(`unknown option ${unknownFlags.join(', ')}; usage: npm run bench -- [--quick] [name ...]`);
    process.exit(2);
  }
  const wanted = args.filter((a) => !a.startsWith('-'));
  const available = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => basename(f, '.bench.ts'))
    .sort();
  const unknown = wanted.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    console.error(`no benchmark named ${unknown.join(', ')}; available: ${available.join(', ')}`);
    process.exit(2);
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const botOptions = startNodeOptions();
  const failed: string[] = [];
  for (const name of available.filter((n) => wanted.length === 0 || wanted.includes(n))) {
    const nodeOptions = SIMULATION.has(name) ? [] : botOptions;
    const child = spawnSync(
      process.execPath,
      [...nodeOptions, '--import', tsx, SELF, `--only=${name}`, ...(options.quick ? ['--quick'] : [])],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) {
      console.error(`benchmark ${name} failed (${child.signal ?? `exit code ${child.status}`})`);
      failed.push(name);
    }
  }
  if (failed.length > 0) process.exit(1);
}

/**
 * The Node options in `npm start`, e.g. `--max-semi-space-size=2`. The benchmarks themselves run from the
 * TypeScript sources under tsx's loader, which `npm start`'s bundle does without.
 */
function startNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  return (pkg.scripts?.start ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
}
