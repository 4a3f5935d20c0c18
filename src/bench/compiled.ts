import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { fromRoot } from '../paths.ts';

/**
 * `entry` bundled by esbuild as `npm start` bundles the bot (.config/build.mjs: packages stay in
 * node_modules, no kept names), into .build/<name>: a benchmark then measures the code as the bot runs it,
 * not under tsx's loader. Returns the bundle's path.
 */
export async function compiled(entry: string, name: string): Promise<string> {
  const outfile = fromRoot('.build', name);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

/** `compiled`, then imported. */
export async function importCompiled<T>(entry: string, name: string): Promise<T> {
  return (await import(pathToFileURL(await compiled(entry, name)).href)) as T;
}
