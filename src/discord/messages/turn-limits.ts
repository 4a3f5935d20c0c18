/** The turn limits a host may choose, in minutes (null: none); a day unless they choose otherwise. */
export const TURN_LIMITS: readonly (number | null)[] = [null, 720, 1440, 2880, 4320];
export const DEFAULT_TURN_LIMIT = 1440;

export function turnLimitText(minutes: number | null | undefined): string {
  if (!minutes) return 'no turn limit';
  return minutes % 60 === 0 ? `${minutes / 60} h per turn` : `${minutes} min per turn`;
}

/** A lobby select's value: the minutes, or 'none'. */
export const turnLimitValue = (minutes: number | null): string =>
  minutes === null ? 'none' : String(minutes);

/** null for a value no lobby offers. */
export function readTurnLimit(value: string): { minutes: number | null } | null {
  const minutes = value === 'none' ? null : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return TURN_LIMITS.includes(minutes) ? { minutes } : null;
}
