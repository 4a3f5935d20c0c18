import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogues, LANGUAGES } from '../../src/i18n/messages.ts';
import { pageTexts } from '../../src/local/page-texts.ts';
import type { PageTexts } from '../../src/local/page-types.ts';
import { call, type LocalHarness, startLocalHarness } from './local-harness.ts';

/**
 * The page's own texts: the server hands the page the `page.*` messages of the reader's language
 * (GET /api/texts/:language), and the page formats them with its own small ICU formatter
 * (src/local/page/texts.js), which must write exactly what intl-messageformat writes. The answer
 * also carries the hint line's patterns (their reading is tested in game-status.test.ts).
 */
type Values = Record<string, string | number>;
interface Texts {
  useTexts(catalogue: Record<string, string>, locale: string): void;
  t(key: string, values?: Values): string;
}
let texts: Texts;
let h: LocalHarness;

beforeAll(async () => {
  // The page's own module (plain JavaScript, checked by its own tsconfig), as the browser runs it.
  texts = (await import(new URL('../../src/local/page/texts.js', import.meta.url).href)) as Texts;
  h = await startLocalHarness();
});
afterAll(async () => {
  await h?.stop();
});

interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
}

/** A message's arguments, each with whether it takes a number (plural, number) or any value. */
function argumentsOf(message: string): Map<string, 'number' | 'text'> {
  const out = new Map<string, 'number' | 'text'>();
  const walk = (elements: Element[]) => {
    for (const e of elements) {
      if (e.type !== 0 && e.type !== 7 && typeof e.value === 'string')
        out.set(e.value, e.type === 2 || e.type === 6 ? 'number' : (out.get(e.value) ?? 'text'));
      for (const option of Object.values(e.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst() as Element[]);
  return out;
}

/** The page's formatter and intl-messageformat on the same message, for several numbers. */
function both(message: string, locale: string, text = 'x') {
  return [0, 1, 2, 5, 21, 1.5].map((n) => {
    const values: Values = Object.fromEntries(
      [...argumentsOf(message)].map(([name, kind]) => [name, kind === 'number' ? n : `${text}-${name}`]),
    );
    texts.useTexts({ 'page.sample': message }, locale);
    return {
      page: texts.t('page.sample', values),
      intl: String(new IntlMessageFormat(message, locale).format(values)),
    };
  });
}

describe('GET /api/texts/:language', () => {
  it('answers the page keys, the same in English and in Spanish', async () => {
    const en = (await call(`${h.url}/api/texts/en-US`)).body as { language: string; messages: Values };
    const es = (await call(`${h.url}/api/texts/es-ES`)).body as { language: string; messages: Values };
    expect(en.language).toBe('en');
    expect(es.language).toBe('es');
    const keys = Object.keys(en.messages).sort();
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.every((k) => k.startsWith('page.'))).toBe(true);
    expect(Object.keys(es.messages).sort()).toEqual(keys);
    expect(keys).toEqual(
      Object.keys(catalogues.get('en') ?? {})
        .filter((k) => k.startsWith('page.'))
        .sort(),
    );
    expect(en.messages['page.pace.label']).toBe("Computer players'' pace");
    expect(es.messages['page.pace.label']).toBe('Ritmo de los jugadores máquina');
  });

  it('carries the hint line’s patterns of every language, whatever the reader’s', async () => {
    const en = (await call(`${h.url}/api/texts/en-US`)).body as unknown as PageTexts;
    const es = (await call(`${h.url}/api/texts/es-ES`)).body as unknown as PageTexts;
    expect(es.patterns).toEqual(en.patterns);
    expect(new Set(en.patterns.board.map((p) => p.language))).toEqual(new Set(LANGUAGES));
    // The page compiles them as they come.
    for (const patterns of Object.values(en.patterns))
      for (const p of patterns) expect(() => new RegExp(p.source), p.key).not.toThrow();
  });

  it('takes a language or a Discord locale, and answers English for a language Scarab does not speak', async () => {
    expect((await call(`${h.url}/api/texts/es`)).body).toEqual(pageTexts('es-ES'));
    expect((await call(`${h.url}/api/texts/es-419`)).body).toEqual(pageTexts('es'));
    const french = await call(`${h.url}/api/texts/fr`);
    expect(french.status).toBe(200);
    expect(french.body).toEqual(pageTexts('en'));
  });
});

describe('the page’s formatter (texts.js)', () => {
  it('writes every page message as intl-messageformat does, in English and in Spanish', () => {
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['es', 'es-ES'],
    ] as const)
      for (const [key, message] of Object.entries(pageTexts(language).messages))
        for (const { page, intl } of both(message, locale)) expect(page, `${language} ${key}`).toBe(intl);
  });

  it('knows the ICU the catalogues may use: plural, select, numbers, quoting', () => {
    const samples = [
      '{count, plural, =0 {no cards} one {# card} other {# cards}}',
      '{count, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}',
      '{kind, select, lobby {a lobby} other {a game}} with {count, number} seats',
      "It''s '{literal}' and '{'{name}'}' and 'quoted' text",
      '{count, plural, one {# partida} other {# partidas}} · {count, number}',
    ];
    for (const locale of ['en-US', 'es-ES'])
      for (const message of samples)
        for (const { page, intl } of both(message, locale, 'lobby')) expect(page, message).toBe(intl);
  });

  it('writes numbers the language’s way', () => {
    texts.useTexts({ 'page.n': '{n, number} s' }, 'es-ES');
    expect(texts.t('page.n', { n: 1.5 })).toBe('1,5 s');
    texts.useTexts({ 'page.n': '{n, number} s' }, 'en-US');
    expect(texts.t('page.n', { n: 1.5 })).toBe('1.5 s');
  });

  it('shows a missing key as itself, and says so on the console', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    texts.useTexts(pageTexts('en').messages, 'en-US');
    expect(texts.t('page.no-such-text')).toBe('page.no-such-text');
    expect(error).toHaveBeenCalledWith('local table: no page text "page.no-such-text" in the catalogue');
    error.mockRestore();
  });
});
