/**
 * Files the bot reads at run time (fonts, message catalogues, migrations, the local page, the checkpoint
 * worker), found from the repository's root. `npm start` runs one bundled file, `.build/main.js`, where
 * every module's `import.meta.url` is the bundle's: a path relative to a module's own file would point
 * into `.build/`. From the root, each path is the same whether this module runs from `src/` (tests, tools)
 * or from the bundle.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above this file that holds package.json: the repository. */
function findRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json in any folder above ${start}`);
  }
}

export const ROOT = findRoot();

/** A path inside the repository, from its root: `fromRoot('assets', 'fonts')`. */
export const fromRoot = (...parts: string[]): string => join(ROOT, ...parts);

/** True when this code runs from `npm start`'s bundle rather than from the TypeScript sources. */
export const COMPILED = !import.meta.url.endsWith('.ts');

/** What `npm start` runs: the bundle when running compiled, else the TypeScript entry point. */
export const ENTRY = COMPILED ? fileURLToPath(import.meta.url) : fromRoot('src', 'main.ts');
