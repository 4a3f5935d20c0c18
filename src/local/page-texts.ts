import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LANGUAGE, languageOf } from '../i18n/locales.ts';
import { catalogues, LANGUAGES } from '../i18n/messages.ts';
import type { PageTexts, StatusKind, StatusPattern, StatusPatterns } from './page-types.ts';

/** The catalogues' keys that belong to the page (src/local/page/texts.js formats them). */
export const PAGE_PREFIX = 'page.';

/**
 * The page's own texts in the language of `locale` (a Discord locale such as `es-ES`, or a language
 * such as `es`): English for a language without a catalogue, and English for any key its catalogue
 * lacks, as the bot's messages fall back. The hint line's patterns come along, in every language,
 * because the language of a game has nothing to do with the reader's.
 */
export function pageTexts(locale: string): PageTexts {
  const language = languageOf(locale, LANGUAGES);
  const messages: Record<string, string> = {};
  for (const source of [DEFAULT_LANGUAGE, language])
    for (const [key, text] of Object.entries(catalogues.get(source) ?? {}))
      if (key.startsWith(PAGE_PREFIX)) messages[key] = text;
  return { language, messages, patterns: statusPatterns() };
}

/**
 * The messages whose lines the hint line reads in the channel (page/game-status.js), by kind, and who
 * writes them: the lobby's heading and host (src/discord/messages/lobby-message.ts); the boards'
 * titles and their line for a decision owed, and the decision ping (src/adapters/<game>/
 * board-message.ts, src/table-kit/decisions.ts); the results' heading (results-message.ts);
 * the note of /manage cancel (commands/manage.ts); the first line of the table picture's description
 * (src/adapters/<game>/pictures/picture-text.ts, through `w(language, 'alt.…')`).
 */
export const STATUS_KEYS: Readonly<Record<StatusKind, readonly string[]>> = {
  lobby: ['lobby.heading'],
  host: ['lobby.host'],
  board: ['valley.board.title', 'valley.board.finished-title', 'archaeology.board.title'],
  decision: ['valley.board.decision', 'archaeology.board.owed', 'table.decision-ping'],
  results: ['valley.results.heading', 'archaeology.results.title'],
  cancelled: ['manage.cancelled-by'],
  toPlay: ['valley.picture.alt.to-play', 'archaeology.picture.alt.to-play'],
  turnOf: ['valley.picture.alt.turn-of', 'archaeology.picture.alt.turn-of'],
  gameOver: ['valley.picture.alt.game-over', 'archaeology.picture.alt.game-over'],
};

/** Placeholders the bot always fills with a whole number (game ids and turns), which the page reads as one. */
const NUMBERS = new Set(['id', 'n', 'turn']);

type Element = ReturnType<IntlMessageFormat['getAst']>[number];
// intl-messageformat's element types (its parser's TYPE), named here rather than imported from a
// package this project does not depend on directly.
const LITERAL = 0;
const ARGUMENT = 1;
const SELECT = 5;

/**
 * One catalogue message as a regular expression for one line. The patterns are built here, in
 * TypeScript, and the page only compiles their sources: the templates are read by intl-messageformat's
 * own parser, the one that writes the bot's messages, so quoting (`''`) and selects are understood
 * exactly as the bot writes them; page/texts.js's small formatter stays the page's, made for page
 * messages. Literal text is escaped, a placeholder becomes a capture (digits for NUMBERS, else as
 * little as lets the line match), and a select becomes one capture per option, which says which one was
 * written. Anything else (plural, number, date, tags) throws: none of the keys read uses one, and
 * game-status.test.ts fails, naming the key, if one ever does.
 */
export function statusPattern(language: string, key: string): StatusPattern {
  const message = catalogues.get(language)?.[key];
  if (message === undefined) throw new Error(`no message '${key}' in ${language}.json`);
  const groups: string[] = [];
  const walk = (elements: readonly Element[]): string =>
    elements
      .map((e) => {
        if (e.type === LITERAL) return e.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (e.type === ARGUMENT) {
          groups.push(e.value);
          return NUMBERS.has(e.value) ? '(\\d+)' : '(.*?)';
        }
        if (e.type === SELECT)
          return `(?:${Object.entries(e.options)
            .map(([option, o]) => {
              groups.push(`${e.value}=${option}`);
              return `(${walk(o.value)})`;
            })
            .join('|')})`;
        throw new Error(
          `${language}.json "${key}": the local table's hint line reads placeholders and selects only, not "${message}"`,
        );
      })
      .join('');
  const source = `^${walk(new IntlMessageFormat(message, language).getAst())}$`;
  return { key, language, source, groups };
}

let built: StatusPatterns | undefined;

/**
 * Every language's patterns for every kind, once (the catalogues do not change while the bot runs).
 * A message that cannot be read as a pattern is left out rather than failing the page: the hint line
 * then says less for that wording, and game-status.test.ts fails on it.
 */
export function statusPatterns(): StatusPatterns {
  if (built) return built;
  const out: Partial<Record<StatusKind, StatusPattern[]>> = {};
  for (const [kind, keys] of Object.entries(STATUS_KEYS) as [StatusKind, readonly string[]][]) {
    const seen = new Set<string>();
    const list: StatusPattern[] = [];
    for (const language of LANGUAGES)
      for (const key of keys) {
        if (catalogues.get(language)?.[key] === undefined) continue;
        let pattern: StatusPattern;
        try {
          pattern = statusPattern(language, key);
        } catch {
          continue;
        }
        // Games share wordings ("Turn {n}: {name} to play."): one pattern reads them all.
        const same = `${pattern.source}\u0000${pattern.groups.join(',')}`;
        if (seen.has(same)) continue;
        seen.add(same);
        list.push(pattern);
      }
    out[kind] = list;
  }
  built = out as StatusPatterns;
  return built;
}
