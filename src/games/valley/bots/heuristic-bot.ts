import { nextInt, type RngState } from '../../kernel/rng.ts';
import { NOT_REPEATABLE } from '../cards/tyet-amulet.ts';
import { BASE } from '../pyramid.ts';
import type { CardId, Instance, Option, ValleyAction } from '../state.ts';
import type { Bot } from './bot.ts';
import { type Observation, observe } from './observe.ts';
import {
  addTo,
  bestEntombGain,
  bestEntombs,
  type Ctx,
  context,
  gainValue,
  gainValueAt,
  gainValueOf,
  keepValue,
  keepValueOf,
  opponentGain,
  tombGain,
  tombGainBeside,
  tombGainOf,
} from './values.ts';

/**
 * A sensible player. Each call looks at the position afresh (no memory between calls) and, in its own
 * main phase, does the first of: play the action worth most (if worth more than the card's gold and
 * tomb uses), buy the card worth most, entomb its best card, end the turn. Questions are answered by
 * what they ask (see `answer`). Values are rough victory points (values.ts).
 */
export const heuristicBot: Bot = (state, seat, rng) => decide(observe(state, seat), rng);

export function decide(o: Observation, rng: RngState): ValleyAction {
  if (!o.canAct) throw new Error(`heuristic bot: seat ${o.seat} has nothing to do`);
  // A question with one answer (most seats in a reaction window can only pass): every way of judging
  // the options below picks it, and none draws from `rng` for a single option.
  const only = o.question?.options.length === 1 ? o.question.options[0] : undefined;
  if (only) return { type: 'answer', value: only.value };
  const ctx = context(o);
  const action = o.question ? answer(ctx, o.question.options, rng) : mainMove(ctx, rng);
  return action;
}

/** The highest-scoring item; exact ties are broken at random so games vary. */
function pickBest<T>(items: readonly T[], score: (x: T) => number, rng: RngState): T | undefined {
  let best: T[] = [];
  let bestScore = -Infinity;
  for (const x of items) {
    const v = score(x);
    if (v > bestScore + 1e-9) {
      bestScore = v;
      best = [x];
    } else if (Math.abs(v - bestScore) <= 1e-9) best.push(x);
  }
  return best.length <= 1 ? best[0] : best[nextInt(rng, best.length)];
}

/** `cards` but `out` (null: all of them), in order: a fresh array. */
function without(cards: readonly Instance[], out: Instance | null = null): Instance[] {
  const rest: Instance[] = [];
  for (const c of cards) if (c !== out) rest.push(c);
  return rest;
}

// ---------------------------------------------------------------------------------------------------
// Buying power

const goldNow = (o: Observation) => (c: Instance) => (o.turn.thoth ? 4 : o.def(c).gold);

/**
 * The cheapest set of the first ten `golds` (of `len`) reaching `cost` (fewest cards on ties), as bits of
 * their indices, or -1. Every subset is tried, in the same order as ever, so ties go the same way.
 */
function cheapestMask(golds: readonly number[], len: number, cost: number): number {
  const n = Math.min(len, 10);
  let all = 0;
  for (let i = 0; i < n; i++) all += golds[i] as number;
  // Nothing reaches the cost if all of them together do not.
  if (all < cost) return -1;
  let bestMask = -1;
  let bestSum = Infinity;
  let bestCount = Infinity;
  for (let mask = 1; mask < 1 << n; mask++) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < n; i++)
      if (mask & (1 << i)) {
        sum += golds[i] as number;
        count++;
      }
    if (sum >= cost && (sum < bestSum || (sum === bestSum && count < bestCount))) {
      bestMask = mask;
      bestSum = sum;
      bestCount = count;
    }
  }
  return bestMask;
}

/** Sorts the first `n` of a few numbers, highest first, in place (Array.prototype.sort allocates). */
function sortDescending(xs: number[], n: number): void {
  for (let i = 1; i < n; i++) {
    const x = xs[i] as number;
    let j = i;
    for (; j > 0 && (xs[j - 1] as number) < x; j--) xs[j] = xs[j - 1] as number;
    xs[j] = x;
  }
}

/**
 * Scratch lists of planValue, which never runs inside itself; used up to a count, never shortened (a
 * shortened array gives up its storage, and the next push allocates it again).
 */
const planGolds: number[] = [];
const targetCards: Instance[] = [];
const targetValues: number[] = [];

/** Roughly what `cards` can still buy from the base cards `base` this turn (greedy, best card first). */
function planValue(
  ctx: Ctx,
  cards: readonly Instance[],
  base: readonly Instance[],
  gold: (c: Instance) => number,
) {
  let n = 0;
  for (const c of cards) planGolds[n++] = gold(c);
  sortDescending(planGolds, n);
  return planOfGolds(ctx, planGolds, n, base);
}

/** planValue of a hand known by its `n` golds, highest first (`golds` is used up). */
function planOfGolds(ctx: Ctx, golds: number[], n: number, base: readonly Instance[]): number {
  // The base cards worth having, most valuable first; equal values keep the base's order.
  let targets = 0;
  for (const card of base) {
    const v = gainValueAt(ctx, card);
    if (!(v > 0)) continue;
    let j = targets++;
    for (; j > 0 && (targetValues[j - 1] as number) < v; j--) {
      targetCards[j] = targetCards[j - 1] as Instance;
      targetValues[j] = targetValues[j - 1] as number;
    }
    targetCards[j] = card;
    targetValues[j] = v;
  }
  let len = n;
  let total = 0;
  for (let k = 0; k < targets; k++) {
    const cost = ctx.o.def(targetCards[k] as Instance).cost;
    const mask = cheapestMask(golds, len, cost);
    if (mask < 0) continue;
    total += targetValues[k] as number;
    // The cards paid leave the hand; the rest keep their order.
    let w = 0;
    for (let i = 0; i < len; i++) if (!(i < 10 && mask & (1 << i))) golds[w++] = golds[i] as number;
    len = w;
  }
  return total;
}

