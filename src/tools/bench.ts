/**
 * `npm run bench`: runs every benchmark module in src/bench/ (or those named on the command line) and
 * prints one JSON object per figure. Timing goals are judged by reading these figures, never by tests.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchFigure {
  bench: string;
  [key: string]: unknown;
}

export type BenchModule = { run(report: (figure: BenchFigure) => void): Promise<void> };

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'bench');
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(basename(f, '.bench.ts')))
  .sort();

if (files.length === 0) {
  console.error(`no benchmarks match ${wanted.join(', ')}; available: ${readdirSync(dir).join(', ')}`);
  process.exit(2);
}
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as BenchModule;
  await mod.run((figure) => console.log(JSON.stringify(figure)));
}
