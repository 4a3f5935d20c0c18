import { languageOf } from '../i18n/locales.ts';
import { LANGUAGES } from '../i18n/messages.ts';

/**
 * Which language to answer in. Private answers follow the clicking person's Discord client
 * (`interaction.locale`); a new game's public messages follow the server's language
 * (`interaction.guildLocale`) until the host picks another in the lobby.
 */
export function userLanguage(i: { readonly locale: string }): string {
  return languageOf(i.locale, LANGUAGES);
}

export function serverLanguage(i: { readonly guildLocale: string | null }): string {
  return languageOf(i.guildLocale, LANGUAGES);
}

/** A stored game's public language (games from before languages are English). */
export function gameLanguage(game: { readonly language?: string | null }): string {
  return game.language && LANGUAGES.includes(game.language) ? game.language : (LANGUAGES[0] as string);
}
