/**
 * How many tables a round has and how big (README.md, "Tables"): as few tables as the table size allows,
 * their sizes differing by one at most (10 players at 4 seats: 4+3+3, never 4+4+2), and no table below the
 * minimum. When no such split exists (5 players at 4 seats, at least 3 each), the fewest players needed
 * sit the round out with a bye.
 */

export interface Layout {
  /** Table sizes, largest first. */
  readonly sizes: readonly number[];
  readonly byes: number;
}

/** The even split of `players` into tables of at most `max` and at least `min` seats, with its byes. */
export function layout(players: number, max: number, min: number): Layout {
  if (!(Number.isInteger(players) && players >= 0))
    throw new RangeError(`not a number of players: ${players}`);
  if (!(2 <= min && min <= max)) throw new RangeError(`bad table sizes: ${min}–${max}`);
  for (let byes = 0; byes < players; byes++) {
    const seated = players - byes;
    // The fewest tables seat everyone; if their even split goes below the minimum, so does every split.
    const tables = Math.ceil(seated / max);
    const small = Math.floor(seated / tables);
    if (small < min) continue;
    const big = seated % tables;
    const sizes = [...Array<number>(big).fill(small + 1), ...Array<number>(tables - big).fill(small)];
    return { sizes, byes };
  }
  return { sizes: [], byes: players };
}

/** The default minimum: a majority of the seats (2 of 2 or 3, 3 of 4 or 5, 4 of 6). */
export const defaultMinTableSize = (tableSize: number): number => Math.floor(tableSize / 2) + 1;
