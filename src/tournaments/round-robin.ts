/**
 * Round robin (README.md, "Round robin"): the entrants split into groups by rating (snake seeding, so
 * groups are equally strong), each group with its own schedule, fixed at the start: a pure function of the
 * group in seed order.
 *
 * Two seats: the circle method (Berger tables): every pair meets exactly once, in n − 1 rounds (n with a
 * bye each round when n is odd). More seats: a schedule where every pair meets exactly once rarely exists,
 * so rounds are made one by one with the seating search until every pair has met. A pair that already met
 * m times costs 10 + m²: each round brings together as many pairs that never met as it can, then spreads
 * the repeats (a third meeting costs more than two second ones). The search keeps the first of the
 * cheapest seatings in its order, so a few orders are tried (drawn from a fixed seed) and the schedule
 * with the fewest rounds, then the fewest meetings of the most-met pair, then the evenest, is kept. Byes,
 * when the layout needs some, go to those with the fewest so far, the latest seeds first.
 */

import { seedRng, shuffleInPlace } from '../games/kernel/rng.ts';
import type { Pairing } from './swiss.ts';
import { byeCandidates, seatAvoidingRepeats } from './swiss.ts';
import { layout } from './table-layout.ts';
import { pairKey } from './tally.ts';

/** Snake seeding: seeds 1…g to groups 1…g, then back, so every group gets strong and weak players alike. */
export function roundRobinGroups(seeded: readonly string[], groupSize: number): string[][] {
  const count = Math.max(1, Math.ceil(seeded.length / groupSize));
  const groups: string[][] = Array.from({ length: count }, () => []);
  seeded.forEach((u, i) => {
    const lap = Math.floor(i / count);
    const k = i % count;
    (groups[lap % 2 === 0 ? k : count - 1 - k] as string[]).push(u);
  });
  return groups;
}

/** A safety stop for the multi-seat schedule; it ends far sooner (every pair met). */
const MAX_ROUNDS_FACTOR = 3;

/** Schedules made lately: every round of a tournament asks for its groups' schedules again. */
const made = new Map<string, Pairing[]>();
const MEMO = 32;

export function roundRobinSchedule(
  group: readonly string[],
  tableSize: number,
  minTableSize: number,
): Pairing[] {
  if (group.length < 2) return [];
  const key = JSON.stringify([tableSize, minTableSize, group]);
  const known = made.get(key);
  if (known) return known;
  const schedule = tableSize === 2 ? circle(group) : multiSeat(group, tableSize, minTableSize);
  if (made.size >= MEMO) made.delete(made.keys().next().value as string);
  made.set(key, schedule);
  return schedule;
}

function circle(group: readonly string[]): Pairing[] {
  const ring: (string | null)[] = [...group];
  if (ring.length % 2 === 1) ring.push(null);
  const n = ring.length;
  const rounds: Pairing[] = [];
  for (let r = 0; r < n - 1; r++) {
    const tables: string[][] = [];
    const byes: string[] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = ring[i] ?? null;
      const b = ring[n - 1 - i] ?? null;
      if (a !== null && b !== null) tables.push([a, b]);
      else if (a !== null) byes.push(a);
      else if (b !== null) byes.push(b);
    }
    rounds.push({ tables, byes });
    // Keep the first in place, turn the rest one step.
    ring.splice(1, 0, ring.pop() as string | null);
  }
  return rounds;
}

/** Schedules tried for a multi-seat group; the best is kept (fewest rounds, then the most even). */
const ATTEMPTS = 8;
/**
 * A small group's round rarely needs more; past it the local search seats it (seating-search.ts). Measured
 * over groups of 3–12 at tables of 3–6: a larger budget took ten times as long for no better schedule.
 */
const ROUND_BUDGET = 200_000;

function multiSeat(group: readonly string[], tableSize: number, minTableSize: number): Pairing[] {
  let best: { rounds: Pairing[]; score: number[] } | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const made = oneSchedule(group, tableSize, minTableSize, attempt);
    if (made.rounds.length === 0) return [];
    if (!best || less(made.score, best.score)) best = made;
  }
  return best?.rounds ?? [];
}

const less = (a: readonly number[], b: readonly number[]): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number);
  return false;
};

function oneSchedule(
  group: readonly string[],
  tableSize: number,
  minTableSize: number,
  attempt: number,
): { rounds: Pairing[]; score: number[] } {
  const met = new Map<string, number>();
  const earlier: string[][] = [];
  const byeCount = new Map<string, number>();
  const pairs = (group.length * (group.length - 1)) / 2;
  let covered = 0;
  const rounds: Pairing[] = [];
  const { sizes, byes: byeSeats } = layout(group.length, tableSize, minTableSize);
  if (sizes.length === 0) return { rounds, score: [] };
  const rng = seedRng(`round-robin:${attempt}`);
  while (covered < pairs && rounds.length < MAX_ROUNDS_FACTOR * group.length) {
    const [byes] = byeCandidates(group, byeCount, byeSeats, 1) as [string[]];
    const out = new Set(byes);
    // The first attempt seats in seed order; the others in a drawn order each round (the search keeps
    // the first of the cheapest seatings in its order, so the order decides between equals).
    const players = group.filter((u) => !out.has(u));
    if (attempt > 0) shuffleInPlace(rng, players);
    const seating = seatAvoidingRepeats(players, sizes, earlier, ROUND_BUDGET, (m) => 10 + m * m);
    const tables = seating.tables.map((t) => t.map((i) => players[i] as string));
    for (const t of tables)
      for (let i = 0; i < t.length; i++)
        for (let j = i + 1; j < t.length; j++) {
          const key = pairKey(t[i] as string, t[j] as string);
          const m = met.get(key) ?? 0;
          if (m === 0) covered++;
          met.set(key, m + 1);
        }
    earlier.push(...tables);
    for (const b of byes) byeCount.set(b, (byeCount.get(b) ?? 0) + 1);
    rounds.push({ tables, byes });
  }
  const counts = [...met.values()];
  return { rounds, score: [rounds.length, Math.max(...counts), counts.reduce((a, m) => a + m * m, 0)] };
}