/** The cards in the base, left to right, but the one in `skipSlot`. */
function baseCards(o: Observation, skipSlot = -1): Instance[] {
  const out: Instance[] = [];
  for (let slot = 0; slot < 3; slot++) {
    const c = o.pyramid[slot];
    if (c !== null && c !== undefined && slot !== skipSlot) out.push(c);
  }
  return out;
}

/** The ids of `baseCards`. */
const baseIds = (o: Observation): CardId[] => baseCards(o).map((c) => o.id(c));

// ---------------------------------------------------------------------------------------------------
// Main phase

/** The card to entomb normally this turn: most points, keeping useful cards while the game is young. */
function reserveOf(ctx: Ctx): Instance | null {
  const o = ctx.o;
  if (o.turn.seat !== o.seat || o.turn.entombed || o.hand.length === 0) return null;
  let best: Instance | null = null;
  let bestScore = -Infinity;
  for (const c of o.hand) {
    const v = tombGain(ctx, c) - 0.5 * keepValue(ctx, c);
    if (v > bestScore) {
      bestScore = v;
      best = c;
    }
  }
  return best;
}

/** Points from one extra entombing chosen among `candidates`, on top of the normal one from `hand`. */
function extraEntombValue(ctx: Ctx, candidates: readonly Instance[], hand: readonly Instance[]): number {
  // The normal entombing's best gain from the hand but `extra`, once `extra` is entombed.
  const normal = (extra: Instance | null) => {
    if (ctx.o.turn.entombed) return 0;
    let best = 0;
    const extraDef = extra === null ? null : ctx.o.def(extra);
    for (const c of hand) if (c !== extra) best = Math.max(best, tombGainBeside(ctx, c, extraDef));
    return best;
  };
  const baseline = normal(null);
  let best = -Infinity;
  for (const c of candidates) best = Math.max(best, tombGain(ctx, c) + normal(c) - baseline);
  return best === -Infinity ? 0 : best;
}

/** What losing a card for good costs (sacrifice): its use and the points it might have scored. */
const permanentLoss = (ctx: Ctx, c: Instance) => keepValue(ctx, c) + 0.5 * ctx.reach * tombGain(ctx, c);
/** What discarding a hand card costs: only its use this turn (it stays in the deck). */
const discardLoss = (ctx: Ctx, c: Instance) => 0.2 + 0.25 * goldNow(ctx.o)(c) + 0.3 * tombGain(ctx, c);

function minBy(cards: readonly Instance[], f: (c: Instance) => number): number {
  let best = Infinity;
  for (const c of cards) best = Math.min(best, f(c));
  return best === Infinity ? 0 : best;
}

function slotCards(o: Observation, filter: (id: CardId, slot: number) => boolean): CardId[] {
  const out: CardId[] = [];
  o.pyramid.forEach((c, slot) => {
    if (c !== null && filter(o.id(c), slot)) out.push(o.id(c));
  });
  return out;
}

const bestGain = (ctx: Ctx, ids: readonly CardId[]) =>
  ids.reduce((m, id) => Math.max(m, gainValue(ctx, id) + 0.3 * opponentGain(ctx, id)), -Infinity);

const lowestCost = (o: Observation) => {
  const ids = slotCards(o, () => true);
  const min = Math.min(...ids.map((id) => o.defOf(id)?.cost ?? 0));
  return ids.filter((id) => (o.defOf(id)?.cost ?? 0) === min);
};

/** The other seats in turn order from this one (made only for the cards that read them). */
const opponentsOf = (o: Observation): number[] =>
  Array.from({ length: o.players - 1 }, (_, k) => (o.seat + 1 + k) % o.players);

/** The sum of `f` over the other seats, in turn order from this one (without listing them). */
function sumOpponents(o: Observation, f: (seat: number) => number): number {
  let sum = 0;
  for (let k = 1; k < o.players; k++) sum += f((o.seat + k) % o.players);
  return sum;
}

/** Expected worth of a card drawn during the turn (more gold, another action or a tomb candidate). */
const DRAWN = 0.7;

const ATTACK_DISCOUNT = 0.8; // an opponent may hold an Offering Table

