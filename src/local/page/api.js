// @ts-check
import { t } from './texts.js';

/**
 * The page's calls to its server (src/local/api.ts). Every failure becomes an ApiError carrying the
 * server's own explanation, which the page shows where the person acted.
 * @typedef {import('../page-types.ts').PageUser} PageUser
 * @typedef {import('../page-types.ts').PageChannel} PageChannel
 * @typedef {import('../page-types.ts').PageMessage} PageMessage
 * @typedef {import('../page-types.ts').PageCommand} PageCommand
 * @typedef {{ interactionId: string, acknowledgement: number, modal?: import('discord-api-types/v10').APIModalInteractionResponseCallbackData }} ActionResult
 * @typedef {import('../page-types.ts').PageTableState} TableState
 * @typedef {import('../page-types.ts').PagePace} PagePace
 * @typedef {import('../page-types.ts').PageTexts} PageTexts
 */

export class ApiError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * @template T
 * @param {string} path
 * @param {unknown} [body] sent as JSON with POST when given
 * @returns {Promise<T>}
 */
async function call(path, body) {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(
      path,
      body === undefined
        ? {}
        : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    );
  } catch (error) {
    throw new ApiError(0, t('page.error.offline', { reason: String(error) }));
  }
  const text = await response.text();
  /** @type {unknown} */
  let json = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    throw new ApiError(response.status, t('page.error.unexpected', { text: text.slice(0, 200) }));
  }
  if (!response.ok) {
    const message =
      typeof json === 'object' && json !== null && 'error' in json ? String(json.error) : response.statusText;
    throw new ApiError(response.status, message);
  }
  return /** @type {T} */ (json);
}

const q = encodeURIComponent;

export const api = {
  /** @returns {Promise<TableState>} */
  state: () => call('/api/state'),
  /** @param {string} locale @returns {Promise<PageTexts>} */
  texts: (locale) => call(`/api/texts/${q(locale)}`),
  /** @param {string} id @returns {Promise<PageUser>} */
  user: (id) => call(`/api/users/${q(id)}`),
  /** @param {string} id @param {string} locale @returns {Promise<PageUser>} */
  setLocale: (id, locale) => call(`/api/users/${q(id)}/locale`, { locale }),
  /** @param {string} pace @returns {Promise<PagePace>} */
  setPace: (pace) => call('/api/pace', { pace }),
  /** @param {string} name @returns {Promise<PageUser>} */
  createUser: (name) => call('/api/users', { name }),
  /** @param {string} as @returns {Promise<PageChannel[]>} */
  channels: (as) => call(`/api/channels?as=${q(as)}`),
  /** @param {string} as @param {string} channelId @returns {Promise<PageMessage[]>} */
  messages: (as, channelId) => call(`/api/channels/${q(channelId)}/messages?as=${q(as)}`),
  /** @param {string} as @param {string} channelId @returns {Promise<PageCommand[]>} */
  commands: (as, channelId) => call(`/api/commands?as=${q(as)}&channelId=${q(channelId)}`),
  /**
   * @param {string} as @param {string} channelId @param {string} command
   * @param {Record<string, string | number | boolean>} options
   * @returns {Promise<ActionResult>}
   */
  run: (as, channelId, command, options) => call('/api/commands', { as, channelId, command, options }),
  /**
   * @param {string} as @param {string} channelId @param {string} command
   * @param {Record<string, string | number | boolean>} options @param {string} focused
   * @returns {Promise<{ choices: { name: string, value: string | number }[] }>}
   */
  autocomplete: (as, channelId, command, options, focused) =>
    call('/api/autocomplete', { as, channelId, command, options, focused }),
  /** @param {string} as @param {string} messageId @param {string} customId @returns {Promise<ActionResult>} */
  click: (as, messageId, customId) => call(`/api/messages/${q(messageId)}/click`, { as, customId }),
  /**
   * @param {string} as @param {string} messageId @param {string} customId @param {string[]} values
   * @returns {Promise<ActionResult>}
   */
  select: (as, messageId, customId, values) =>
    call(`/api/messages/${q(messageId)}/select`, { as, customId, values }),
  /**
   * @param {string} as @param {string} interactionId @param {Record<string, string | string[]>} values
   * @returns {Promise<ActionResult>}
   */
  submitModal: (as, interactionId, values) => call(`/api/modals/${q(interactionId)}`, { as, values }),
};
