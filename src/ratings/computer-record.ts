import { LEVELS, type Level, levelOf } from '../table-kit/computer-levels.ts';

/** A finished game as the record against computers reads it. */
export interface GameAgainstComputers {
  /** 1 is a win (a shared first place too). */
  readonly rank: number;
  /** False when the seat changed hands: played, but nobody's result (player-stats.ts). */
  readonly whole: boolean;
  /** The kinds of the game's computer seats (`botKind`). */
  readonly computers: readonly string[];
}

export interface ComputerRecord {
  readonly games: number;
  readonly wins: number;
  /** By the strongest computer at the table, Easy first; levels never met are left out. */
  readonly byLevel: readonly { readonly level: Level; readonly games: number; readonly wins: number }[];
}

/**
 * A person's record in games with computer players: the games a solo player has, which no board ranks
 * (computers neither rate nor are rated, README "Ratings"), counted by the strongest level they faced so
 * that beating Hard reads apart from beating Easy. Null when they never played a computer.
 */
export function computerRecord(played: readonly GameAgainstComputers[]): ComputerRecord | null {
  const counted = new Map<Level, { games: number; wins: number }>();
  for (const g of played) {
    if (!g.whole) continue;
    const levels = g.computers.map(levelOf).filter((l): l is Level => l !== null);
    const strongest = LEVELS.filter((l) => levels.includes(l)).at(-1);
    if (!strongest) continue;
    const entry = counted.get(strongest) ?? { games: 0, wins: 0 };
    entry.games++;
    if (g.rank === 1) entry.wins++;
    counted.set(strongest, entry);
  }
  if (counted.size === 0) return null;
  const byLevel = LEVELS.flatMap((level) => {
    const c = counted.get(level);
    return c ? [{ level, ...c }] : [];
  });
  return {
    games: byLevel.reduce((n, l) => n + l.games, 0),
    wins: byLevel.reduce((n, l) => n + l.wins, 0),
    byLevel,
  };
}
