// @ts-check
/**
 * The page's own texts, in the reader's language: the `page.*` messages of assets/i18n, which the
 * server hands over (GET /api/texts/:language). They are ICU messages, formatted here without a
 * bundler by a small formatter that knows the part of ICU the page uses: `{name}` placeholders,
 * `{count, plural, =0 {…} one {# …} other {# …}}`, `{kind, select, …}`, `{n, number}` and ICU's
 * apostrophe quoting (`''`). Plurals and numbers follow the language's own rules through `Intl`.
 * test/local/page-texts.test.ts formats every page message here and with intl-messageformat, and
 * fails if they differ.
 *
 * Elements of index.html name their message in `data-i18n` (text), `data-i18n-title`,
 * `data-i18n-aria-label`, `data-i18n-placeholder` and `data-i18n-alt`; their English stays in the file
 * as what shows before the messages arrive, or without them.
 *
 * @typedef {string | number | Node} Value
 * @typedef {Readonly<Record<string, Value>>} Values
 * @typedef {{ type: 'text', text: string }
 *   | { type: 'arg', name: string, format: 'plain' | 'number' }
 *   | { type: 'pound' }
 *   | { type: 'plural' | 'select', name: string, offset: number, options: Map<string, Part[]> }} Part
 */

/** @type {Readonly<Record<string, string>> | null} null until the server has sent them */
let messages = null;
let locale = 'en-US';
/** @type {Map<string, Part[]>} */
const parsed = new Map();
/** Keys already reported missing, so that a re-render does not repeat the error. */
const reported = new Set();

/** The attributes a message can fill, by the data attribute that names it. */
const ATTRIBUTES = /** @type {const} */ ([
  ['i18nTitle', 'title'],
  ['i18nAriaLabel', 'aria-label'],
  ['i18nPlaceholder', 'placeholder'],
  ['i18nAlt', 'alt'],
]);

/**
 * @param {Readonly<Record<string, string>>} catalogue the `page.*` messages of one language
 * @param {string} tag the reader's locale (a BCP 47 tag), for plurals, numbers, lists and dates
 */
export function useTexts(catalogue, tag) {
  messages = catalogue;
  locale = tag;
  reported.clear();
}

/** The locale the page's texts are written in now. */
export function textLocale() {
  return locale;
}

/** @param {string} key @param {Values} [values] */
export function t(key, values = {}) {
  return parts(key, values)
    .map((p) => (typeof p === 'string' ? p : (p.textContent ?? '')))
    .join('');
}

/**
 * The message as pieces to append to an element, where some values are elements themselves (a
 * `<kbd>` inside a sentence).
 * @param {string} key @param {Values} [values] @returns {(string | Node)[]}
 */
export function parts(key, values = {}) {
  if (messages === null) {
    // Only when the server could not be reached for them: the key and values say what happened.
    const given = Object.entries(values).map(
      ([k, v]) => `${k}: ${typeof v === 'object' ? v.textContent : v}`,
    );
    return [given.length > 0 ? `${key} (${given.join(', ')})` : key];
  }
  const source = messages[key];
  if (source === undefined) {
    // A key the catalogue lacks is a bug: it shows as itself, and the browser tests fail on the error.
    if (!reported.has(key)) console.error(`local table: no page text "${key}" in the catalogue`);
    reported.add(key);
    return [key];
  }
  let tree = parsed.get(source);
  if (!tree) {
    tree = parse(source);
    parsed.set(source, tree);
  }
  return merge(render(tree, values, null));
}

/** A list joined as the language joins one: "a or b", "a o b". @param {string[]} items @param {'conjunction' | 'disjunction'} type */
export function joinList(items, type) {
  return new Intl.ListFormat(locale, { type }).format(items);
}

/** A number written the language's way ("1.5", "1,5"). @param {number} n */
export function formatNumber(n) {
  return new Intl.NumberFormat(locale).format(n);
}

/**
 * Writes a message into an element, and names it there so that a change of language rewrites it.
 * @param {HTMLElement} el @param {string} key @param {Readonly<Record<string, string | number>>} [values]
 */
export function localize(el, key, values) {
  el.dataset.i18n = key;
  if (values) el.dataset.i18nValues = JSON.stringify(values);
  else delete el.dataset.i18nValues;
  el.textContent = t(key, values);
}

/** Writes text that is not the page's own (a guild's or a modal's title), which a change of language leaves alone. @param {HTMLElement} el @param {string} text */
export function showText(el, text) {
  delete el.dataset.i18n;
  delete el.dataset.i18nValues;
  el.textContent = text;
}

/** Fills every element that names a message, and the page's `lang`. @param {ParentNode} root */
export function applyTexts(root) {
  document.documentElement.lang = locale.split('-')[0] ?? 'en';
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const h = /** @type {HTMLElement} */ (el);
    const values = h.dataset.i18nValues ? JSON.parse(h.dataset.i18nValues) : undefined;
    h.textContent = t(h.dataset.i18n ?? '', values);
  }
  for (const [data, attribute] of ATTRIBUTES) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const el of root.querySelectorAll(selector))
      el.setAttribute(attribute, t(/** @type {HTMLElement} */ (el).dataset[data] ?? ''));
  }
}

