import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../../.config/bundle.mjs';
import { fromRoot } from '../paths.ts';

/**
 * `entry` bundled by esbuild as `npm start` bundles the bot (the same options, .config/bundle.mjs), into
 * .build/<name>: a benchmark then measures the code as the bot runs it,
 * not under tsx's loader. Returns the bundle's path.
 */
export async function compiled(entry: string, name: string): Promise<string> {
  const outfile = fromRoot('.build', name);
  await build({ ...BUNDLE_OPTIONS, entryPoints: [entry], outfile });
  return outfile;
}

/** `compiled`, then imported. */
export async function importCompiled<T>(entry: string, name: string): Promise<T> {
  return (await import(pathToFileURL(await compiled(entry, name)).href)) as T;
}
