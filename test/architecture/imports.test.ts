import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Layers point one way. From the bottom: the rules (src/games/<game>, on src/games/kernel); the table
 * kit (src/table-kit: the context, payloads, custom ids and decision pings both sides build with); each
 * game's adapter (src/adapters/<game>); the table layer (src/discord, src/local, commands, with
 * src/render, src/store, src/ratings), written once for every game; and the entries (src/main.ts, the
 * tools, tests), which alone choose the games hosted: src/adapters/installed.ts and
 * src/games/registry.ts list them.
 */
const REPO = resolve(import.meta.dirname, '../..');
const TABLE_LAYER = ['src/discord', 'src/local', 'src/render', 'src/store', 'src/ratings', 'commands'];
const KIT = 'src/table-kit';
const INSTALLED = 'src/adapters/installed.ts';

/** The folders under `dir`: a game each, in src/games and src/adapters (shared files are files). */
const foldersUnder = (dir: string): string[] =>
  readdirSync(join(REPO, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

const RULES = foldersUnder('src/games').filter((g) => g !== 'kernel');
const ADAPTERS = foldersUnder('src/adapters');
/** Every game of the repository, from its rules' or its adapter's folder: a new game is guarded by itself. */
const GAMES = [...new Set([...RULES, ...ADAPTERS])].sort();
const GAME_SPECIFIC = GAMES.flatMap((g) => [`src/games/${g}`, `src/adapters/${g}`]);

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

/** `file → import` for every import of a file under `dir` that lands inside one of `banned`. */
function importsInto(dir: string, banned: readonly string[]): string[] {
  const files = filesUnder(dir);
  expect(files.length, `${dir} holds no module`).toBeGreaterThan(0);
  return files.flatMap((f) =>
    importsOf(f)
      .filter((p) => banned.some((b) => inside(p, b)))
      .map((p) => `${f} → ${p}`),
  );
}

describe('game-agnostic layers import no game', () => {
  it('every game is found, Archaeology and Valley among them, with its rules and its adapter', () => {
    expect(GAMES).toEqual(expect.arrayContaining(['archaeology', 'valley']));
    expect(GAMES).not.toContain('kernel');
    expect(RULES).toEqual(expect.arrayContaining(['archaeology', 'valley']));
    expect(ADAPTERS).toEqual(expect.arrayContaining(['archaeology', 'valley']));
  });

  for (const game of GAMES.filter((g) => RULES.includes(g) && ADAPTERS.includes(g)))
    it(`the checker sees imports (the ${game} adapter imports the ${game} rules)`, () => {
      const adapterImports = filesUnder(`src/adapters/${game}`).flatMap(importsOf);
      expect(adapterImports.some((p) => inside(p, `src/games/${game}`))).toBe(true);
    });

  for (const dir of TABLE_LAYER)
    it(`${dir} imports no game's rules or adapter (${GAMES.join(', ')})`, () => {
      expect(importsInto(dir, GAME_SPECIFIC)).toEqual([]);
    });

  it("src/adapters' shared files (the thinking thread among them) import no game, but the entries' lists", () => {
    // installed.ts lists the games for the entries; english.ts names cards in English for tools and tests.
    const lists = [INSTALLED, 'src/adapters/english.ts'];
    const shared = filesUnder('src/adapters').filter(
      (f) => !GAMES.some((g) => inside(f, `src/adapters/${g}`)) && !lists.includes(f),
    );
    expect(shared).toContain('src/adapters/think-worker.ts');
    // The search is every game's (src/games/search): the thread sets what runs before each playout.
    const banned = GAME_SPECIFIC.filter((b) => b !== 'src/games/search');
    const offending = shared.flatMap((f) =>
      importsOf(f)
        .filter((p) => banned.some((b) => inside(p, b)))
        .map((p) => `${f} → ${p}`),
    );
    expect(offending).toEqual([]);
  });

  it('src/render, the shared drawing, imports no adapter at all', () => {
    expect(importsInto('src/render', ['src/adapters'])).toEqual([]);
  });
});

describe('layers point one way', () => {
  it('the checker sees the layers meet (src/discord and src/adapters both build with the table kit)', () => {
    for (const dir of ['src/discord', 'src/adapters'])
      expect(
        filesUnder(dir)
          .flatMap(importsOf)
          .some((p) => inside(p, KIT)),
        dir,
      ).toBe(true);
  });

  it('nothing in src/adapters imports the table layer (src/discord, src/local)', () => {
    expect(importsInto('src/adapters', ['src/discord', 'src/local'])).toEqual([]);
  });

  it("the table kit imports neither layer it serves, nor any game (the rules' kernel is below it)", () => {
    const banned = [
      'src/discord',
      'src/local',
      'src/adapters',
      'commands',
      ...GAMES.map((g) => `src/games/${g}`),
    ];
    expect(importsInto(KIT, banned)).toEqual([]);
  });

  for (const dir of [...TABLE_LAYER, KIT])
    it(`${dir} does not import the list of installed games (the entry, src/main.ts, chooses them)`, () => {
      expect(importsInto(dir, [INSTALLED])).toEqual([]);
    });

  it('the checker sees who chooses the games: src/main.ts imports the installed list', () => {
    expect(importsOf('src/main.ts')).toContain(INSTALLED);
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
