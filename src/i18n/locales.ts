/**
 * The languages Scarab speaks, and the Discord locales each answers. A language is one catalogue file,
 * `assets/i18n/<language>.json`; its Discord locales are listed here (Discord names Spanish twice:
 * Spain's and Latin America's).
 */
export const DISCORD_LOCALES: Readonly<Record<string, readonly string[]>> = {
  en: ['en-US', 'en-GB'],
  es: ['es-ES', 'es-419'],
};

/** The language English-speaking code and fallbacks use. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * The language for a Discord locale (`interaction.locale`, `guild.preferredLocale`): the one that lists
 * it, else the one named by its first part ("es-MX" → es), else English.
 */
export function languageOf(locale: string | null | undefined, known: readonly string[]): string {
  if (!locale) return DEFAULT_LANGUAGE;
  for (const [language, locales] of Object.entries(DISCORD_LOCALES))
    if (locales.includes(locale) && known.includes(language)) return language;
  const base = locale.split('-')[0]?.toLowerCase() ?? '';
  return known.includes(base) ? base : DEFAULT_LANGUAGE;
}
