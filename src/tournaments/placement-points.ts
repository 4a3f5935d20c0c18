/**
 * Tournament points for a place at a table, Board Game Arena's way (README.md, "Points"). A win is worth 6
 * and the last place 1 at every table size, so a win at a smaller table of a round is worth a win at a full
 * one; the places between follow BGA's 4-player +6/+5/+3/+1. Shared places share their points equally.
 *
 * Points are kept in sixtieths: three players sharing a place split the points of three places, and 60 is
 * divisible by every table size, so every share (and a bye) is a whole number and sums compare exactly.
 */

/** Sixtieths in one point. */
export const POINT = 60;

/** Points by place (1 first) for a table of 2 to 6 seats, in whole points. */
export const PLACEMENT_POINTS: Readonly<Record<number, readonly number[]>> = {
  2: [6, 1],
  3: [6, 4, 1],
  4: [6, 5, 3, 1],
  5: [6, 5, 4, 2, 1],
  6: [6, 5, 4, 3, 2, 1],
};

function row(seats: number): readonly number[] {
  const r = PLACEMENT_POINTS[seats];
  if (!r) throw new RangeError(`no placement points for a table of ${seats}`);
  return r;
}

/**
 * Whether `places` (one per seat) is a competition ranking: each place is one more than the number of
 * seats placed better (1, 1, 3 — not 1, 1, 2), so a shared place holds the places it covers.
 */
export function isCompetitionRanking(places: readonly number[]): boolean {
  return places.every(
    (p) => Number.isInteger(p) && p === 1 + places.filter((q) => q < p).length && p <= places.length,
  );
}

/** Each seat's points, in sixtieths, from its place: a place shared by g seats gives each the mean of the g places' points. */
export function tablePoints(places: readonly number[]): number[] {
  if (!isCompetitionRanking(places)) throw new RangeError(`not a ranking: ${places.join(', ')}`);
  const r = row(places.length);
  return places.map((p) => {
    const shared = places.filter((q) => q === p).length;
    let sum = 0;
    for (let i = p - 1; i < p - 1 + shared; i++) sum += r[i] as number;
    return (sum * POINT) / shared;
  });
}

/**
 * A bye is worth what an average seat of a full table scores (3¾ at four seats): sitting out neither helps
 * nor hurts on average, and nobody chooses it (standings.ts gives it to the lowest standing without one).
 */
export function byePoints(tableSize: number): number {
  const r = row(tableSize);
  return (r.reduce((a, b) => a + b, 0) * POINT) / tableSize;
}

/** Sixtieths as a number of points for people (3.75); formatting is the caller's. */
export const asPoints = (sixtieths: number): number => sixtieths / POINT;
