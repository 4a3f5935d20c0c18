/**
 * A sentence for people as data: a key of the message catalogues (assets/i18n) and its values. A value
 * written '@N' is seat N, '#id' the card (or treasure) `id`, '~key' another message, a message object
 * a part written the same way (lists are built so, see `joined`); anything else is put in as it is.
 * The rules say every sentence this way and render none: the table writes each message in its reader's
 * language (src/i18n/render-message.ts), English included, so the rules carry no catalogue and no
 * formatter and a move costs no formatting.
 */
export interface Message {
  readonly key: string;
  readonly values?: MessageValues;
}

export type MessageValues = { readonly [name: string]: string | number | Message };

export const seatRef = (seat: number): string => `@${seat}`;
export const cardRef = (id: string): string => `#${id}`;
export const termRef = (key: string): string => `~${key}`;

/** Items as one message: `{a}{sep}{b}` nested, with `key` the catalogue's two-item pattern (e.g. "{a} + {b}"). */
export function joined(items: readonly Message[], key: string): Message | null {
  if (items.length === 0) return null;
  return items.reduce((a, b) => ({ key, values: { a, b } }));
}