/** What executing card `id`'s action now is worth (card: the instance played, if from hand). */
function playValue(ctx: Ctx, id: CardId, card: Instance | null, reserve: Instance | null): number {
  const o = ctx.o;
  const others = without(o.hand, card);
  switch (id) {
    case 'statue-of-horus':
      return extraEntombValue(ctx, others, others);
    case 'imseti-canopic-jar':
      return extraEntombValue(
        ctx,
        others.filter((c) => o.def(c).cost <= 4),
        others,
      );
    case 'burial-mask':
      return extraEntombValue(ctx, [...others, ...o.discard], others);
    case 'heart-scarab-amulet':
      return extraEntombValue(ctx, o.discard, others);
    case 'book-of-the-heavens':
      return o.discard.length >= 5 ? extraEntombValue(ctx, o.discard, others) : 0;
    case 'middle-sarcophagus': {
      if (others.length < 2) return 0;
      const worst = minBy(without(others, reserve), (c) => permanentLoss(ctx, c));
      return extraEntombValue(ctx, others, others) - worst;
    }
    case 'box-of-food': {
      let best = -Infinity;
      for (const x of others) {
        const rest = without(others, x);
        const cheaper = rest.filter((y) => o.def(y).cost < o.def(x).cost);
        if (cheaper.length === 0) continue;
        best = Math.max(best, extraEntombValue(ctx, cheaper, rest) - permanentLoss(ctx, x));
      }
      return best === -Infinity ? 0 : best;
    }
    case 'book-of-the-dead': {
      let best = 0;
      for (const cid of lowestCost(o)) best = Math.max(best, tombGainOf(ctx, o.seat, cid));
      return best + 0.3;
    }
    case 'statue-of-isis':
      return bestGain(
        ctx,
        slotCards(o, (cid) => (o.defOf(cid)?.cost ?? 0) <= 6),
      );
    case 'djed-pillar-amulet': {
      const sets = ctx.tombSets(o.seat) ?? new Map();
      return bestGain(
        ctx,
        slotCards(o, (cid) => {
          const set = o.defOf(cid)?.set;
          return set !== null && set !== undefined && sets.has(set);
        }),
      );
    }
    case 'book-of-traversing-eternity': {
      if (o.turn.boughtCosts.length === 0) return 0;
      const limit = Math.max(...o.turn.boughtCosts);
      return bestGain(
        ctx,
        slotCards(o, (cid) => (o.defOf(cid)?.cost ?? 0) < limit),
      );
    }
    case 'hapi-canopic-jar':
      return bestGain(ctx, lowestCost(o)) - minBy(others, (c) => discardLoss(ctx, c));
    case 'book-of-the-earth': {
      let best = -Infinity;
      for (const x of without(others, reserve)) {
        const limit = 2 * o.def(x).cost;
        const g = bestGain(
          ctx,
          slotCards(o, (cid) => (o.defOf(cid)?.cost ?? 0) <= limit),
        );
        best = Math.max(best, g - permanentLoss(ctx, x));
      }
      return best === -Infinity ? 0 : best;
    }
    case 'ka-figurine': {
      let best = -Infinity;
      for (const x of without(others, reserve)) {
        const set = o.def(x).set;
        if (set === null) continue;
        const g = bestGain(
          ctx,
          slotCards(o, (cid) => o.defOf(cid)?.set === set),
        );
        best = Math.max(best, g - discardLoss(ctx, x));
      }
      return best === -Infinity ? 0 : best;
    }
    case 'chariot':
      return o.boneyardTop === null
        ? 0
        : gainValue(ctx, o.id(o.boneyardTop)) - minBy(without(others, reserve), (c) => discardLoss(ctx, c));
    case 'censer': {
      let best = 0;
      for (const t of opponentsOf(o)) {
        const top = o.discardTops[t];
        if (top !== null && top !== undefined) best = Math.max(best, gainValue(ctx, o.id(top)));
      }
      return best - keepValueOf(ctx, 'censer') - 0.3;
    }
    case 'book-of-the-netherworld':
      return o.stockCount > 0 ? 1.2 * ctx.reach + 0.4 : 0;
    case 'statue-of-osiris':
      return 3 * DRAWN - minBy(without(others, reserve), (c) => discardLoss(ctx, c));
    case 'statue-of-anubis':
      return ctx.turnsLeft > 1 ? DRAWN + 0.2 : 0;
    case 'weres-amulet': {
      const give = minBy(without(others, reserve), (c) => keepValue(ctx, c) + 0.5 * giveAwayCost(ctx, c));
      return 3 * DRAWN - give;
    }
    case 'outer-sarcophagus':
      return DRAWN + 0.2 - minBy(without(others, reserve), (c) => keepValue(ctx, c) + 0.3 * tombGain(ctx, c));
    case 'duamutef-canopic-jar':
      return ATTACK_DISCOUNT * 0.45 * sumOpponents(o, (t) => ((o.handCounts[t] ?? 0) > 0 ? 1 : 0));
    case 'qebehsenuef-canopic-jar':
      return (
        ATTACK_DISCOUNT *
        0.9 *
        sumOpponents(o, (t) => ((o.handCounts[t] ?? 0) > 0 && (o.totalCards[t] ?? 0) > 5 ? 1 : 0))
      );
    case 'inner-sarcophagus':
      return ATTACK_DISCOUNT * 0.45 * sumOpponents(o, (t) => Math.max(0, (o.handCounts[t] ?? 0) - 3));
    case 'statue-of-bastet':
      return 0.3 * sumOpponents(o, (t) => ((o.handCounts[t] ?? 0) > 0 && (o.totalCards[t] ?? 0) > 5 ? 1 : 0));
    case 'statue-of-thoth': {
      if (o.turn.thoth) return 0;
      const avail = without(others, reserve);
      return planValue(ctx, avail, baseCards(o), () => 4) - planValue(ctx, avail, baseCards(o), goldNow(o));
    }
    case 'tyet-amulet': {
      let best = 0;
      for (const k of new Set(o.turn.executed))
        if (!NOT_REPEATABLE.has(k)) best = Math.max(best, playValue(ctx, k, card, reserve));
      return best;
    }
    case 'urn': {
      const top = o.discard.at(-1);
      if (top === undefined) return 0;
      return 0.5 * (keepValue(ctx, top) + tombGain(ctx, top)) - 0.6;
    }
    case 'wadj-amulet':
      return wadjBest(ctx, without(others, reserve))?.value ?? 0;
    case 'shabti':
      return shabtiBest(ctx, without(others, reserve))?.value ?? 0;
    case 'book-of-gates':
      return 0.3;
    case 'statue-of-sobek': {
      // The deck's contents are not known: judge by the cards seen in the hand and discard pile.
      const gains = [...others, ...o.discard].map((c) => tombGain(ctx, c)).sort((a, b) => b - a);
      const top = gains.slice(0, Math.max(1, Math.ceil(gains.length / 3)));
      return top.reduce((a, b) => a + b, 0) / Math.max(1, top.length) - 0.3;
    }
    default:
      return afterlifePlayValue(ctx, id, card, reserve);
  }
}

