import { seedRng } from '../kernel/rng.ts';
import { type Catalog, fullCatalog } from './catalog.ts';
import { defsFrom } from './setup.ts';
import type { CardId, Instance, PlayerState, ValleyState } from './state.ts';
import { newTurn } from './zones.ts';

/**
 * A game position written by card ids, for tests and bug reports. Piles are listed from the bottom
 * to the top (the last id is the top card), matching how the state stores them.
 */
export interface PositionSpec {
  players: number;
  /** Seat to move (default 0). */
  seat?: number;
  seed?: string;
  hands?: CardId[][];
  decks?: CardId[][];
  discards?: CardId[][];
  tombs?: CardId[][];
  /** Six slots: base left, centre, right, middle left, right, top; null = empty. */
  pyramid?: (CardId | null)[];
  stock?: CardId[];
  boneyard?: CardId[];
  turnsTaken?: number[];
}

/** Every known card may appear (both boxes), as in a game with the Base + Afterlife pool. */
export function position(spec: PositionSpec, catalog: Catalog = fullCatalog): ValleyState {
  const defs = defsFrom(catalog);
  const cards: CardId[] = [];
  const make = (ids: readonly CardId[] = []): Instance[] =>
    ids.map((id) => {
      if (!defs[id]) throw new Error(`position: unknown card '${id}'`);
      return cards.push(id) - 1;
    });
  const players: PlayerState[] = Array.from({ length: spec.players }, (_, seat) => ({
    hand: make(spec.hands?.[seat]),
    deck: make(spec.decks?.[seat]),
    discard: make(spec.discards?.[seat]),
    tomb: make(spec.tombs?.[seat]),
    play: [],
    aside: [],
  }));
  const pyramidIds = spec.pyramid ?? [];
  const pyramid = Array.from({ length: 6 }, (_, slot) => {
    const id = pyramidIds[slot];
    return id ? (make([id])[0] as Instance) : null;
  });
  const seat = spec.seat ?? 0;
  return {
    game: 'valley',
    options: { players: spec.players, firstSeat: 0 },
    defs,
    cards,
    players,
    pyramid,
    stock: make(spec.stock),
    boneyard: make(spec.boneyard),
    firstSeat: 0,
    turn: newTurn(seat, 0),
    turnsTaken: spec.turnsTaken ?? Array.from({ length: spec.players }, (_, i) => (i < seat ? 1 : 0)),
    stack: [],
    rng: seedRng(spec.seed ?? 'position'),
    questionSeq: 0,
    finished: false,
  };
}
