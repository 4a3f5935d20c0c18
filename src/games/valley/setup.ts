import { nextInt, seedRng, shuffleInPlace } from '../kernel/rng.ts';
import type { Catalog } from './catalog.ts';
import { boxesOf } from './catalog-versions.ts';
import { say, seatOf } from './messages.ts';
import { poolCatalog } from './pools.ts';
import type { CardDef, CardId, Instance, PlayerState, ValleyOptions, ValleyState } from './state.ts';
import { draw, log, newTurn } from './zones.ts';

export function defsFrom(catalog: Catalog): Record<string, CardDef> {
  const defs: Record<string, CardDef> = {};
  for (const c of catalog.cards)
    defs[c.id] = {
      id: c.id,
      name: c.name,
      level: c.level,
      kind: c.kind,
      set: c.set,
      gold: c.gold.value,
      cost: c.cost.value,
      vp: c.vp?.value ?? 0,
      reaction: c.reaction ?? false,
    };
  return defs;
}

/**
 * The rulebook's setup, steps 2–7; the catalog's numbers are frozen into the state for replays. By default
 * the options' pool from the catalog versions they pin (the unpinned rule's without a pin); `catalog`
 * overrides it (the simulator's candidate catalogs).
 */
export function setup(
  options: ValleyOptions,
  seed: string,
  catalog: Catalog = poolCatalog(options.pool, undefined, boxesOf(options.pool, options.catalogs)),
): ValleyState {
  if (options.deal) return fixedDeal(options, seed, catalog);
  const rng = seedRng(seed);
  const cards: string[] = [];
  const add = (id: string, n: number): Instance[] => Array.from({ length: n }, () => cards.push(id) - 1);

  const players: PlayerState[] = [];
  for (let seat = 0; seat < options.players; seat++) {
    const deck: Instance[] = [];
    // Starters beyond the number of players stay in the box.
    for (const c of catalog.cards) if (c.kind === 'starter') deck.push(...add(c.id, c.perPlayer ?? 0));
    shuffleInPlace(rng, deck);
    players.push({ hand: [], deck, discard: [], tomb: [], play: [], aside: [] });
  }
  const level = (l: 2 | 3) => {
    const pile: Instance[] = [];
    for (const c of catalog.cards) if (c.level === l) pile.push(...add(c.id, c.copies));
    shuffleInPlace(rng, pile);
    return pile;
  };
  const levelIII = level(3);
  const levelII = level(2);
  // Level II on top of level III; the top of a pile is the end of its array.
  const stock = [...levelIII, ...levelII];
  const pyramid: (Instance | null)[] = [];
  for (let slot = 0; slot < 6; slot++) pyramid.push(stock.pop() ?? null);
  const boneyard = [stock.pop() as Instance];
  const firstSeat = options.firstSeat ?? nextInt(rng, options.players);

  // The pin chose the cards; the state keeps them (`defs`), so a game stored before pins, replayed with the
  // pin that deals it, is the same state.
  const { catalogs: _pin, ...dealt } = options;
  const s: ValleyState = {
    game: 'valley',
    options: dealt,
    defs: defsFrom(catalog),
    cards,
    players,
    pyramid,
    stock,
    boneyard,
    firstSeat,
    turn: newTurn(firstSeat, 0),
    turnsTaken: players.map(() => 0),
    stack: [],
    rng,
    questionSeq: 0,
    finished: false,
  };
  for (let seat = 0; seat < options.players; seat++) draw(s, seat, 5);
  log(s, say('begins', { seat: seatOf(firstSeat) }));
  return s;
}

/**
 * A fixed deal (`options.deal`, a lesson's): every zone as listed, hands already drawn; the seed still
 * drives every later shuffle. The cards must be in the pool the options deal from.
 */
function fixedDeal(options: ValleyOptions, seed: string, catalog: Catalog): ValleyState {
  const deal = options.deal as NonNullable<ValleyOptions['deal']>;
  const defs = defsFrom(catalog);
  const cards: CardId[] = [];
  const make = (ids: readonly CardId[]): Instance[] =>
    ids.map((id) => {
      if (!defs[id]) throw new Error(`a fixed deal names a card outside its pool: '${id}'`);
      return cards.push(id) - 1;
    });
  const players: PlayerState[] = deal.hands.map((hand, seat) => ({
    hand: make(hand),
    deck: make(deal.decks[seat] ?? []),
    discard: [],
    tomb: [],
    play: [],
    aside: [],
  }));
  const pyramid = make(deal.pyramid);
  const stock = make(deal.stock);
  const boneyard = make(deal.boneyard);
  const firstSeat = options.firstSeat ?? 0;
  const { catalogs: _pin, ...kept } = options;
  const s: ValleyState = {
    game: 'valley',
    options: kept,
    defs,
    cards,
    players,
    pyramid,
    stock,
    boneyard,
    firstSeat,
    turn: newTurn(firstSeat, 0),
    turnsTaken: players.map(() => 0),
    stack: [],
    rng: seedRng(seed),
    questionSeq: 0,
    finished: false,
  };
  log(s, say('begins', { seat: seatOf(firstSeat) }));
  return s;
}
