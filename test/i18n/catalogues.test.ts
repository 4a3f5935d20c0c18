import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { DISCORD_LOCALES, languageOf } from '../../src/i18n/locales.ts';
import { catalogues, LANGUAGES, t } from '../../src/i18n/messages.ts';

interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
}

/**
 * The placeholders a message uses (`{title}`, `{count, plural, …}`, `{several, select, …}`), from its
 * syntax tree, each with whether it takes a number (plural, number) or any value.
 */
function placeholderKinds(message: string, language: string): Map<string, 'number' | 'text'> {
  const out = new Map<string, 'number' | 'text'>();
  const walk = (elements: Element[]) => {
    for (const e of elements) {
      // Arguments of every kind name their value; literals (0) and # (7) do not.
      if (e.type !== 0 && e.type !== 7 && typeof e.value === 'string')
        out.set(e.value, e.type === 2 || e.type === 6 ? 'number' : (out.get(e.value) ?? 'text'));
      for (const option of Object.values(e.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, language).getAst() as Element[]);
  return out;
}

const placeholders = (message: string, language: string) =>
  [...placeholderKinds(message, language).keys()].sort();

describe('message catalogues', () => {
  it('English and Spanish are there, and every language has a Discord locale', () => {
    expect(LANGUAGES).toEqual(['en', 'es']);
    for (const language of LANGUAGES) expect(DISCORD_LOCALES[language]?.length, language).toBeGreaterThan(0);
  });

  it('every key of one language is in every other', () => {
    const english = Object.keys(catalogues.get('en') ?? {}).sort();
    expect(english.length).toBeGreaterThan(50);
    for (const language of LANGUAGES)
      expect(Object.keys(catalogues.get(language) ?? {}).sort(), language).toEqual(english);
  });

  it('a message takes the same placeholders in every language, and formats', () => {
    const en = catalogues.get('en') ?? {};
    for (const language of LANGUAGES)
      for (const [key, message] of Object.entries(catalogues.get(language) ?? {})) {
        expect(placeholders(message, language), `${language} ${key}`).toEqual(
          placeholders(en[key] ?? '', 'en'),
        );
        const sample = Object.fromEntries(
          [...placeholderKinds(message, language)].map(([name, kind]) => [name, kind === 'number' ? 2 : 'x']),
        );
        expect(t(language, key, sample).length, `${language} ${key}`).toBeGreaterThan(0);
      }
  });

  it('a message names a command as that language’s Discord shows it (/reglas, not /rules)', () => {
    const en = catalogues.get('en') ?? {};
    const commands = Object.keys(en).filter((k) => /^cmd\.[a-z]+\.name$/.test(k));
    expect(commands.length).toBeGreaterThan(5);
    for (const language of LANGUAGES) {
      const catalogue = catalogues.get(language) ?? {};
      for (const command of commands) {
        const english = en[command] as string;
        const own = catalogue[command] as string;
        if (own === english) continue;
        const stray = new RegExp(`(^|[\\s(«“"'\`])/${english}\\b`);
        for (const [key, message] of Object.entries(catalogue))
          if (!key.startsWith('cmd.')) expect(message, `${language} ${key}`).not.toMatch(stray);
      }
    }
  });

  it('Spanish keeps no English words of the game (Stock, Premium Edition)', () => {
    for (const [key, message] of Object.entries(catalogues.get('es') ?? {}))
      expect(message, key).not.toMatch(/\bStock\b|Premium Edition/);
  });

  it('formats with the language’s own rules: select and placeholders', () => {
    expect(t('es', 'cmd.leaderboard.description', { several: 'no', title: 'Arqueología' })).toBe(
      'Los mejores jugadores de Arqueología de este servidor o de todos',
    );
    expect(t('en', 'cmd.lobby.computers.description', { most: 5 })).toBe(
      'Computer players to seat right away (0–5)',
    );
    // A language without the key falls back to English; a key English lacks is a bug.
    expect(t('fr', 'cmd.games.name')).toBe('games');
    expect(() => t('en', 'no.such.key')).toThrow(/no message 'no.such.key'/);
  });

  it('maps Discord locales to languages', () => {
    const known = [...LANGUAGES];
    expect(languageOf('es-ES', known)).toBe('es');
    expect(languageOf('es-419', known)).toBe('es');
    expect(languageOf('es-MX', known)).toBe('es');
    expect(languageOf('en-US', known)).toBe('en');
    expect(languageOf('fr', known)).toBe('en');
    expect(languageOf(null, known)).toBe('en');
  });
});
