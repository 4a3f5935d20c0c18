// `npm start`'s first step (npm runs `prestart` by itself): bundles src/main.ts and everything it imports
// into .build/main.js (packages stay in node_modules), so that the bot runs under plain Node rather than
// tsx, whose CLI process and in-process TypeScript loader cost ~50 and ~30 MB. Takes ~0.2 s. Files the bot
// reads at run time are found from the repository's root (src/paths.ts), not from the bundle's folder.

import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from './bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const result = await build({
  absWorkingDir: root,
  // The bot, and the thread its thinking computers run on (src/adapters/thinking-pool.ts).
  entryPoints: ['src/main.ts', 'src/adapters/think-worker.ts'],
  outdir: '.build',
  entryNames: '[name]',
  ...BUNDLE_OPTIONS,
  sourcemap: true,
  // Written below, each file under a temporary name then renamed: a bot starting meanwhile (another
  // `npm start`, a shard the manager restarts) reads the old bundle or the new one, never half of one.
  write: false,
});
mkdirSync(join(root, '.build'), { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  await writeFile(temporary, file.contents);
  await rename(temporary, file.path);
}
const names = result.outputFiles.map((f) => relative(root, f.path)).join(', ');
console.log(`built ${names} in ${Math.round(performance.now() - started)} ms`);
