import box from '../../../assets/cards/archaeology.json' with { type: 'json' };
import { CatalogBook, type CatalogPin } from '../kernel/catalog-book.ts';
import { type ArchaeologyCatalog, parseArchaeologyCatalog } from './catalog.ts';
import { keptCatalogs } from './catalog-history.ts';

/**
 * Every kept version of the treasures' catalog. A game's options pin the version it is dealt with
 * (`catalogs`, set as the game starts); options without a pin — games stored before pins existed — are
 * dealt with the file as it was on 2026-11-28, when pins were introduced (the `unpinned` version).
 */
export const archaeologyBook = new CatalogBook(
  'archaeology',
  keptCatalogs.archaeology ?? [],
  box,
  parseArchaeologyCatalog,
  '3e8e099ea7ea',
);

export type CatalogPins = Record<string, string>;

/** Why `pins` cannot deal a game, or null. */
export function pinsProblem(pins: CatalogPins): string | null {
  const stray = Object.keys(pins).find((name) => name !== archaeologyBook.name);
  if (stray !== undefined) return `Archaeology is not dealt from the catalog '${stray}'`;
  const version = pins[archaeologyBook.name];
  if (version === undefined) return `the card catalog ${archaeologyBook.name} has no pinned version`;
  return archaeologyBook.has(version) ? null : archaeologyBook.unknown(version);
}

/** The catalog a game deals from: its pinned version, or the unpinned rule's. */
export function catalogOf(pins: CatalogPins | undefined): ArchaeologyCatalog {
  return archaeologyBook.get(pins?.[archaeologyBook.name] ?? archaeologyBook.unpinned);
}

export function pinsOf(pins: CatalogPins | undefined): CatalogPin[] {
  const book = archaeologyBook;
  return [{ name: book.name, version: pins?.[book.name] ?? book.unpinned, current: book.currentOrNull }];
}

export const currentPins = (): CatalogPins => ({ [archaeologyBook.name]: archaeologyBook.current });

/** The versions an unpinned game may have been dealt with (those shipped before pins), the rule's first. */
export function pinCombinations(): CatalogPins[] {
  return archaeologyBook.unpinnedCandidates().map((v) => ({ [archaeologyBook.name]: v }));
}