/** The Afterlife cards' actions (see playValue). */
function afterlifePlayValue(ctx: Ctx, id: CardId, card: Instance | null, reserve: Instance | null): number {
  const o = ctx.o;
  const others = without(o.hand, card);
  const gold = goldNow(o);
  const avail = without(others, reserve);
  switch (id) {
    case 'antechamber': {
      // A discarded card back in hand: its gold or action now, or the tomb if nothing is entombed yet.
      let best = 0;
      for (const c of o.discard)
        best = Math.max(
          best,
          planValue(ctx, [...avail, c], baseCards(o), gold) -
            planValue(ctx, avail, baseCards(o), gold) +
            (o.turn.entombed ? 0 : 0.8 * tombGain(ctx, c)),
        );
      return best - 0.2;
    }
    case 'bow': {
      const sets = ctx.tombSets(o.seat) ?? new Map();
      let best = 0;
      for (const c of o.pyramid) {
        if (c === null) continue;
        const d = o.def(c);
        if (d.kind === 'set' && d.set !== null && !sets.has(d.set)) best = Math.max(best, tombGain(ctx, c));
      }
      return best + 0.2;
    }
    case 'brooch': {
      const tomb = (o.tombs[o.seat] ?? []).map((c) => o.id(c));
      const now = tombScore(ctx, tomb);
      let best = -Infinity;
      for (const c of o.pyramid) {
        if (c === null) continue;
        const withIt = [...tomb, o.id(c)];
        withIt.forEach((x, i) => {
          if (o.defOf(x)?.kind !== 'set') return;
          best = Math.max(best, tombScore(ctx, [...withIt.slice(0, i), ...withIt.slice(i + 1)]) - now);
        });
      }
      return best === -Infinity ? 0 : best;
    }
    case 'burial-ceremony':
      // Each starter is a point in the tomb; keep those whose gold this turn's purchases need.
      return others
        .filter((c) => o.def(c).kind === 'starter' && c !== reserve)
        .reduce((v, c) => v + Math.max(0, tombGain(ctx, c) * ctx.reach + 0.4 - 1.5 * keepValue(ctx, c)), 0);
    case 'dagger':
      return o.boneyardTop === null ? 0 : gainValue(ctx, o.id(o.boneyardTop)) - 0.2;
    case 'goddess-nut': {
      const ids = slotCards(o, () => true);
      const costs = ids.map((x) => o.defOf(x)?.cost ?? 0);
      const top = ids.filter((x) => (o.defOf(x)?.cost ?? 0) === Math.max(...costs));
      const low = ids.filter((x) => (o.defOf(x)?.cost ?? 0) === Math.min(...costs));
      return bestGain(ctx, top) - 0.3 * Math.max(0, ...low.map((x) => opponentGain(ctx, x)));
    }
    case 'hounds-and-jackals-game': {
      let best = 0;
      for (const c of o.inPlay[o.seat] ?? [])
        if (c !== card && o.id(c) !== id)
          best = Math.max(
            best,
            planValue(ctx, [...avail, c], baseCards(o), gold) - planValue(ctx, avail, baseCards(o), gold),
          );
      return best;
    }
    case 'judgment':
      return o.boneyardTop === null
        ? 0
        : gainValue(ctx, o.id(o.boneyardTop)) - minBy(avail, (c) => permanentLoss(ctx, c));
    case 'mirror-case':
      return bestGain(
        ctx,
        slotCards(o, () => true),
      );
    case 'necklace':
      // The top of the deck is unknown: most cards of a young deck are starters worth a point.
      return 1.2 * ctx.reach;
    case 'offering-chapel': {
      const top = o.discard.at(-1);
      const mine = top === undefined ? 0 : tombGain(ctx, top) - 0.3 * keepValue(ctx, top);
      return mine - 0.2 * sumOpponents(o, (t) => (o.discardTops[t] !== null ? 1 : 0));
    }
    case 'pesesh-kef': {
      // The player on the left chooses: expect the card worth least to us.
      const ids = slotCards(o, () => true);
      return ids.length === 0 ? 0 : Math.max(0, Math.min(...ids.map((x) => gainValue(ctx, x))));
    }
    case 'ring': {
      if (o.turn.ring) return 0;
      const best = [...avail].sort((a, b) => gold(b) - gold(a))[0];
      if (best === undefined) return 0;
      const doubled = (c: Instance) => (c === best ? 2 * gold(c) : gold(c));
      return planValue(ctx, avail, baseCards(o), doubled) - planValue(ctx, avail, baseCards(o), gold) - 0.1;
    }
    case 'senet-game':
      return DRAWN + 0.6 * Math.min(1, o.players - 1) - 0.3;
    default:
      return 0;
  }
}

/** Points an opponent would get from the card put in its tomb (Weres Amulet gives it to the worst-off). */
function giveAwayCost(ctx: Ctx, c: Instance): number {
  let least = Infinity;
  for (let t = 0; t < ctx.o.players; t++)
    if (t !== ctx.o.seat) least = Math.min(least, tombGainOf(ctx, t, ctx.o.id(c)));
  return least === Infinity ? 0 : least;
}

