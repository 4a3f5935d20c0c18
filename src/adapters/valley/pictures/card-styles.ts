import type { Catalog } from '../../../games/valley/catalog.ts';
import type { CardDef } from '../../../games/valley/state.ts';
import { type Glyph, makeStyle, type Style } from '../../../render/palette.ts';

/**
 * Valley's card looks. A card's numbers, kind and set come from its definition (the view's `defs`);
 * what a definition does not hold, the set's printed name and size, comes from the catalog the caller
 * passes.
 *
 * Okabe–Ito hues, chosen to stay apart under the common colour blindnesses; each set also has its own
 * glyph and its name is printed, so colour is never the only cue. Amulets are yellow as in the box.
 */
const SET_LOOK: Record<string, { frame: string; glyph: Glyph }> = {
  amulets: { frame: '#f0d43a', glyph: 'ankh' },
  books: { frame: '#2f6fb5', glyph: 'book' },
  'canopic-jars': { frame: '#169e74', glyph: 'jar' },
  sarcophagi: { frame: '#d55e00', glyph: 'coffin' },
  statues: { frame: '#56b4e9', glyph: 'statue' },
  // Afterlife: hues away from the base sets' and from the starters' grey and the uniques' purple.
  mummification: { frame: '#d9c7a3', glyph: 'bandage' },
  // Jewelry ruby and uniques deep purple: the earlier pink read as the starters' grey, and the lighter
  // purple as the books' blue, to deuteranopes and protanopes (test/render/colour-blind.test.ts).
  jewelry: { frame: '#ee4466', glyph: 'gem' },
  chambers: { frame: '#8a6a45', glyph: 'door' },
  weapons: { frame: '#45515e', glyph: 'blade' },
  // "All tomb art has the same light blue frame colour" (Afterlife rulebook): a green-blue, apart from statues.
  'tomb-art': { frame: '#6fd3c5', glyph: 'eye' },
};

export const STARTER = makeStyle('starter', 'Starter', '#9a9a9a', 'dot');
export const UNIQUE = makeStyle('unique', 'Unique', '#762a83', 'star');

const setStyles = new WeakMap<Catalog, Map<string, Style>>();
/** A set missing from the palette (a catalog edited later) still gets a readable, labelled look. */
export function setStyle(setId: string, catalog: Catalog): Style {
  let styles = setStyles.get(catalog);
  if (!styles) {
    styles = new Map();
    setStyles.set(catalog, styles);
  }
  let s = styles.get(setId);
  if (!s) {
    const look = SET_LOOK[setId] ?? { frame: '#7f8c8d', glyph: 'diamond' as const };
    s = makeStyle(setId, setLabel(setId, catalog), look.frame, look.glyph);
    styles.set(setId, s);
  }
  return s;
}

export function styleOf(def: CardDef, catalog: Catalog): Style {
  if (def.kind === 'starter') return STARTER;
  if (def.kind === 'unique' || def.set === null) return UNIQUE;
  return setStyle(def.set, catalog);
}

export function setInfo(setId: string, catalog: Catalog): { name: string; size: number | null } {
  const s = catalog.sets.find((x) => x.id === setId);
  return s ? { name: s.name, size: s.size } : { name: setId, size: null };
}

/** "Statues (7)", as the cards print it. */
export function setLabel(setId: string, catalog: Catalog): string {
  const { name, size } = setInfo(setId, catalog);
  return size === null ? name : `${name} (${size})`;
}
