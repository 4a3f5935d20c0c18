import { DateTime, IANAZone } from 'luxon';

/**
 * Seasons: leaderboards that start again on calendar boundaries (README.md, "Seasons"). Pure: instants in,
 * seasons out; where a server's settings or the stored seasons come from is the store's business.
 */

/** How long a server's seasons last; `off`: its boards are all-time only. */
export type SeasonCadence = 'off' | 'monthly' | 'quarterly';
export const SEASON_CADENCES: readonly SeasonCadence[] = ['off', 'monthly', 'quarterly'];
/** A server that never chose has monthly seasons in UTC, as the global seasons are. */
export const DEFAULT_CADENCE: SeasonCadence = 'monthly';
export const DEFAULT_SEASON_ZONE = 'UTC';
/** The global board's seasons: one calendar for every server. */
export const GLOBAL_CADENCE: SeasonCadence = 'monthly';
export const GLOBAL_SEASON_ZONE = 'UTC';

/** A player is ranked on a season's board after this many rated games in it. */
export const MIN_SEASON_GAMES = 3;

export interface Season {
  /** `2026-11` for a month, `2026-Q4` for a quarter: a key that sorts in time order. */
  readonly name: string;
  /** The first instant of the season and the first of the next (milliseconds since the epoch). */
  readonly startsAt: number;
  readonly endsAt: number;
  readonly zone: string;
}

const unit = (cadence: Exclude<SeasonCadence, 'off'>) => (cadence === 'monthly' ? 'month' : 'quarter');

function zoneOf(zone: string): IANAZone {
  const z = IANAZone.create(zone);
  if (!z.isValid) throw new RangeError(`not a time zone: ${zone}`);
  return z;
}

const DAY_MS = 86_400_000;

/**
 * The earliest instant showing `local`'s wall time. A clock set back at midnight (America/Havana on
 * 1 November 2026) shows it twice, and Luxon picks the one whose offset it had at hand, so a season would
 * start an hour apart depending on the instant that opened it; the rule is the first of the two.
 */
function earliest(local: DateTime): DateTime {
  const zone = local.zone;
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const ms = local.toMillis();
  let best = ms;
  // Clocks change at most once a day: the offsets a day either side are the only others it may have.
  for (const near of [ms - DAY_MS, ms + DAY_MS]) {
    const candidate = wall + local.millisecond - zone.offset(near) * 60_000;
    if (candidate < best && zone.offset(candidate) === zone.offset(near)) best = candidate;
  }
  return best === ms ? local : DateTime.fromMillis(best, { zone });
}

/** The season of `cadence` in `zone` that holds the instant `at`: midnight of its first day to the next's. */
export function seasonAt(at: number, cadence: Exclude<SeasonCadence, 'off'>, zone: string): Season {
  const local = DateTime.fromMillis(at, { zone: zoneOf(zone) });
  // Luxon moves a midnight a clock change skips to the first instant that exists; one shown twice is
  // taken at its first (`earliest`).
  const start = earliest(local.startOf(unit(cadence)));
  const end = earliest(
    start.plus(cadence === 'monthly' ? { months: 1 } : { quarters: 1 }).startOf(unit(cadence)),
  );
  const name =
    cadence === 'monthly'
      ? `${start.year}-${String(start.month).padStart(2, '0')}`
      : `${start.year}-Q${start.quarter}`;
  return { name, startsAt: start.toMillis(), endsAt: end.toMillis(), zone };
}

/** The season after `season`. */
export function nextSeason(season: Season, cadence: Exclude<SeasonCadence, 'off'>): Season {
  return seasonAt(season.endsAt, cadence, season.zone);
}

/** The season called `name` (`2026-11`, `2026-Q4`) in `zone`, or null if the name is not one. */
export function seasonNamed(name: string, zone: string): Season | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(name);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(name);
  if (!month && !quarter) return null;
  const year = Number((month ?? quarter)?.[1]);
  const first = month ? Number(month[2]) : (Number(quarter?.[2]) - 1) * 3 + 1;
  const at = DateTime.fromObject({ year, month: first, day: 15 }, { zone: zoneOf(zone) }).toMillis();
  return seasonAt(at, month ? 'monthly' : 'quarterly', zone);
}

/** How a scope's seasons run: a server's settings, or the global calendar. */
export interface SeasonCalendar {
  readonly cadence: SeasonCadence;
  readonly zone: string;
}
export const DEFAULT_CALENDAR: SeasonCalendar = { cadence: DEFAULT_CADENCE, zone: DEFAULT_SEASON_ZONE };
export const GLOBAL_CALENDAR: SeasonCalendar = { cadence: GLOBAL_CADENCE, zone: GLOBAL_SEASON_ZONE };

/** A season opened in a scope (a row of `seasons`): its bounds are fixed from then on. */
export interface OpenedSeason extends Season {
  /** A server's id, or 'global'. */
  readonly scope: string;
}

/** The scope a season's ratings are kept under: `<scope>:<name>` (a server's id or 'global' has no colon). */
export function seasonScope(scope: string, name: string): string {
  return `${scope}:${name}`;
}

/**
 * The season of `scope` that a game finished at `at` counts in. `before` is the scope's season that
 * started last at or before `at`, `after` the first that starts later (a clock that stepped back); either
 * may be missing. The season holding `at` if one is open; otherwise the calendar's season, opened now and
 * cut where it would overlap its neighbours (after a change of cadence); null when seasons are off.
 */
export function seasonOf(
  scope: string,
  at: number,
  around: { readonly before?: OpenedSeason | undefined; readonly after?: OpenedSeason | undefined },
  calendar: SeasonCalendar,
): { readonly season: OpenedSeason; readonly opened: boolean } | null {
  const { before, after } = around;
  if (before && at < before.endsAt) return { season: before, opened: false };
  if (calendar.cadence === 'off') return null;
  const s = seasonAt(at, calendar.cadence, calendar.zone);
  const season: OpenedSeason = {
    scope,
    name: s.name,
    zone: s.zone,
    startsAt: Math.max(s.startsAt, before?.endsAt ?? s.startsAt),
    endsAt: Math.min(s.endsAt, after?.startsAt ?? s.endsAt),
  };
  return { season, opened: true };
}

/** The season scopes a game finished at `at` in `scopes` counts in, from the seasons opened (a recompute). */
export function seasonScopesAt(
  scopes: readonly string[],
  at: number,
  opened: ReadonlyMap<string, readonly OpenedSeason[]>,
): string[] {
  return scopes.flatMap((scope) => {
    const s = opened.get(scope)?.find((x) => x.startsAt <= at && at < x.endsAt);
    return s ? [seasonScope(scope, s.name)] : [];
  });
}
