// @ts-check
import { t } from './texts.js';

/**
 * Message components as Discord's clients draw them: action rows of buttons and select menus, and the
 * layout components of Components V2 (containers, sections, text displays, thumbnails, media galleries,
 * files, separators). Buttons are real buttons; a select menu is a button that opens a list of option
 * buttons, with their descriptions. A button or menu inside a container or a section is drawn and
 * answers exactly as one in an action row. Media urls arrive resolved (page-types.ts); an
 * `attachment://` left unresolved names a file the message does not have, and says so. A component
 * the page does not know is a small note, never a failure of the whole message.
 *
 * @typedef {import('../page-types.ts').PageMessage} PageMessage
 * @typedef {{ label: string, value: string, description?: string, default?: boolean }} Option
 * @typedef {object} ComponentActions
 * @property {(customId: string, control: HTMLElement) => void} click
 * @property {(customId: string, values: string[], control: HTMLElement) => void} select
 * @property {(type: number) => Option[]} entityOptions users (type 5), channels (8), for auto-populated selects
 * @property {(text: string) => Node} markdown
 */

const BUTTON_STYLE = /** @type {Record<number, string>} */ ({
  1: 'primary',
  2: 'secondary',
  3: 'success',
  4: 'danger',
  5: 'link',
  6: 'primary',
});

/**
 * How Discord's clients tile a media gallery of n items: rows of 1, 2 or 3 (the three-item gallery is
 * one large picture beside two small ones, drawn apart).
 */
const GALLERY_ROWS = /** @type {Record<number, number[]>} */ ({
  1: [1],
  2: [2],
  4: [2, 2],
  5: [2, 3],
  6: [3, 3],
  7: [1, 3, 3],
  8: [2, 3, 3],
  9: [3, 3, 3],
  10: [1, 3, 3, 3],
});

/**
 * @param {readonly unknown[]} components
 * @param {ComponentActions} actions
 * @param {boolean} [v2] the message's components are its whole body (IS_COMPONENTS_V2)
 * @returns {HTMLElement | null}
 */
export function renderComponents(components, actions, v2 = false) {
  if (components.length === 0) return null;
  const box = document.createElement('div');
  box.className = 'components';
  if (v2) box.classList.add('v2');
  for (const c of components) {
    const node = renderNode(c, actions);
    if (node) box.append(node);
  }
  return box;
}

/**
 * @param {unknown} value a component as the bot sent it
 * @param {ComponentActions} actions
 * @returns {HTMLElement | null}
 */
function renderNode(value, actions) {
  if (typeof value !== 'object' || value === null) return unsupported('?');
  const c = /** @type {Record<string, any>} */ (value);
  switch (c.type) {
    case 1: {
      const row = document.createElement('div');
      row.className = 'action-row';
      append(row, c.components, actions);
      return row;
    }
    case 2:
      return button(c, actions);
    case 3:
    case 5:
    case 6:
    case 7:
    case 8:
      return selectMenu(c, actions);
    case 9:
      return section(c, actions);
    case 10: {
      const div = document.createElement('div');
      div.className = 'content';
      div.classList.add('text-display');
      div.append(actions.markdown(String(c.content ?? '')));
      return div;
    }
    case 11:
      return thumbnail(c);
    case 12:
      return gallery(c);
    case 13:
      return file(c);
    case 14:
      return separator(c);
    case 17:
      return container(c, actions);
    default:
      return unsupported(String(c.type));
  }
}

/** @param {HTMLElement} parent @param {unknown} children @param {ComponentActions} actions */
function append(parent, children, actions) {
  for (const child of Array.isArray(children) ? children : []) {
    const node = renderNode(child, actions);
    if (node) parent.append(node);
  }
}

/** @param {string} type */
function unsupported(type) {
  const note = document.createElement('p');
  note.className = 'component-unsupported';
  note.textContent = t('page.component.unknown', { type });
  return note;
}

/**
 * A card with the accent colour as a bar down its left side; everything in it (rows and menus too)
 * as at the top level.
 *
 * @param {Record<string, any>} c @param {ComponentActions} actions
 */
function container(c, actions) {
  const box = document.createElement('div');
  box.className = 'v2-container';
  box.setAttribute('role', 'group');
  if (typeof c.accent_color === 'number') {
    box.classList.add('accent');
    box.style.borderLeftColor = color(c.accent_color);
  }
  append(box, c.components, actions);
  return c.spoiler === true ? spoiler(box) : box;
}

/**
 * Text beside its accessory: a button centred on the right, which wraps below the text when a phone
 * has no room for both (as Discord's app), or a thumbnail at the top right, which never wraps.
 *
 * @param {Record<string, any>} c @param {ComponentActions} actions
 */
