import { nextInt, type RngState, seedRng, shuffleInPlace } from '../kernel/rng.ts';
import type { Seat } from '../kernel/types.ts';
import { type ArchaeologyCatalog, type Chamber, TREASURES, type Treasure } from './catalog.ts';
import { catalogOf } from './catalog-versions.ts';
import { beginTurn } from './engine.ts';
import { say, seatOf } from './messages.ts';
import type {
  ArchaeologyDeal,
  ArchaeologyOptions,
  ArchaeologyState,
  CardKind,
  Instance,
  TreasureNumbers,
} from './state.ts';
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
  if (options.deal) return fixedDeal(options, seed, catalog);
  const rng = seedRng(seed);
  const cards: CardKind[] = [];
  const add = (kind: CardKind, n: number): Instance[] => {
    const made: Instance[] = [];
    for (let i = 0; i < n; i++) made.push(cards.push(kind) - 1);
    return made;
  };
  const numbers = numbersOf(catalog);
  // 1. Thieves, sandstorms, the pyramid card and the maps are set aside; the other treasures are shuffled.
  const deck: Instance[] = [];
  let maps: Instance[] = [];
  for (const t of catalog.treasures) {
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
  return begin(options, rng, firstSeat, {
    numbers,
    cards,
    dig,
    market,
    chambers: { small, medium, large },
    hands,
    out: [...pyramid, ...boxed],
  });
}

function numbersOf(catalog: ArchaeologyCatalog): Record<Treasure, TreasureNumbers> {
  const numbers = {} as Record<Treasure, TreasureNumbers>;
  for (const t of catalog.treasures)
    numbers[t.id] = { trade: t.trade.value, prices: t.prices.map((p) => p.value) };
  return Object.fromEntries(TREASURES.map((k) => [k, numbers[k]])) as Record<Treasure, TreasureNumbers>;
}

type Dealt = Pick<ArchaeologyState, 'numbers' | 'cards' | 'dig' | 'market' | 'chambers' | 'hands' | 'out'>;

/** The dealt zones as a game whose first player has dug. */
function begin(options: ArchaeologyOptions, rng: RngState, firstSeat: Seat, dealt: Dealt): ArchaeologyState {
  // The pin chose the numbers; the state keeps them, so a game stored before pins, replayed with the pin
  // that deals it, is the same state.
  const { catalogs: _pin, ...kept } = options;
  const s: ArchaeologyState = {
    game: 'archaeology',
    options: kept,
    // Spelled out, in the order states were always written (stored states and digests keep it).
    numbers: dealt.numbers,
    cards: dealt.cards,
    dig: dealt.dig,
    market: dealt.market,
    chambers: dealt.chambers,
    hands: dealt.hands,
    sold: dealt.hands.map(() => []),
    thieves: [],
    sandstorms: [],
    out: dealt.out,
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

/**
 * A fixed deal (`options.deal`, a lesson's): every zone as listed, the chambers of the catalog's sizes,
 * no card more often than the catalog has it; the seed still draws every thief's card.
 */
function fixedDeal(options: ArchaeologyOptions, seed: string, catalog: ArchaeologyCatalog): ArchaeologyState {
  const deal = options.deal as ArchaeologyDeal;
  const cards: CardKind[] = [];
  const copies = new Map<CardKind, number>([
    ['thief', catalog.others.thieves.value],
    ['sandstorm', catalog.others.sandstorms.value],
    ['pyramid', 1],
    ...catalog.treasures.map((t) => [t.id, t.copies.value] as const),
  ]);
  const make = (kinds: readonly CardKind[]): Instance[] =>
    kinds.map((kind) => {
      const left = copies.get(kind) ?? 0;
      if (left === 0) throw new Error(`a fixed deal has more ${kind} cards than the game`);
      copies.set(kind, left - 1);
      return cards.push(kind) - 1;
    });
  const hands = deal.hands.map(make);
  const market = make(deal.market);
  const chambers = {} as Record<Chamber, Instance[]>;
  for (const ch of catalog.others.chambers) {
    const listed = deal.chambers[ch.id];
    if (listed.length !== ch.size)
      throw new Error(`a fixed deal's ${ch.id} chamber holds ${listed.length} cards, not ${ch.size}`);
    chambers[ch.id] = make(listed);
  }
  const dig = make(deal.dig);
  const out = make(['pyramid']);
  return begin(options, seedRng(seed), options.firstSeat ?? 0, {
    numbers: numbersOf(catalog),
    cards,
    dig,
    market,
    chambers,
    hands,
    out,
  });
}
