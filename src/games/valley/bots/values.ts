import type { CardTable } from '../card-table.ts';
import type { CardDef, CardId, Instance } from '../state.ts';
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

/** POWER as a Map: a keyed lookup in a 50-key object literal costs more, at every valuation. */
const POWERS: ReadonlyMap<CardId, number> = new Map(Object.entries(POWER));

/**
 * What the valuations keep per game (by its card table): POWER of each instance, and the memos of
 * gainValue and opponentGain by card kind (`CardTable.kinds`). A memo's entry holds for the decision whose
 * number stamps it, so a decision starts with none without making new maps.
 */
interface Memos {
  powers: number[];
  gains: Float64Array;
  gainsOf: Int32Array;
  opponentGains: Float64Array;
  opponentGainsOf: Int32Array;
  /** Each set's card kinds, with their ids. */
  setKinds: Map<string, { kind: number; id: CardId }[]>;
  /** The kinds the seat owns outside its tomb, stamped with the number of the decision that marked them. */
  owned: Int32Array;
  /** The decision whose marks `owned` holds now. */
  ownedBy: number;
}

const memos = new WeakMap<CardTable, Memos>();

function memosOf(o: Observation): Memos {
  let m = memos.get(o.table);
  if (!m) {
    const n = o.table.kinds.size;
    m = {
      powers: o.table.byInstance.map((d) => (d ? (POWERS.get(d.id) ?? 0) : 0)),
      gains: new Float64Array(n),
      gainsOf: new Int32Array(n),
      opponentGains: new Float64Array(n),
      opponentGainsOf: new Int32Array(n),
      setKinds: new Map(),
      owned: new Int32Array(n),
      ownedBy: 0,
    };
    for (const [id, kind] of o.table.kinds) {
      const d = o.table.byId.get(id);
      if (d?.kind !== 'set' || d.set === null) continue;
      const list = m.setKinds.get(d.set);
      if (list) list.push({ kind, id });
      else m.setKinds.set(d.set, [{ kind, id }]);
    }
    memos.set(o.table, m);
  }
  return m;
}

/** The number of the latest decision's context (0 stamps nothing). */
let decisions = 0;

/** Per-seat facts the valuations need, computed once per decision. */
export interface Ctx {
  o: Observation;
  /** Distinct set-card ids in `seat`'s tomb, by set (undefined: no such seat). */
  tombSets(seat: number): Map<string, Set<CardId>> | undefined;
  /** Estimated turns this seat still plays. */
  turnsLeft: number;
  /** 1 while bought cards will come round several times, falling to 0 at the end of the game. */
  future: number;
  /** What keepValue multiplies by: 0.25 + 0.75 · future, worked out once. */
  keepScale: number;
  /** POWER of each instance. */
  powers: readonly number[];
  /** This decision's number, which stamps its memos. */
  decision: number;
  memos: Memos;
  /** Probability that a card gained now is entombed before the game ends (drawn again, or dug out). */
  reach: number;
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

/** The context of one decision. */
class Context implements Ctx {
  readonly o: Observation;
  /** Each seat's tomb sets, found the first time a valuation reads them. */
  readonly #tombSets: (Map<string, Set<CardId>> | undefined)[] = [];
  readonly turnsLeft: number;
  readonly future: number;
  readonly keepScale: number;
  readonly powers: readonly number[];
  readonly decision: number;
  readonly memos: Memos;
  readonly reach: number;

  tombSets(seat: number): Map<string, Set<CardId>> | undefined {
    let sets = this.#tombSets[seat];
    if (sets === undefined && seat >= 0 && seat < this.o.players) {
      sets = tombSetsOf(this.o, this.o.tombs[seat] as readonly Instance[]);
      this.#tombSets[seat] = sets;
    }
    return sets;
  }

