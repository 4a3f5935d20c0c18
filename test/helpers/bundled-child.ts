import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../../.config/bundle.mjs';
import { writeContentNamed } from '../../src/content-named-file.ts';
import { fromRoot, ROOT } from '../../src/paths.ts';

/**
 * A child process's script, with the modules it needs loaded first (what `--import` gave it under tsx),
 * bundled as `npm start` bundles the bot (.config/bundle.mjs): `node <bundle>` then runs the same
 * sources as `node --import tsx ...` did, as the bot really runs, without tsx's loader. Under tsx each
 * child took ~1 s of CPU before its first line (resolving and transforming every module through the
 * loader's thread), which the crash, race and startup tests paid for each of their ~60 children.
 *
 * The bundle lives in .build/test-children/ (inside the repository: its packages resolve from
 * node_modules and src/paths.ts finds the root from it), named by its content, so that workers and
 * runs building the same code share one file and an edited source gets a new one
 * (../../src/content-named-file.ts, which also deletes bundles of older sources).
 */
const built = new Map<string, Promise<string>>();

export function bundledChild(script: string, preloaded: readonly string[] = []): Promise<string> {
  const entries = [...preloaded, script];
  const key = entries.join('\n');
  let bundle = built.get(key);
  if (!bundle) {
    bundle = buildBundle(entries);
    built.set(key, bundle);
  }
  return bundle;
}

async function buildBundle(entries: readonly string[]): Promise<string> {
  const result = await build({
    ...BUNDLE_OPTIONS,
    absWorkingDir: ROOT,
    // Imported in this order, as `--import a --import b script` evaluates them.
    stdin: {
      contents: entries.map((e) => `import ${JSON.stringify(e)};`).join('\n'),
      resolveDir: ROOT,
      sourcefile: 'child-entry.ts',
      loader: 'ts',
    },
    write: false,
  });
  const contents = result.outputFiles[0]?.contents;
  if (!contents) throw new Error(`esbuild wrote nothing for ${entries.join(', ')}`);
  return writeContentNamed(fromRoot('.build', 'test-children'), '', '.mjs', contents);
}
