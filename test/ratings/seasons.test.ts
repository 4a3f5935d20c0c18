import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { nextSeason, seasonAt, seasonNamed } from '../../src/ratings/seasons.ts';

const utc = (iso: string) => Date.parse(iso);
/** Zones whose clocks change in awkward ways: at midnight (Santiago, Havana), by half an hour (Lord Howe). */
const ZONES = [
  'UTC',
  'Europe/Madrid',
  'America/Santiago',
  'America/Havana',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Apia',
];

describe('seasons on the calendar of a time zone', () => {
  it('a Madrid month runs from local midnight of the 1st to the next 1st, the clock change inside it', () => {
    // Summer time ended on 25 October 2026: November is all at +01:00.
    const november = seasonAt(utc('2026-11-15T12:00:00Z'), 'monthly', 'Europe/Madrid');
    expect(november).toEqual({
      name: '2026-11',
      startsAt: utc('2026-10-31T23:00:00Z'),
      endsAt: utc('2026-11-30T23:00:00Z'),
      zone: 'Europe/Madrid',
    });
    // October holds the change: it starts at +02:00 and ends at +01:00, 31 days and an hour long.
    const october = seasonAt(utc('2026-10-20T00:00:00Z'), 'monthly', 'Europe/Madrid');
    expect(october.startsAt).toBe(utc('2026-09-30T22:00:00Z'));
    expect(october.endsAt).toBe(november.startsAt);
    expect(october.endsAt - october.startsAt).toBe((31 * 24 + 1) * 3_600_000);
    // March 2027 loses an hour on the 28th.
    const march = seasonAt(utc('2027-03-29T00:00:00Z'), 'monthly', 'Europe/Madrid');
    expect([march.startsAt, march.endsAt]).toEqual([
      utc('2027-02-28T23:00:00Z'),
      utc('2027-03-31T22:00:00Z'),
    ]);
  });

  it('the first instant of a season is in it, the one before in the season before', () => {
    const start = utc('2026-10-31T23:00:00Z');
    expect(seasonAt(start, 'monthly', 'Europe/Madrid').name).toBe('2026-11');
    expect(seasonAt(start - 1, 'monthly', 'Europe/Madrid').name).toBe('2026-10');
    // In UTC that instant is still October.
    expect(seasonAt(start, 'monthly', 'UTC').name).toBe('2026-10');
  });

  it('quarters: New York’s last quarter of 2026 starts under summer time and ends under winter time', () => {
    const q4 = seasonAt(utc('2026-12-31T12:00:00Z'), 'quarterly', 'America/New_York');
    expect(q4).toMatchObject({
      name: '2026-Q4',
      startsAt: utc('2026-10-01T04:00:00Z'),
      endsAt: utc('2027-01-01T05:00:00Z'),
    });
    expect(nextSeason(q4, 'quarterly').name).toBe('2027-Q1');
  });

  it('a midnight shown twice (Havana, 1 November 2026): the season starts at the first, whichever instant opened it', () => {
    // Summer time ends at 01:00 on the 1st, back to 00:00: midnight is 04:00 UTC, then again 05:00 UTC.
    const first = utc('2026-11-01T04:00:00Z');
    const openers = [
      first,
      utc('2026-11-01T04:30:00Z'),
      utc('2026-11-01T05:30:00Z'),
      utc('2026-11-20T12:00:00Z'),
    ];
    for (const at of openers)
      expect(seasonAt(at, 'monthly', 'America/Havana'), new Date(at).toISOString()).toEqual({
        name: '2026-11',
        startsAt: first,
        endsAt: utc('2026-12-01T05:00:00Z'),
        zone: 'America/Havana',
      });
    expect(seasonNamed('2026-11', 'America/Havana')?.startsAt).toBe(first);
    const october = seasonAt(utc('2026-10-15T00:00:00Z'), 'monthly', 'America/Havana');
    expect(october.endsAt).toBe(first);
    expect(seasonAt(first - 1, 'monthly', 'America/Havana').name).toBe('2026-10');
    // The quarter that starts there starts at the same instant.
    expect(seasonAt(utc('2026-11-15T00:00:00Z'), 'quarterly', 'America/Havana').endsAt).toBe(
      utc('2027-01-01T05:00:00Z'),
    );
  });

  it('every month from 2000 to 2040 in each zone starts at the earliest instant of its first midnight', () => {
    for (const zone of ZONES)
      for (let year = 2000; year < 2040; year++)
        for (let month = 1; month <= 12; month++) {
          const mid = DateTime.fromObject({ year, month, day: 15 }, { zone }).toMillis();
          const s = seasonAt(mid, 'monthly', zone);
          const label = `${zone} ${s.name}`;
          // No instant before the start shows the 1st of the month.
          expect(DateTime.fromMillis(s.startsAt - 1, { zone }).day, label).not.toBe(1);
          expect(seasonAt(s.startsAt, 'monthly', zone).startsAt, label).toBe(s.startsAt);
          expect(seasonAt(s.startsAt - 1, 'monthly', zone).endsAt, label).toBe(s.startsAt);
        }
  });

  it('names find their season again; other names and zones are refused', () => {
    const s = seasonAt(utc('2027-02-10T00:00:00Z'), 'monthly', 'Asia/Tokyo');
    expect(seasonNamed('2027-02', 'Asia/Tokyo')).toEqual(s);
    expect(seasonNamed('2027-Q1', 'Asia/Tokyo')).toEqual(
      seasonAt(utc('2027-02-10T00:00:00Z'), 'quarterly', 'Asia/Tokyo'),
    );
    for (const bad of ['2027-13', '2027-00', '2027-Q5', 'november', '27-02', ''])
      expect(seasonNamed(bad, 'UTC'), bad).toBeNull();
    expect(() => seasonAt(0, 'monthly', 'Mars/Olympus')).toThrow(/not a time zone: Mars\/Olympus/);
  });

  it('any instant in any zone: its season holds it, starts at a local first of the month, and meets the next', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: utc('2000-01-01T00:00:00Z'), max: utc('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...ZONES),
        fc.constantFrom('monthly' as const, 'quarterly' as const),
        (at, zone, cadence) => {
          const s = seasonAt(at, cadence, zone);
          expect(s.startsAt).toBeLessThanOrEqual(at);
          expect(at).toBeLessThan(s.endsAt);
          const first = DateTime.fromMillis(s.startsAt, { zone });
          expect(first.day).toBe(1);
          expect((first.month - 1) % (cadence === 'monthly' ? 1 : 3)).toBe(0);
          // Midnight, or the first instant after a midnight the clocks skipped.
          expect(first.minus({ milliseconds: 1 }).day).not.toBe(1);
          expect(nextSeason(s, cadence).startsAt).toBe(s.endsAt);
          expect(seasonNamed(s.name, zone)).toEqual(s);
        },
      ),
      { numRuns: 300 },
    );
  });
});
