/**
 * Win rates with their 95% confidence intervals, as the simulators print them: a bot's wins (ties shared)
 * over the seats it played, with Wilson's score interval, which stays inside [0, 1] and is sound near the
 * ends and for a few dozen games, where the normal approximation is not.
 */
export interface WinRate {
  readonly rate: number;
  /** The 95% interval: [low, high]. */
  readonly interval: readonly [number, number];
  readonly seats: number;
}

const Z95 = 1.959964;

export function wilson(wins: number, n: number, z = Z95): readonly [number, number] {
  if (n <= 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Each bot's win rate and interval, from its (shared) wins and the seats it played. */
export function winRates(
  wins: ReadonlyMap<string, number>,
  seats: ReadonlyMap<string, number>,
): Record<string, WinRate> {
  return Object.fromEntries(
    [...seats].map(([bot, n]) => {
      const w = wins.get(bot) ?? 0;
      const [lo, hi] = wilson(w, n);
      return [bot, { rate: round3(w / Math.max(1, n)), interval: [round3(lo), round3(hi)], seats: n }];
    }),
  );
}

/** "search 81.2% [77.1–84.7%] of 400 seats · heuristic 18.8% […]": one line for people. */
export function winRatesLine(rates: Record<string, WinRate>): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return Object.entries(rates)
    .map(
      ([bot, r]) =>
        `${bot} ${pct(r.rate)} [95% CI ${pct(r.interval[0])}–${pct(r.interval[1])}] of ${r.seats} seats`,
    )
    .join(' · ');
}

/** The bots of game `g`'s seats: one bot for all, or the list as given, turned by `g` places when rotating. */
export function seatBots<T>(bots: readonly T[], players: number, g: number, rotate: boolean): T[] {
  return Array.from({ length: players }, (_, seat) =>
    bots.length === 1 ? (bots[0] as T) : (bots[(seat + (rotate ? g : 0)) % bots.length] as T),
  );
}
