// @ts-check
import { joinList, t, textLocale } from './texts.js';

/**
 * The message box, which here only runs slash commands (the loopback Discord carries no plain chat).
 * Typing "/" lists the bot's registered commands; choosing one turns its options into fields
 * (numbers, choices, users, channels, and text with the bot's own autocomplete suggestions). A whole
 * command can also be typed as Discord shows it: `/valley computers:1`.
 *
 * Commands, options and choices show in the reader's locale (`label`, and the server's localized
 * descriptions and choice names), as their Discord client would show them, while what is sent keeps
 * the canonical names (`path`, option `name`) and choice values, as Discord's interaction does:
 * `/valle máquinas:1` runs `valley` with `{ computers: 1 }`.
 *
 * @typedef {import('../page-types.ts').PageCommand} PageCommand
 * @typedef {import('../page-types.ts').PageCommandOption} CommandOption
 * @typedef {{ label: string, value: string }} Choice
 * @typedef {object} ComposerHost
 * @property {() => PageCommand[]} commands
 * @property {() => Promise<void>} commandsLoaded the commands of the channel now open, once read
 * @property {(type: number) => Choice[]} entities users (6) or channels (7) to choose from
 * @property {(command: string, options: Record<string, string | number | boolean>) => Promise<void>} run
 * @property {(command: string, options: Record<string, string | number | boolean>, focused: string) => Promise<{ name: string, value: string | number }[]>} autocomplete
 */

const TYPE = { STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, NUMBER: 10 };

