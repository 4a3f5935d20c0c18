import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { archaeologyBook } from '../../src/games/archaeology/catalog-versions.ts';
import type { CatalogBook } from '../../src/games/kernel/catalog-book.ts';
import { afterlifeBook, baseBook } from '../../src/games/valley/catalog-versions.ts';
import { fromRoot } from '../../src/paths.ts';
import {
  CATALOG_FILES,
  catalogVersion,
  currentVersions,
  historyFile,
  historyFiles,
  indexFile,
  KEEP_COMMAND,
  listedVersions,
} from '../../src/tools/catalog-history.ts';

/**
 * Every version of a card catalog ever shipped stays kept (assets/cards/history), listed for its game's
 * rules, so a game pinned to it replays forever. An edit of assets/cards without keeping its version fails
 * here, saying what to run.
 */
const books: Record<string, CatalogBook<unknown>> = {
  'valley-base': baseBook,
  'valley-afterlife': afterlifeBook,
  archaeology: archaeologyBook,
};

describe('the kept versions of the card catalogs', () => {
  it('every catalog file of assets/cards has its version kept and listed for its rules', () => {
    const unkept = currentVersions()
      .filter(
        (c) =>
          !historyFiles().some((h) => h.name === c.name && h.version === c.version) ||
          !listedVersions(CATALOG_FILES[c.name]).some((k) => k.name === c.name && k.version === c.version),
      )
      .map(
        (c) =>
          `${c.file} (version ${c.version}) is not kept: run \`${KEEP_COMMAND}\` (it copies it to ${historyFile(c.name, c.version)} and lists it in ${indexFile(CATALOG_FILES[c.name])})`,
      );
    expect(unkept).toEqual([]);
  });

  it("today's file of each catalog is the version new games are pinned to", () => {
    for (const c of currentVersions()) expect(books[c.name]?.current, c.name).toBe(c.version);
  });

  it('every file in assets/cards/history is named by its version, listed, and deals under today’s schema', () => {
    const files = historyFiles();
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const f of files) {
      expect(f.name in CATALOG_FILES, `${f.file}: no catalog '${f.name}' in assets/cards`).toBe(true);
      expect(catalogVersion(readFileSync(fromRoot(f.file), 'utf8')), `${f.file} is not its version`).toBe(
        f.version,
      );
      const listed = listedVersions(CATALOG_FILES[f.name as keyof typeof CATALOG_FILES]);
      expect(listed, `${f.file} is not listed: run \`${KEEP_COMMAND}\``).toContainEqual({
        name: f.name,
        version: f.version,
      });
      expect(() => books[f.name]?.get(f.version), f.file).not.toThrow();
    }
    // And nothing is listed that is not kept (the import would fail, but say which).
    for (const game of new Set(Object.values(CATALOG_FILES)))
      for (const k of listedVersions(game))
        expect(files.some((f) => f.name === k.name && f.version === k.version)).toBe(true);
  });

  it('keeps the versions shipped before pins existed, recovered from git, with their numbers', () => {
    // Before the calibration of c7ec727: Statue of Thoth cost 8, Inner Sarcophagus 6.
    const first = baseBook.get('69e56ee70822') as { cards: { id: string; cost: { value: number } }[] };
    const cost = (id: string) => first.cards.find((c) => c.id === id)?.cost.value;
    expect([cost('statue-of-thoth'), cost('inner-sarcophagus')]).toEqual([8, 6]);
    // Before d55fa9d: three broken cups paid $24.
    const before = archaeologyBook.get('7b5be41b63c7') as {
      treasures: { id: string; prices: { value: number }[] }[];
    };
    expect(before.treasures.find((t) => t.id === 'broken-cup')?.prices[2]?.value).toBe(24);
    // Every version of the files in git before pins, oldest first (later edits add theirs after).
    expect(baseBook.versions().slice(0, 4)).toEqual([
      '69e56ee70822',
      '140f5f480356',
      'edcec3e37bfb',
      '46838385fd2e',
    ]);
    expect(afterlifeBook.versions().slice(0, 3)).toEqual(['f4234e1e97d1', '9fc0a38d19f2', '59a8e3c8f782']);
    expect(archaeologyBook.versions().slice(0, 3)).toEqual(['7b5be41b63c7', 'ce51c22d5699', '3e8e099ea7ea']);
  });
});