  constructor(o: Observation) {
    let pyramidCount = 0;
    for (const c of o.pyramid) if (c !== null) pyramidCount++;
    const turnsLeft = (o.stockCount + pyramidCount) / (CARDS_PER_TURN * o.players);
    this.o = o;
    this.turnsLeft = turnsLeft;
    this.future = Math.max(0, Math.min(1, (turnsLeft - 1.5) / 6));
    this.keepScale = 0.25 + 0.75 * this.future;
    this.memos = memosOf(o);
    this.powers = this.memos.powers;
    // Wraps after 2³¹ − 1 decisions, back to 1: a memo that old is long overwritten or never read again.
    decisions = decisions >= 0x7fffffff ? 1 : decisions + 1;
    this.decision = decisions;
    this.reach = Math.max(0.15, Math.min(1, turnsLeft / 4));
  }
}

export function context(o: Observation): Ctx {
  return new Context(o);
}

/** Victory points `seat`'s tomb gains if `id` is entombed there now (duplicates of a set: 0). */
export function tombGainOf(ctx: Ctx, seat: number, id: CardId, extra?: Map<string, Set<CardId>>): number {
  const d = ctx.o.defOf(id);
  if (!d) return 0;
  return tombGainOfDef(ctx, seat, d, extra);
}

/** tombGainOf a card known by its definition (whose `id` is its key in `defs`). */
function tombGainOfDef(ctx: Ctx, seat: number, d: CardDef, extra?: Map<string, Set<CardId>>): number {
  if (d.kind !== 'set' || d.set === null) return d.vp;
  const have = ctx.tombSets(seat)?.get(d.set);
  const more = extra?.get(d.set);
  if (have?.has(d.id) || more?.has(d.id)) return 0;
  const n = (have?.size ?? 0) + (more?.size ?? 0);
  return 2 * n + 1;
}

export const tombGain = (ctx: Ctx, card: Instance): number => tombGainOfDef(ctx, ctx.o.seat, ctx.o.def(card));

/**
 * tombGain of `card` with `extra` entombed first (a set card counts as growing its set, as `extra` of
 * tombGainOf with that one card would; any other card changes nothing), without making that map.
 */
export function tombGainBeside(ctx: Ctx, card: Instance, extra: CardDef | null): number {
  const d = ctx.o.def(card);
  if (extra === null || extra.kind !== 'set' || !extra.set || d.kind !== 'set' || d.set !== extra.set)
    return tombGainOfDef(ctx, ctx.o.seat, d);
  const have = ctx.tombSets(ctx.o.seat)?.get(d.set);
  if (have?.has(d.id) || d.id === extra.id) return 0;
  return 2 * ((have?.size ?? 0) + 1) + 1;
}

/** `bestEntombs(ctx, cards without skip, 1)[0]?.gain`, without the lists. */
export function bestEntombGain(
  ctx: Ctx,
  cards: readonly Instance[],
  skip: Instance | null,
): number | undefined {
  let best: Instance | undefined;
  let bestGain = -Infinity;
  for (const c of cards) {
    if (c === skip) continue;
    const g = tombGainOfDef(ctx, ctx.o.seat, ctx.o.def(c)) - 0.01 * keepValue(ctx, c);
    if (g > bestGain) {
      bestGain = g;
      best = c;
    }
  }
  return best === undefined ? undefined : tombGainOfDef(ctx, ctx.o.seat, ctx.o.def(best));
}

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
      const g = tombGainOfDef(ctx, ctx.o.seat, ctx.o.def(c), extra) - 0.01 * keepValue(ctx, c);
      if (g > bestGain) {
        bestGain = g;
        best = i;
      }
    });
    const card = left.splice(best, 1)[0] as Instance;
    out.push({ card, gain: tombGainOfDef(ctx, ctx.o.seat, ctx.o.def(card), extra) });
    const d = ctx.o.def(card);
    if (d.kind === 'set' && d.set) {
      addTo(extra, d.set, d.id);
    }
  }
  return out;
}

/** What owning a card (not entombing it) is worth for the rest of the game: its action and gold. */
export function keepValueOf(ctx: Ctx, id: CardId): number {
  const d = ctx.o.defOf(id);
  if (!d) return 0;
  return ((POWERS.get(id) ?? 0) * 0.6 + d.gold * 0.35) * ctx.keepScale;
}

export const keepValue = (ctx: Ctx, card: Instance): number =>
  ((ctx.powers[card] as number) * 0.6 + ctx.o.def(card).gold * 0.35) * ctx.keepScale;

/**
 * What `seat` gains by adding card `id` to its discard pile: the points it may score in the tomb,
 * discounted by the chance of getting it there, plus its use meanwhile.
 */
