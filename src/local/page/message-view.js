// @ts-check
import { color, fileChip, renderComponents } from './components.js';
import { renderMarkdown } from './markdown.js';
import { parts, t, textLocale } from './texts.js';

/**
 * One message as Discord draws it: who used which command, the author, the text, embeds, images
 * (with the bot's description as alt text), components, and for an ephemeral reply the "Only you can
 * see this" line.
 *
 * @typedef {import('../page-types.ts').PageMessage} PageMessage
 * @typedef {import('../page-types.ts').PageUser} PageUser
 * @typedef {import('./markdown.js').MarkdownContext} MarkdownContext
 * @typedef {object} MessageViewContext
 * @property {MarkdownContext} markdown
 * @property {(id: string) => PageUser | undefined} user
 * @property {(message: PageMessage, customId: string, control: HTMLElement) => void} click
 * @property {(message: PageMessage, customId: string, values: string[], control: HTMLElement) => void} select
 * @property {(type: number) => import('./components.js').Option[]} entityOptions
 * @property {(message: PageMessage) => void} dismiss
 * @property {(name: string) => string} commandLabel a command's canonical name as the reader's picker shows it
 */

/**
 * @param {PageMessage} m
 * @param {MessageViewContext} ctx
 * @returns {HTMLLIElement}
 */
export function renderMessage(m, ctx) {
  const li = document.createElement('li');
  li.className = 'message';
  li.id = `message-${m.id}`;
  li.dataset.messageId = m.id;
  const meId = ctx.markdown.meId;
  if (meId !== null && (m.mentions.users.includes(meId) || m.mentions.everyone))
    li.classList.add('mentions-me');
  if (m.ephemeral) li.classList.add('ephemeral');

  // Discord names the command a reply answers; a reply to a button or a menu has no such line.
  if (m.interaction?.name) {
    const line = document.createElement('div');
    line.className = 'interaction-line';
    const who = ctx.user(m.interaction.userId);
    const name = document.createElement('span');
    name.textContent = who?.name ?? t('page.message.someone');
    const command = document.createElement('span');
    command.className = 'command';
    // Discord's interaction carries the canonical name; the reader's client shows the command as
    // its command picker does (`/ajustes` to a Spanish reader).
    command.dataset.command = m.interaction.name;
    command.textContent = `/${ctx.commandLabel(m.interaction.name)}`;
    line.append('↱ ', ...parts('page.message.used', { user: name, command }));
    li.append(line);
  }

  const author = ctx.user(m.authorId);
  li.append(avatar(author, m.authorId));
  const head = document.createElement('div');
  head.className = 'message-head';
  const name = document.createElement('span');
  name.className = 'author';
  name.textContent = author?.name ?? t('page.message.unknown-user');
  head.append(name);
  if (author?.bot) {
    const tag = document.createElement('span');
    tag.className = 'bot-tag';
    tag.textContent = t('page.tag.bot');
    head.append(tag);
  }
  const time = document.createElement('time');
  time.className = 'time';
  time.dateTime = new Date(m.createdAt).toISOString();
  time.textContent = when(m.createdAt);
  head.append(time);
  li.append(head);

  if (m.loading) {
    const thinking = document.createElement('div');
    thinking.className = 'thinking';
    const dots = document.createElement('span');
    dots.className = 'loading-dots';
    dots.textContent = t('page.message.thinking', { name: author?.name ?? t('page.message.unknown-user') });
    thinking.append(dots);
    li.append(thinking);
  } else if (m.content !== '') {
    const content = document.createElement('div');
    content.className = 'content';
    content.append(renderMarkdown(m.content, ctx.markdown));
    if (m.editedAt !== null) {
      const edited = document.createElement('span');
      edited.className = 'edited';
      edited.textContent = ` ${t('page.message.edited')}`;
      content.append(edited);
    }
    li.append(content);
  }

  for (const embed of m.embeds) li.append(renderEmbed(embed, ctx.markdown));

  // A Components V2 message shows an attachment only where one of its components does.
  if (m.attachments.length > 0 && !m.componentsV2) {
    const box = document.createElement('div');
    box.className = 'attachments';
    for (const a of m.attachments) box.append(attachment(a));
    li.append(box);
  }

  const components = renderComponents(
    m.components,
    {
      click: (customId, control) => ctx.click(m, customId, control),
      select: (customId, values, control) => ctx.select(m, customId, values, control),
      entityOptions: ctx.entityOptions,
      markdown: (text) => renderMarkdown(text, ctx.markdown),
    },
    m.componentsV2,
  );
  if (components) li.append(components);

  if (m.ephemeral) {
    const note = document.createElement('div');
    note.className = 'ephemeral-note';
    const eye = eyeIcon();
    const text = document.createElement('span');
    text.textContent = t('page.message.ephemeral');
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.textContent = t('page.message.dismiss');
    dismiss.addEventListener('click', () => ctx.dismiss(m));
    note.append(eye, text, dismiss);
    li.append(note);
  }
  return li;
}

