import type { RngState } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import { CHAMBERS, type Chamber, TREASURES, type Treasure } from '../catalog.ts';
import { mapsNeeded } from '../engine.ts';
import type { ArchaeologyAction, ArchaeologyState, Counts, TreasureNumbers } from '../state.ts';
import { type ArchaeologyView, thievesIn, view } from '../view.ts';
import { countsOf, kindCodes, SANDSTORM, tally } from '../zones.ts';

/**
 * A greedy player that reads only its own view (what a person in the seat knows). It values a hand by
 * what its cards would fetch sold in the best sets, plus a share of what the next card of each set
 * would add while cards are still to be dug, and maps by the chambers left.
 */
export function heuristicBot(state: ArchaeologyState, seat: Seat, _rng: RngState): ArchaeologyAction {
  return ownTurn(state, seat) ?? question(state, seat) ?? fromView(state, seat);
}

/**
 * The same answer as `fromView` to a thief's or a sandstorm's question, read from what the view would
 * show without building it (the playouts answer them at every thief and sandstorm). Null otherwise.
 */
function question(s: ArchaeologyState, seat: Seat): ArchaeologyAction | null {
  const p = s.pending;
  if (s.finished || p === null) return null;
  if (p.type === 'thief') {
    if (p.seat !== seat) return null;
    // richestHand's order: the largest hand, then the lowest seat.
    let from = p.targets[0] as Seat;
    for (const t of p.targets) {
      const size = s.hands[t]?.length ?? 0;
      const best = s.hands[from]?.length ?? 0;
      if (size > best || (size === best && t < from)) from = t;
    }
    return { type: 'steal', from };
  }
  const owed = p.owed[seat] ?? 0;
  if (owed === 0) return null;
  return { type: 'discard', cards: cheapest(seenOf(s), countsOf(s, s.hands[seat] ?? []), owed) };
}

/** What seenIn reads of the view, read from the state. */
function seenOf(s: ArchaeologyState): Seen {
  let sandstormsLeft = 0;
  const codes = kindCodes(s.cards);
  for (const c of s.dig) if (codes[c] === SANDSTORM) sandstormsLeft++;
  return {
    numbers: s.numbers,
    digSite: s.dig.length,
    threats: thievesIn(s.cards) - s.thieves.length + sandstormsLeft,
    mapsCount: CHAMBERS.some((ch) => s.chambers[ch] !== null),
  };
}

/** The same player read from the view it builds: what `ownTurn` and `question` are held to (tests). */
export function heuristicFromView(state: ArchaeologyState, seat: Seat): ArchaeologyAction {
  return fromView(state, seat);
}

function fromView(state: ArchaeologyState, seat: Seat): ArchaeologyAction {
  // Labels are for people: a computer reads the actions alone.
  const v = view(state, seat, false);
  const me = v.me;
  if (!me) throw new Error(`seat ${seat} is not in the game`);
  if (me.steal) return { type: 'steal', from: richestHand(v, me.steal) };
  if (me.sandstorm && me.sandstorm.owed > 0)
    return { type: 'discard', cards: cheapest(seenIn(v), me.hand, me.sandstorm.owed) };
  const legal = v.actions.map((a) => a.action);
  const explore = [...CHAMBERS]
    .reverse()
    .find((ch) => legal.some((a) => a.type === 'explore' && a.chamber === ch));
  if (explore) return { type: 'explore', chamber: explore };
  const seen = seenIn(v);
  const sale = bestSale(
    seen,
    TREASURES.map((k) => me.hand[k] ?? 0),
    me.mustSell,
  );
  if (sale) return sale;
  const trade = bestTrade(seen, me.hand, legal);
  if (trade) return trade;
  if (legal.some((a) => a.type === 'end')) return { type: 'end' };
  // Must sell and nothing is worth it: the smallest loss.
  const sells = legal.filter((a) => a.type === 'sell');
  return (sells[0] ?? legal[0]) as ArchaeologyAction;
}

/**
 * The same choice as `fromView` on the seat's own turn with nothing pending, read from what the view
 * would show without building it (its labels, outcome and every trade as an object): the search's
 * playouts ask at every turn. Null where it does not apply, or where no move is found (the view decides).
 */
