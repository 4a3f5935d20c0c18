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
  const given = m.values;
  // Hot: every log line and question of a game passes here. Plain loops and char tests, no regexes.
  if (given)
    for (const name in given) {
      const value = given[name] as string | number | Message;
      if (typeof value === 'object') values[name] = renderMessage(value, o);
      else if (typeof value !== 'string' || value.length < 2) values[name] = value;
      else {
        const sigil = value.charCodeAt(0);
        if (sigil === AT && isDigits(value)) values[name] = o.seat(Number(value.slice(1)));
        else if (sigil === HASH) values[name] = o.card(value.slice(1));
        else if (sigil === TILDE) values[name] = renderMessage({ key: value.slice(1) }, o);
        else values[name] = value;
      }
    }
  const template = o.template(m.key);
  // Most sentences only put values in: done by hand, as ICU would (numbers in the language's way),
  // since formatting every log line through ICU was most of the engine's time.
  if (SIMPLE.test(template))
    return template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name];
      return typeof value === 'number' ? numbers(o.language).format(value) : String(value ?? '');
    });
  const id = `${o.language}\u0000${template}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(template, o.language);
    compiled.set(id, format);
  }
  return String(format.format(values));
}

const AT = 64;
const HASH = 35;
const TILDE = 126;
function isDigits(value: string): boolean {
  for (let i = 1; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A template with plain `{name}` arguments only: no plural, select, number style nor ICU quoting. */
const SIMPLE = /^[^{}']*(?:\{\w+\}[^{}']*)*$/;
const numberFormats = new Map<string, Intl.NumberFormat>();
function numbers(language: string): Intl.NumberFormat {
  let f = numberFormats.get(language);
  if (!f) {
    f = new Intl.NumberFormat(language);
    numberFormats.set(language, f);
  }
  return f;
}

const englishTemplate = (key: string): string => {
  const text = catalogue[key];
  if (text === undefined) throw new Error(`rules bug: no message '${key}' in en.json`);
  return text;
};
const englishOptions = new Map<(id: string) => string, Parameters<typeof renderMessage>[1]>();
const rememberedEnglish = new Map<string, string>();
/** Enough for the sentences of several games at once: they repeat (the same card, the same seat). */
const REMEMBER = 8192;

/**
 * The English of a message, seats left as '@N': what the rules put in their own text fields. Recent
 * ones are remembered (a game repeats its sentences, and the engine writes one or more per move).
 */
export function english(m: Message, card: (id: string) => string): string {
  const id = JSON.stringify(m);
  const known = rememberedEnglish.get(id);
  if (known !== undefined) return known;
  let o = englishOptions.get(card);
  if (!o) {
    o = { template: englishTemplate, language: 'en', card, seat: seatRef };
    englishOptions.set(card, o);
  }
  const text = renderMessage(m, o);
  if (rememberedEnglish.size >= REMEMBER) rememberedEnglish.clear();
  rememberedEnglish.set(id, text);
  return text;
}

/** Items as one message: `{a}{sep}{b}` nested, with `key` the catalogue's two-item pattern (e.g. "{a} + {b}"). */
export function joined(items: readonly Message[], key: string): Message | null {
  if (items.length === 0) return null;
  return items.reduce((a, b) => ({ key, values: { a, b } }));
}