function eyeIcon() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute(
    'd',
    'M12 5C5.6 5 2 12 2 12s3.6 7 10 7 10-7 10-7-3.6-7-10-7Zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z',
  );
  svg.append(path);
  return svg;
}

/** @param {PageUser | undefined} user @param {string} id */
export function avatar(user, id) {
  const span = document.createElement('span');
  span.className = `avatar${user?.bot ? ' bot' : ''}`;
  span.setAttribute('aria-hidden', 'true');
  const name = user?.name ?? '?';
  span.textContent = name.slice(0, 1).toUpperCase();
  if (!user?.bot) span.style.backgroundColor = avatarColor(id);
  return span;
}

/** Discord's default avatar colours, picked by id so a person keeps theirs. */
const AVATAR_COLORS = [
  '#5865f2',
  '#3ba55c',
  '#faa61a',
  '#ed4245',
  '#eb459e',
  '#00a8fc',
  '#9b59b6',
  '#1abc9c',
];

/** @param {string} id */
function avatarColor(id) {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? '#5865f2';
}

/** @param {number} ms */
function when(ms) {
  const date = new Date(ms);
  const today = new Date();
  const locale = textLocale();
  const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === today.toDateString()) return t('page.message.today', { time });
  return `${date.toLocaleDateString(locale)} ${time}`;
}

/** @param {import('../page-types.ts').PageAttachment} a */
function attachment(a) {
  const link = document.createElement('a');
  link.href = a.url;
  link.target = '_blank';
  link.rel = 'noopener';
  if (a.contentType?.startsWith('image/')) {
    const img = document.createElement('img');
    img.src = a.url;
    img.alt = a.description ?? a.filename;
    img.title = a.filename;
    if (a.width && a.height) {
      img.width = a.width;
      img.height = a.height;
    }
    link.append(img);
    return link;
  }
  return fileChip(a.url, a.filename, a.size);
}

/**
 * @param {import('discord-api-types/v10').APIEmbed} e
 * @param {MarkdownContext} md
 */
function renderEmbed(e, md) {
  const box = document.createElement('div');
  box.className = 'embed';
  if (typeof e.color === 'number') box.style.borderLeftColor = color(e.color);
  if (e.author?.name) box.append(div('embed-author', e.author.name));
  if (e.title) {
    const title = div('embed-title', '');
    if (e.url) {
      const a = document.createElement('a');
      a.href = e.url;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.textContent = e.title;
      title.append(a);
    } else title.append(renderMarkdown(e.title, md));
    box.append(title);
  }
  if (e.description) {
    const d = div('embed-description content', '');
    d.append(renderMarkdown(e.description, md));
    box.append(d);
  }
  if (e.fields?.length) {
    const grid = div('embed-fields', '');
    for (const f of e.fields) {
      const field = div(`embed-field${f.inline ? ' inline' : ''}`, '');
      const name = div('embed-field-name', '');
      name.append(renderMarkdown(f.name, md));
      const value = div('content', '');
      value.append(renderMarkdown(f.value, md));
      field.append(name, value);
      grid.append(field);
    }
    box.append(grid);
  }
  for (const image of [e.image, e.thumbnail]) {
    if (!image?.url) continue;
    const img = document.createElement('img');
    img.src = image.url;
    img.alt = e.title ?? t('page.message.embedded-image');
    box.append(img);
  }
  const footer = [
    e.footer?.text,
    e.timestamp ? new Date(e.timestamp).toLocaleString(textLocale()) : null,
  ].filter(Boolean);
  if (footer.length > 0) box.append(div('embed-footer', footer.join(' • ')));
  return box;
}

/** @param {string} className @param {string} text */
function div(className, text) {
  const el = document.createElement('div');
  el.className = className;
  el.textContent = text;
  return el;
}