function ownTurn(s: ArchaeologyState, seat: Seat): ArchaeologyAction | null {
  if (s.finished || s.pending !== null || s.turn.seat !== seat) return null;
  // Counted by catalog index, not as Counts objects: this runs at every turn of every playout.
  const hand = tally(s, s.hands[seat] ?? [], handTally);
  for (let i = CHAMBERS.length - 1; i >= 0; i--) {
    const chamber = CHAMBERS[i] as Chamber;
    if (s.chambers[chamber] !== null && (hand[MAP] as number) >= mapsNeeded(chamber))
      return { type: 'explore', chamber };
  }
  const seen = seenOf(s);
  const sale = bestSale(seen, hand, s.turn.mustSell && !s.turn.sold);
  if (sale) return sale;
  // The trades legalActions lists, in its order: one marketplace card for each minimal give.
  const market = tally(s, s.market, marketTally);
  const future = futureOf(seen);
  const { nums, tables } = numbersOf(seen.numbers);
  let gain = 0.5;
  let bestTake = -1;
  // What giving c cards of each treasure, or taking one, changes in the hand's worth (as gainOf counts it:
  // the term after less the term now), worked out once for the ~40 trades weighed below.
  const give = gives;
  const take = takes;
  // The most giving some cards of each treasure can add (0 where giving only loses): a trade's gain is at
  // most what it takes plus these for the other treasures, so a take that cannot beat `gain` is not walked.
  let allGiven = 0;
  for (let i = 0; i < TREASURES.length; i++) {
    const n = hand[i] as number;
    const isMap = i === MAP;
    const num = nums[i] as TreasureNumbers;
    const table = tables[i] as number[];
    const now = termOf(num, table, isMap, n, future, seen.mapsCount);
    take[i] = termOf(num, table, isMap, n + 1, future, seen.mapsCount) - now;
    // Entries past n are left from other hands: never read (no give holds more than the hand).
    const lose = give[i] as number[];
    lose[0] = 0;
    let most = 0;
    for (let c = 1; c <= n; c++) {
      const g = termOf(num, table, isMap, n - c, future, seen.mapsCount) - now;
      lose[c] = g;
      if (g > most) most = g;
    }
    mostGiven[i] = most;
    allGiven += most;
  }
  for (let t = 0; t < TREASURES.length; t++) {
    if ((market[t] as number) === 0) continue;
    // Strictly below by a margin far above the sums' rounding, so no trade that would win is skipped.
    if ((take[t] as number) + allGiven - (mostGiven[t] as number) + 1e-9 <= gain) continue;
    // eachMinimalGive's walk (legal-actions.ts), in its order, over the treasures held but the one taken.
    let m = 0;
    for (let i = 0; i < TREASURES.length; i++)
      if (i !== t && (hand[i] as number) > 0) {
        walkKinds[m] = i;
        walkTrade[m] = (nums[i] as TreasureNumbers).trade;
        walkHeld[m] = hand[i] as number;
        walkChosen[m] = 0;
        m++;
      }
    walk.m = m;
    walk.t = t;
    walk.value = (nums[t] as TreasureNumbers).trade;
    walk.gain = gain;
    walk.found = false;
    walkGives(0, 0);
    if (walk.found) {
      gain = walk.gain;
      bestTake = t;
    }
  }
  if (bestTake >= 0) {
    // givenCounts' object: the treasures given, in catalog order.
    const given: Counts = {};
    for (let j = 0; j < walk.bestM; j++)
      if ((bestChosen[j] as number) > 0)
        given[TREASURES[bestKinds[j] as number] as Treasure] = bestChosen[j] as number;
    return { type: 'trade', give: given, take: { [TREASURES[bestTake] as Treasure]: 1 } };
  }
  if (!s.turn.mustSell || s.turn.sold) return { type: 'end' };
  for (let i = 0; i < TREASURES.length; i++)
    if ((hand[i] as number) > 0) return { type: 'sell', kind: TREASURES[i] as Treasure, count: 1 };
  return null;
}

const MAP = TREASURES.indexOf('map');
/** ownTurn's working arrays, reused: it runs to its end without calling out. */
const handTally = new Int32Array(TREASURES.length);
const marketTally = new Int32Array(TREASURES.length);
const gives: number[][] = TREASURES.map(() => [0]);
const takes: number[] = TREASURES.map(() => 0);
const mostGiven: number[] = TREASURES.map(() => 0);
const walkKinds = new Int32Array(TREASURES.length);
const walkTrade = new Int32Array(TREASURES.length);
const walkHeld = new Int32Array(TREASURES.length);
const walkChosen = new Int32Array(TREASURES.length);
const bestKinds = new Int32Array(TREASURES.length);
const bestChosen = new Int32Array(TREASURES.length);
const walk = { m: 0, t: 0, value: 0, gain: 0, found: false, bestM: 0 };

