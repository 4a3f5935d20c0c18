import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderTreasureCard } from '../../src/adapters/archaeology/pictures/card-image.ts';
import { renderArchaeologyHand } from '../../src/adapters/archaeology/pictures/hand-image.ts';
import { renderArchaeologyResults } from '../../src/adapters/archaeology/pictures/results-image.ts';
import { archaeologyFinale, archaeologyMidGame } from '../../src/adapters/archaeology/pictures/samples.ts';
import { renderArchaeologyTable } from '../../src/adapters/archaeology/pictures/table-image.ts';
import { renderCard } from '../../src/adapters/valley/pictures/card-face.ts';
import { renderHand } from '../../src/adapters/valley/pictures/hand-image.ts';
import { renderResults } from '../../src/adapters/valley/pictures/results-image.ts';
import { finale, showcase, sixSeats } from '../../src/adapters/valley/pictures/samples.ts';
import { renderTable } from '../../src/adapters/valley/pictures/table-image.ts';
import { renderTomb } from '../../src/adapters/valley/pictures/tomb-image.ts';
import { archaeologyCatalog } from '../../src/games/archaeology/catalog.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import { baseCatalog, fullCatalog } from '../../src/games/valley/catalog.ts';
import { valley } from '../../src/games/valley/index.ts';
import { defsFrom } from '../../src/games/valley/setup.ts';
import { decode, NAMES } from './png-util.ts';

/**
 * Golden images catch an accidental change to a drawing. A missing golden is written (and said so);
 * to accept an intended change, delete the file (or run with UPDATE_GOLDEN=1) and look at the new one.
 * The tolerance absorbs anti-aliasing differences between machines, not a moved or recoloured element.
 */
const dir = fileURLToPath(new URL('./golden/', import.meta.url));
const MAX_DIFF = 0.002;

function compare(name: string, png: Buffer) {
  const file = `${dir}${name}.png`;
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, png);
    console.warn(`golden image written: test/render/golden/${name}.png — look at it and commit it`);
    return;
  }
  const want = decode(readFileSync(file));
  const got = decode(png);
  expect({ width: got.width, height: got.height }, `${name}: size`).toEqual({
    width: want.width,
    height: want.height,
  });
  const diff = new PNG({ width: want.width, height: want.height });
  const bad = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: 0.1 });
  if (bad / (want.width * want.height) > MAX_DIFF) {
    const out = fileURLToPath(new URL(`../.output/${name}.diff.png`, import.meta.url));
    mkdirSync(fileURLToPath(new URL('../.output/', import.meta.url)), { recursive: true });
    writeFileSync(out, PNG.sync.write(diff));
    writeFileSync(out.replace('.diff.png', '.actual.png'), png);
    expect.fail(`${name}: ${bad} pixels differ from the golden image; see test/.output/${name}.diff.png`);
  }
}

const SIX = ['Alice', 'Bob the Builder', 'Carol', 'Dmitri', 'Eve', 'Fatima Al-Zahra'];

describe('golden images', () => {
  const s = showcase();
  const end = finale();

  it('the table of a 4-player game in progress', () => {
    compare('table-showcase', renderTable(valley.view(s, null), NAMES, baseCatalog));
  });
  it('the hand of the seat to play', () => {
    compare('hand-showcase', renderHand(valley.view(s, 2), NAMES, baseCatalog));
  });
  it('a tomb with three sets, uniques and starters', () => {
    compare('tomb-showcase', renderTomb(valley.view(s, null), 1, NAMES, baseCatalog));
  });
  it('final results decided by the fewest tomb cards', () => {
    compare('results-finale', renderResults(valley.view(end, null), NAMES, baseCatalog));
  });
  it('six seats with both boxes: six panels under the pyramid and the Afterlife sets', () => {
    compare('table-six', renderTable(valley.view(sixSeats(), null), SIX, fullCatalog));
  });
  it('the results of six seats, with a legend of the ten sets and their glyphs', () => {
    compare('results-six', renderResults(valley.view(sixSeats(true), null), SIX, fullCatalog));
  });
  it('single card faces', () => {
    const defs = defsFrom(baseCatalog);
    for (const id of ['statue-of-isis', 'boat', 'book-of-the-netherworld']) {
      const def = defs[id];
      if (!def) throw new Error(id);
      compare(`card-${id}`, renderCard(def, baseCatalog));
    }
    const full = defsFrom(fullCatalog);
    for (const id of ['goddess-nut', 'senet-game', 'axe'])
      compare(`card-${id}`, renderCard(full[id] as NonNullable<(typeof full)[string]>, fullCatalog));
  });
});

describe('golden images of Archaeology', () => {
  const mid = archaeologyMidGame();
  it('the table of a 4-player game halfway', () => {
    compare('archaeology-table', renderArchaeologyTable(archaeology.view(mid, null), NAMES));
  });
  it('the hand of the seat to play', () => {
    const png = renderArchaeologyHand(archaeology.view(mid, mid.turn.seat));
    if (!png) throw new Error('no hand');
    compare('archaeology-hand', png);
  });
  it('the results', () => {
    compare(
      'archaeology-results',
      renderArchaeologyResults(archaeology.view(archaeologyFinale(), null), NAMES),
    );
  });
  it('a treasure as /card shows it', () => {
    const talisman = archaeologyCatalog.treasures.find((t) => t.id === 'talisman');
    if (!talisman) throw new Error('no talisman');
    compare('archaeology-card-talisman', renderTreasureCard(talisman));
  });
});
