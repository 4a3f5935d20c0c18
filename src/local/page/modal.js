// @ts-check
import { showText, t } from './texts.js';

/**
 * A modal the bot opened: text inputs (short or paragraph, with their limits), string selects inside
 * labels, and text displays. Cancel sends nothing, as on Discord; Submit sends the answers.
 *
 * @typedef {import('discord-api-types/v10').APIModalInteractionResponseCallbackData} ModalData
 * @typedef {(values: Record<string, string | string[]>) => Promise<void>} SubmitModal
 */

const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('modal'));
const form = /** @type {HTMLFormElement} */ (document.getElementById('modal-form'));
const title = /** @type {HTMLElement} */ (document.getElementById('modal-title'));
const fields = /** @type {HTMLElement} */ (document.getElementById('modal-fields'));
const error = /** @type {HTMLElement} */ (document.getElementById('modal-error'));
const submitButton = /** @type {HTMLButtonElement} */ (document.getElementById('modal-submit'));
/** @type {SubmitModal | null} */
let onSubmit = null;
let inputs = 0;
/** Element ids of the page's own, never made from the bot's custom ids (which could be "modal-title"). */
const inputId = () => `modal-input-${++inputs}`;

document.getElementById('modal-cancel')?.addEventListener('click', () => dialog.close());
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void submit();
});

/**
 * @param {ModalData} modal
 * @param {SubmitModal} submitModal
 */
export function openModal(modal, submitModal) {
  onSubmit = submitModal;
  showText(title, modal.title);
  error.hidden = true;
  fields.replaceChildren(...modal.components.flatMap((c) => field(/** @type {Record<string, any>} */ (c))));
  dialog.showModal();
  /** @type {HTMLElement | null} */ (fields.querySelector('input, textarea, select'))?.focus();
}

/**
 * @param {Record<string, any>} c
 * @param {string} [label] from a Label (type 18) around it
 * @param {string} [description]
 * @returns {HTMLElement[]}
 */
function field(c, label, description) {
  switch (c.type) {
    case 1:
      return (c.components ?? []).flatMap((/** @type {Record<string, any>} */ child) => field(child));
    case 18:
      return c.component ? field(c.component, c.label, c.description) : [];
    case 10: {
      const p = document.createElement('p');
      p.textContent = String(c.content ?? '');
      return [p];
    }
    case 4:
      return [wrap(c, label ?? c.label ?? c.custom_id, description, textInput(c))];
    case 3:
      return [wrap(c, label ?? c.placeholder ?? c.custom_id, description, stringSelect(c))];
    default: {
      const p = document.createElement('p');
      p.className = 'modal-error';
      p.textContent = t('page.modal.unknown-field', { type: String(c.type) });
      return [p];
    }
  }
}

/**
 * @param {Record<string, any>} c @param {string} labelText @param {string | undefined} description
 * @param {HTMLElement} control
 */
function wrap(c, labelText, description, control) {
  const box = document.createElement('div');
  box.className = 'modal-field';
  const label = document.createElement('label');
  label.htmlFor = control.id;
  label.textContent = labelText;
  if (c.required !== false) {
    const star = document.createElement('span');
    star.className = 'required';
    star.textContent = ' *';
    label.append(star);
  }
  box.append(label);
  if (description) {
    const small = document.createElement('small');
    small.textContent = description;
    box.append(small);
  }
  box.append(control);
  return box;
}

/** @param {Record<string, any>} c */
function textInput(c) {
  const control = c.style === 2 ? document.createElement('textarea') : document.createElement('input');
  control.id = inputId();
  control.name = c.custom_id;
  control.dataset.kind = 'text';
  if (control instanceof HTMLTextAreaElement) control.rows = 4;
  if (c.placeholder) control.placeholder = c.placeholder;
  if (c.value) control.value = c.value;
  if (c.min_length !== undefined) control.minLength = c.min_length;
  if (c.max_length !== undefined) control.maxLength = c.max_length;
  control.required = c.required !== false;
  return control;
}

/** @param {Record<string, any>} c */
function stringSelect(c) {
  const select = document.createElement('select');
  select.id = inputId();
  select.name = c.custom_id;
  select.dataset.kind = 'select';
  select.multiple = (c.max_values ?? 1) > 1;
  select.required = c.required !== false;
  for (const o of c.options ?? []) {
    const option = document.createElement('option');
    option.value = o.value;
    option.textContent = o.description ? `${o.label} — ${o.description}` : o.label;
    option.selected = Boolean(o.default);
    select.append(option);
  }
  return select;
}

async function submit() {
  if (!onSubmit || !form.reportValidity()) return;
  /** @type {Record<string, string | string[]>} */
  const values = {};
  for (const control of fields.querySelectorAll('input, textarea, select')) {
    const el = /** @type {HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement} */ (control);
    values[el.name] =
      el instanceof HTMLSelectElement ? [...el.selectedOptions].map((o) => o.value) : el.value;
  }
  submitButton.disabled = true;
  try {
    await onSubmit(values);
    dialog.close();
  } catch (e) {
    error.hidden = false;
    error.textContent = e instanceof Error ? e.message : String(e);
  } finally {
    submitButton.disabled = false;
  }
}