/**
 * eachMinimalGive's depth-first walk over `walk`'s kinds, weighing each minimal give as it is found (the
 * gain summed treasure by treasure in catalog order, as gainOf sums it) and keeping the first best.
 */
function walkGives(i: number, sum: number): void {
  const m = walk.m;
  if (sum >= walk.value) {
    // Minimal: removing any one chosen card drops below the value.
    for (let j = 0; j < m; j++)
      if ((walkChosen[j] as number) > 0 && sum - (walkTrade[j] as number) >= walk.value) return;
    const t = walk.t;
    let g = 0;
    let took = false;
    for (let j = 0; j < m; j++) {
      const k = walkKinds[j] as number;
      if (!took && k > t) {
        g += takes[t] as number;
        took = true;
      }
      const c = walkChosen[j] as number;
      if (c > 0) g += (gives[k] as number[])[c] as number;
    }
    if (!took) g += takes[t] as number;
    if (g > walk.gain) {
      walk.gain = g;
      walk.found = true;
      walk.bestM = m;
      bestKinds.set(walkKinds);
      bestChosen.set(walkChosen);
    }
    return;
  }
  if (i === m) return;
  const each = walkTrade[i] as number;
  const held = walkHeld[i] as number;
  for (let n = 0; n <= held; n++) {
    walkChosen[i] = n;
    walkGives(i + 1, sum + n * each);
    if (sum + n * each >= walk.value) break;
  }
  walkChosen[i] = 0;
}

/** A game's numbers by catalog index, with their bestSplit tables (the state's record, shared by its copies). */
interface Numbered {
  nums: TreasureNumbers[];
  tables: number[][];
}
const numbersByIndex = new WeakMap<Record<Treasure, TreasureNumbers>, Numbered>();
function numbersOf(numbers: Record<Treasure, TreasureNumbers>): Numbered {
  let out = numbersByIndex.get(numbers);
  if (!out) {
    const nums = TREASURES.map((k) => numbers[k]);
    out = { nums, tables: nums.map(splitTable) };
    numbersByIndex.set(numbers, out);
  }
  return out;
}

/** What the valuations read of a view. */
interface Seen {
  numbers: Record<Treasure, TreasureNumbers>;
  digSite: number;
  /** Thieves and sandstorms still in the dig site. */
  threats: number;
  /** Maps are worth more while a chamber is left to explore. */
  mapsCount: boolean;
}

function seenIn(v: ArchaeologyView): Seen {
  return {
    numbers: v.numbers,
    digSite: v.digSite,
    threats: v.thieves.total - v.thieves.drawn + (v.sandstorms.total - v.sandstorms.drawn),
    mapsCount: v.chambers.some((c) => !c.explored),
  };
}

/** Best money from n cards of one treasure sold in sets no larger than the museum takes. */
export function bestSplit(numbers: TreasureNumbers, n: number): number {
  return splitOf(numbers, n);
}

/** bestSplit for every count up to what one treasure's cards can be: the heuristic asks it in every playout. */
const splits = new WeakMap<TreasureNumbers, number[]>();

function splitOf(numbers: TreasureNumbers, n: number): number {
  return splitIn(splitTable(numbers), numbers, n);
}

function splitTable(numbers: TreasureNumbers): number[] {
  let table = splits.get(numbers);
  if (!table) {
    table = [0];
    splits.set(numbers, table);
  }
  return table;
}

/** bestSplit from its table, extended as far as `n`. */
function splitIn(table: number[], numbers: TreasureNumbers, n: number): number {
  for (let i = table.length; i <= n; i++) {
    let b = 0;
    for (let k = 1; k <= Math.min(i, numbers.prices.length); k++)
      b = Math.max(b, (numbers.prices[k - 1] as number) + (table[i - k] as number));
    table.push(b);
  }
  return table[n] as number;
}

/** What the hand's worth counts for holding `n` cards of `k` (worth is the sum over the treasures). */
function term(v: Seen, k: Treasure, n: number, future: number, mapsCount: boolean): number {
  const nums = v.numbers[k];
  return termOf(nums, splitTable(nums), k === 'map', n, future, mapsCount);
}

/** term for the treasure whose numbers and bestSplit table are given. */
function termOf(
  nums: TreasureNumbers,
  table: number[],
  isMap: boolean,
  n: number,
  future: number,
  mapsCount: boolean,
): number {
  const now = splitIn(table, nums, n);
  const next = n % nums.prices.length === 0 ? 0 : splitIn(table, nums, n + 1) - now;
  return now + 0.45 * future * next + (mapsCount && isMap ? n * 4 : 0);
}

