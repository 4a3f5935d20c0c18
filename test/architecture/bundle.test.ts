import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { botMove } from '../../src/games/valley/bots/index.ts';
import { valley, waitingFor } from '../../src/games/valley/index.ts';
import { COMPILED, ENTRY, fromRoot, ROOT } from '../../src/paths.ts';

const REPO = resolve(import.meta.dirname, '../..');

/**
 * `npm start` runs one bundle, `.build/main.js` (.config/build.mjs), in which every module's
 * `import.meta.url` is the bundle's own: a file found relative to a module's URL is looked for in `.build/`
 * and missing there, which the tests (run from the sources) would never notice. Every such path is built
 * from the repository's root in src/paths.ts instead.
 */
describe("npm start's bundle", () => {
  it('no module bundled into it but src/paths.ts reads import.meta', async () => {
    const result = await build({
      absWorkingDir: REPO,
      entryPoints: ['src/main.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      outfile: 'unused.js',
      metafile: true,
      logLevel: 'silent',
    });
    const sources = Object.keys(result.metafile.inputs).filter((f) => /\.(ts|js|mjs)$/.test(f));
    expect(sources).toContain('src/paths.ts');
    expect(sources).toContain('src/store/checkpointer.ts');
    const offending = sources.filter(
      (f) => f !== 'src/paths.ts' && /\bimport\.meta\b/.test(readFileSync(join(REPO, f), 'utf8')),
    );
    expect(offending).toEqual([]);
  });

  it("builds the thinking pool's thread beside the bot, and that thread plays a move", async () => {
    const built = spawnSync(process.execPath, [fromRoot('.config', 'build.mjs')], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/\.build\/think-worker\.js/);
    const worker = new Worker(fromRoot('.build', 'think-worker.js'), { execArgv: [] });
    try {
      const answers: unknown[] = [];
      const answered = new Promise<void>((done) =>
        worker.on('message', (m: { ready?: true }) => {
          answers.push(m);
          if (!m.ready) done();
        }),
      );
      const state = valley.setup({ players: 2 }, 'bundle');
      const seat = waitingFor(state)[0] as number;
      worker.postMessage({ id: 1, game: 'valley', state, seat, kind: 'normal' });
      await answered;
      expect(answers[0]).toEqual({ ready: true, priority: { unchanged: 'not asked to' } });
      expect(answers[1]).toMatchObject({ id: 1, action: botMove(state, seat, 'heuristic') });
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  it('from the sources, the root is the repository and the entry point src/main.ts', () => {
    expect(ROOT).toBe(REPO);
    expect(COMPILED).toBe(false);
    expect(ENTRY).toBe(join(REPO, 'src', 'main.ts'));
    for (const path of [
      ['assets', 'fonts', 'DejaVuSans.ttf'],
      ['assets', 'i18n', 'en.json'],
      ['src', 'store', 'checkpoint-worker.js'],
      ['src', 'local', 'page', 'index.html'],
    ])
      expect(existsSync(fromRoot(...path)), path.join('/')).toBe(true);
  });
});