function section(c, actions) {
  const box = document.createElement('div');
  box.className = 'section';
  const text = document.createElement('div');
  text.className = 'section-text';
  append(text, c.components, actions);
  box.append(text);
  const accessory = c.accessory === undefined ? null : renderNode(c.accessory, actions);
  if (accessory) {
    const side = document.createElement('div');
    side.className = 'section-accessory';
    side.append(accessory);
    box.classList.add(c.accessory?.type === 11 ? 'with-thumbnail' : 'with-button');
    box.append(side);
  }
  return box;
}

/** @param {Record<string, any>} c */
function thumbnail(c) {
  const shown = media(c.media, c.description);
  shown.classList.add('thumbnail');
  return c.spoiler === true ? spoiler(shown) : shown;
}

/** @param {Record<string, any>} c */
function gallery(c) {
  const items = Array.isArray(c.items) ? c.items : [];
  const box = document.createElement('div');
  box.className = 'gallery';
  box.dataset.count = String(items.length);
  const spans = gallerySpans(items.length);
  items.forEach((/** @type {any} */ item, /** @type {number} */ i) => {
    const cell = document.createElement('div');
    cell.className = 'gallery-item';
    const span = spans[i];
    if (span) {
      cell.style.gridColumn = `span ${span}`;
      cell.dataset.span = String(span);
    }
    const shown = media(item?.media, item?.description);
    cell.append(item?.spoiler === true ? spoiler(shown) : shown);
    box.append(cell);
  });
  return box;
}

/**
 * Each item's width in sixths of the gallery. Three items are the CSS's own layout (one large, two
 * stacked), and so is a count Discord would refuse (over 10).
 *
 * @param {number} count @returns {number[]}
 */
function gallerySpans(count) {
  const rows = GALLERY_ROWS[count];
  if (!rows) return [];
  return rows.flatMap((n) => Array.from({ length: n }, () => 6 / n));
}

/**
 * A picture as Discord's clients show media: a link to the full picture around it, the bot's
 * description as its alt text (the file's name where it gave none).
 *
 * @param {unknown} value the unfurled media @param {unknown} description
 * @returns {HTMLElement}
 */
function media(value, description) {
  const m = /** @type {Record<string, any> | null} */ (typeof value === 'object' ? value : null);
  const url = pageUrl(m?.url);
  if (url === null) return missing(m?.url);
  const link = document.createElement('a');
  link.className = 'media';
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  const img = document.createElement('img');
  img.src = url;
  img.alt = typeof description === 'string' && description !== '' ? description : fileName(url);
  if (typeof m?.width === 'number' && typeof m?.height === 'number') {
    // The box keeps its shape before the picture arrives, so the list does not jump.
    img.width = m.width;
    img.height = m.height;
  }
  link.append(img);
  return link;
}

/** A File component: the file's chip, named and sized as Discord answers it. @param {Record<string, any>} c */
function file(c) {
  const url = pageUrl(c.file?.url);
  if (url === null) return missing(c.file?.url);
  const name = typeof c.name === 'string' ? c.name : fileName(url);
  const chip = fileChip(url, name, typeof c.size === 'number' ? c.size : null);
  return c.spoiler === true ? spoiler(chip) : chip;
}

/**
 * A file as Discord's clients show one that is not a picture: its name and size, a link to it.
 *
 * @param {string} url @param {string} name @param {number | null} size bytes, when known
 */
export function fileChip(url, name, size) {
  const link = document.createElement('a');
  link.className = 'file';
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = size === null ? `📄 ${name}` : `📄 ${name} (${Math.ceil(size / 1024)} KB)`;
  return link;
}

/** @param {Record<string, any>} c */
function separator(c) {
  const large = c.spacing === 2;
  if (c.divider === false) {
    const space = document.createElement('div');
    space.className = 'separator-space';
    if (large) space.classList.add('large');
    space.setAttribute('aria-hidden', 'true');
    return space;
  }
  const hr = document.createElement('hr');
  hr.className = 'separator';
  if (large) hr.classList.add('large');
  return hr;
}

/**
 * Hidden behind a "Spoiler" cover until it is pressed, as Discord hides a spoiler's media.
 *
 * @param {HTMLElement} inner
 */
function spoiler(inner) {
  const box = document.createElement('div');
  box.className = 'spoiler-box';
  inner.setAttribute('aria-hidden', 'true');
  inner.inert = true;
  const reveal = document.createElement('button');
  reveal.type = 'button';
  reveal.className = 'spoiler-reveal';
  reveal.textContent = t('page.component.spoiler');
  reveal.addEventListener('click', () => {
    inner.removeAttribute('aria-hidden');
    inner.inert = false;
    box.classList.add('revealed');
    reveal.remove();
  });
  box.append(inner, reveal);
  return box;
}

