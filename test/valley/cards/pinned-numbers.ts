import { type Catalog, fullCatalog, type Numbered } from '../../../src/games/valley/catalog.ts';
import { type PositionSpec, position, Table } from '../table.ts';

/**
 * The provisional [cost, gold] these card tests were written with. Calibration may change the
 * provisional numbers in assets/cards/valley-base.json at any time; a card's rules must not start
 * failing because of it, so positions are built with these numbers instead. Numbers taken from the
 * seeds or a review are never overridden: the catalog's own value is used.
 */
const WRITTEN_WITH: Record<string, readonly [cost: number, gold: number]> = {
  shabti: [1, 1],
  urn: [1, 1],
  'box-of-food': [2, 2],
  'offering-table': [2, 1],
  boat: [6, 3],
  'burial-mask': [5, 1],
  censer: [4, 2],
  chariot: [4, 2],
  'ka-figurine': [4, 1],
  'mummified-cat': [4, 2],
  'book-of-gates': [5, 2],
  'book-of-the-dead': [6, 2],
  'book-of-the-earth': [5, 2],
  'book-of-the-heavens': [3, 1],
  'book-of-the-netherworld': [3, 3],
  'book-of-traversing-eternity': [4, 2],
  'djed-pillar-amulet': [5, 2],
  'heart-scarab-amulet': [3, 1],
  'tyet-amulet': [3, 2],
  'wadj-amulet': [3, 2],
  'weres-amulet': [6, 2],
  'duamutef-canopic-jar': [4, 2],
  'hapi-canopic-jar': [4, 1],
  'imseti-canopic-jar': [3, 1],
  'qebehsenuef-canopic-jar': [5, 2],
  'inner-sarcophagus': [6, 2],
  'middle-sarcophagus': [5, 2],
  'outer-sarcophagus': [4, 2],
  'statue-of-anubis': [3, 2],
  'statue-of-bastet': [4, 2],
  'statue-of-horus': [5, 2],
  'statue-of-isis': [7, 3],
  'statue-of-osiris': [6, 3],
  'statue-of-sobek': [6, 2],
  'statue-of-thoth': [8, 1],
  // Afterlife
  antechamber: [3, 2],
  'offering-chapel': [3, 2],
  brooch: [6, 2],
  'mirror-case': [5, 2],
  necklace: [4, 1],
  ring: [3, 1],
  axe: [5, 3],
  bow: [6, 2],
  dagger: [4, 2],
  'pesesh-kef': [4, 2],
  'burial-ceremony': [4, 1],
  'goddess-nut': [4, 2],
  judgment: [5, 2],
  'senet-game': [5, 2],
  'hounds-and-jackals-game': [4, 2],
};

const pin = (n: Numbered, value: number): Numbered =>
  n.source === 'provisional' ? { value, source: 'provisional' } : n;

export const pinnedCatalog: Catalog = {
  ...fullCatalog,
  cards: fullCatalog.cards.map((c) => {
    const n = WRITTEN_WITH[c.id];
    return n ? { ...c, cost: pin(c.cost, n[0]), gold: pin(c.gold, n[1]) } : c;
  }),
};

/** `Table.from`, with the numbers above. */
export function table(spec: PositionSpec): Table {
  return new Table(position(spec, pinnedCatalog));
}
