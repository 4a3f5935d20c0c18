import { describe, expect, it } from 'vitest';
import {
  awakeAt,
  closestZones,
  formatClock,
  isZone,
  parseClock,
  quietUntil,
} from '../../src/discord/quiet-hours.ts';

const utc = (iso: string) => Date.parse(iso);
const MADRID = { timeZone: 'Europe/Madrid', start: 23 * 60, end: 8 * 60 };

describe("quiet hours, in the person's own time zone", () => {
  it('a night that wraps midnight: quiet from 23:00 to 08:00 local, awake outside it', () => {
    // Madrid in January is UTC+1.
    expect(quietUntil(utc('2026-01-10T21:59:00Z'), MADRID)).toBeNull(); // 22:59 local
    expect(quietUntil(utc('2026-01-10T22:00:00Z'), MADRID)).toBe(utc('2026-01-11T07:00:00Z')); // 23:00 → 08:00
    expect(quietUntil(utc('2026-01-11T02:00:00Z'), MADRID)).toBe(utc('2026-01-11T07:00:00Z')); // 03:00
    expect(quietUntil(utc('2026-01-11T07:00:00Z'), MADRID)).toBeNull(); // 08:00: over
  });

  it('a daytime window does not wrap', () => {
    const siesta = { timeZone: 'Asia/Tokyo', start: 13 * 60, end: 15 * 60 + 30 };
    expect(quietUntil(utc('2026-03-02T04:30:00Z'), siesta)).toBe(utc('2026-03-02T06:30:00Z')); // 13:30 → 15:30
    expect(quietUntil(utc('2026-03-02T07:00:00Z'), siesta)).toBeNull(); // 16:00
  });

  it('the night the clocks go back (Madrid, last Sunday of October) ends at 08:00 on the wall', () => {
    // 2026-10-25: 03:00 CEST becomes 02:00 CET. A reminder due at 02:30 CEST waits for 08:00 CET.
    expect(quietUntil(utc('2026-10-25T00:30:00Z'), MADRID)).toBe(utc('2026-10-25T07:00:00Z'));
    // The repeated hour, on either side of the change, waits for the same end.
    expect(quietUntil(utc('2026-10-25T00:15:00Z'), MADRID)).toBe(utc('2026-10-25T07:00:00Z')); // 02:15 CEST
    expect(quietUntil(utc('2026-10-25T01:15:00Z'), MADRID)).toBe(utc('2026-10-25T07:00:00Z')); // 02:15 CET
  });

  it('the night the clocks go forward (Madrid, last Sunday of March) ends at 08:00 on the wall', () => {
    // 2026-03-29: 02:00 CET becomes 03:00 CEST; 08:00 CEST is 06:00 UTC.
    expect(quietUntil(utc('2026-03-28T23:30:00Z'), MADRID)).toBe(utc('2026-03-29T06:00:00Z'));
  });

  it('a turn limit that would run out at night runs out when the night ends, across a DST change', () => {
    // Out of the night, or with no quiet hours: the limit stands.
    expect(awakeAt(utc('2026-01-10T12:00:00Z'), MADRID)).toBe(utc('2026-01-10T12:00:00Z'));
    expect(awakeAt(utc('2026-01-11T02:00:00Z'), null)).toBe(utc('2026-01-11T02:00:00Z'));
    // 03:00 in Madrid in January: at 08:00.
    expect(awakeAt(utc('2026-01-11T02:00:00Z'), MADRID)).toBe(utc('2026-01-11T07:00:00Z'));
    // 2026-03-29 01:30Z is 03:30 CEST, just after the clocks went forward: at 08:00 CEST, 06:00Z.
    expect(awakeAt(utc('2026-03-29T01:30:00Z'), MADRID)).toBe(utc('2026-03-29T06:00:00Z'));
  });

  it('times and zones are read strictly', () => {
    expect(parseClock('23:00')).toBe(1380);
    expect(parseClock('8:05')).toBe(485);
    for (const bad of ['25:00', '24:00', '12:60', '12', 'noon', '']) expect(parseClock(bad)).toBeNull();
    expect(formatClock(485)).toBe('08:05');
    expect(isZone('Europe/Madrid')).toBe(true);
    expect(isZone('Europe/Madird')).toBe(false);
    expect(closestZones('Europe/Madird')).toContain('Europe/Madrid');
    expect(closestZones('madrid')[0]).toBe('Europe/Madrid');
  });
});
