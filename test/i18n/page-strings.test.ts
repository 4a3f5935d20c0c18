import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

/**
 * The local table's page (src/local/page) writes its own texts from the catalogues' `page.*` keys, in
 * the reader's language: index.html names them in `data-i18n*` attributes, the scripts pass them to
 * texts.js. This reads the files as they are served and fails on a key the catalogue lacks, a key the
 * page no longer uses, or a text of index.html that no key translates.
 */
const ROOT = new URL('../..', import.meta.url).pathname;
const PAGE = join(ROOT, 'src/local/page');
const english = JSON.parse(readFileSync(join(ROOT, 'assets/i18n/en.json'), 'utf8')) as Record<string, string>;
const html = readFileSync(join(PAGE, 'index.html'), 'utf8');
const scripts = readdirSync(PAGE)
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: f, text: readFileSync(join(PAGE, f), 'utf8') }));

/** What a person reads or hears in an attribute, and the data attribute that names its message. */
const READ_ATTRIBUTES = ['title', 'aria-label', 'placeholder', 'alt'] as const;
/** Words that are the same in every language: the languages' own names on the switch, and the brand. */
const SAME_EVERYWHERE = /^(English|Español|Scarab)$/;
const VOID = new Set(['meta', 'link', 'img', 'input', 'br', 'hr', 'source']);

interface Element {
  tag: string;
  attributes: Map<string, string>;
  /** The element's own text (not its children's), whitespace collapsed. */
  text: string;
  line: number;
  /** Inside <noscript>: read only where no script runs, so nothing can translate it. */
  noscript: boolean;
}

