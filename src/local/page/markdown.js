// @ts-check
import { discordTarget, linkFace, ofThisTable } from './discord-links.js';
import { t } from './texts.js';

/**
 * Discord's markdown, the parts a bot uses: bold, italics, underline, strike-through, spoilers,
 * inline code and code blocks, block quotes, headings, subtext, links, and mentions of users,
 * roles and channels. It builds DOM nodes from text, never HTML, so no message can inject markup.
 *
 * @typedef {object} MarkdownContext
 * @property {(id: string) => string | null} userName
 * @property {(id: string) => string | null} channelName
 * @property {string | null} meId
 * @property {(channelId: string) => void} openChannel
 * @property {string | null} guildId the table's server: Discord links to it (or to a DM) open in place
 * @property {(channelId: string, messageId: string | null, from: HTMLElement) => void} openMessage
 *   what a Discord client does with a link to a message (or a channel, messageId null) it can open
 * @property {string} [locale] the reader's language (a BCP 47 tag, e.g. 'es-ES'), for timestamps
 */

const INLINE = new RegExp(
  [
    /(?<ticks>`+)(?<code>[\s\S]*?[^`])\k<ticks>(?!`)/.source,
    /<@!?(?<user>\d{17,20})>/.source,
    /<@&(?<role>\d{17,20})>/.source,
    /<#(?<channel>\d{17,20})>/.source,
    /<t:(?<time>-?\d{1,13})(?::(?<style>[tTdDfFR]))?>/.source,
    /@(?<everyone>everyone|here)\b/.source,
    /\*\*(?<bold>[\s\S]+?)\*\*(?!\*)/.source,
    /__(?<underline>[\s\S]+?)__(?!_)/.source,
    /\*(?<italic>[^\s*](?:[\s\S]*?[^\s*])?)\*(?!\*)/.source,
    /\b_(?<italic2>[^\s_](?:[\s\S]*?[^\s_])?)_\b/.source,
    /~~(?<strike>[\s\S]+?)~~/.source,
    /\|\|(?<spoiler>[\s\S]+?)\|\|/.source,
    /\[(?<label>[^\]\n]+)\]\((?<href>https?:\/\/[^\s)]+)\)/.source,
    /(?<url>https?:\/\/[^\s<]+[^\s<.,:;"')\]!?])/.source,
    /\\(?<escaped>[\\*_`~|<>#[\]()-])/.source,
  ].join('|'),
);

/**
 * @param {string} text
 * @param {MarkdownContext} ctx
 * @returns {DocumentFragment}
 */
export function renderMarkdown(text, ctx) {
  const out = document.createDocumentFragment();
  const lines = text.split('\n');
  /** @type {string[]} */
  let run = [];
  const flush = () => {
    if (run.length === 0) return;
    const span = document.createElement('span');
    span.append(inline(run.join('\n'), ctx));
    out.append(span);
    run = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    // A fence closed on its own line is a block; ```on one line``` is inline code.
    if (line.startsWith('```') && !line.slice(3).includes('```')) {
      const after = line.slice(3);
      const body = /^\w*$/.test(after.trim()) ? [] : [after];
      let j = i + 1;
      while (j < lines.length && !(lines[j] ?? '').includes('```')) body.push(lines[j++] ?? '');
      const last = lines[j];
      if (last !== undefined && last.indexOf('```') > 0) body.push(last.slice(0, last.indexOf('```')));
      flush();
      const pre = document.createElement('pre');
      const code = document.createElement('code');
      code.textContent = body.join('\n');
      pre.append(code);
      out.append(pre);
      i = j;
      continue;
    }
    if (line.startsWith('>>> ')) {
      flush();
      out.append(quote([line.slice(4), ...lines.slice(i + 1)].join('\n'), ctx));
      break;
    }
    if (line.startsWith('> ') || line === '>') {
      const body = [];
      let j = i;
      while (j < lines.length && ((lines[j] ?? '').startsWith('> ') || lines[j] === '>'))
        body.push((lines[j++] ?? '').slice(2));
      flush();
      out.append(quote(body.join('\n'), ctx));
      i = j - 1;
      continue;
    }
    const heading = /^(#{1,3}) (.+)$/.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] ?? '#').length;
      const h = document.createElement(`h${level + 2}`);
      h.append(inline(heading[2] ?? '', ctx));
      out.append(h);
      continue;
    }
    if (line.startsWith('-# ')) {
      flush();
      const div = document.createElement('div');
      div.className = 'subtext';
      div.append(inline(line.slice(3), ctx));
      out.append(div);
      continue;
    }
    run.push(/^[-*] /.test(line) ? `• ${line.slice(2)}` : line);
  }
  flush();
  return out;
}

/** @param {string} text @param {MarkdownContext} ctx */
function quote(text, ctx) {
  const q = document.createElement('blockquote');
  q.append(inline(text, ctx));
  return q;
}

/**
 * @param {string} text
 * @param {MarkdownContext} ctx
 * @returns {DocumentFragment}
 */
