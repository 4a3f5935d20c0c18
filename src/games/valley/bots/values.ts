import type { CardId, Instance } from '../state.ts';
import type { Observation } from './observe.ts';

/**
 * How much the heuristic player values a card, in rough victory points. None of this reads a card's
 * cost: the bot wants cards for what they do, so that self-play measures how the catalog's prices
 * change who gets what (CALIBRATION.md).
 */

/** How useful a card's action is to its owner over a game (0 = none), judged from the card texts. */
export const POWER: Readonly<Record<CardId, number>> = {
  shabti: 0.3,
  urn: 0.3,
  'box-of-food': 0.8,
  'offering-table': 0.8,
  boat: 2.5,
  'burial-mask': 3.5,
  censer: 1.2,
  chariot: 1.5,
  'ka-figurine': 2,
  'mummified-cat': 1.5,
  'book-of-gates': 1.2,
  'book-of-the-dead': 3.2,
  'book-of-the-earth': 2,
  'book-of-the-heavens': 2.5,
  'book-of-the-netherworld': 2,
  'book-of-traversing-eternity': 2,
  'djed-pillar-amulet': 2.8,
  'heart-scarab-amulet': 3,
  'tyet-amulet': 1.5,
  'wadj-amulet': 1,
  'weres-amulet': 1.8,
  'duamutef-canopic-jar': 1.5,
  'hapi-canopic-jar': 1.8,
  'imseti-canopic-jar': 2.8,
  'qebehsenuef-canopic-jar': 2.2,
  'inner-sarcophagus': 2,
  'middle-sarcophagus': 2.2,
  'outer-sarcophagus': 1.2,
  'statue-of-anubis': 1.5,
  'statue-of-bastet': 1.2,
  'statue-of-horus': 3.2,
  'statue-of-isis': 3.2,
  'statue-of-osiris': 2.2,
  'statue-of-sobek': 2.2,
  'statue-of-thoth': 2.5,
  // Afterlife
  antechamber: 1.2,
  axe: 0.8,
  bow: 3,
  brooch: 2,
  'burial-ceremony': 1.5,
  dagger: 1.2,
  'goddess-nut': 2.5,
  'hounds-and-jackals-game': 1,
  judgment: 1.5,
  'mirror-case': 2.5,
  necklace: 2.2,
  'offering-chapel': 1.8,
  'pesesh-kef': 1.5,
  ring: 1,
  'senet-game': 1.5,
};

/** Per-seat facts the valuations need, computed once per decision. */
export interface Ctx {
  o: Observation;
  /** Distinct set-card ids in each seat's tomb, by set. */
  tombSets: Map<string, Set<CardId>>[];
  /** Distinct set-card ids the seat owns outside its tomb that it can see (hand, discard, in play). */
  ownedSets: Map<string, Set<CardId>>;
  /** Estimated turns this seat still plays. */
  turnsLeft: number;
  /** 1 while bought cards will come round several times, falling to 0 at the end of the game. */
  future: number;
  /** Probability that a card gained now is entombed before the game ends (drawn again, or dug out). */
  reach: number;
  /** gainValue and opponentGain by card id, as computed once in this decision (a playout asks often). */
  gains: Map<CardId, number>;
  opponentGains: Map<CardId, number>;
}

function setsOf(o: Observation, cards: readonly Instance[], into = new Map<string, Set<CardId>>()) {
  for (const c of cards) {
    const d = o.def(c);
    if (d.kind !== 'set' || d.set === null) continue;
    addTo(into, d.set, d.id);
  }
  return into;
}

export function addTo(sets: Map<string, Set<CardId>>, set: string, id: CardId): void {
  const g = sets.get(set);
  if (g) g.add(id);
  else sets.set(set, new Set([id]));
}

/**
 * setsOf a tomb, kept while the tomb holds the same cards: a tomb changes a few times a game, and every
 * decision of every playout reads every tomb. Never changed by a reader (the maps are shared).
 */
const tombs = new WeakMap<readonly Instance[], { cards: Instance[]; sets: Map<string, Set<CardId>> }>();

function tombSetsOf(o: Observation, tomb: readonly Instance[]): Map<string, Set<CardId>> {
  const known = tombs.get(tomb);
  if (known && known.cards.length === tomb.length) {
    let same = true;
    for (let i = 0; i < tomb.length && same; i++) same = known.cards[i] === tomb[i];
    if (same) return known.sets;
  }
  const sets = setsOf(o, tomb);
  tombs.set(tomb, { cards: tomb.slice(), sets });
  return sets;
}

/** Cards leave the pyramid and stock at about this rate per turn (buys, takes, rebuild sacrifices). */
const CARDS_PER_TURN = 1.6;

