/**
 * Which board `/leaderboard` shows (README.md, "Seasons"): all-time, or a season of the scope — the
 * current one by default while the scope has seasons, the previous one, or a past one by name. Pure: the
 * scope's calendar and its opened seasons come from the store.
 */
import {
  MIN_SEASON_GAMES,
  type OpenedSeason,
  type Season,
  type SeasonCalendar,
  seasonAt,
  seasonScope,
} from './seasons.ts';

/** What was asked for: `current`, `previous`, `all-time`, or a season's name (`2026-11`, `2026-Q4`). */
export type SeasonChoice = string;
export const CURRENT = 'current';
export const PREVIOUS = 'previous';
export const ALL_TIME = 'all-time';

export type BoardSeason =
  | { readonly kind: 'all-time' }
  | {
      readonly kind: 'season';
      readonly season: Season;
      /** False for a season no rated game has opened yet: its board is empty. */
      readonly opened: boolean;
      readonly current: boolean;
    };

export type BoardSeasonRefusal =
  | { readonly refused: 'off' }
  | { readonly refused: 'no-previous' }
  | { readonly refused: 'unknown'; readonly name: string };

/**
 * The board `choice` names in a scope with `calendar` and the seasons `opened` there (any order), at `now`.
 * No choice: the current season while the scope has seasons, else all-time.
 */
export function boardSeason(
  choice: SeasonChoice | null,
  now: number,
  calendar: SeasonCalendar,
  opened: readonly OpenedSeason[],
): BoardSeason | BoardSeasonRefusal {
  const wanted = choice?.trim() || (calendar.cadence === 'off' ? ALL_TIME : CURRENT);
  if (wanted === ALL_TIME) return { kind: 'all-time' };
  const holding = opened.find((s) => s.startsAt <= now && now < s.endsAt);
  const current: Season | null =
    holding ?? (calendar.cadence === 'off' ? null : seasonAt(now, calendar.cadence, calendar.zone));
  if (wanted === CURRENT) {
    if (!current) return { refused: 'off' };
    return { kind: 'season', season: current, opened: holding !== undefined, current: true };
  }
  if (wanted === PREVIOUS) {
    const before = current?.startsAt ?? now;
    const previous = [...opened].filter((s) => s.endsAt <= before).sort((a, b) => b.startsAt - a.startsAt)[0];
    if (!previous) return { refused: 'no-previous' };
    return { kind: 'season', season: previous, opened: true, current: false };
  }
  const named = opened.find((s) => s.name === wanted);
  // The board names the current season even before a rated game opens it: its name must reach it too.
  if (!named && current && wanted === current.name)
    return { kind: 'season', season: current, opened: holding !== undefined, current: true };
  if (!named) return { refused: 'unknown', name: wanted };
  return { kind: 'season', season: named, opened: true, current: named === holding };
}

/** The board query of `board` in `scope` (a server's id or 'global'). */
export function boardScope(
  scope: string,
  board: BoardSeason,
): { readonly scope: string; readonly minGames?: number } {
  return board.kind === 'all-time'
    ? { scope }
    : { scope: seasonScope(scope, board.season.name), minGames: MIN_SEASON_GAMES };
}
