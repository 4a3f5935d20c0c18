import { t } from '../../i18n/messages.ts';

/**
 * A season's name as people say it, in `language`: `2026-11` is "November 2026 season" ("temporada de
 * noviembre de 2026"), `2026-Q4` "Q4 2026 season". The month's name is the language's own (`Intl`).
 */
export function seasonLabel(name: string, language: string): string {
  const month = /^(\d{4})-(\d\d)$/.exec(name);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(name);
  let when = name;
  if (month)
    when = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(Number(month[1]), Number(month[2]) - 1, 15),
    );
  else if (quarter)
    when = t(language, 'season.quarter', { quarter: Number(quarter[2]), year: String(quarter[1]) });
  return t(language, 'season.label', { when });
}
