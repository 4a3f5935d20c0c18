import { IntlMessageFormat } from 'intl-messageformat';
import englishCatalogue from '../../../assets/i18n/en.json' with { type: 'json' };

/**
 * A sentence for people as data: a key of the message catalogues (assets/i18n) and its values. A value
 * written '@N' is seat N, '#id' the card (or treasure) `id`, '~key' another message, a message object
 * a part written the same way (lists are built so, see `joined`); anything else is put in as it is. The rules store and show messages this way so the table can write them in each
 * reader's language; they also render them in English (`english`) for their own text fields, which
 * tests, logs and games stored before languages read.
 */
export interface Message {
  readonly key: string;
  readonly values?: MessageValues;
}

export type MessageValues = { readonly [name: string]: string | number | Message };

export const seatRef = (seat: number): string => `@${seat}`;
export const cardRef = (id: string): string => `#${id}`;
export const termRef = (key: string): string => `~${key}`;

const catalogue: Readonly<Record<string, string>> = englishCatalogue;
const compiled = new Map<string, IntlMessageFormat>();

/**
 * What a message says in `language`'s words: `template(key)` is its catalogue text and `card(id)` a
 * card's name; seats become `seat(n)` (English keeps '@N' for the table to put names in).
 */
export function renderMessage(
  m: Message,
  o: {
    template: (key: string) => string;
    language: string;
    card: (id: string) => string;
    seat: (n: number) => string;
  },
): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(m.values ?? {})) {
    if (typeof value === 'object') values[name] = renderMessage(value, o);
    else if (typeof value !== 'string') values[name] = value;
    else if (/^@\d+$/.test(value)) values[name] = o.seat(Number(value.slice(1)));
    else if (value.startsWith('#')) values[name] = o.card(value.slice(1));
    else if (value.startsWith('~')) values[name] = renderMessage({ key: value.slice(1) }, o);
    else values[name] = value;
  }
  const template = o.template(m.key);
  const id = `${o.language}\u0000${template}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(template, o.language);
    compiled.set(id, format);
  }
  return String(format.format(values));
}

/** The English of a message, seats left as '@N': what the rules put in their own text fields. */
export function english(m: Message, card: (id: string) => string): string {
  return renderMessage(m, {
    template: (key) => {
      const text = catalogue[key];
      if (text === undefined) throw new Error(`rules bug: no message '${key}' in en.json`);
      return text;
    },
    language: 'en',
    card,
    seat: seatRef,
  });
}

/** Items as one message: `{a}{sep}{b}` nested, with `key` the catalogue's two-item pattern (e.g. "{a} + {b}"). */
export function joined(items: readonly Message[], key: string): Message | null {
  if (items.length === 0) return null;
  return items.reduce((a, b) => ({ key, values: { a, b } }));
}