export function gainValueOf(ctx: Ctx, seat: number, id: CardId): number {
  const d = ctx.o.defOf(id);
  if (!d) return 0;
  let points = 0;
  if (d.kind === 'set' && d.set !== null) {
    const tomb = ctx.tombSets(seat)?.get(d.set);
    if (!tomb?.has(id)) {
      if (seat === ctx.o.seat && ownsCopy(ctx, id)) points = 0.5;
      else {
        // Cards of the set already owned will likely be entombed too: the set grows past the tomb.
        const ownedOthers = seat === ctx.o.seat ? ownedOutsideTomb(ctx, d.set, tomb) : 0;
        points = 2 * ((tomb?.size ?? 0) + 0.5 * ownedOthers) + 1;
      }
    }
  } else points = d.vp;
  const keep = seat === ctx.o.seat ? keepValueOf(ctx, id) : (POWERS.get(id) ?? 0) * 0.5;
  // A card bought adds a card to the deck that dilutes the others a little.
  return points * ctx.reach + keep - 0.3;
}

/**
 * Marks, once per decision, the kinds of the cards the seat owns outside its tomb that it can see (hand,
 * discard pile, in play), for ownsCopy and ownedOutsideTomb: asked for each set card a decision weighs.
 */
function markOwned(ctx: Ctx): Int32Array {
  const m = ctx.memos;
  if (m.ownedBy !== ctx.decision) {
    const o = ctx.o;
    const kindOf = o.table.kindOf;
    for (const c of o.hand) m.owned[kindOf[c] as number] = ctx.decision;
    for (const c of o.discard) m.owned[kindOf[c] as number] = ctx.decision;
    for (const c of o.inPlay[o.seat] ?? []) m.owned[kindOf[c] as number] = ctx.decision;
    m.ownedBy = ctx.decision;
  }
  return m.owned;
}

/** Whether the seat owns a copy of `id` outside its tomb that it can see. */
function ownsCopy(ctx: Ctx, id: CardId): boolean {
  const k = ctx.o.table.kinds.get(id);
  return k !== undefined && markOwned(ctx)[k] === ctx.decision;
}

/** How many different cards of `set` the seat owns outside its tomb, not already in `tomb`. */
function ownedOutsideTomb(ctx: Ctx, set: string, tomb: ReadonlySet<CardId> | undefined): number {
  const owned = markOwned(ctx);
  let n = 0;
  for (const { kind, id } of ctx.memos.setKinds.get(set) ?? [])
    if (owned[kind] === ctx.decision && !tomb?.has(id)) n++;
  return n;
}

/** gainValueOf the seat itself, worked out once per decision and card (a playout asks often). */
export function gainValue(ctx: Ctx, id: CardId): number {
  const k = ctx.o.table.kinds.get(id);
  if (k === undefined) return gainValueOf(ctx, ctx.o.seat, id);
  const m = ctx.memos;
  if (m.gainsOf[k] === ctx.decision) return m.gains[k] as number;
  const v = gainValueOf(ctx, ctx.o.seat, id);
  m.gains[k] = v;
  m.gainsOf[k] = ctx.decision;
  return v;
}

/** gainValue of the card `card` is (its instance). */
export function gainValueAt(ctx: Ctx, card: Instance): number {
  const k = ctx.o.table.kindOf[card] ?? -1;
  if (k < 0) return gainValueOf(ctx, ctx.o.seat, ctx.o.id(card));
  const m = ctx.memos;
  if (m.gainsOf[k] === ctx.decision) return m.gains[k] as number;
  const v = gainValueOf(ctx, ctx.o.seat, ctx.o.id(card));
  m.gains[k] = v;
  m.gainsOf[k] = ctx.decision;
  return v;
}

/** How much the best-placed opponent would gain from a card: what denying it is worth. */
export function opponentGain(ctx: Ctx, id: CardId): number {
  const k = ctx.o.table.kinds.get(id);
  const m = ctx.memos;
  if (k !== undefined && m.opponentGainsOf[k] === ctx.decision) return m.opponentGains[k] as number;
  let best = 0;
  for (let seat = 0; seat < ctx.o.players; seat++)
    if (seat !== ctx.o.seat) best = Math.max(best, gainValueOf(ctx, seat, id));
  if (k !== undefined) {
    m.opponentGains[k] = best;
    m.opponentGainsOf[k] = ctx.decision;
  }
  return best;
}
