import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue #2 asks for one test file per card. This keeps the promise as the catalog changes: a card
 * added to `assets/cards/valley-*.json` without `test/valley/cards/<card-id>.test.ts` fails here,
 * and so does a test file whose name is not a card id (a misspelt id would otherwise test nothing).
 */
const root = new URL('../../../', import.meta.url);
const dir = new URL('test/valley/cards/', root);
const box = (file: string) =>
  (
    JSON.parse(readFileSync(new URL(`assets/cards/${file}`, root), 'utf8')) as { cards: { id: string }[] }
  ).cards.map((c) => c.id);
const ids = [...box('valley-base.json'), ...box('valley-afterlife.json')];
const OWN = 'catalog-coverage';

describe('one test file per card of the base and Afterlife boxes', () => {
  it('reads the 35 base cards and the 15 known Afterlife cards from the catalog', () => {
    expect(ids).toHaveLength(50);
  });

  it('has test/valley/cards/<card-id>.test.ts for every card', () => {
    const missing = ids.filter((id) => !existsSync(new URL(`${id}.test.ts`, dir)));
    expect(missing).toEqual([]);
  });

  it('names every card test file after a card id', () => {
    const stray = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -'.test.ts'.length))
      .filter((name) => name !== OWN && !ids.includes(name));
    expect(stray).toEqual([]);
  });

  it('plays its card in every card test file', () => {
    const silent = ids.filter((id) => {
      const path = new URL(`${id}.test.ts`, dir);
      return existsSync(path) && !readFileSync(path, 'utf8').includes(`'${id}'`);
    });
    expect(silent).toEqual([]);
  });
});
