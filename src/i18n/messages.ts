import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { z } from 'zod';
import { fromRoot } from '../paths.ts';
import { DEFAULT_LANGUAGE } from './locales.ts';

/**
 * The message catalogues: one JSON file per language in assets/i18n, each mapping a key to an ICU
 * message ("{count, plural, one {# card} other {# cards}}", "{title}"), formatted by FormatJS's
 * intl-messageformat with the language's own plural rules. Adding a language is adding its file.
 */
const DIR = fromRoot('assets', 'i18n');

const catalogueSchema = z.record(
  z.string().regex(/^[a-z0-9.-]+$/, 'keys are lower-case words joined by dots'),
  z.string(),
);

export type Catalogue = Readonly<Record<string, string>>;
export type Values = Readonly<Record<string, string | number>>;

function load(dir: string): Map<string, Catalogue> {
  const out = new Map<string, Catalogue>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const language = basename(file, '.json');
    const parsed = catalogueSchema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success)
      throw new Error(
        `assets/i18n/${file}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
      );
    out.set(language, parsed.data);
  }
  if (!out.has(DEFAULT_LANGUAGE)) throw new Error(`assets/i18n has no ${DEFAULT_LANGUAGE}.json`);
  return out;
}

export const catalogues: ReadonlyMap<string, Catalogue> = load(DIR);

/** Every language with a catalogue, English first. */
export const LANGUAGES: readonly string[] = [
  DEFAULT_LANGUAGE,
  ...[...catalogues.keys()].filter((l) => l !== DEFAULT_LANGUAGE),
];

const compiled = new Map<string, IntlMessageFormat>();

export function has(language: string, key: string): boolean {
  return catalogues.get(language)?.[key] !== undefined;
}

/**
 * The message `key` in `language`, with `values` put in. A key missing from a language falls back to
 * English (the catalogue test keeps the languages in step); a key missing from English is a bug.
 */
export function t(language: string, key: string, values: Values = {}): string {
  const lang = has(language, key) ? language : DEFAULT_LANGUAGE;
  const source = catalogues.get(lang)?.[key];
  if (source === undefined) throw new Error(`no message '${key}' in ${DEFAULT_LANGUAGE}.json`);
  const id = `${lang}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(source, lang);
    compiled.set(id, format);
  }
  return String(format.format(values));
}
