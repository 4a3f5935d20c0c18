import { DEFAULT_LANGUAGE, languageOf } from '../i18n/locales.ts';
import { catalogues, LANGUAGES } from '../i18n/messages.ts';
import type { PageTexts } from './page-types.ts';

/** The catalogues' keys that belong to the page (src/local/page/texts.js formats them). */
export const PAGE_PREFIX = 'page.';

/**
 * The page's own texts in the language of `locale` (a Discord locale such as `es-ES`, or a language
 * such as `es`): English for a language without a catalogue, and English for any key its catalogue
 * lacks, as the bot's messages fall back.
 */
export function pageTexts(locale: string): PageTexts {
  const language = languageOf(locale, LANGUAGES);
  const messages: Record<string, string> = {};
  for (const source of [DEFAULT_LANGUAGE, language])
    for (const [key, text] of Object.entries(catalogues.get(source) ?? {}))
      if (key.startsWith(PAGE_PREFIX)) messages[key] = text;
  return { language, messages };
}