/** What a media url the page cannot show names: a file the message does not have. @param {unknown} url */
function missing(url) {
  const note = document.createElement('p');
  note.className = 'component-unsupported';
  const name = typeof url === 'string' ? url.replace(/^attachment:\/\//, '') : '?';
  note.textContent = t('page.component.missing-file', { name });
  return note;
}

/**
 * A url the page may load and link to: the page's own attachments, or the web's. Anything else (an
 * unresolved `attachment://`, a `javascript:` link) is not.
 *
 * @param {unknown} url @returns {string | null}
 */
function pageUrl(url) {
  if (typeof url !== 'string') return null;
  return url.startsWith('/attachments/') || /^https?:\/\//i.test(url) ? url : null;
}

/** @param {string} url */
function fileName(url) {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    // A name with a stray "%" is shown as it is written.
    return last;
  }
}

/** @param {Record<string, any>} c @param {ComponentActions} actions */
function button(c, actions) {
  const style = BUTTON_STYLE[c.style] ?? 'secondary';
  if (c.style === 5 && typeof c.url === 'string') {
    const a = document.createElement('a');
    a.className = 'btn link';
    a.href = c.url;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.textContent = `${c.label ?? c.url} ↗`;
    return a;
  }
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `btn ${style}`;
  b.textContent = [c.emoji?.name, c.label].filter(Boolean).join(' ');
  b.disabled = Boolean(c.disabled);
  b.dataset.customId = c.custom_id;
  b.addEventListener('click', () => actions.click(c.custom_id, b));
  return b;
}

/** @param {Record<string, any>} c @param {ComponentActions} actions */
function selectMenu(c, actions) {
  /** @type {Option[]} */
  const options = c.type === 3 ? (c.options ?? []) : actions.entityOptions(c.type);
  const min = c.min_values ?? 1;
  const max = Math.min(c.max_values ?? 1, options.length);
  const wrap = document.createElement('div');
  wrap.className = 'select';
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'select-toggle';
  toggle.disabled = Boolean(c.disabled);
  toggle.setAttribute('aria-haspopup', 'true');
  toggle.setAttribute('aria-expanded', 'false');
  toggle.dataset.customId = c.custom_id;
  const chosen = options.filter((o) => o.default).map((o) => o.label);
  const label = document.createElement('span');
  label.textContent = chosen.length > 0 ? chosen.join(', ') : (c.placeholder ?? t('page.select.placeholder'));
  const chevron = document.createElement('span');
  chevron.className = 'chevron';
  chevron.setAttribute('aria-hidden', 'true');
  chevron.textContent = '▾';
  toggle.append(label, chevron);
  const list = document.createElement('ul');
  list.className = 'select-options';
  list.hidden = true;
  list.setAttribute('aria-label', c.placeholder ?? t('page.select.options'));

  const close = () => {
    list.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    document.removeEventListener('click', outside, true);
  };
  /** @param {MouseEvent} event */
  const outside = (event) => {
    if (!wrap.contains(/** @type {Node} */ (event.target))) close();
  };
  toggle.addEventListener('click', () => {
    if (!list.hidden) return close();
    // Open upwards when the menu would run off the bottom of the message list.
    const scroller = wrap.closest('.messages');
    const room = scroller
      ? scroller.getBoundingClientRect().bottom - toggle.getBoundingClientRect().bottom
      : 400;
    wrap.classList.toggle('up', room < 260);
    list.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    document.addEventListener('click', outside, true);
    /** @type {HTMLElement | null} */ (list.querySelector('button, input'))?.focus();
  });
  wrap.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !list.hidden) {
      close();
      toggle.focus();
    }
  });

  if (max <= 1) {
    for (const o of options) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'select-option';
      b.dataset.value = o.value;
      const strong = document.createElement('span');
      strong.textContent = o.label;
      b.append(strong);
      if (o.description) {
        const small = document.createElement('small');
        small.textContent = o.description;
        b.append(small);
      }
      b.addEventListener('click', () => {
        close();
        actions.select(c.custom_id, [o.value], toggle);
      });
      li.append(b);
      list.append(li);
    }
  } else {
    for (const o of options) {
      const li = document.createElement('li');
      const labelEl = document.createElement('label');
      labelEl.className = 'select-option';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.value = o.value;
      box.checked = Boolean(o.default);
      const text = document.createElement('span');
      text.textContent = o.label;
      labelEl.append(box, text);
      li.append(labelEl);
      list.append(li);
    }
    const li = document.createElement('li');
    const done = document.createElement('button');
    done.type = 'button';
    done.className = 'btn primary';
    done.style.margin = '6px 12px';
    done.textContent = t('page.select.choose', { min, max });
    done.addEventListener('click', () => {
      const values = [...list.querySelectorAll('input:checked')].map(
        (i) => /** @type {HTMLInputElement} */ (i).value,
      );
      close();
      actions.select(c.custom_id, values, toggle);
    });
    li.append(done);
    list.append(li);
  }
  wrap.append(toggle, list);
  return wrap;
}

/** @param {number} value */
export function color(value) {
  return `#${value.toString(16).padStart(6, '0')}`;
}
