import { nextInt, seedRng, shuffleInPlace } from '../kernel/rng.ts';
import { type ArchaeologyCatalog, TREASURES, type Treasure } from './catalog.ts';
import { catalogOf } from './catalog-versions.ts';
import { beginTurn } from './engine.ts';
import { say, seatOf } from './messages.ts';
import type { ArchaeologyOptions, ArchaeologyState, CardKind, Instance, TreasureNumbers } from './state.ts';
import { log } from './zones.ts';

/**
 * The rulebook's "Setting Up the Game", steps 1 to 6, then a random starting player who digs. By default
 * with the catalog version the options pin (the unpinned rule's without a pin); `catalog` overrides it
 * (the simulator's candidate numbers).
 */
export function setup(
  options: ArchaeologyOptions,
  seed: string,
  catalog: ArchaeologyCatalog = catalogOf(options.catalogs),
): ArchaeologyState {
  const rng = seedRng(seed);
  const cards: CardKind[] = [];
  const add = (kind: CardKind, n: number): Instance[] => {
    const made: Instance[] = [];
    for (let i = 0; i < n; i++) made.push(cards.push(kind) - 1);
    return made;
  };
  const numbers = {} as Record<Treasure, TreasureNumbers>;
  // 1. Thieves, sandstorms, the pyramid card and the maps are set aside; the other treasures are shuffled.
  const deck: Instance[] = [];
  let maps: Instance[] = [];
  for (const t of catalog.treasures) {
    numbers[t.id] = { trade: t.trade.value, prices: t.prices.map((p) => p.value) };
    const made = add(t.id, t.copies.value);
    if (t.id === 'map') maps = made;
    else deck.push(...made);
  }
  const thieves = add('thief', catalog.others.thieves.value);
  const sandstorms = add('sandstorm', catalog.others.sandstorms.value);
  const pyramid = add('pyramid', 1);
  shuffleInPlace(rng, deck);
  const deal = (n: number): Instance[] => deck.splice(deck.length - n, n);
  // 2. Four cards to each player.
  const hands: Instance[][] = [];
  for (let p = 0; p < options.players; p++) hands.push(deal(catalog.others.hand));
  // 3. Five face up: the marketplace.
  const market = deal(catalog.others.market);
  // 4. The pyramid's chambers, face down: 3 to its right, 5 above, 7 to its left.
  const [small, medium, large] = catalog.others.chambers.map((ch) => deal(ch.size)) as [
    Instance[],
    Instance[],
    Instance[],
  ];
  // 5. With 3 or 4 players, 1 or 2 sandstorms go back to the box.
  const returned = catalog.others.sandstormsReturned[String(options.players)] ?? 0;
  const boxed = sandstorms.splice(sandstorms.length - returned, returned);
  // 6. The rest of the deck with the remaining sandstorms, the thieves and the maps: the dig site.
  const dig = [...deck, ...sandstorms, ...thieves, ...maps];
  shuffleInPlace(rng, dig);
  const firstSeat = options.firstSeat ?? nextInt(rng, options.players);
  // The pin chose the numbers; the state keeps them, so a game stored before pins, replayed with the pin
  // that deals it, is the same state.
  const { catalogs: _pin, ...dealt } = options;
  const s: ArchaeologyState = {
    game: 'archaeology',
    options: dealt,
    numbers: Object.fromEntries(TREASURES.map((k) => [k, numbers[k]])) as Record<Treasure, TreasureNumbers>,
    cards,
    dig,
    market,
    chambers: { small, medium, large },
    hands,
    sold: hands.map(() => []),
    thieves: [],
    sandstorms: [],
    out: [...pyramid, ...boxed],
    firstSeat,
    turn: { seat: firstSeat, number: 0, dug: false, acted: false, sold: false, mustSell: false },
    passes: null,
    pending: null,
    decisionSeq: 0,
    rng,
    finished: false,
  };
  log(s, say('log.begins', { seat: seatOf(firstSeat) }));
  beginTurn(s);
  return s;
}
