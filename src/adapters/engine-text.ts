import type { Message } from '../games/kernel/message.ts';
import { DEFAULT_LANGUAGE } from '../i18n/locales.ts';
import { catalogues } from '../i18n/messages.ts';
import { renderMessage } from '../i18n/render-message.ts';

/** Who reads: seat names in seat order, and the language to write in. */
export interface Reader {
  readonly names: readonly string[];
  readonly language: string;
}

/** Replaces `@N` seat references in a rules text with names. */
export function withSeatNames(text: string, names: readonly string[]): string {
  return text.replace(/@(\d+)/g, (m, n: string) => names[Number(n)] ?? m);
}

/**
 * A sentence the rules said (a log line, a question, an action's label), in the reader's language with
 * their names put in. `cardName` names a card (or treasure) id in a language.
 */
export function rulesText(
  msg: Message,
  reader: Reader,
  cardName: (id: string, language: string) => string,
): string {
  return renderMessage(msg, {
    template: (key) => {
      const own = catalogues.get(reader.language)?.[key];
      const fallback = catalogues.get(DEFAULT_LANGUAGE)?.[key];
      const found = own ?? fallback;
      if (found === undefined) throw new Error(`no message '${key}' in ${DEFAULT_LANGUAGE}.json`);
      return found;
    },
    // A fallback to English must format with English plural rules, so the template decides the language.
    language: catalogues.get(reader.language)?.[msg.key] !== undefined ? reader.language : DEFAULT_LANGUAGE,
    card: (id) => cardName(id, reader.language),
    seat: (n) => reader.names[n] ?? `@${n}`,
  });
}