function tombScore(ctx: Ctx, ids: readonly CardId[]): number {
  let points = 0;
  const sets = new Map<string, Set<CardId>>();
  for (const id of ids) {
    const d = ctx.o.defOf(id);
    if (!d) continue;
    if (d.kind !== 'set' || d.set === null) points += d.vp;
    else {
      addTo(sets, d.set, id);
    }
  }
  for (const g of sets.values()) points += g.size * g.size;
  return points;
}

/** Wadj Amulet: the hand card in and tomb card out that improve the tomb most. */
function wadjBest(ctx: Ctx, hand: readonly Instance[]) {
  const o = ctx.o;
  const tomb = o.tombs[o.seat] ?? [];
  const ids = tomb.map((c) => o.id(c));
  const now = tombScore(ctx, ids);
  const swapped = swappedScore(ctx, ids, now);
  let best: { into: Instance; out: Instance; value: number } | null = null;
  for (const h of hand)
    for (let i = 0; i < tomb.length; i++) {
      const value =
        swapped(ids[i] as CardId, o.id(h)) -
        now +
        0.5 * keepValue(ctx, tomb[i] as Instance) -
        keepValue(ctx, h);
      if (!best || value > best.value) best = { into: h, out: tomb[i] as Instance, value };
    }
  return best;
}

/**
 * tombScore of the tomb `ids` (scoring `now`) with one card `out` of it swapped for `into`, from what
 * changes (a set's distinct cards, a card's points) rather than counting the tomb again for each of the
 * hand × tomb swaps. Points are whole numbers: the same sum as counting the swapped tomb.
 */
function swappedScore(ctx: Ctx, ids: readonly CardId[], now: number) {
  const o = ctx.o;
  const copies = new Map<CardId, number>();
  const distinct = new Map<string, number>();
  for (const id of ids) {
    const d = o.defOf(id);
    if (d?.kind !== 'set' || d.set === null) continue;
    const m = copies.get(id) ?? 0;
    copies.set(id, m + 1);
    if (m === 0) distinct.set(d.set, (distinct.get(d.set) ?? 0) + 1);
  }
  return (out: CardId, into: CardId): number => {
    let score = now;
    let shrunk: string | null = null;
    const dOut = o.defOf(out);
    if (dOut) {
      if (dOut.kind !== 'set' || dOut.set === null) score -= dOut.vp;
      else if (copies.get(out) === 1) {
        const n = distinct.get(dOut.set) as number;
        score += (n - 1) * (n - 1) - n * n;
        shrunk = dOut.set;
      }
    }
    const dIn = o.defOf(into);
    if (dIn) {
      if (dIn.kind !== 'set' || dIn.set === null) score += dIn.vp;
      else if ((copies.get(into) ?? 0) - (into === out ? 1 : 0) === 0) {
        const n = (distinct.get(dIn.set) ?? 0) - (shrunk === dIn.set ? 1 : 0);
        score += (n + 1) * (n + 1) - n * n;
      }
    }
    return score;
  };
}

/** Shabti: bring a much better card down into the base when the rest of the hand can then buy it. */
function shabtiBest(ctx: Ctx, avail: readonly Instance[]) {
  const o = ctx.o;
  const gold = goldNow(o);
  const base = baseCards(o);
  // planValue of the same cards for each base: their golds sorted once, a copy used up by each plan.
  const golds: number[] = [];
  for (const c of avail) golds.push(gold(c));
  sortDescending(golds, golds.length);
  const plan = (cards: readonly Instance[]) => {
    for (let i = 0; i < golds.length; i++) planGolds[i] = golds[i] as number;
    return planOfGolds(ctx, planGolds, golds.length, cards);
  };
  const now = plan(base);
  let best: { a: number; b: number; value: number } | null = null;
  for (let a = 0; a < 3; a++)
    for (let b = 3; b < 6; b++) {
      const ca = o.pyramid[a];
      const cb = o.pyramid[b];
      if (ca === null || ca === undefined || cb === null || cb === undefined) continue;
      if (o.id(ca) === o.id(cb)) continue;
      // Every copy of the base card's id is swapped, as the ids were (copies are worth the same).
      const swapped = base.map((c) => (o.id(c) === o.id(ca) ? cb : c));
      const v = plan(swapped) - now;
      if (!best || v > best.value) best = { a, b, value: v };
    }
  return best ? { option: `x${best.a}-${best.b}`, value: best.value - 0.2 } : null;
}

/**
 * planValue of the hand left after paying, by the gold it holds: planValue reads the cards only through
 * `gold` (sorted, best first), so equal golds give equal plans, and the ~70 payments a hand allows leave
 * few different golds. Keyed by the golds, 4 bits each, and the base slot left out.
 */
class Plans {
  readonly #ctx: Ctx;
  readonly #gold: (c: Instance) => number;
  /** By golds key · 4 + slot left out (3: none); made at the first plan kept (a Map costs to make). */
  #memo: Map<number, number> | null = null;
  readonly #golds: number[] = [];

  constructor(ctx: Ctx, gold: (c: Instance) => number) {
    this.#ctx = ctx;
    this.#gold = gold;
  }

