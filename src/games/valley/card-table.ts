import type { CardDef, CardId, Instance, ValleyState } from './state.ts';

/**
 * Each instance's definition in an array, and each id's in a Map, found once per game: the rules and the
 * heuristic read a card's numbers at nearly every step of every playout of the search, and `defs` is an
 * object keyed by dashed ids (a slow keyed lookup, twice per card: `defs[cards[c]]`). The game's copies
 * share `cards` and `defs` (clone.ts), so one table serves a whole search. The table holds the very
 * definition objects, so it never disagrees with them.
 */
export interface CardTable {
  readonly byInstance: readonly (CardDef | undefined)[];
  readonly byId: ReadonlyMap<CardId, CardDef>;
  /** Each id of `defs` numbered 0, 1, …: for arrays by card kind (the heuristic's per-decision memos). */
  readonly kinds: ReadonlyMap<CardId, number>;
  /** Each instance's number in `kinds` (-1: an id `defs` lacks). */
  readonly kindOf: readonly number[];
}

const tables = new WeakMap<
  readonly CardId[],
  { defs: ValleyState['defs']; length: number; table: CardTable }
>();
// The last table asked for: a search asks about one game millions of times in a row.
let lastCards: readonly CardId[] | null = null;
let lastDefs: ValleyState['defs'] | null = null;
let lastLength = -1;
let lastTable: CardTable | null = null;

export function cardTable(s: ValleyState): CardTable {
  const cards = s.cards;
  // A test that builds a position may add cards to the list: then it is read again.
  if (cards === lastCards && s.defs === lastDefs && cards.length === lastLength)
    return lastTable as CardTable;
  let known = tables.get(cards);
  if (!known || known.defs !== s.defs || known.length !== cards.length) {
    const byId = new Map<CardId, CardDef>(Object.entries(s.defs));
    const kinds = new Map<CardId, number>();
    for (const id of byId.keys()) kinds.set(id, kinds.size);
    known = {
      defs: s.defs,
      length: cards.length,
      table: {
        byInstance: cards.map((id) => byId.get(id)),
        byId,
        kinds,
        kindOf: cards.map((id) => kinds.get(id) ?? -1),
      },
    };
    tables.set(cards, known);
  }
  lastCards = cards;
  lastDefs = s.defs;
  lastLength = cards.length;
  lastTable = known.table;
  return known.table;
}

/** The definition of `card` (undefined for an instance the game does not have). */
export const defAt = (s: ValleyState, card: Instance): CardDef | undefined => cardTable(s).byInstance[card];
