import { describe, expect, it } from 'vitest';
import { boardScope, boardSeason } from '../../src/ratings/season-boards.ts';
import { type OpenedSeason, seasonAt } from '../../src/ratings/seasons.ts';

const utc = (iso: string) => Date.parse(iso);
const opened = (at: string, cadence: 'monthly' | 'quarterly' = 'monthly'): OpenedSeason => ({
  scope: 'g',
  ...seasonAt(utc(at), cadence, 'Europe/Madrid'),
});
const monthly = { cadence: 'monthly' as const, zone: 'Europe/Madrid' };
const now = utc('2026-11-20T10:00:00Z');

describe('which board /leaderboard shows', () => {
  const seasons = [opened('2026-09-10T00:00:00Z'), opened('2026-11-02T00:00:00Z')];

  it('by default the current season while the server has seasons, all-time when they are off', () => {
    expect(boardSeason(null, now, monthly, seasons)).toMatchObject({
      kind: 'season',
      season: { name: '2026-11' },
      opened: true,
      current: true,
    });
    expect(boardSeason(null, now, { cadence: 'off', zone: 'UTC' }, seasons)).toEqual({ kind: 'all-time' });
    expect(boardSeason('all-time', now, monthly, seasons)).toEqual({ kind: 'all-time' });
  });

  it('a current season nobody has played yet is shown empty, not refused', () => {
    expect(boardSeason('current', utc('2026-12-05T00:00:00Z'), monthly, seasons)).toMatchObject({
      season: { name: '2026-12' },
      opened: false,
    });
  });

  it('the current season by its name, as the board heads it, even before a rated game opens it', () => {
    expect(boardSeason('2026-12', utc('2026-12-05T00:00:00Z'), monthly, seasons)).toMatchObject({
      kind: 'season',
      season: { name: '2026-12' },
      opened: false,
      current: true,
    });
  });

  it('the previous season is the last opened before the current one, skipping months nobody played', () => {
    expect(boardSeason('previous', now, monthly, seasons)).toMatchObject({ season: { name: '2026-09' } });
    expect(boardSeason('previous', utc('2026-09-20T00:00:00Z'), monthly, seasons)).toEqual({
      refused: 'no-previous',
    });
  });

  it('a past season by name; a name the server never played is refused with it', () => {
    expect(boardSeason('2026-09', now, monthly, seasons)).toMatchObject({
      season: { name: '2026-09' },
      current: false,
    });
    expect(boardSeason('2026-10', now, monthly, seasons)).toEqual({ refused: 'unknown', name: '2026-10' });
    // Seasons off: past seasons stay readable, but there is no current one.
    const off = { cadence: 'off' as const, zone: 'UTC' };
    expect(boardSeason('2026-09', now, off, seasons)).toMatchObject({ kind: 'season' });
    expect(boardSeason('current', utc('2027-01-05T00:00:00Z'), off, seasons)).toEqual({ refused: 'off' });
  });

  it('a season board reads the season’s scope and ranks only players with 3 games there', () => {
    const board = boardSeason(null, now, monthly, seasons);
    if (!('kind' in board)) throw new Error('refused');
    expect(boardScope('g', board)).toEqual({ scope: 'g:2026-11', minGames: 3 });
    expect(boardScope('g', { kind: 'all-time' })).toEqual({ scope: 'g' });
  });
});
