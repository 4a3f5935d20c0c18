import { IntlMessageFormat } from 'intl-messageformat';
import type { Message } from '../games/kernel/message.ts';

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