/** Cards still to come make partial sets worth more; the last turns value only what sells now. */
const futureOf = (v: Seen) => Math.min(1, v.digSite / 40);

function richestHand(v: ArchaeologyView, targets: readonly Seat[]): Seat {
  return [...targets].sort(
    (a, b) => (v.seats[b]?.handSize ?? 0) - (v.seats[a]?.handSize ?? 0) || a - b,
  )[0] as Seat;
}

/** The `owed` cards whose loss lowers the hand's worth least, one at a time. */
function cheapest(seen: Seen, hand: Counts, owed: number): Counts {
  // worth's sum, term by term in catalog order, over the hand less one card of the treasure weighed.
  const { nums, tables } = numbersOf(seen.numbers);
  const future = futureOf(seen);
  const maps = seen.mapsCount;
  const left = TREASURES.map((k) => hand[k] ?? 0);
  const lost: Counts = {};
  for (let i = 0; i < owed; i++) {
    let pick = -1;
    let best = -Infinity;
    for (let k = 0; k < TREASURES.length; k++) {
      if ((left[k] as number) === 0) continue;
      let w = 0;
      for (let j = 0; j < TREASURES.length; j++) {
        const n = (left[j] as number) - (j === k ? 1 : 0);
        w += termOf(nums[j] as TreasureNumbers, tables[j] as number[], j === MAP, n, future, maps);
      }
      if (w > best) {
        best = w;
        pick = k;
      }
    }
    if (pick < 0) break;
    const kind = TREASURES[pick] as Treasure;
    left[pick] = (left[pick] as number) - 1;
    lost[kind] = (lost[kind] ?? 0) + 1;
  }
  return lost;
}

/** `hand` by catalog index (TREASURES). */
function bestSale(v: Seen, hand: ArrayLike<number>, mustSell: boolean): ArchaeologyAction | null {
  const endgame = v.digSite === 0;
  // Risk of keeping cards: thieves and sandstorms still in the dig site.
  const threats = v.threats;
  let best: { kind: Treasure; count: number; score: number } | null = null;
  for (let i = 0; i < TREASURES.length; i++) {
    const k = TREASURES[i] as Treasure;
    const n = hand[i] as number;
    if (n === 0) continue;
    const nums = v.numbers[k];
    const max = nums.prices.length;
    const count = Math.min(n, max);
    const price = nums.prices[count - 1] as number;
    const full = count === max;
    const risky = threats > 0 && v.digSite > 0 && v.digSite / threats < 3 && count >= Math.ceil(max / 2) + 1;
    const go = endgame || full || risky || mustSell;
    if (!go) continue;
    const score = price + (full ? 100 : 0);
    if (!best || score > best.score) best = { kind: k, count, score };
  }
  return best ? { type: 'sell', kind: best.kind, count: best.count } : null;
}

/**
 * The `count` trades that raise `seat`'s hand's worth most, best first (ties in legal order): the search's
 * candidates among the many trades a hand allows (up to ~40).
 */
export function bestTrades(state: ArchaeologyState, seat: Seat, count: number): ArchaeologyAction[] {
  const v = view(state, seat, false);
  const hand = v.me?.hand ?? {};
  return v.actions
    .map((a) => a.action)
    .filter((a) => a.type === 'trade')
    .map((a, i) => ({ a, i, gain: gainOf(seenIn(v), hand, a) }))
    .sort((x, y) => y.gain - x.gain || x.i - y.i)
    .slice(0, count)
    .map((x) => x.a);
}

/** How much a trade raises the hand's worth: only the treasures it moves change their terms. */
function gainOf(v: Seen, hand: Counts, a: ArchaeologyAction): number {
  if (a.type !== 'trade') return 0;
  const future = futureOf(v);
  const maps = v.mapsCount;
  let gain = 0;
  for (const k of TREASURES) {
    const change = (a.take[k] ?? 0) - (a.give[k] ?? 0);
    if (change === 0) continue;
    const n = hand[k] ?? 0;
    gain += term(v, k, n + change, future, maps) - term(v, k, n, future, maps);
  }
  return gain;
}

function bestTrade(v: Seen, hand: Counts, legal: readonly ArchaeologyAction[]): ArchaeologyAction | null {
  let best: ArchaeologyAction | null = null;
  let gain = 0.5;
  for (const a of legal) {
    if (a.type !== 'trade') continue;
    const g = gainOf(v, hand, a);
    if (g > gain) {
      gain = g;
      best = a;
    }
  }
  return best;
}
