import { LANGUAGES, t } from '../../i18n/messages.ts';

/** `2026-11` as "November 2026", `2026-Q4` as "Q4 2026", in `language` (the month's name is `Intl`'s). */
function seasonWhen(name: string, language: string): string {
  const month = /^(\d{4})-(\d\d)$/.exec(name);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(name);
  if (month)
    return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(Number(month[1]), Number(month[2]) - 1, 15),
    );
  if (quarter)
    return t(language, 'season.quarter', { quarter: Number(quarter[2]), year: String(quarter[1]) });
  return name;
}

/**
 * A season's name as people say it, in `language`: `2026-11` is "November 2026 season" ("temporada de
 * noviembre de 2026"), `2026-Q4` "Q4 2026 season".
 */
export function seasonLabel(name: string, language: string): string {
  return t(language, 'season.label', { when: seasonWhen(name, language) });
}

/** A season as a board's heading names it: its label, and the name `season:` takes ("… (2026-11)"). */
export function seasonHeading(name: string, language: string): string {
  return `${seasonLabel(name, language)} (${name})`;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The season among `names` that `typed` names as a board or a person says it, in any language: "November
 * 2026 season", "temporada de noviembre de 2026", "november 2026", "… (2026-11)", "2026-q4". Null when it is
 * none of them: the caller then takes what was typed as it is.
 */
export function seasonNameOf(typed: string, names: readonly string[]): string | null {
  const wanted = fold(typed);
  const bracketed = /\(([^()]+)\)$/.exec(wanted)?.[1]?.trim();
  for (const name of names) {
    const own = name.toLowerCase();
    if (wanted === own || bracketed === own) return name;
    for (const language of LANGUAGES)
      if (wanted === fold(seasonLabel(name, language)) || wanted === fold(seasonWhen(name, language)))
        return name;
  }
  return null;
}
