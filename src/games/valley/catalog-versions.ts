import afterlifeBox from '../../../assets/cards/valley-afterlife.json' with { type: 'json' };
import baseBox from '../../../assets/cards/valley-base.json' with { type: 'json' };
import { CatalogBook, type CatalogPin } from '../kernel/catalog-book.ts';
import { type Catalog, parseCatalog } from './catalog.ts';
import { keptCatalogs } from './catalog-history.ts';
import type { Boxes, CardPool } from './pools.ts';

/**
 * Every kept version of each box's catalog. A game's options pin the version of each box its pool deals
 * from (`catalogs`, set as the game starts); options without a pin — games stored before pins existed —
 * are dealt with the files as they were on 2026-11-28, when pins were introduced (the `unpinned` versions).
 */
export const baseBook = new CatalogBook(
  'valley-base',
  keptCatalogs['valley-base'] ?? [],
  baseBox,
  parseCatalog,
  '46838385fd2e',
);
export const afterlifeBook = new CatalogBook(
  'valley-afterlife',
  keptCatalogs['valley-afterlife'] ?? [],
  afterlifeBox,
  parseCatalog,
  '59a8e3c8f782',
);

/** A game's pins: the version of each box its pool deals from, by the box's file name. */
export type CatalogPins = Record<string, string>;

/** The boxes a pool deals from: the base box alone, or both (a custom pool picks from both). */
export function booksOf(pool: CardPool | undefined): CatalogBook<Catalog>[] {
  return pool === undefined || pool === 'base' ? [baseBook] : [baseBook, afterlifeBook];
}

/** Why `pins` cannot deal `pool`, or null. */
export function pinsProblem(pool: CardPool | undefined, pins: CatalogPins): string | null {
  const books = booksOf(pool);
  const names = books.map((b) => b.name);
  const stray = Object.keys(pins).find((name) => !names.includes(name));
  if (stray !== undefined)
    return `this card pool is not dealt from the catalog '${stray}' (it is dealt from ${names.join(' and ')})`;
  for (const book of books) {
    const version = pins[book.name];
    if (version === undefined) return `the card catalog ${book.name} has no pinned version`;
    if (!book.has(version)) return book.unknown(version);
  }
  return null;
}

/** The boxes a game deals from: its pinned versions, or the unpinned rule's. */
export function boxesOf(pool: CardPool | undefined, pins: CatalogPins | undefined): Boxes {
  const version = (book: CatalogBook<Catalog>) => pins?.[book.name] ?? book.unpinned;
  // A base game never reads the Afterlife box: its pin names the base box alone.
  const afterlife = booksOf(pool).includes(afterlifeBook) ? afterlifeBook : null;
  return {
    base: baseBook.get(version(baseBook)),
    afterlife: afterlifeBook.get(afterlife ? version(afterlife) : afterlifeBook.unpinned),
  };
}

export function pinsOf(pool: CardPool | undefined, pins: CatalogPins | undefined): CatalogPin[] {
  return booksOf(pool).map((b) => ({
    name: b.name,
    version: pins?.[b.name] ?? b.unpinned,
    current: b.currentOrNull,
  }));
}

/** Today's version of each box `pool` deals from. */
export function currentPins(pool: CardPool | undefined): CatalogPins {
  return Object.fromEntries(booksOf(pool).map((b) => [b.name, b.current]));
}

/**
 * Every combination of the versions an unpinned game of `pool` may have been dealt with (those shipped
 * before pins): the unpinned rule's first.
 */
export function pinCombinations(pool: CardPool | undefined): CatalogPins[] {
  let combos: CatalogPins[] = [{}];
  for (const book of booksOf(pool)) {
    const versions = book.unpinnedCandidates();
    combos = combos.flatMap((c) => versions.map((v) => ({ ...c, [book.name]: v })));
  }
  return combos;
}