/** A small reader for the page's own, well-formed HTML: elements, their attributes and their text. */
function elements(source: string): Element[] {
  const out: Element[] = [];
  const open: Element[] = [];
  const token = /<!--[\s\S]*?-->|<\/([a-z0-9-]+)\s*>|<([a-z0-9-]+)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/gi;
  for (const m of source.matchAll(token)) {
    const line = source.slice(0, m.index).split('\n').length;
    if (m[0].startsWith('<!--') || m[0].startsWith('<!')) continue;
    if (m[1]) {
      const at = open.map((e) => e.tag).lastIndexOf(m[1].toLowerCase());
      if (at >= 0) open.length = at;
      continue;
    }
    if (m[2]) {
      const attributes = new Map<string, string>();
      for (const a of (m[3] ?? '').matchAll(/([a-z0-9:-]+)(?:\s*=\s*("([^"]*)"|'([^']*)'|[^\s>/]+))?/gi))
        attributes.set((a[1] ?? '').toLowerCase(), a[3] ?? a[4] ?? a[2] ?? '');
      const tag = m[2].toLowerCase();
      const element: Element = {
        tag,
        attributes,
        text: '',
        line,
        noscript: tag === 'noscript' || open.some((e) => e.noscript),
      };
      out.push(element);
      if (!VOID.has(tag) && !(m[3] ?? '').trim().endsWith('/')) open.push(element);
      continue;
    }
    const parent = open.at(-1);
    if (parent) parent.text = `${parent.text} ${m[4] ?? ''}`.replace(/\s+/g, ' ').trim();
  }
  return out;
}

const hasLetters = (text: string) => /\p{L}/u.test(text);
const readable = (text: string) => hasLetters(text) && !SAME_EVERYWHERE.test(text.trim());

/** Texts of index.html that no message translates, as `line: what`. */
function untranslated(source: string): string[] {
  const found: string[] = [];
  for (const e of elements(source)) {
    if (e.noscript || e.tag === 'script' || e.tag === 'style') continue;
    if (readable(e.text) && !e.attributes.has('data-i18n')) found.push(`${e.line}: <${e.tag}> "${e.text}"`);
    for (const name of READ_ATTRIBUTES) {
      const value = e.attributes.get(name);
      if (value !== undefined && readable(value) && !e.attributes.has(`data-i18n-${name}`))
        found.push(`${e.line}: <${e.tag} ${name}="${value}">`);
    }
  }
  return found;
}

/** The keys index.html names, with the English it shows before the messages arrive. */
function htmlKeys(source: string): { key: string; fallback: string; where: string }[] {
  return elements(source).flatMap((e) =>
    [
      ['data-i18n', e.text],
      ...READ_ATTRIBUTES.map((name) => [`data-i18n-${name}`, e.attributes.get(name) ?? ''] as const),
    ].flatMap(([data, fallback]) => {
      const key = e.attributes.get(data ?? '');
      return key === undefined ? [] : [{ key, fallback: fallback ?? '', where: `${e.line}: ${data}` }];
    }),
  );
}

/** Every `'page.…'` string of the scripts: the keys they format. */
function scriptKeys(): { key: string; file: string }[] {
  return scripts.flatMap(({ file, text }) =>
    [...text.matchAll(/(['"`])(page\.[a-z0-9.-]+)\1/g)].map((m) => ({ key: m[2] ?? '', file })),
  );
}

describe('the local table page’s own texts', () => {
  it('every key index.html and the scripts name is in en.json', () => {
    const keys = [
      ...htmlKeys(html).map((k) => ({ key: k.key, file: `index.html:${k.where}` })),
      ...scriptKeys(),
    ];
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((k) => english[k.key] === undefined).map((k) => `${k.file}: ${k.key}`)).toEqual([]);
  });

  it('every page key of en.json is used by the page', () => {
    const used = new Set([...htmlKeys(html).map((k) => k.key), ...scriptKeys().map((k) => k.key)]);
    const unused = Object.keys(english).filter((k) => k.startsWith('page.') && !used.has(k));
    expect(unused).toEqual([]);
  });

  it('every text of index.html is named by a key (but the language names, the brand and <noscript>)', () => {
    expect(untranslated(html)).toEqual([]);
  });

  it('the English index.html shows first is the catalogue’s English', () => {
    for (const { key, fallback, where } of htmlKeys(html)) {
      const message = english[key];
      if (message === undefined) continue;
      expect(fallback, `index.html:${where} (${key})`).toBe(
        String(new IntlMessageFormat(message, 'en').format()),
      );
    }
  });

  it('the scan finds what no key translates (it would catch a text added without one)', () => {
    // The scanner itself, on known cases: a test that could not fail would prove nothing.
    expect(
      untranslated(
        [
          '<label for="x">Computer pace</label>',
          '<button data-i18n="page.switch-user">Switch user</button>',
          '<input placeholder="Your name" />',
          '<input placeholder="Your name" data-i18n-placeholder="page.picker.name" />',
          '<option lang="es">Español</option>',
          '<span aria-label="Members" data-i18n="page.members">Members</span>',
          '<noscript>Needs JavaScript.</noscript>',
        ].join('\n'),
      ),
    ).toEqual([
      '1: <label> "Computer pace"',
      '3: <input placeholder="Your name">',
      '6: <span aria-label="Members">',
    ]);
  });
});

/**
 * Sentences in the scripts' code, which would show in English whatever the language: two words, the
 * second in lower case, outside comments and the developer's console. What may stay is listed, with
 * why.
 */
const ALLOWED: readonly { file: RegExp; text: RegExp; why: string }[] = [
  { file: /./, text: /^noopener( noreferrer)?$/, why: 'a link’s rel attribute' },
  { file: /^components\.js$/, text: /^btn (link|primary)$/, why: 'CSS classes' },
  { file: /^message-view\.js$/, text: /^embed-description content$/, why: 'CSS classes' },
  {
    file: /^game-status\.js$/,
    text: /^Game over$/,
    why: 'the bot’s picture description, read (in the game’s language), not written',
  },
  {
    file: /^app\.js$/,
    text: /^(nobody is at the keyboard yet|no channel is open)$/,
    why: 'errors of a bug in the page, never shown',
  },
  {
    file: /^texts\.js$/,
    text: /./,
    why: 'errors of a broken catalogue message, which test/local/page-texts.test.ts catches first',
  },
];
const LITERAL = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
const PROSE = /[A-Za-z]{2,} [a-z]{2,}/;

function strays(file: string, text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    const t = line.trim();
    if (/^(\/\/|\*|\/\*|import )/.test(t) || /\bconsole\.(error|warn|log|info)\(/.test(line)) return;
    for (const m of line.matchAll(LITERAL)) {
      const literal = m[2] ?? '';
      if (!PROSE.test(literal.replace(/\$\{[^}]*\}/g, ''))) continue;
      if (ALLOWED.some((a) => a.file.test(file) && a.text.test(literal))) continue;
      out.push(`${file}:${i + 1}: ${literal}`);
    }
  });
  return out;
}

describe('the page’s scripts', () => {
  it('write no sentence of their own: every text goes through texts.js', () => {
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.flatMap(({ file, text }) => strays(file, text))).toEqual([]);
  });

  it('the scan finds a sentence where there is one', () => {
    expect(strays('app.js', "  note.textContent = 'Loading the messages…';")).toEqual([
      'app.js:1: Loading the messages…',
    ]);
    expect(strays('app.js', "  note.textContent = t('page.messages.loading');")).toEqual([]);
  });
});