  /** planValue(ctx, cards without `out`, the base without `skipSlot` (-1: none), gold). */
  of(cards: readonly Instance[], out: readonly (Instance | null)[], skipSlot: number): number {
    const golds = this.#golds;
    let n = 0;
    for (const c of cards) if (!out.includes(c)) golds[n++] = this.#gold(c);
    sortDescending(golds, n);
    let key = n <= 12 ? 1 : -1;
    for (let i = 0; key >= 0 && i < n; i++) {
      const g = golds[i] as number;
      key = Number.isInteger(g) && g >= 0 && g < 16 ? key * 16 + g : -1;
    }
    // Below 2 · 16¹² · 4: a safe integer.
    if (key >= 0) key = key * 4 + (skipSlot < 0 ? 3 : skipSlot);
    if (key >= 0 && this.#memo) {
      const known = this.#memo.get(key);
      if (known !== undefined) return known;
    }
    const v = planOfGolds(this.#ctx, golds, n, baseCards(this.#ctx.o, skipSlot));
    if (key >= 0) {
      this.#memo ??= new Map();
      this.#memo.set(key, v);
    }
    return v;
  }
}

function mainMove(ctx: Ctx, rng: RngState): ValleyAction {
  const o = ctx.o;
  const moves = o.moves;
  const reserve = reserveOf(ctx);
  const gold = goldNow(o);
  const plans = new Plans(ctx, gold);
  const avail = without(o.hand, reserve);
  const planNow = plans.of(avail, [], -1);
  const reserveEdge =
    reserve === null ? 0 : tombGain(ctx, reserve) - (bestEntombGain(ctx, o.hand, reserve) ?? 0);

  // What a card is worth when used otherwise: its gold towards this turn's purchases, or the tomb.
  const altUse = (c: Instance) => (c === reserve ? reserveEdge : planNow - plans.of(avail, [c], -1)) + 0.05;

  let best: ValleyAction | null = null;
  let bestScore = 0;
  for (const card of moves.plays()) {
    const v = playValue(ctx, o.id(card), card, reserve) - altUse(card);
    if (v > bestScore) {
      bestScore = v;
      best = { type: 'play', card };
    }
  }
  if (best) return best;

  // The payments are weighed as the rules find them, never listed: only the best is copied.
  let bought: ValleyAction | null = null as ValleyAction | null;
  for (const slot of BASE) {
    const card = o.pyramid[slot];
    if (card === null || card === undefined) continue;
    const value = gainValueAt(ctx, card) + 0.2 * opponentGain(ctx, o.id(card));
    if (value <= 0) continue;
    moves.eachPayment(slot, (pay) => {
      let penalty = 0;
      for (const c of pay) {
        if (c === reserve) penalty += reserveEdge + 0.5;
        const id = o.id(c);
        // Cards whose action only pays off after a purchase are better kept for it.
        if (id === 'book-of-traversing-eternity') penalty += 1.5;
        if (id === 'urn' || id === 'tyet-amulet') penalty += 0.3;
      }
      const score = value - penalty + plans.of(avail, pay, slot) - 0.01 * pay.length;
      if (score > bestScore) {
        bestScore = score;
        bought = { type: 'buy', slot, pay: pay.slice() };
      }
    });
  }
  if (bought) return bought;

  if (reserve !== null && tombGain(ctx, reserve) > 0 && !o.turn.entombed) {
    // The entombing the rules list: the first copy in hand of the reserve's card.
    const id = o.id(reserve);
    const entomb = moves.handKinds().find((c) => o.id(c) === id);
    if (entomb !== undefined) return { type: 'entomb', card: entomb };
  }

  // Censer takes the top of the discard pile: leave the card least worth taking there.
  const ends: ValleyAction[] = moves.endTops().map((top) => ({ type: 'end-turn', top }));
  return (
    pickBest(
      ends,
      (a) =>
        a.type === 'end-turn' && a.top !== null ? -(keepValue(ctx, a.top) + tombGain(ctx, a.top)) : -99,
      rng,
    ) ?? (o.legal[0] as ValleyAction)
  );
}

// ---------------------------------------------------------------------------------------------------
// Questions

const card = (opt: Option) => (opt.value.startsWith('c') ? Number(opt.value.slice(1)) : null);
const slot = (opt: Option) => (opt.value.startsWith('s') ? Number(opt.value.slice(1)) : null);
const seatOf = (opt: Option) => (opt.value.startsWith('p') ? Number(opt.value.slice(1)) : null);

function answer(ctx: Ctx, options: readonly Option[], rng: RngState): ValleyAction {
  const o = ctx.o;
  const q = o.question;
  if (!q) throw new Error('no question');
  const choose = (score: (opt: Option) => number): ValleyAction => ({
    type: 'answer',
    value: (pickBest(options, score, rng) ?? (options[0] as Option)).value,
  });
  const by = (f: (c: Instance) => number) =>
    choose((opt) => {
      const c = card(opt);
      return c === null ? -1e9 : f(c);
    });
  const bySlot = (f: (id: CardId, slot: number) => number) =>
    choose((opt) => {
      const s = slot(opt);
      const c = s === null ? null : o.pyramid[s];
      return c === null || c === undefined || s === null ? -1e9 : f(o.id(c), s);
    });
  const bySeat = (f: (seat: number) => number) =>
    choose((opt) => {
      const s = seatOf(opt);
      return s === null ? -1e9 : f(s);
    });
  // The card kept for this turn's normal entombing is not given up to pay for an action.
  // Worked out only for the questions that read it (most do not).
  let reserveMemo: Instance | null | undefined;
  const reserve = () => {
    if (reserveMemo === undefined) reserveMemo = reserveOf(ctx);
    return reserveMemo;
  };
  const byLoss = (f: (c: Instance) => number) => {
    const r = reserve();
    return by((c) => f(c) - (c === r ? tombGain(ctx, c) + 1 : 0));
  };
  const entomb = () => by((c) => tombGain(ctx, c) - 0.01 * keepValue(ctx, c));
  const take = () => bySlot((id) => gainValue(ctx, id) + 0.3 * opponentGain(ctx, id));
  const cheapDiscard = () => byLoss((c) => -discardLoss(ctx, c));
  const cheapSacrifice = () => byLoss((c) => -permanentLoss(ctx, c));
  // The opponent with the fewest points gets what we must give away.
  const weakest = () =>
    bySeat(
      (t) =>
        -tombScore(
          ctx,
          (o.tombs[t] ?? []).map((c) => o.id(c)),
        ),
    );
  const strongest = () =>
    bySeat((t) =>
      tombScore(
        ctx,
        (o.tombs[t] ?? []).map((c) => o.id(c)),
      ),
    );

  // Attacked by an opponent's card: the Offering Table always helps, and it comes back to the hand.
  if (q.asker !== o.seat) {
    const table = options.find((opt) => opt.value === 'offering-table');
    if (table) return { type: 'answer', value: table.value };
    switch (q.kind) {
      case 'qebehsenuef-canopic-jar':
        return cheapSacrifice();
      case 'statue-of-bastet':
        // The card goes to the attacker: give what is worth least to both.
        return by((c) => -(keepValue(ctx, c) + tombGain(ctx, c) + 0.5 * gainValueOf(ctx, q.asker, o.id(c))));
      case 'cat-window': {
        const taken = q.v.card as Instance;
        return react(options, gainValue(ctx, o.id(taken)) > 0.6);
      }
      case 'boat-window':
        if (q.step === 1) return react(options, bestGain(ctx, baseIds(o)) > 0.8);
        break;
      case 'goddess-nut':
        // Offered the cheapest card: take it when it is worth having.
        return choose((opt) => {
          const sl = slot(opt);
          const c = sl === null ? null : o.pyramid[sl];
          return c === null || c === undefined ? 0.3 : gainValue(ctx, o.id(c));
        });
      case 'pesesh-kef':
        // Choosing what the player on our right takes: what is worth least to them, and most to us left behind.
        return bySlot((id) => -gainValueOf(ctx, q.asker, id) - 0.2 * gainValue(ctx, id));
      case 'offering-chapel':
        return chapel(ctx, options);
      case 'senet-game':
        // The card goes to the Senet player: give what is worth least to both.
        return by((c) => -(keepValue(ctx, c) + tombGain(ctx, c) + 0.5 * gainValueOf(ctx, q.asker, o.id(c))));
      default:
        return cheapDiscard();
    }
  }

  switch (q.kind) {
    case 'crumble': {
      // During the rebuild the next player buys: leave the weaker card in the base.
      const rebuilding = o.resolving.includes('end-turn');
      return bySlot((id) => (rebuilding ? -opponentGain(ctx, id) : gainValue(ctx, id)));
    }
    case 'end-turn':
      // Rebuild sacrifice: deny what the others want and we do not, preferably one they could buy.
      return bySlot((id, s) => opponentGain(ctx, id) - gainValue(ctx, id) + (s < 3 ? 0.5 : 0));
    case 'boat-window':
    case 'statue-of-isis':
    case 'djed-pillar-amulet':
    case 'book-of-traversing-eternity':
      return take();
    case 'ka-figurine':
      if (q.step === 1)
        return byLoss((c) => {
          const set = o.def(c).set;
          return (
            bestGain(
              ctx,
              slotCards(o, (id) => o.defOf(id)?.set === set),
            ) - discardLoss(ctx, c)
          );
        });
      return take();
    case 'hapi-canopic-jar':
      return q.step === 1 ? cheapDiscard() : take();
    case 'book-of-the-earth':
      if (q.step === 1)
        return byLoss((c) => {
          const limit = 2 * o.def(c).cost;
          return (
            bestGain(
              ctx,
              slotCards(o, (id) => (o.defOf(id)?.cost ?? 0) <= limit),
            ) - permanentLoss(ctx, c)
          );
        });
      return take();
    case 'book-of-the-dead':
      return bySlot((id) => tombGainOf(ctx, o.seat, id) + 0.2 * opponentGain(ctx, id));
    case 'box-of-food':
      if (q.step === 1)
        return byLoss((x) => {
          const cheaper = o.hand.filter((y) => y !== x && o.def(y).cost < o.def(x).cost);
          return Math.max(...cheaper.map((y) => tombGain(ctx, y)), 0) - permanentLoss(ctx, x);
        });
      return entomb();
    case 'middle-sarcophagus':
      if (q.step === 1) {
        const keep = bestEntombs(ctx, o.hand, o.turn.entombed ? 1 : 2).map((e) => e.card);
        return by((c) => -permanentLoss(ctx, c) - (keep.includes(c) ? 5 : 0));
      }
      return entomb();
    case 'statue-of-horus':
    case 'imseti-canopic-jar':
    case 'burial-mask':
    case 'heart-scarab-amulet':
    case 'book-of-the-heavens':
      return entomb();
    case 'chariot':
    case 'statue-of-osiris':
      return cheapDiscard();
    case 'censer':
      return bySeat((t) => {
        const top = o.discardTops[t];
        return top === null || top === undefined ? -1e9 : gainValue(ctx, o.id(top));
      });
    case 'tyet-amulet':
      return choose((opt) => (opt.card ? playValue(ctx, opt.card, null, null) : 0));
    case 'wadj-amulet': {
      const w = wadjBest(ctx, o.hand);
      if (q.step === 1) return by((c) => (w && c === w.into ? 1 : 0) - 0.01 * keepValue(ctx, c));
      const into = q.v.in as Instance;
      return by((c) => {
        const ids = (o.tombs[o.seat] ?? []).filter((x) => x !== c).map((x) => o.id(x));
        return tombScore(ctx, [...ids, o.id(into)]) + 0.5 * keepValue(ctx, c);
      });
    }
    case 'weres-amulet':
      if (q.step === 1) return byLoss((c) => -(keepValue(ctx, c) + 0.5 * giveAwayCost(ctx, c)));
      return bySeat((t) => -tombGainOf(ctx, t, o.id(q.v.card as Instance)) - 0.01 * t);
    case 'outer-sarcophagus':
      if (q.step === 1) return byLoss((c) => -(keepValue(ctx, c) + 0.3 * tombGain(ctx, c)));
      return strongest();
    case 'statue-of-sobek':
      return sobek(ctx, options, q.step, weakest, by, rng);
    case 'goddess-nut':
      // The opponent who gains least from the cheapest card; then the dearest card worth most.
      if (seatOf(options[0] as Option) !== null)
        return bySeat((t) => {
          const low = lowestCost(o);
          return -Math.max(0, ...low.map((id) => gainValueOf(ctx, t, id)));
        });
      return take();
    case 'mirror-case':
    case 'pesesh-kef':
      return take();
    case 'judgment': {
      const top = o.boneyardTop;
      const worth = top === null ? 0 : gainValue(ctx, o.id(top));
      // Set aside the card least missed while what comes up is worth more; the order of sacrifices is moot.
      return choose((opt) => {
        if (opt.value === 'stop') return 0;
        const c = card(opt);
        return c === null ? -1e9 : worth - permanentLoss(ctx, c) - (c === reserve() ? 5 : 0);
      });
    }
    case 'hounds-and-jackals-game':
      return by((c) => goldNow(o)(c) + keepValue(ctx, c));
    case 'offering-chapel':
      return chapel(ctx, options);
    case 'antechamber':
      // Back to hand: the card most useful now (gold, action) or worth entombing this turn.
      return by((c) => goldNow(o)(c) + keepValue(ctx, c) + (o.turn.entombed ? 0 : tombGain(ctx, c)));
    case 'bow':
      return bySlot((id) => tombGainOf(ctx, o.seat, id) + 0.2 * opponentGain(ctx, id));
    case 'brooch': {
      if (slot(options[0] as Option) !== null)
        return bySlot((id) => tombGainOf(ctx, o.seat, id) + 0.2 * opponentGain(ctx, id));
      // The set card whose loss costs the tomb least.
      const tomb = (o.tombs[o.seat] ?? []).map((c) => o.id(c));
      return by((c) => {
        const k = tomb.indexOf(o.id(c));
        return tombScore(ctx, [...tomb.slice(0, k), ...tomb.slice(k + 1)]);
      });
    }
    case 'burial-ceremony':
      return choose((opt) => {
        const c = card(opt);
        return c === null
          ? 0
          : tombGain(ctx, c) * ctx.reach + 0.4 - 1.5 * keepValue(ctx, c) - (c === reserve() ? 5 : 0);
      });
    case 'necklace':
      return {
        type: 'answer',
        value: options.find((opt) => opt.value === 'yes')?.value ?? (options[0] as Option).value,
      };
    case 'shabti': {
      const s = shabtiBest(ctx, without(o.hand));
      if (s && s.value > 0 && options.some((opt) => opt.value === s.option))
        return { type: 'answer', value: s.option };
      // Otherwise sacrifice what the others want most.
      return choose((opt) => {
        const sl = slot(opt);
        const c = sl === null ? null : o.pyramid[sl];
        return c === null || c === undefined ? -1e9 : opponentGain(ctx, o.id(c));
      });
    }
  }
  // Anything else: judge the options by their kind.
  const first = options[0] as Option;
  if (card(first) !== null) return cheapDiscard();
  if (slot(first) !== null) return take();
  if (seatOf(first) !== null) return weakest();
  return { type: 'answer', value: first.value };
}

/** Offering Chapel: entomb the top of the discard pile when it scores more than it is worth kept. */
function chapel(ctx: Ctx, options: readonly Option[]): ValleyAction {
  const entomb = options.find((opt) => card(opt) !== null);
  const c = entomb ? card(entomb) : null;
  const worth = c === null ? false : tombGain(ctx, c) > 0.5 * keepValue(ctx, c) + 0.2;
  const pass = options.find((opt) => card(opt) === null) ?? (options[0] as Option);
  return { type: 'answer', value: worth && entomb ? entomb.value : pass.value };
}

function react(options: readonly Option[], worth: boolean): ValleyAction {
  const yes = options.find((opt) => opt.value === 'react');
  return { type: 'answer', value: worth && yes ? yes.value : 'pass' };
}

/** Statue of Sobek: entomb the best of the three, keep (discard) the next, give away the least. */
function sobek(
  ctx: Ctx,
  options: readonly Option[],
  step: number,
  weakest: () => ValleyAction,
  by: (f: (c: Instance) => number) => ValleyAction,
  rng: RngState,
): ValleyAction {
  if (step === 3) return weakest();
  const cards = options.map(card).filter((c): c is Instance => c !== null);
  const worth = (c: Instance) => keepValue(ctx, c) + 0.3 * tombGain(ctx, c);
  if (step === 2) return by((c) => tombGain(ctx, c) - 0.01 * keepValue(ctx, c));
  // Step 1 (which to discard, i.e. keep): not the one to entomb, and better than the one given away.
  const tombPick = pickBest(cards, (c) => tombGain(ctx, c), rng);
  return by((c) => (c === tombPick && cards.length > 1 ? -1e6 : worth(c)));
}
