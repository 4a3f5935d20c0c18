import { t } from '../../i18n/messages.ts';

/** The turn limits a host may choose, in minutes (null: none); a day unless they choose otherwise. */
export const TURN_LIMITS: readonly (number | null)[] = [null, 720, 1440, 2880, 4320];
export const DEFAULT_TURN_LIMIT = 1440;

export function turnLimitText(minutes: number | null | undefined, language: string): string {
  if (!minutes) return t(language, 'turn-limit.none');
  return minutes % 60 === 0
    ? t(language, 'turn-limit.hours', { hours: minutes / 60 })
    : t(language, 'turn-limit.minutes', { minutes });
}

/** A lobby select's value: the minutes, or 'none'. */
export const turnLimitValue = (minutes: number | null): string =>
  minutes === null ? 'none' : String(minutes);

/** null for a value no lobby offers. */
export function readTurnLimit(value: string): { minutes: number | null } | null {
  const minutes = value === 'none' ? null : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return TURN_LIMITS.includes(minutes) ? { minutes } : null;
}
