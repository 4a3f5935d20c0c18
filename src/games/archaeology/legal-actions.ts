import type { Seat } from '../kernel/types.ts';
import { CHAMBERS, TREASURES, type Treasure } from './catalog.ts';
import { mapsNeeded } from './engine.ts';
import type { ArchaeologyAction, ArchaeologyState, Counts } from './state.ts';
import { countsOf, maxSet } from './zones.ts';

/**
 * Every minimal way to give at least `value` in trading value from `hand` without using `exclude`
 * (no card could be left out and still pay), as counts.
 */
export function minimalGives(
  s: ArchaeologyState,
  hand: Counts,
  value: number,
  exclude: Treasure | null = null,
): Counts[] {
  const out: Counts[] = [];
  eachMinimalGive(s, hand, value, exclude, (kinds, chosen) => out.push(givenCounts(kinds, chosen)));
  return out;
}

/** A give found by `eachMinimalGive`, as counts. */
export function givenCounts(kinds: readonly Treasure[], chosen: readonly number[]): Counts {
  const c: Counts = {};
  kinds.forEach((k, j) => {
    if ((chosen[j] as number) > 0) c[k] = chosen[j] as number;
  });
  return c;
}

/**
 * minimalGives one at a time, in its order, without building them: `chosen[j]` cards of `kinds[j]`
 * (both reused for the next give). The heuristic weighs every trade at every turn of every playout.
 */
export function eachMinimalGive(
  s: ArchaeologyState,
  hand: Counts,
  value: number,
  exclude: Treasure | null,
  visit: (kinds: readonly Treasure[], chosen: readonly number[]) => void,
): void {
  const kinds = TREASURES.filter((k) => k !== exclude && (hand[k] ?? 0) > 0);
  const trade = kinds.map((k) => s.numbers[k].trade);
  const held = kinds.map((k) => hand[k] ?? 0);
  const chosen: number[] = new Array<number>(kinds.length).fill(0);
  const search = (i: number, sum: number): void => {
    if (sum >= value) {
      // Minimal: removing any one chosen card drops below the value.
      for (let j = 0; j < kinds.length; j++)
        if ((chosen[j] as number) > 0 && sum - (trade[j] as number) >= value) return;
      visit(kinds, chosen);
      return;
    }
    if (i === kinds.length) return;
    const each = trade[i] as number;
    for (let n = 0; n <= (held[i] as number); n++) {
      chosen[i] = n;
      search(i + 1, sum + n * each);
      if (sum + n * each >= value) break;
    }
    chosen[i] = 0;
  };
  search(0, 0);
}

/**
 * The actions `seat` may take now. Trades are combinatorial, so the list holds every trade that takes
 * one card from the marketplace with each minimal payment; `apply` accepts any trade the rules allow
 * (several cards each way), which the hand's trade menu builds.
 */
export function legalActions(s: ArchaeologyState, seat: Seat): ArchaeologyAction[] {
  if (s.finished) return [];
  const p = s.pending;
  if (p?.type === 'thief') return p.seat === seat ? p.targets.map((from) => ({ type: 'steal', from })) : [];
  const hand = countsOf(s, s.hands[seat] ?? []);
  if (p?.type === 'sandstorm') {
    if ((p.owed[seat] ?? 0) === 0) return [];
    return TREASURES.filter((k) => (hand[k] ?? 0) > 0).map((k) => ({ type: 'discard', cards: { [k]: 1 } }));
  }
  if (seat !== s.turn.seat) return [];
  const actions: ArchaeologyAction[] = [];
  for (const k of TREASURES) {
    const have = Math.min(hand[k] ?? 0, maxSet(s, k));
    for (let n = 1; n <= have; n++) actions.push({ type: 'sell', kind: k, count: n });
  }
  for (const chamber of CHAMBERS)
    if (s.chambers[chamber] !== null && (hand.map ?? 0) >= mapsNeeded(chamber))
      actions.push({ type: 'explore', chamber });
  const market = countsOf(s, s.market);
  for (const k of TREASURES) {
    if ((market[k] ?? 0) === 0) continue;
    for (const give of minimalGives(s, hand, s.numbers[k].trade, k))
      actions.push({ type: 'trade', give, take: { [k]: 1 } });
  }
  if (!s.turn.mustSell || s.turn.sold) actions.push({ type: 'end' });
  return actions;
}