// ── the formatter ────────────────────────────────────────────────────────────────────────────────

/** @param {Part[]} tree @param {Values} values @param {number | null} pound @returns {(string | Node)[]} */
function render(tree, values, pound) {
  /** @type {(string | Node)[]} */
  const out = [];
  for (const part of tree) {
    if (part.type === 'text') out.push(part.text);
    else if (part.type === 'pound') out.push(pound === null ? '#' : formatNumber(pound));
    else if (part.type === 'arg') {
      const value = values[part.name];
      if (value === undefined) throw new Error(`the page text needs a value for {${part.name}}`);
      out.push(
        part.format === 'number' && typeof value === 'number' ? formatNumber(value) : valueText(value),
      );
    } else {
      const value = values[part.name];
      if (value === undefined) throw new Error(`the page text needs a value for {${part.name}}`);
      const option =
        part.type === 'select'
          ? (part.options.get(String(value)) ?? part.options.get('other'))
          : (part.options.get(`=${Number(value)}`) ??
            part.options.get(new Intl.PluralRules(locale).select(Number(value) - part.offset)) ??
            part.options.get('other'));
      if (!option) throw new Error(`the page text has no "other" case for {${part.name}}`);
      out.push(...render(option, values, part.type === 'plural' ? Number(value) - part.offset : pound));
    }
  }
  return out;
}

/** @param {Value} value @returns {string | Node} */
function valueText(value) {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : value;
}

/** @param {(string | Node)[]} pieces */
function merge(pieces) {
  /** @type {(string | Node)[]} */
  const out = [];
  for (const p of pieces) {
    const last = out.at(-1);
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else out.push(p);
  }
  return out;
}

/**
 * @param {string} source
 * @returns {Part[]}
 */
function parse(source) {
  let at = 0;
  const fail = (/** @type {string} */ what) => {
    throw new Error(`page text "${source}": ${what} at ${at}`);
  };
  const space = () => {
    while (/\s/.test(source[at] ?? '')) at++;
  };
  const word = () => {
    space();
    const match = /^[^\s{},]+/.exec(source.slice(at));
    if (!match) fail('a name was expected');
    at += match?.[0].length ?? 0;
    return match?.[0] ?? '';
  };
  const expect = (/** @type {string} */ c) => {
    space();
    if (source[at] !== c) fail(`"${c}" was expected`);
    at++;
  };

  /** @param {boolean} inPlural @returns {Part[]} */
  const message = (inPlural) => {
    /** @type {Part[]} */
    const out = [];
    let text = '';
    const flush = () => {
      if (text !== '') out.push({ type: 'text', text });
      text = '';
    };
    while (at < source.length) {
      const c = source[at] ?? '';
      if (c === '}') break;
      if (c === "'") {
        const next = source[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          // Quoted literal text, up to the next lone apostrophe.
          at++;
          while (at < source.length) {
            if (source[at] === "'" && source[at + 1] === "'") {
              text += "'";
              at += 2;
            } else if (source[at] === "'") {
              at++;
              break;
            } else text += source[at++];
          }
        } else {
          text += c;
          at++;
        }
      } else if (c === '#' && inPlural) {
        flush();
        out.push({ type: 'pound' });
        at++;
      } else if (c === '{') {
        flush();
        at++;
        out.push(argument());
      } else {
        text += c;
        at++;
      }
    }
    flush();
    return out;
  };

  /** @returns {Part} */
  const argument = () => {
    const name = word();
    space();
    if (source[at] === '}') {
      at++;
      return { type: 'arg', name, format: 'plain' };
    }
    expect(',');
    const kind = word();
    space();
    if (kind === 'number' && source[at] === '}') {
      at++;
      return { type: 'arg', name, format: 'number' };
    }
    if (kind !== 'plural' && kind !== 'select') fail(`"${kind}" is not a kind of argument the page formats`);
    expect(',');
    let offset = 0;
    /** @type {Map<string, Part[]>} */
    const options = new Map();
    for (;;) {
      space();
      if (source[at] === '}') {
        at++;
        break;
      }
      const selector = word();
      if (kind === 'plural' && selector.startsWith('offset:')) {
        offset = Number(selector.slice('offset:'.length));
        continue;
      }
      expect('{');
      options.set(selector, message(kind === 'plural'));
      expect('}');
    }
    if (!options.has('other')) fail(`{${name}, ${kind}} has no "other" case`);
    return { type: /** @type {'plural' | 'select'} */ (kind), name, offset, options };
  };

  const tree = message(false);
  if (at < source.length) fail('an unmatched "}"');
  return tree;
}