export function context(o: Observation): Ctx {
  let pyramidCount = 0;
  for (const c of o.pyramid) if (c !== null) pyramidCount++;
  const turnsLeft = (o.stockCount + pyramidCount) / (CARDS_PER_TURN * o.players);
  return {
    o,
    tombSets: o.tombs.map((t) => tombSetsOf(o, t)),
    ownedSets: setsOf(o, o.inPlay[o.seat] ?? [], setsOf(o, o.discard, setsOf(o, o.hand))),
    turnsLeft,
    future: Math.max(0, Math.min(1, (turnsLeft - 1.5) / 6)),
    reach: Math.max(0.15, Math.min(1, turnsLeft / 4)),
    gains: new Map(),
    opponentGains: new Map(),
  };
}

/** Victory points `seat`'s tomb gains if `id` is entombed there now (duplicates of a set: 0). */
export function tombGainOf(ctx: Ctx, seat: number, id: CardId, extra?: Map<string, Set<CardId>>): number {
  const d = ctx.o.defs[id];
  if (!d) return 0;
  if (d.kind !== 'set' || d.set === null) return d.vp;
  const have = ctx.tombSets[seat]?.get(d.set);
  const more = extra?.get(d.set);
  if (have?.has(id) || more?.has(id)) return 0;
  const n = (have?.size ?? 0) + (more?.size ?? 0);
  return 2 * n + 1;
}

export const tombGain = (ctx: Ctx, card: Instance): number => tombGainOf(ctx, ctx.o.seat, ctx.o.id(card));

/**
 * The best `n` entombings among `cards`, taken greedily so that two different cards of one set count
 * as growing the set (1 + 3 for the first two statues) and a second copy counts nothing.
 */
export function bestEntombs(
  ctx: Ctx,
  cards: readonly Instance[],
  n: number,
): { card: Instance; gain: number }[] {
  const extra = new Map<string, Set<CardId>>();
  const left = [...cards];
  const out: { card: Instance; gain: number }[] = [];
  for (let k = 0; k < n && left.length > 0; k++) {
    let best = -1;
    let bestGain = -Infinity;
    left.forEach((c, i) => {
      const g = tombGainOf(ctx, ctx.o.seat, ctx.o.id(c), extra) - 0.01 * keepValue(ctx, c);
      if (g > bestGain) {
        bestGain = g;
        best = i;
      }
    });
    const card = left.splice(best, 1)[0] as Instance;
    out.push({ card, gain: tombGainOf(ctx, ctx.o.seat, ctx.o.id(card), extra) });
    const d = ctx.o.def(card);
    if (d.kind === 'set' && d.set) {
      addTo(extra, d.set, d.id);
    }
  }
  return out;
}

/** What owning a card (not entombing it) is worth for the rest of the game: its action and gold. */
export function keepValueOf(ctx: Ctx, id: CardId): number {
  const d = ctx.o.defs[id];
  if (!d) return 0;
  return ((POWER[id] ?? 0) * 0.6 + d.gold * 0.35) * (0.25 + 0.75 * ctx.future);
}

export const keepValue = (ctx: Ctx, card: Instance): number => keepValueOf(ctx, ctx.o.id(card));

/**
 * What `seat` gains by adding card `id` to its discard pile: the points it may score in the tomb,
 * discounted by the chance of getting it there, plus its use meanwhile.
 */
export function gainValueOf(ctx: Ctx, seat: number, id: CardId): number {
  const d = ctx.o.defs[id];
  if (!d) return 0;
  let points = 0;
  if (d.kind === 'set' && d.set !== null) {
    const tomb = ctx.tombSets[seat]?.get(d.set);
    if (!tomb?.has(id)) {
      const owned = seat === ctx.o.seat ? ctx.ownedSets.get(d.set) : undefined;
      if (owned?.has(id)) points = 0.5;
      else {
        // Cards of the set already owned will likely be entombed too: the set grows past the tomb.
        const ownedOthers = owned ? [...owned].filter((x) => !tomb?.has(x)).length : 0;
        points = 2 * ((tomb?.size ?? 0) + 0.5 * ownedOthers) + 1;
      }
    }
  } else points = d.vp;
  const keep = seat === ctx.o.seat ? keepValueOf(ctx, id) : (POWER[id] ?? 0) * 0.5;
  // A card bought adds a card to the deck that dilutes the others a little.
  return points * ctx.reach + keep - 0.3;
}

export function gainValue(ctx: Ctx, id: CardId): number {
  let v = ctx.gains.get(id);
  if (v === undefined) {
    v = gainValueOf(ctx, ctx.o.seat, id);
    ctx.gains.set(id, v);
  }
  return v;
}

/** How much the best-placed opponent would gain from a card: what denying it is worth. */
export function opponentGain(ctx: Ctx, id: CardId): number {
  let best = ctx.opponentGains.get(id);
  if (best !== undefined) return best;
  best = 0;
  for (let seat = 0; seat < ctx.o.players; seat++)
    if (seat !== ctx.o.seat) best = Math.max(best, gainValueOf(ctx, seat, id));
  ctx.opponentGains.set(id, best);
  return best;
}