export function inline(text, ctx) {
  const out = document.createDocumentFragment();
  let rest = text;
  while (rest !== '') {
    const m = INLINE.exec(rest);
    if (!m || m.groups === undefined) {
      out.append(rest);
      break;
    }
    if (m.index > 0) out.append(rest.slice(0, m.index));
    out.append(token(m.groups, m[0], ctx));
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

/**
 * @param {Record<string, string | undefined>} g
 * @param {string} whole
 * @param {MarkdownContext} ctx
 * @returns {Node}
 */
function token(g, whole, ctx) {
  if (g.code !== undefined) {
    const code = document.createElement('code');
    code.textContent = g.code.trim() === '' ? g.code : g.code.replace(/^ (.*) $/s, '$1');
    return code;
  }
  if (g.user !== undefined) {
    const name = ctx.userName(g.user);
    const span = element(
      'span',
      `mention${g.user === ctx.meId ? ' mention-me' : ''}`,
      `@${name ?? 'unknown-user'}`,
    );
    span.dataset.userId = g.user;
    return span;
  }
  if (g.role !== undefined) return element('span', 'mention', '@role');
  if (g.channel !== undefined) {
    const channelId = g.channel;
    const name = ctx.channelName(channelId);
    if (name === null) return element('span', 'channel-link', '#unknown');
    const link = /** @type {HTMLAnchorElement} */ (element('a', 'channel-link', `#${name}`));
    link.href = `#channel-${channelId}`;
    link.addEventListener('click', (event) => {
      event.preventDefault();
      ctx.openChannel(channelId);
    });
    return link;
  }
  if (g.time !== undefined) {
    const date = new Date(Number(g.time) * 1000);
    const time = /** @type {HTMLTimeElement} */ (
      element('time', 'mention', formatTimestamp(date, g.style, ctx.locale))
    );
    time.dateTime = date.toISOString();
    return time;
  }
  if (g.everyone !== undefined) return element('span', 'mention', `@${g.everyone}`);
  if (g.bold !== undefined) return wrap('strong', g.bold, ctx);
  if (g.underline !== undefined) return wrap('u', g.underline, ctx);
  if (g.italic !== undefined) return wrap('em', g.italic, ctx);
  if (g.italic2 !== undefined) return wrap('em', g.italic2, ctx);
  if (g.strike !== undefined) return wrap('s', g.strike, ctx);
  if (g.spoiler !== undefined) return wrap('mark', g.spoiler, ctx);
  if (g.label !== undefined && g.href !== undefined) return link(g.href, inline(g.label, ctx), ctx);
  if (g.url !== undefined) return bareLink(g.url, ctx);
  if (g.escaped !== undefined) return document.createTextNode(g.escaped);
  return document.createTextNode(whole);
}

/** @param {string} tag @param {string} text @param {MarkdownContext} ctx */
function wrap(tag, text, ctx) {
  const el = document.createElement(tag);
  el.append(inline(text, ctx));
  return el;
}

/**
 * A link opens a tab of its own, except a link to this table's own channels and messages: a Discord
 * client opens those in place, and a tab at discord.com could not show them.
 * @param {string} href @param {Node} label @param {MarkdownContext} ctx
 */
function link(href, label, ctx) {
  const a = document.createElement('a');
  a.href = href;
  a.append(label);
  const target = discordTarget(href);
  if (target && ofThisTable(target, ctx.guildId)) {
    a.className = 'message-link';
    a.addEventListener('click', (event) => {
      event.preventDefault();
      ctx.openMessage(target.channelId, target.messageId, a);
    });
    return a;
  }
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  return a;
}

/**
 * A bare link as Discord's clients draw it: a chip naming the channel (and a speech bubble for a
 * message) when it leads into this table and the reader can see there, else its address.
 * @param {string} href @param {MarkdownContext} ctx
 */
function bareLink(href, ctx) {
  const face = linkFace(href, false, ctx.guildId, ctx.channelName);
  if (face.kind !== 'chip') return link(href, document.createTextNode(href), ctx);
  const label = document.createDocumentFragment();
  label.append(element('span', 'chip-channel', `${face.prefix}${face.channel}`));
  if (face.message) label.append(element('span', 'chip-separator', '›'), bubble());
  const a = link(href, label, ctx);
  a.classList.add('chip');
  a.setAttribute(
    'aria-label',
    face.message
      ? t('page.link.message-chip', { channel: `${face.prefix}${face.channel}` })
      : `${face.prefix}${face.channel}`,
  );
  return a;
}

/** Discord's mark for "a message" in a link's chip. */
function bubble() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'chip-message');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z');
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

/** @param {string} tag @param {string} className @param {string} text */
function element(tag, className, text) {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}

/** Discord's relative-time units, largest first, with their length in seconds. */
const UNITS = /** @type {const} */ ([
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
]);

/**
 * A Discord timestamp (`<t:…:style>`) as Discord shows it to a reader of `locale`: a time, a date, or
 * a relative time in the largest unit that fits ("in 3 hours", "dentro de 3 horas").
 * @param {Date} date @param {string | undefined} style @param {string} [locale] @param {number} [now]
 */
export function formatTimestamp(date, style, locale, now = Date.now()) {
  const tag = locale ? [locale] : [];
  switch (style) {
    case 't':
      return date.toLocaleTimeString(tag, { hour: '2-digit', minute: '2-digit' });
    case 'T':
      return date.toLocaleTimeString(tag);
    case 'd':
      return date.toLocaleDateString(tag);
    case 'D':
      return date.toLocaleDateString(tag, { dateStyle: 'long' });
    case 'R': {
      const seconds = Math.round((date.getTime() - now) / 1000);
      const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
      return new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
    }
    default:
      return date.toLocaleString(tag, { dateStyle: 'long', timeStyle: 'short' });
  }
}