export class Composer {
  /** @param {ComposerHost} host */
  constructor(host) {
    this.host = host;
    this.form = /** @type {HTMLFormElement} */ (document.getElementById('composer'));
    this.input = /** @type {HTMLInputElement} */ (document.getElementById('command-input'));
    this.chip = /** @type {HTMLElement} */ (document.getElementById('command-chip'));
    this.fields = /** @type {HTMLElement} */ (document.getElementById('option-fields'));
    this.send = /** @type {HTMLButtonElement} */ (document.getElementById('send'));
    this.list = /** @type {HTMLElement} */ (document.getElementById('suggestions'));
    this.error = /** @type {HTMLElement} */ (document.getElementById('composer-error'));
    /** @type {PageCommand | null} */
    this.command = null;
    /** @type {{ label: string, pick: () => void, detail?: string }[]} */
    this.items = [];
    this.active = 0;
    /** @type {number | undefined} */
    this.timer = undefined;
    this.busy = false;

    this.input.addEventListener('input', () => this.#typed());
    this.input.addEventListener('focus', () => this.#typed());
    this.input.addEventListener('keydown', (event) => this.#key(event));
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit();
    });
    this.form.addEventListener('focusout', (event) => {
      if (!this.form.contains(/** @type {Node | null} */ (event.relatedTarget))) this.#hideList();
    });
  }

  /** An empty box (a new channel, or a command sent). */
  reset() {
    this.command = null;
    this.chip.hidden = true;
    this.fields.replaceChildren();
    this.send.hidden = true;
    this.input.hidden = false;
    this.input.value = '';
    this.#hideList();
    this.#showError(null);
  }

  /**
   * The list of commands shown while they were still being read is shown again, complete; a command
   * already chosen is drawn again in the new list's words (the language switch reads the list again),
   * keeping what was filled in.
   */
  commandsChanged() {
    if (this.command === null) {
      if (document.activeElement === this.input) this.#typed();
      return;
    }
    const path = this.command.path;
    const same = this.host.commands().find((c) => c.path === path);
    if (same) this.#redraw(same);
  }

  /** Named on the box, so that a change of language rewrites it (texts.js applyTexts). @param {string} key */
  set placeholder(key) {
    this.input.dataset.i18nPlaceholder = key;
    this.input.placeholder = t(key);
  }

  // ── typing a command ───────────────────────────────────────────────────────────────────────────

  #typed() {
    this.#showError(null);
    const text = this.input.value;
    if (!text.startsWith('/')) return this.#hideList();
    const typed = text.slice(1).trim().toLowerCase();
    const commands = this.host.commands();
    // Discord's picker finds a localized command by the name it shows and by its default name too
    // (discord/discord-api-docs#5446: the English name brings up the localized command), and lists it
    // under the shown one: `/valley` and `/valle` both find `/valle` for a Spanish reader.
    const names = (/** @type {PageCommand} */ c) => [c.label.toLowerCase(), c.path];
    const matches = commands.filter(
      (c) =>
        names(c).some((n) => n.startsWith(typed)) ||
        (typed !== '' && names(c).some((n) => n.includes(typed))),
    );
    this.#showList(
      t('page.composer.commands'),
      matches.map((c) => ({ label: `/${c.label}`, detail: c.description, pick: () => this.choose(c) })),
      commands.length === 0 ? t('page.composer.none') : t('page.composer.no-match'),
    );
  }

  /** @param {KeyboardEvent} event */
  #key(event) {
    if (!this.list.hidden && this.items.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        this.#highlight(this.active + (event.key === 'ArrowDown' ? 1 : -1));
        return;
      }
      if (event.key === 'Tab' || (event.key === 'Enter' && !this.#typedInFull())) {
        event.preventDefault();
        this.items[this.active]?.pick();
        return;
      }
    }
    if (event.key === 'Escape') this.#hideList();
  }

  /** Whether the text is a whole command with its options, to be run as typed. */
  #typedInFull() {
    const parsed = this.#parse(this.input.value);
    return parsed !== null && (parsed.rest !== '' || parsed.command.options.length === 0);
  }

  /**
   * A command typed in full, by its shown name or its default one (as the picker finds it).
   * @param {string} text
   */
  #parse(text) {
    if (!text.startsWith('/')) return null;
    const body = text.slice(1).trim();
    const lower = body.toLowerCase();
    const found = this.host
      .commands()
      .flatMap((command) =>
        [command.label.toLowerCase(), command.path]
          .filter((name) => lower === name || lower.startsWith(`${name} `))
          .map((name) => ({ command, length: name.length })),
      )
      .sort((a, b) => b.length - a.length)[0];
    return found ? { command: found.command, rest: body.slice(found.length).trim() } : null;
  }

  /** @param {PageCommand} command */
  choose(command) {
    this.command = command;
    this.#hideList();
    this.input.hidden = true;
    this.chip.hidden = false;
    this.chip.textContent = `/${command.label}`;
    this.send.hidden = false;
    this.fields.replaceChildren(...command.options.map((o) => this.#field(o)));
    const first = this.fields.querySelector('input, select');
    /** @type {HTMLElement} */ (first ?? this.send).focus();
  }

  /**
   * The chosen command's chip and fields in `command`'s words, with the values and the focus they had.
   * @param {PageCommand} command
   */
  #redraw(command) {
    const focused = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (
      this.fields.contains(document.activeElement) ? document.activeElement : null
    );
    /** @type {Map<string, { value: string, chosen: string | undefined }>} */
    const kept = new Map();
    for (const control of this.fields.querySelectorAll('input, select')) {
      const c = /** @type {HTMLInputElement | HTMLSelectElement} */ (control);
      kept.set(c.name, { value: c.value, chosen: c.dataset.value });
    }
    this.command = command;
    this.chip.textContent = `/${command.label}`;
    this.fields.replaceChildren(...command.options.map((o) => this.#field(o)));
    for (const control of this.fields.querySelectorAll('input, select')) {
      const c = /** @type {HTMLInputElement | HTMLSelectElement} */ (control);
      const was = kept.get(c.name);
      if (!was) continue;
      c.value = was.value;
      if (was.chosen !== undefined) c.dataset.value = was.chosen;
    }
    if (focused)
      /** @type {HTMLElement | null} */ (this.fields.querySelector(`[name="${focused.name}"]`))?.focus();
  }

  // ── option fields ──────────────────────────────────────────────────────────────────────────────

  /** @param {CommandOption} o */
  #field(o) {
    const wrap = document.createElement('span');
    wrap.className = 'option-field';
    wrap.dataset.option = o.name;
    const id = `option-${o.name}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.title = o.description;
    label.textContent = o.label;
    if (!o.required) {
      const optional = document.createElement('span');
      optional.className = 'optional';
      optional.textContent = ` ${t('page.composer.optional')}`;
      label.append(optional);
    }
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let control;
    const choices = 'choices' in o && Array.isArray(o.choices) ? o.choices : null;
    if (choices || o.type === TYPE.BOOLEAN || o.type === TYPE.USER || o.type === TYPE.CHANNEL) {
      const select = document.createElement('select');
      const empty = document.createElement('option');
      empty.value = '';
      empty.textContent = o.required ? t('page.composer.choose') : '—';
      select.append(empty);
      /** @type {Choice[]} */
      const list = choices
        ? choices.map((c) => ({ label: c.name, value: String(c.value) }))
        : o.type === TYPE.BOOLEAN
          ? [
              { label: t('page.composer.true'), value: 'true' },
              { label: t('page.composer.false'), value: 'false' },
            ]
          : this.host.entities(o.type);
      for (const c of list) {
        const option = document.createElement('option');
        option.value = c.value;
        option.textContent = c.label;
        select.append(option);
      }
      control = select;
    } else {
      const input = document.createElement('input');
      input.placeholder = o.description;
      if (o.type === TYPE.INTEGER || o.type === TYPE.NUMBER) {
        input.type = 'number';
        input.step = o.type === TYPE.INTEGER ? '1' : 'any';
        if ('min_value' in o && o.min_value !== undefined) input.min = String(o.min_value);
        if ('max_value' in o && o.max_value !== undefined) input.max = String(o.max_value);
      }
      if ('autocomplete' in o && o.autocomplete) {
        input.setAttribute('aria-autocomplete', 'list');
        input.addEventListener('input', () => {
          delete input.dataset.value;
          this.#suggest(o, input);
        });
        input.addEventListener('focus', () => this.#suggest(o, input));
      }
      input.addEventListener('keydown', (event) => this.#fieldKey(event, input));
      control = input;
    }
    control.id = id;
    control.name = o.name;
    control.setAttribute('aria-description', o.description);
    control.addEventListener('keydown', (event) => {
      const e = /** @type {KeyboardEvent} */ (event);
      if (e.key === 'Escape' && this.list.hidden) this.#back();
      if (
        e.key === 'Backspace' &&
        control.value === '' &&
        control === this.fields.querySelector('input, select')
      )
        this.#back();
    });
    wrap.append(label, control);
    return wrap;
  }

  /** @param {KeyboardEvent} event @param {HTMLInputElement} input */
  #fieldKey(event, input) {
    if (this.list.hidden || this.items.length === 0 || this.list.dataset.for !== input.id) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      this.#highlight(this.active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      this.items[this.active]?.pick();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.#hideList();
    }
  }

  /** Asks the bot for suggestions (its autocomplete handler), a moment after the last key. */
  /** @param {CommandOption} o @param {HTMLInputElement} input */
  #suggest(o, input) {
    clearTimeout(this.timer);
    this.timer = window.setTimeout(async () => {
      const command = this.command;
      if (!command) return;
      try {
        const choices = await this.host.autocomplete(
          command.path,
          { ...this.#values(false), [o.name]: input.value },
          o.name,
        );
        if (this.command !== command || document.activeElement !== input) return;
        this.#showList(
          o.label,
          choices.map((c) => ({
            label: c.name,
            pick: () => {
              input.value = c.name;
              input.dataset.value = String(c.value);
              this.#hideList();
              input.focus();
            },
          })),
          t('page.composer.no-suggestion'),
          input.id,
        );
      } catch (error) {
        this.#showError(
          t('page.composer.autocomplete-failed', {
            reason: error instanceof Error ? error.message : String(error),
          }),
        );
      }
    }, 150);
  }

  #back() {
    const shown = this.command?.label ?? '';
    this.reset();
    this.input.value = `/${shown}`;
    this.input.focus();
  }

  /**
   * The options as the API takes them. With `strict`, a missing required option or a bad number is
   * marked on its field and reported.
   * @param {boolean} strict
   * @returns {Record<string, string | number | boolean>}
   */
  #values(strict) {
    /** @type {Record<string, string | number | boolean>} */
    const out = {};
    /** @type {string[]} */
    const problems = [];
    for (const o of this.command?.options ?? []) {
      const control = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (
        this.fields.querySelector(`[name="${o.name}"]`)
      );
      const wrap = control?.closest('.option-field');
      wrap?.classList.remove('missing');
      const raw = (control?.dataset.value ?? control?.value ?? '').trim();
      if (raw === '') {
        if (o.required) {
          problems.push(t('page.composer.fill-in', { option: o.label }));
          wrap?.classList.add('missing');
        }
        continue;
      }
      if (o.type === TYPE.INTEGER || o.type === TYPE.NUMBER) {
        const n = Number(raw);
        if (!Number.isFinite(n) || (o.type === TYPE.INTEGER && !Number.isInteger(n))) {
          problems.push(
            t(o.type === TYPE.INTEGER ? 'page.composer.whole-number' : 'page.composer.number', {
              option: o.label,
            }),
          );
          wrap?.classList.add('missing');
          continue;
        }
        out[o.name] = n;
      } else if (o.type === TYPE.BOOLEAN) out[o.name] = raw === 'true';
      else out[o.name] = raw;
    }
    if (strict && problems.length > 0)
      throw new Error(
        t('page.composer.problems', {
          command: this.command?.label ?? '',
          problems: joinList(problems, 'conjunction'),
        }),
      );
    return out;
  }

  // ── running ────────────────────────────────────────────────────────────────────────────────────

  async submit() {
    if (this.busy) return;
    this.busy = true;
    this.send.disabled = true;
    try {
      await this.#submit();
    } finally {
      this.busy = false;
      this.send.disabled = false;
    }
  }

  async #submit() {
    this.#hideList();
    // Enter pressed while the page is still opening a channel: wait for its commands rather than call /x unknown.
    await this.host.commandsLoaded();
    /** @type {{ path: string, options: Record<string, string | number | boolean> }} */
    let run;
    try {
      if (this.command) {
        run = { path: this.command.path, options: this.#values(true) };
      } else {
        const text = this.input.value.trim();
        if (text === '') return;
        if (!text.startsWith('/')) throw new Error(t('page.composer.slash-only'));
        const parsed = this.#parse(text);
        if (!parsed) throw new Error(t('page.composer.unknown', { command: text.split(/\s/)[0] ?? text }));
        run = {
          path: parsed.command.path,
          options: typedOptions(parsed.command, parsed.rest, (type) => this.host.entities(type)),
        };
      }
    } catch (error) {
      this.#showError(error instanceof Error ? error.message : String(error));
      return;
    }
    try {
      await this.host.run(run.path, run.options);
      this.reset();
      this.input.focus();
    } catch (error) {
      this.#showError(error instanceof Error ? error.message : String(error));
    }
  }

  // ── the suggestion list ────────────────────────────────────────────────────────────────────────

  /**
   * @param {string} title
   * @param {{ label: string, pick: () => void, detail?: string }[]} items
   * @param {string} empty
   * @param {string} [forId]
   */
  #showList(title, items, empty, forId = '') {
    this.items = items;
    this.active = 0;
    this.list.dataset.for = forId;
    const heading = document.createElement('h3');
    heading.textContent = title;
    const rows = items.map((item, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'suggestion';
      b.setAttribute('role', 'option');
      b.tabIndex = -1;
      const name = document.createElement('span');
      name.className = 's-name';
      name.textContent = item.label;
      b.append(name);
      if (item.detail) {
        const detail = document.createElement('span');
        detail.className = 's-desc';
        detail.textContent = item.detail;
        b.append(detail);
      }
      b.addEventListener('mousedown', (event) => event.preventDefault());
      b.addEventListener('click', () => item.pick());
      b.addEventListener('mouseenter', () => this.#highlight(i));
      return b;
    });
    if (rows.length === 0) {
      const none = document.createElement('p');
      none.className = 'hint';
      none.style.margin = '4px 12px';
      none.textContent = empty;
      this.list.replaceChildren(heading, none);
    } else this.list.replaceChildren(heading, ...rows);
    this.list.hidden = false;
    this.#highlight(0);
  }

  /** @param {number} index */
  #highlight(index) {
    const rows = [...this.list.querySelectorAll('.suggestion')];
    if (rows.length === 0) return;
    this.active = (index + rows.length) % rows.length;
    rows.forEach((row, i) => {
      row.setAttribute('aria-selected', String(i === this.active));
    });
    rows[this.active]?.scrollIntoView({ block: 'nearest' });
  }

  #hideList() {
    this.list.hidden = true;
    this.items = [];
  }

  /** @param {string | null} message */
  #showError(message) {
    this.error.hidden = message === null;
    this.error.textContent = message ?? '';
  }
}

/** A word and a colon at the start or after a space, as an option is written; not a link's `https://`. */
const UNKNOWN_OPTION = /(?:^|\s)(\p{L}[\p{L}\p{N}_-]*):(?!\/\/)/u;

/**
 * `name:value` pairs as Discord writes a command in text: a value runs until the next ` name:`. An
 * option is named as shown (`máquinas:1`) or by its canonical name, and answered by the canonical one.
 * A user or channel is typed as Discord writes it (`<@id>`, `<#id>`), or by the name the page shows it by
 * (`player:alice`, `@alice`, `#general`), which `entities` turns into its id.
 * @param {PageCommand} command
 * @param {string} rest
 * @param {(type: number) => Choice[]} [entities]
 * @returns {Record<string, string | number | boolean>}
 */
export function typedOptions(command, rest, entities) {
  /** @type {Record<string, string | number | boolean>} */
  const out = {};
  if (rest === '') return out;
  /** @type {Map<string, CommandOption>} the shown names last: they win a clash with another's canonical one */
  const byName = new Map([
    ...command.options.map((o) => /** @type {const} */ ([o.name.toLowerCase(), o])),
    ...command.options.map((o) => /** @type {const} */ ([o.label.toLowerCase(), o])),
  ]);
  const pattern = new RegExp(`(?:^|\\s)(${[...byName.keys()].map(escapeRegExp).join('|')}):`, 'gi');
  const marks = [...rest.matchAll(pattern)];
  const before = rest.slice(0, marks[0]?.index ?? rest.length).trim();
  // A `name:` the command does not know would otherwise run into the value before it ("2 user:Alice").
  for (const text of [
    before,
    ...marks.map((m, i) => rest.slice((m.index ?? 0) + m[0].length, marks[i + 1]?.index)),
  ]) {
    const unknown = UNKNOWN_OPTION.exec(text)?.[1];
    if (unknown !== undefined && command.options.length > 0)
      throw new Error(
        t('page.composer.unknown-option', {
          command: command.label,
          option: unknown,
          options: command.options.map((o) => o.label).join(', '),
        }),
      );
  }
  if (marks.length === 0 || before !== '')
    throw new Error(
      command.options.length === 0
        ? t('page.composer.syntax-none')
        : t('page.composer.syntax', { options: command.options.map((o) => `${o.label}:…`).join(' ') }),
    );
  marks.forEach((m, i) => {
    const typed = m[1] ?? '';
    const start = (m.index ?? 0) + m[0].length;
    const end = marks[i + 1]?.index ?? rest.length;
    const raw = rest.slice(start, end).trim();
    const option = byName.get(typed.toLowerCase());
    if (!option) return;
    const name = option.name;
    // Discord sends an option once: a second one would silently replace the first.
    if (name in out) throw new Error(t('page.composer.repeated-option', { option: typed }));
    // A choice may be typed as shown (`juego:Valle de los Reyes`); Discord sends its value.
    const choice =
      'choices' in option
        ? option.choices?.find((c) => c.name.toLowerCase() === raw.toLowerCase())
        : undefined;
    if (choice) out[name] = choice.value;
    else if (option.type === TYPE.INTEGER || option.type === TYPE.NUMBER) {
      const n = Number(raw);
      if (!Number.isFinite(n))
        throw new Error(t('page.composer.typed-number', { option: typed, value: raw }));
      out[name] = n;
    } else if (option.type === TYPE.BOOLEAN) {
      const yes = readBoolean(raw);
      if (yes === null)
        throw new Error(
          t('page.composer.typed-boolean', {
            option: typed,
            value: raw,
            yes: t('page.composer.true'),
            no: t('page.composer.false'),
          }),
        );
      out[name] = yes;
    } else if (option.type === TYPE.USER || option.type === TYPE.CHANNEL)
      out[name] = entityId(option, typed, raw, entities);
    else out[name] = raw.replace(/^<[@#]!?(\d+)>$/, '$1');
  });
  return out;
}

/**
 * The id of the user or channel a typed value names: a mention, an id, or a name the page lists.
 * @param {CommandOption} option @param {string} typed @param {string} raw
 * @param {((type: number) => Choice[]) | undefined} entities
 * @returns {string}
 */
function entityId(option, typed, raw, entities) {
  const mention = /^<[@#]!?(\d+)>$/.exec(raw)?.[1];
  if (mention) return mention;
  if (/^\d+$/.test(raw)) return raw;
  const plain = (/** @type {string} */ w) => w.replace(/^[@#]/, '').trim().toLowerCase();
  const wanted = plain(raw);
  const found = (entities?.(option.type) ?? []).find((e) => plain(e.label) === wanted);
  if (found) return found.value;
  throw new Error(
    t(option.type === TYPE.USER ? 'page.composer.no-such-user' : 'page.composer.no-such-channel', {
      option: typed,
      value: raw,
    }),
  );
}

/**
 * A true/false option as typed: Discord's own `true`/`false`, or a word of the reader's language
 * (`verdadero`, `sí`, `no`); null for anything else, which must be refused rather than read as false.
 * @param {string} raw @returns {boolean | null}
 */
function readBoolean(raw) {
  const lower = (/** @type {string} */ w) => w.trim().toLocaleLowerCase(textLocale());
  /** @param {string} key */
  const words = (key) => t(key).split(',').map(lower).filter(Boolean);
  const typed = lower(raw);
  if (['true', '1', ...words('page.composer.true-words')].includes(typed)) return true;
  if (['false', '0', ...words('page.composer.false-words')].includes(typed)) return false;
  return null;
}

/** @param {string} text */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
