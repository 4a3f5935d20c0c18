/**
 * The standings (README.md, "Standings"). Swiss and round robin: points, then opponents' points, then
 * head-to-head among those still level, then rating at entry; entrants level on all four share the place
 * and are listed by user id. Round robin ranks each group by itself. Elimination: the round reached, then
 * the place at the last table (shared across its tables), listed by rating at entry.
 */
import type { Tournament } from './model.ts';
import { type Tally, tally } from './tally.ts';

export interface StandingRow {
  readonly userId: string;
  /** From 1; equal for entrants the tie-breaks cannot separate. Round robin: within the group. */
  readonly place: number;
  /** Round robin: the group (from 1); 0 otherwise. */
  readonly group: number;
  /** Sixtieths of a point. */
  readonly points: number;
  /** Opponents' points, in 3600ths (tally.ts). */
  readonly opponents: number;
  /** Among the entrants level on points and opponents' points: meetings placed ahead minus behind. */
  readonly headToHead: number;
  readonly rating: number;
  readonly games: number;
  readonly byes: number;
  readonly dropped: boolean;
  /** Elimination: the last round the entrant was in (a table or a bye); 0 otherwise. */
  readonly reached: number;
  /** Elimination: the place at that round's table (0: a bye, or no result yet); 0 otherwise. */
  readonly lastPlace: number;
}

/** Who is in the standings: everyone who was checked in when it started (before: whoever checked in). */
export function participants(t: Tournament): string[] {
  return t.entrants.filter((e) => e.checkedIn).map((e) => e.userId);
}

/** Each participant's group: the group of the tables they sat at (round robin), else 0. */
function groupsOf(t: Tournament): Map<string, number> {
  const groups = new Map<string, number>();
  for (const r of t.rounds)
    for (const table of r.tables) for (const s of table.seats) groups.set(s, table.group);
  return groups;
}

type Draft = Omit<StandingRow, 'place' | 'headToHead'> & { headToHead: number };

/** Meetings placed ahead minus behind, counted only against the others of `level`. */
function headToHead(level: readonly Draft[], tl: Tally): void {
  if (level.length < 2) return;
  const members = new Set(level.map((r) => r.userId));
  for (const a of level)
    for (const [table, place] of tl.places.get(a.userId) ?? []) {
      for (const [b, other] of tl.results.get(table) ?? [])
        if (b !== a.userId && members.has(b)) a.headToHead += Math.sign(other - place);
    }
}

const byId = (a: Draft, b: Draft) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

function pointsOrder(rows: Draft[], tl: Tally): StandingRow[] {
  rows.sort((a, b) => a.group - b.group || b.points - a.points || b.opponents - a.opponents || byId(a, b));
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    const r = rows[i] as Draft;
    while (j < rows.length) {
      const s = rows[j] as Draft;
      if (s.group !== r.group || s.points !== r.points || s.opponents !== r.opponents) break;
      j++;
    }
    headToHead(rows.slice(i, j), tl);
    i = j;
  }
  const key = (a: Draft, b: Draft) =>
    a.group - b.group ||
    b.points - a.points ||
    b.opponents - a.opponents ||
    b.headToHead - a.headToHead ||
    b.rating - a.rating;
  rows.sort((a, b) => key(a, b) || byId(a, b));
  return placed(rows, key);
}

function placed(rows: readonly Draft[], key: (a: Draft, b: Draft) => number): StandingRow[] {
  const out: StandingRow[] = [];
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    const before = out[i - 1];
    const newGroup = !prev || prev.group !== r.group;
    const place = newGroup ? 1 : key(prev, r) === 0 ? (before as StandingRow).place : groupIndex(rows, i) + 1;
    out.push({ ...r, place });
  });
  return out;
}

/** The position of row i within its group, from 0. */
function groupIndex(rows: readonly Draft[], i: number): number {
  let k = i;
  while (k > 0 && (rows[k - 1] as Draft).group === (rows[i] as Draft).group) k--;
  return i - k;
}

function eliminationOrder(rows: Draft[]): StandingRow[] {
  // A place of 0 (a bye, or a table still playing) sorts before every place at that round.
  const key = (a: Draft, b: Draft) => b.reached - a.reached || a.lastPlace - b.lastPlace;
  rows.sort((a, b) => key(a, b) || b.rating - a.rating || byId(a, b));
  return placed(rows, key);
}

export function standings(t: Tournament): StandingRow[] {
  const tl = tally(t);
  const groups = groupsOf(t);
  const elimination = t.settings.format === 'elimination';
  const reached = new Map<string, { round: number; place: number }>();
  if (elimination)
    for (const r of t.rounds) {
      for (const b of r.byes) reached.set(b, { round: r.number, place: 0 });
      for (const table of r.tables) {
        const result = r.results[table.id];
        for (const s of table.seats)
          reached.set(s, { round: r.number, place: result?.places.find((p) => p.userId === s)?.place ?? 0 });
      }
    }
  const rows: Draft[] = t.entrants
    .filter((e) => e.checkedIn)
    .map((e) => ({
      userId: e.userId,
      group: groups.get(e.userId) ?? 0,
      points: tl.points.get(e.userId) ?? 0,
      opponents: tl.opponents.get(e.userId) ?? 0,
      headToHead: 0,
      rating: e.rating,
      games: tl.games.get(e.userId) ?? 0,
      byes: tl.byes.get(e.userId) ?? 0,
      dropped: e.droppedAfterRound !== null,
      reached: reached.get(e.userId)?.round ?? 0,
      lastPlace: reached.get(e.userId)?.place ?? 0,
    }));
  return elimination ? eliminationOrder(rows) : pointsOrder(rows, tl);
}
