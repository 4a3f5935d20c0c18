/**
 * The next round of a tournament, from its stored value alone: the same tournament always gives the same
 * round (README.md, "Exactly once"), whichever process or shard makes it. Null when the tournament is over.
 */
import { seedRng, shuffleInPlace } from '../games/kernel/rng.ts';
import { eliminationPairing, seeded } from './elimination.ts';
import type { Round, Table, Tournament } from './model.ts';
import { roundRobinGroups, roundRobinSchedule } from './round-robin.ts';
import { type Pairing, swissPairing } from './swiss.ts';

interface GroupedPairing {
  readonly tables: readonly { readonly seats: readonly string[]; readonly group: number }[];
  readonly byes: readonly string[];
}

const ungrouped = (p: Pairing): GroupedPairing => ({
  tables: p.tables.map((seats) => ({ seats, group: 0 })),
  byes: p.byes,
});

/** Every group's schedule, fixed by who was checked in at the start, in seed order. */
export function roundRobinPlan(t: Tournament): Pairing[][] {
  const { groupSize, tableSize, minTableSize } = t.settings;
  const players = seeded(
    t,
    t.entrants.filter((e) => e.checkedIn).map((e) => e.userId),
  );
  return roundRobinGroups(players, groupSize).map((g) => roundRobinSchedule(g, tableSize, minTableSize));
}

/** How many rounds a round robin has: its longest group's schedule, or fewer if the organiser said so. */
export function roundRobinLength(t: Tournament): number {
  const longest = Math.max(0, ...roundRobinPlan(t).map((s) => s.length));
  return t.settings.rounds > 0 ? Math.min(t.settings.rounds, longest) : longest;
}

function roundRobinRound(t: Tournament): GroupedPairing | null {
  const index = t.rounds.length;
  if (index >= roundRobinLength(t)) return null;
  const dropped = new Set(t.entrants.filter((e) => e.droppedAfterRound !== null).map((e) => e.userId));
  const tables: { seats: string[]; group: number }[] = [];
  const byes: string[] = [];
  roundRobinPlan(t).forEach((schedule, g) => {
    const planned = schedule[index];
    if (!planned) return;
    byes.push(...planned.byes.filter((u) => !dropped.has(u)));
    for (const seats of planned.tables) {
      // A dropped entrant's seat is left out; one player left alone sits the round out.
      const left = seats.filter((u) => !dropped.has(u));
      if (left.length >= 2) tables.push({ seats: left, group: g + 1 });
      else byes.push(...left);
    }
  });
  if (tables.length === 0) return null;
  return { tables, byes };
}

function swissRound(t: Tournament): GroupedPairing | null {
  if (t.rounds.length >= t.settings.rounds) return null;
  const p = swissPairing(t);
  return p.tables.length === 0 ? null : ungrouped(p);
}

/** The next round made at `at`, or null: the tournament is over (every round played, or no table possible). */
export function nextRound(t: Tournament, at: number): Round | null {
  const { format } = t.settings;
  const pairing =
    format === 'swiss'
      ? swissRound(t)
      : format === 'round-robin'
        ? roundRobinRound(t)
        : (() => {
            const p = eliminationPairing(t);
            return p ? ungrouped(p) : null;
          })();
  if (!pairing) return null;
  const number = t.rounds.length + 1;
  const tables: Table[] = pairing.tables.map((table, i) => {
    // Seat order (who plays first) is drawn, from the tournament's seed, the round and the table.
    const seats = [...table.seats];
    shuffleInPlace(seedRng(`${t.seed}:${number}:${i + 1}`), seats);
    return { id: `${number}.${i + 1}`, seats, group: table.group };
  });
  return {
    number,
    startedAt: at,
    deadline: at + t.settings.roundMs,
    tables,
    byes: [...pairing.byes],
    results: {},
  };
}
