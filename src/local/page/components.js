// @ts-check
import { t } from './texts.js';

/**
 * Message components as Discord draws them: action rows of buttons and select menus, plus the
 * layout components (containers, sections, text, media) of components v2. Buttons are real buttons;
 * a select menu is a button that opens a list of option buttons, with their descriptions.
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
 * @param {readonly unknown[]} components
 * @param {ComponentActions} actions
 * @returns {HTMLElement | null}
 */
export function renderComponents(components, actions) {
  if (components.length === 0) return null;
  const box = document.createElement('div');
  box.className = 'components';
  for (const c of components) {
    const node = renderNode(/** @type {Record<string, any>} */ (c), actions);
    if (node) box.append(node);
  }
  return box;
}

/**
 * @param {Record<string, any>} c a component as the bot sent it
 * @param {ComponentActions} actions
 * @returns {HTMLElement | null}
 */
function renderNode(c, actions) {
  switch (c.type) {
    case 1: {
      const row = document.createElement('div');
      row.className = 'action-row';
      for (const child of c.components ?? []) {
        const node = renderNode(child, actions);
        if (node) row.append(node);
      }
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
    case 9: {
      // Section: text on the left, a button or thumbnail on the right.
      const section = document.createElement('div');
      section.className = 'action-row';
      const text = document.createElement('div');
      text.style.flex = '1';
      for (const child of c.components ?? []) {
        const node = renderNode(child, actions);
        if (node) text.append(node);
      }
      section.append(text);
      const accessory = c.accessory ? renderNode(c.accessory, actions) : null;
      if (accessory) section.append(accessory);
      return section;
    }
    case 10: {
      const div = document.createElement('div');
      div.className = 'content';
      div.append(actions.markdown(String(c.content ?? '')));
      return div;
    }
    case 11:
      return media(c.media?.url, c.description);
    case 12: {
      const gallery = document.createElement('div');
      gallery.className = 'attachments';
      for (const item of c.items ?? []) {
        const img = media(item.media?.url, item.description);
        if (img) gallery.append(img);
      }
      return gallery;
    }
    case 14:
      return document.createElement('hr');
    case 17: {
      const container = document.createElement('div');
      container.className = 'embed';
      if (typeof c.accent_color === 'number') container.style.borderLeftColor = color(c.accent_color);
      for (const child of c.components ?? []) {
        const node = renderNode(child, actions);
        if (node) container.append(node);
      }
      return container;
    }
    default: {
      const unknown = document.createElement('p');
      unknown.className = 'interaction-error';
      unknown.textContent = t('page.component.unknown', { type: String(c.type) });
      return unknown;
    }
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

/** @param {unknown} url @param {unknown} description */
function media(url, description) {
  if (typeof url !== 'string') return null;
  const img = document.createElement('img');
  img.src = url;
  img.alt = typeof description === 'string' ? description : '';
  return img;
}

/** @param {number} value */
export function color(value) {
  return `#${value.toString(16).padStart(6, '0')}`;
}
