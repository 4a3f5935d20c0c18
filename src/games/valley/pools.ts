import { z } from 'zod';
import { afterlifeCatalog, baseCatalog, type Catalog, fullCatalog, mergeCatalogs } from './catalog.ts';

/**
 * The cards a game is played with. The rulebooks let players mix cards from any box (Afterlife: "use
 * cards from both games interchangeably"; Premium Edition: "mezclar cartas de diferentes versiones"):
 * the base box, both boxes, or sets and unique artifacts the host picks. Starters are always dealt.
 */
export type CardPool = 'base' | 'base-afterlife' | { sets: string[]; uniques: string[] };

/** A custom pool must leave the pyramid and boneyard a stock to play with, or the game is over at once. */
export const MIN_CUSTOM_STOCK = 24;

export const POOL_NAMES = { base: 'Base', 'base-afterlife': 'Base + Afterlife', custom: 'Custom' } as const;

export const poolSchema = z.union([
  z.literal('base'),
  z.literal('base-afterlife'),
  z.object({ sets: z.array(z.string()), uniques: z.array(z.string()) }).strict(),
]);

/** The boxes' catalogs a pool's cards come from: today's files, or the versions a game is pinned to. */
export interface Boxes {
  readonly base: Catalog;
  readonly afterlife: Catalog;
}

const TODAY: Boxes = { base: baseCatalog, afterlife: afterlifeCatalog };

/**
 * The catalog of a pool's cards: every starter, then the chosen cards in catalog order. `box` replaces
 * the box of the same name (the simulator's candidate numbers for calibration); `boxes` are the versions
 * dealt from (a game's pinned ones; today's files by default).
 */
export function poolCatalog(pool: CardPool | undefined, box?: Catalog, boxes: Boxes = TODAY): Catalog {
  const base = box?.box === boxes.base.box ? box : boxes.base;
  const afterlife = box?.box === boxes.afterlife.box ? box : boxes.afterlife;
  if (pool === undefined || pool === 'base') return base;
  const full =
    box === undefined && boxes === TODAY
      ? fullCatalog
      : mergeCatalogs(fullCatalog.box, fullCatalog.title, [base, afterlife]);
  if (pool === 'base-afterlife') return full;
  const sets = new Set(pool.sets);
  const uniques = new Set(pool.uniques);
  return {
    box: 'custom',
    title: full.title,
    sets: full.sets.filter((s) => sets.has(s.id)),
    cards: full.cards.filter(
      (c) =>
        c.kind === 'starter' ||
        (c.kind === 'set' && c.set !== null && sets.has(c.set)) ||
        (c.kind === 'unique' && uniques.has(c.id)),
    ),
  };
}

/** Cards a pool puts in the stock (pyramid and boneyard included). */
export function stockSize(catalog: Catalog): number {
  return catalog.cards.reduce((n, c) => (c.kind === 'starter' ? n : n + c.copies), 0);
}

/**
 * Throws a sentence for the host when a custom pool names unknown cards or is too small to play, in the
 * boxes it is dealt from (a game's pinned versions; today's by default).
 */
export function checkPool(pool: CardPool, boxes: Boxes = TODAY): void {
  if (typeof pool === 'string') return;
  const full = poolCatalog('base-afterlife', undefined, boxes);
  const setIds = new Set(full.sets.map((s) => s.id));
  const uniqueIds = new Set(full.cards.filter((c) => c.kind === 'unique').map((c) => c.id));
  const badSet = pool.sets.find((id) => !setIds.has(id));
  if (badSet !== undefined) throw new Error(`there is no set '${badSet}' (sets: ${[...setIds].join(', ')})`);
  const badUnique = pool.uniques.find((id) => !uniqueIds.has(id));
  if (badUnique !== undefined) throw new Error(`'${badUnique}' is not a unique artifact`);
  const size = stockSize(poolCatalog(pool, undefined, boxes));
  if (size < MIN_CUSTOM_STOCK)
    throw new Error(
      `a custom card pool needs at least ${MIN_CUSTOM_STOCK} cards besides the starters; this one has ${size}: add sets or unique artifacts`,
    );
}

/** "Base", "Base + Afterlife", or "Custom: Books, Weapons + Boat": shown on the board and the results. */
export function poolLabel(pool: CardPool | undefined): string {
  if (pool === undefined || pool === 'base') return POOL_NAMES.base;
  if (pool === 'base-afterlife') return POOL_NAMES['base-afterlife'];
  const sets = fullCatalog.sets.filter((s) => pool.sets.includes(s.id)).map((s) => s.name);
  const uniques = fullCatalog.cards.filter((c) => pool.uniques.includes(c.id)).map((c) => c.name);
  return `${POOL_NAMES.custom}: ${sets.join(', ') || 'no sets'}${uniques.length ? ` + ${uniques.join(', ')}` : ''}`;
}
