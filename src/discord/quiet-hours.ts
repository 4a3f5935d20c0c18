/**
 * A person's night, in their own time zone. Zone arithmetic is Luxon's (the IANA database through
 * `Intl`): no offsets are written here, so a daylight-saving change moves the end of the night with
 * the clocks on the wall.
 */
import { DateTime, IANAZone } from 'luxon';

export interface QuietHours {
  readonly timeZone: string;
  /** Minutes after local midnight; start > end wraps past midnight (23:00–08:00). Never equal. */
  readonly start: number;
  readonly end: number;
}

export function isZone(name: string): boolean {
  return IANAZone.isValidZone(name);
}

/** Every zone name this Node knows, for autocomplete. */
export function zoneNames(): readonly string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
}

/** An autocomplete's zones for what was typed: those starting with it, then those containing it (25). */
export function zoneChoices(typed: string): { name: string; value: string }[] {
  const t = typed.toLowerCase();
  const names = zoneNames();
  const starting = names.filter((z) => z.toLowerCase().startsWith(t));
  const containing = names.filter((z) => !starting.includes(z) && z.toLowerCase().includes(t));
  return [...starting, ...containing].slice(0, 25).map((z) => ({ name: z, value: z }));
}

/** "`Europe/Madrid` or `Europe/Paris`": the zones nearest a name that is none, for its refusal. */
export function zoneSuggestions(typed: string, language: string): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(
    closestZones(typed).map((z) => `\`${z}\``),
  );
}

/** Zone names close to what was typed: those containing it first, then the nearest by spelling. */
export function closestZones(typed: string, count = 3): string[] {
  const t = typed.trim().toLowerCase().replace(/\s+/g, '_');
  const names = zoneNames();
  const containing = names.filter((z) => z.toLowerCase().includes(t));
  const byDistance = names
    .filter((z) => !containing.includes(z))
    .map((z) => ({ z, d: Math.min(distance(t, z.toLowerCase()), distance(t, cityOf(z))) }))
    .sort((a, b) => a.d - b.d || a.z.localeCompare(b.z))
    .map((x) => x.z);
  return [...containing, ...byDistance].slice(0, count);
}

const cityOf = (zone: string) => (zone.split('/').at(-1) ?? zone).toLowerCase();

/** Levenshtein distance, for suggestions only. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** "23:00" → 1380; null for anything but a 24-hour HH:MM. */
export function parseClock(text: string): number | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The end of the quiet hours `at` (ms) falls in, or null when `at` is not in quiet hours. */
export function quietUntil(at: number, q: QuietHours): number | null {
  const local = DateTime.fromMillis(at, { zone: q.timeZone });
  const minutes = local.hour * 60 + local.minute;
  const wraps = q.start > q.end;
  const quiet = wraps ? minutes >= q.start || minutes < q.end : minutes >= q.start && minutes < q.end;
  if (!quiet) return null;
  // The night that started yesterday evening ends this morning; one that started tonight, tomorrow.
  const day = wraps && minutes >= q.start ? local.plus({ days: 1 }) : local;
  const end = day.set({ hour: Math.floor(q.end / 60), minute: q.end % 60, second: 0, millisecond: 0 });
  return Math.max(end.toMillis(), at + 1);
}

/**
 * When something due at `at` may happen to a person: then, or at the end of the quiet hours it falls in.
 * A turn limit that would run out at night runs out when the night ends, as reminders wait.
 */
export function awakeAt(at: number, q: QuietHours | null): number {
  return (q && quietUntil(at, q)) ?? at;
}
