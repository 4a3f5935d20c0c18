import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers above the rules are written once for every game: nothing in them imports a game's rules
 * or its adapter. Valley lives in src/games/valley (rules) and src/adapters/valley (its table side);
 * the games hosted are listed in src/adapters/installed.ts and src/games/registry.ts only.
 */
const REPO = resolve(import.meta.dirname, '../..');
const GENERIC = ['src/discord', 'src/render', 'src/store', 'src/ratings', 'src/local', 'commands'];
const GAME_SPECIFIC = ['src/games/valley', 'src/adapters/valley'];

function filesUnder(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|js|mjs)$/.test(e.name))
    .map((e) => relative(REPO, join(e.parentPath, e.name)));
}

/** Every relative module a file imports (static, dynamic and re-exports), as repository paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(REPO, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g))
    found.push(relative(REPO, resolve(dirname(join(REPO, file)), m[1] as string)));
  return found;
}

const inside = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

describe('game-agnostic layers import no game', () => {
  it('the checker sees imports (the Valley adapter does import the Valley rules)', () => {
    const adapterImports = filesUnder('src/adapters/valley').flatMap(importsOf);
    expect(adapterImports.some((p) => inside(p, 'src/games/valley'))).toBe(true);
  });

  for (const dir of GENERIC)
    it(`${dir} imports neither src/games/valley nor src/adapters/valley`, () => {
      const files = filesUnder(dir);
      expect(files.length).toBeGreaterThan(0);
      const offending = files.flatMap((f) =>
        importsOf(f)
          .filter((p) => GAME_SPECIFIC.some((g) => inside(p, g)))
          .map((p) => `${f} → ${p}`),
      );
      expect(offending).toEqual([]);
    });

  it('src/render, the shared drawing, imports no adapter at all', () => {
    const offending = filesUnder('src/render').flatMap((f) =>
      importsOf(f)
        .filter((p) => inside(p, 'src/adapters'))
        .map((p) => `${f} → ${p}`),
    );
    expect(offending).toEqual([]);
  });
});

describe('the rules library', () => {
  /** Every module a file imports by name (a package, or a node: built-in). */
  const packagesOf = (file: string): string[] =>
    [...readFileSync(join(REPO, file), 'utf8').matchAll(/\bfrom\s*['"]([^'".][^'"]*)['"]/g)].map(
      (m) => m[1] as string,
    );

  it('imports nothing above it, no catalogue of sentences and no formatter: only its card data and zod', () => {
    const files = filesUnder('src/games');
    expect(files.length).toBeGreaterThan(0);
    const offending = files.flatMap((f) => [
      ...importsOf(f)
        .filter((p) => !inside(p, 'src/games') && !inside(p, 'assets/cards'))
        .map((p) => `${f} → ${p}`),
      ...packagesOf(f)
        .filter((p) => p !== 'zod')
        .map((p) => `${f} → ${p}`),
    ]);
    expect(offending).toEqual([]);
  });

  it('the checker sees what the rules import (the card data, and zod)', () => {
    const files = filesUnder('src/games');
    expect(files.flatMap(importsOf).some((p) => inside(p, 'assets/cards'))).toBe(true);
    expect(files.flatMap(packagesOf)).toContain('zod');
  });
});
