/**
 * A tournament's settings: the defaults an organiser starts from, and the check every change passes
 * (a refusal names the setting and why).
 */
import { FORMATS, type TournamentSettings } from './model.ts';
import type { Refusal } from './refusal.ts';
import { defaultMinTableSize } from './table-layout.ts';

const DAY_MS = 86_400_000;

export function defaultSettings(game: string, registrationClosesAt: number): TournamentSettings {
  return {
    game,
    gameOptions: {},
    format: 'swiss',
    tableSize: 4,
    minTableSize: defaultMinTableSize(4),
    rounds: 5,
    groupSize: 6,
    advance: 1,
    roundMs: 7 * DAY_MS,
    turnLimitHours: 24,
    rated: true,
    registrationClosesAt,
    checkInMs: DAY_MS,
    maxEntrants: null,
    deadline: 'stand-in',
    drop: { onLeavingServer: true, afterTimeouts: 3 },
  };
}

const whole = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/** Null when `s` is a playable set of settings, else the first setting at fault. */
export function settingsFault(s: TournamentSettings): Refusal | null {
  const bad = (field: keyof TournamentSettings | 'drop.afterTimeouts', reason: string): Refusal => ({
    code: 'invalid-settings',
    field,
    reason,
  });
  if (typeof s.game !== 'string' || s.game === '') return bad('game', 'no game');
  if (!FORMATS.includes(s.format)) return bad('format', `not a format: ${String(s.format)}`);
  if (!whole(s.tableSize) || s.tableSize < 2 || s.tableSize > 6)
    return bad('tableSize', 'tables seat 2 to 6');
  if (!whole(s.minTableSize) || s.minTableSize < 2 || s.minTableSize > s.tableSize)
    return bad('minTableSize', 'between 2 and the table size');
  if (s.format === 'swiss' && (!whole(s.rounds) || s.rounds < 1 || s.rounds > 50))
    return bad('rounds', 'a Swiss tournament has 1 to 50 rounds');
  if (s.format === 'round-robin' && (!whole(s.rounds) || s.rounds < 0))
    return bad('rounds', '0 (the whole schedule) or a number of rounds');
  if (!whole(s.groupSize) || s.groupSize < 2 || s.groupSize > 16)
    return bad('groupSize', 'groups of 2 to 16');
  if (s.format === 'elimination' && (!whole(s.advance) || s.advance < 1 || s.advance >= s.minTableSize))
    return bad('advance', 'at least 1 and fewer than the smallest table, or nobody is eliminated');
  if (!whole(s.roundMs) || s.roundMs < 3_600_000) return bad('roundMs', 'a round lasts an hour or more');
  if (s.turnLimitHours !== null && (!(s.turnLimitHours > 0) || !Number.isFinite(s.turnLimitHours)))
    return bad('turnLimitHours', 'none, or a positive number of hours');
  if (!whole(s.registrationClosesAt)) return bad('registrationClosesAt', 'not an instant');
  if (!whole(s.checkInMs) || s.checkInMs < 0) return bad('checkInMs', 'not a duration');
  if (s.maxEntrants !== null && (!whole(s.maxEntrants) || s.maxEntrants < 2))
    return bad('maxEntrants', 'no cap, or 2 or more');
  if (s.deadline !== 'stand-in' && s.deadline !== 'as-it-stands')
    return bad('deadline', 'stand-in or as-it-stands');
  if (s.drop.afterTimeouts !== null && (!whole(s.drop.afterTimeouts) || s.drop.afterTimeouts < 1))
    return bad('drop.afterTimeouts', 'never, or 1 or more time-outs in a row');
  return null;
}
