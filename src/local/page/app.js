// @ts-check
import { ApiError, api } from './api.js';
import { Composer } from './composer.js';
import { setUpDrawers } from './drawers.js';
import { gameStatus } from './game-status.js';
import { shownText } from './message-text.js';
import { avatar, renderMessage } from './message-view.js';
import { openModal } from './modal.js';
import {
  applyTexts,
  formatNumber,
  joinList,
  localize,
  parts,
  showText,
  t,
  textLocale,
  useTexts,
} from './texts.js';

/**
 * The local table's page: who you are, the channels and threads you can see, their messages kept up
 * to date by your own event stream (/api/feed), and everything you do sent as that user.
 *
 * @typedef {import('../page-types.ts').PageUser} PageUser
 * @typedef {import('../page-types.ts').PageChannel} PageChannel
 * @typedef {import('../page-types.ts').PageMessage} PageMessage
 * @typedef {import('../page-types.ts').PageCommand} PageCommand
 * @typedef {import('../page-types.ts').PageEvent} PageEvent
 * @typedef {import('./api.js').TableState} TableState
 * @typedef {import('./api.js').ActionResult} ActionResult
 * @typedef {import('../page-types.ts').StatusPatterns} StatusPatterns
 */

const USER_KEY = 'scarab.local.user';
/** The language chosen with the switch, kept for the next visit (the server forgets it on restart). */
const LOCALE_KEY = 'scarab.local.locale';
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The pace menu's names, by the server's pace. */
const PACE_NAMES = /** @type {const} */ ({
  slow: 'page.pace.slow',
  normal: 'page.pace.normal',
  fast: 'page.pace.fast',
  instant: 'page.pace.instant',
  custom: 'page.pace.custom',
});

const state = {
  /** @type {TableState | null} */
  table: null,
  /** @type {PageUser | null} */
  me: null,
  /** @type {Map<string, PageUser>} */
  users: new Map(),
  /** @type {Map<string, PageChannel>} */
  channels: new Map(),
  /** @type {string | null} */
  current: null,
  /** Messages of the channels loaded so far, oldest first. @type {Map<string, PageMessage[]>} */
  messages: new Map(),
  /** Events that arrived while a channel's messages were being fetched. @type {Map<string, PageEvent[]>} */
  pending: new Map(),
  /** @type {Set<string>} */
  unread: new Set(),
  /** @type {Map<string, number>} */
  mentions: new Map(),
  /** Ephemeral messages dismissed in this tab. @type {Set<string>} */
  dismissed: new Set(),
  /** @type {PageCommand[]} */
  commands: [],
  /** Modals already shown, whether the answer or the feed told us first. @type {Set<string>} */
  modals: new Set(),
  /** @type {EventSource | null} */
  feed: null,
  /** The message a link brought into view, kept there while pictures load. @type {HTMLElement | null} */
  anchor: null,
  /**
   * Commands run from this tab whose answer may lead to a thread they created (a game's lobby):
   * interaction id → the channels there were when it was sent.
   * @type {Map<string, Set<string>>}
   */
  following: new Map(),
  /** Answers to this user's commands that came before their interaction id. @type {Map<string, PageMessage>} */
  early: new Map(),
  connected: false,
  /** The bot's wordings the hint line reads, which come with the page's texts. @type {StatusPatterns | null} */
  patterns: null,
};

/**
 * Settles once the open channel's commands are known. A command can be typed as soon as the box shows,
 * while the page is still reading its channel: Enter waits on this rather than find no commands.
 */
let commandsLoaded = Promise.resolve();

const composer = new Composer({
  commands: () => state.commands,
  commandsLoaded: () => commandsLoaded,
  entities: (type) => entityOptions(type === 7 ? 8 : 5),
  run: async (command, options) => {
    const before = new Set(state.channels.keys());
    const result = await api.run(me().id, channelNow(), command, options);
    state.following.set(result.interactionId, before);
    const early = state.early.get(result.interactionId);
    if (early) followThread(early);
    showModalFrom(result);
  },
  autocomplete: async (command, options, focused) =>
    (await api.autocomplete(me().id, channelNow(), command, options, focused)).choices,
});

function me() {
  if (!state.me) throw new Error('nobody is at the keyboard yet');
  return state.me;
}

function channelNow() {
  if (!state.current) throw new Error('no channel is open');
  return state.current;
}

// ── who is at the keyboard ───────────────────────────────────────────────────────────────────────

async function boot() {
  try {
    // Before anyone is at the keyboard, the language this browser chose last (the switch's default otherwise).
    [state.table] = await Promise.all([api.state(), loadTexts(localStorage.getItem(LOCALE_KEY) ?? 'en-US')]);
  } catch (error) {
    $('boot-error').hidden = false;
    $('boot-reason').textContent = message(error);
    return;
  }
  for (const u of [state.table.bot, ...state.table.users]) state.users.set(u.id, u);
  showText($('guild-name'), state.table.guild.name);
  renderPace();
  const wanted =
    new URLSearchParams(location.search).get('as') ??
    sessionStorage.getItem(USER_KEY) ??
    localStorage.getItem(USER_KEY);
  const user = state.table.users.find((u) => u.id === wanted || u.name === wanted);
  if (user) await enter(user);
  else showPicker();
}

function showPicker() {
  const dialog = /** @type {HTMLDialogElement} */ ($('picker'));
  const list = $('picker-users');
  const humans = [...state.users.values()].filter((u) => !u.bot);
  list.replaceChildren(
    ...humans.map((u) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      const name = document.createElement('span');
      name.textContent = u.name;
      b.append(avatar(u, u.id), name);
      b.addEventListener('click', () => {
        dialog.close();
        void enter(u);
      });
      li.append(b);
      return li;
    }),
  );
  list.hidden = humans.length === 0;
  $('picker-error').hidden = true;
  if (!dialog.open) dialog.showModal();
  /** @type {HTMLInputElement} */ ($('new-name')).focus();
}

$('picker-new').addEventListener('submit', async (event) => {
  event.preventDefault();
  const input = /** @type {HTMLInputElement} */ ($('new-name'));
  try {
    const user = await api.createUser(input.value);
    state.users.set(user.id, user);
    input.value = '';
    /** @type {HTMLDialogElement} */ ($('picker')).close();
    await enter(user);
  } catch (error) {
    $('picker-error').hidden = false;
    if (error instanceof ApiError && error.status === 409)
      localize($('picker-error'), 'page.picker.taken', { name: input.value.trim() });
    else showText($('picker-error'), message(error));
  }
});

// The picker cannot be dismissed with Escape while nobody is at the keyboard.
$('picker').addEventListener('cancel', (event) => {
  if (!state.me) event.preventDefault();
});

$('switch-user').addEventListener('click', () => leaveKeyboard());

function leaveKeyboard() {
  state.feed?.close();
  state.feed = null;
  state.me = null;
  state.messages.clear();
  state.pending.clear();
  state.unread.clear();
  state.mentions.clear();
  showPicker();
}

/** @param {PageUser} user */
async function enter(user) {
  state.me = user;
  sessionStorage.setItem(USER_KEY, user.id);
  localStorage.setItem(USER_KEY, user.id);
  $('me-name').textContent = user.name;
  $('me-avatar').replaceWith(Object.assign(avatar(user, user.id), { id: 'me-avatar' }));
  localize($('me-status'), user.manager ? 'page.me.manager' : 'page.me.player');
  // The language switch: what this person chose last time, sent again (a restarted table forgets it).
  $('language-error').hidden = true;
  const chosen = localStorage.getItem(LOCALE_KEY);
  if (chosen && chosen !== user.locale) await changeLocale(chosen).catch(showLanguageError);
  await showLocale();
  const entering = (async () => {
    await loadChannels();
    const remembered = sessionStorage.getItem(`${USER_KEY}.channel.${user.id}`);
    await openChannel(
      remembered && state.channels.has(remembered) ? remembered : (state.table?.defaultChannelId ?? ''),
    );
  })();
  commandsLoaded = entering.catch(() => {});
  $('app').hidden = false;
  connect(user, true);
  await entering;
  renderMembers();
}

// ── the event stream ─────────────────────────────────────────────────────────────────────────────

/**
 * @param {PageUser} user
 * @param {boolean} entering the page is reading the channels and messages anyway
 */
function connect(user, entering) {
  state.feed?.close();
  const feed = new EventSource(`/api/feed?as=${encodeURIComponent(user.id)}`);
  state.feed = feed;
  // Each connection opens with the table as it is now. Any connection but the one made on entering
  // may follow a lost connection or a restart of the table: events were missed, and the bot may have
  // a new id.
  let connections = 0;
  const types = /** @type {const} */ ([
    'table',
    'pace',
    'message-create',
    'message-update',
    'message-delete',
    'channel-create',
    'channel-update',
    'channel-delete',
    'user-add',
    'commands-update',
    'modal-open',
    'interaction-failed',
  ]);
  for (const type of types) {
    feed.addEventListener(type, (event) => {
      if (state.feed !== feed) return;
      try {
        const e = /** @type {PageEvent} */ (JSON.parse(/** @type {MessageEvent<string>} */ (event).data));
        if (e.type === 'table') {
          connections++;
          applyTable(e.state, connections > 1 || !entering);
        } else onEvent(e);
      } catch (error) {
        console.error('local table: could not apply an event', error);
      }
    });
  }
  feed.addEventListener('open', () => {
    if (state.feed === feed) $('connection').hidden = true;
  });
  feed.addEventListener('error', () => {
    if (state.feed !== feed) return;
    const banner = $('connection');
    banner.hidden = false;
    localize(banner, 'page.connection.lost');
    // The browser retries a dropped stream by itself, but gives up on an answer that is not a stream:
    // the 503 of a table still starting after a restart.
    if (feed.readyState === EventSource.CLOSED)
      setTimeout(() => {
        if (state.feed === feed && state.me === user) connect(user, false);
      }, 1000);
  });
}

/**
 * The table as the server has it now: after a restart the bot has a new id, and without it every
 * message the bot posts would have an unknown author.
 * @param {TableState} table @param {boolean} reread
 */
function applyTable(table, reread) {
  state.table = table;
  state.users = new Map([table.bot, ...table.users].map((u) => [u.id, u]));
  renderPace();
  renderMembers();
  const me = state.me;
  if (!me) return;
  // A table started on another database file does not know this person.
  if (!state.users.has(me.id)) return leaveKeyboard();
  if (reread) void resync();
}

/** After a lost connection: read everything again, since events may have been missed. */
async function resync() {
  state.messages.clear();
  state.pending.clear();
  await loadChannels();
  // A DM channel gets a new id when the table restarts.
  const current = state.current && state.channels.has(state.current) ? state.current : null;
  state.current = null;
  await openChannel(current ?? state.table?.defaultChannelId ?? '');
}

/** @param {PageEvent} e */
function onEvent(e) {
  switch (e.type) {
    case 'message-create':
    case 'message-update':
    case 'message-delete': {
      const channelId = e.type === 'message-delete' ? e.channelId : e.message.channelId;
      const pending = state.pending.get(channelId);
      if (pending) pending.push(e);
      else if (state.messages.has(channelId)) applyMessageEvent(e);
      if (e.type === 'message-create' && channelId !== state.current) markUnread(e.message);
      if (e.type !== 'message-delete') followThread(e.message);
      return;
    }
    case 'channel-create':
    case 'channel-update':
      state.channels.set(e.channel.id, e.channel);
      renderChannels();
      if (e.channel.id === state.current) renderHeader();
      return;
    case 'channel-delete':
      state.channels.delete(e.id);
      state.messages.delete(e.id);
      renderChannels();
      if (e.id === state.current) void openChannel(state.table?.defaultChannelId ?? '');
      return;
    case 'user-add':
      state.users.set(e.user.id, e.user);
      renderMembers();
      return;
    case 'commands-update':
      void loadCommands();
      return;
    case 'modal-open':
      showModal(e.interactionId, e.modal);
      return;
    case 'interaction-failed':
      console.warn(`local table: interaction ${e.interactionId} failed: ${e.reason}`);
      return;
    case 'pace':
      if (state.table) state.table = { ...state.table, pace: e.pace };
      renderPace();
      return;
  }
}

/**
 * A game's command (/valley, /archaeology) answers with a link to the thread it opened for the lobby: the page goes
 * there, as a person would click the link. Only for a command run from this tab, and only to a
 * thread that did not exist when it was sent (a link in /games's answer is not followed).
 * @param {PageMessage} m
 */
function followThread(m) {
  const id = m.interaction?.id;
  if (!id || m.loading || m.interaction?.userId !== state.me?.id) return;
  const before = state.following.get(id);
  if (!before) {
    // The answer may come before the action's own response names its interaction.
    state.early.set(id, m);
    if (state.early.size > 20) state.early.delete(state.early.keys().next().value ?? '');
    return;
  }
  state.early.delete(id);
  const thread = [...shownText(m).matchAll(/<#(\d+)>/g)]
    .map((x) => x[1] ?? '')
    .find((c) => !before.has(c) && state.channels.get(c)?.kind === 'thread');
  if (!thread) return;
  state.following.delete(id);
  void openChannel(thread);
}

/** @param {PageEvent} e */
function applyMessageEvent(e) {
  if (e.type === 'message-delete') {
    const list = state.messages.get(e.channelId);
    if (list)
      state.messages.set(
        e.channelId,
        list.filter((m) => m.id !== e.id),
      );
    if (e.channelId === state.current) {
      document.getElementById(`message-${e.id}`)?.remove();
      renderHint();
    }
    return;
  }
  if (e.type !== 'message-create' && e.type !== 'message-update') return;
  const m = e.message;
  const list = state.messages.get(m.channelId) ?? [];
  const at = list.findIndex((x) => x.id === m.id);
  if (at >= 0) {
    // A fetch and the stream can both deliver a version: keep the newest.
    if ((list[at]?.version ?? 0) > m.version) return;
    list[at] = m;
  } else list.push(m);
  state.messages.set(m.channelId, list);
  if (m.channelId === state.current) {
    upsertMessage(m);
    renderHint();
  }
}

/** @param {PageMessage} m */
function markUnread(m) {
  if (m.authorId === state.me?.id) return;
  state.unread.add(m.channelId);
  const id = state.me?.id ?? '';
  if (m.notified.includes(id) || m.mentions.users.includes(id))
    state.mentions.set(m.channelId, (state.mentions.get(m.channelId) ?? 0) + 1);
  renderChannels();
}

// ── channels ─────────────────────────────────────────────────────────────────────────────────────

async function loadChannels() {
  const channels = await api.channels(me().id);
  state.channels = new Map(channels.map((c) => [c.id, c]));
  renderChannels();
}

/** @param {string} channelId */
function openChannel(channelId) {
  if (!state.channels.has(channelId)) return Promise.resolve();
  // What was typed belongs to the channel left; on the first channel it is kept, as it was typed here.
  if (state.current !== null && state.current !== channelId) composer.reset();
  state.current = channelId;
  sessionStorage.setItem(`${USER_KEY}.channel.${me().id}`, channelId);
  state.unread.delete(channelId);
  state.mentions.delete(channelId);
  renderChannels();
  renderHeader();
  const opening = showChannel(channelId);
  commandsLoaded = opening.catch(() => {});
  return opening;
}

/**
 * The channel's messages (read once, then kept up to date by the feed), then its commands.
 * @param {string} channelId
 */
async function showChannel(channelId) {
  const list = $('messages');
  if (!state.messages.has(channelId)) {
    list.replaceChildren(note(t('page.messages.loading')));
    state.pending.set(channelId, []);
    try {
      const messages = await api.messages(me().id, channelId);
      state.messages.set(channelId, messages);
      for (const e of state.pending.get(channelId) ?? []) applyMessageEvent(e);
    } catch (error) {
      list.replaceChildren(note(t('page.messages.failed', { reason: message(error) })));
      return;
    } finally {
      state.pending.delete(channelId);
    }
  }
  if (state.current !== channelId) return;
  renderMessages();
  await readCommands();
}

function loadCommands() {
  commandsLoaded = readCommands();
  return commandsLoaded;
}

async function readCommands() {
  const channelId = state.current;
  if (!channelId || !state.me) return;
  try {
    state.commands = await api.commands(state.me.id, channelId);
  } catch (error) {
    state.commands = [];
    console.error('local table: could not read the commands', error);
  }
  const channel = state.channels.get(channelId);
  composer.placeholder =
    state.commands.length === 0
      ? 'page.composer.none'
      : channel?.kind === 'thread'
        ? 'page.composer.placeholder-thread'
        : 'page.composer.placeholder-text';
  composer.commandsChanged();
  // The newcomer's line names the lobby commands as the command box shows them.
  if (channel?.kind === 'text') renderHeader();
  // So do the lines naming the command a reply answers, drawn before the commands were read.
  for (const el of $('messages').querySelectorAll('.interaction-line .command[data-command]'))
    el.textContent = `/${commandLabel(/** @type {HTMLElement} */ (el).dataset.command ?? '')}`;
}

/** A command's canonical name as the command box shows it to the reader (`ajustes`). @param {string} name */
function commandLabel(name) {
  return state.commands.find((c) => c.path === name)?.label ?? name;
}

function renderChannels() {
  const box = $('channel-list');
  const all = [...state.channels.values()];
  const text = all.filter((c) => c.kind === 'text');
  const dms = all.filter((c) => c.kind === 'dm');
  /** @type {HTMLElement[]} */
  const rows = [group(t('page.channels.text'))];
  for (const c of text) {
    rows.push(channelButton(c));
    for (const thread of all.filter((x) => x.kind === 'thread' && x.parentId === c.id))
      rows.push(channelButton(thread));
  }
  const orphans = all.filter((x) => x.kind === 'thread' && !state.channels.has(x.parentId ?? ''));
  for (const thread of orphans) rows.push(channelButton(thread));
  if (dms.length > 0) {
    rows.push(group(t('page.channels.dms')));
    for (const c of dms) rows.push(channelButton(c));
  }
  box.replaceChildren(...rows);
  const count = [...state.mentions.values()].reduce((a, b) => a + b, 0);
  document.title = count > 0 ? t('page.title.mentions', { count }) : t('page.title');
}

/** @param {string} text */
function group(text) {
  const h = document.createElement('h2');
  h.className = 'channel-group';
  h.textContent = text;
  return h;
}

/** @param {PageChannel} c */
function channelButton(c) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `channel ${c.kind}${state.unread.has(c.id) ? ' unread' : ''}`;
  if (c.id === state.current) b.setAttribute('aria-current', 'page');
  const icon = document.createElement('span');
  icon.className = 'icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = c.kind === 'text' ? '#' : c.kind === 'thread' ? '↳' : '@';
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = c.archived ? t('page.channel.archived', { name: channelLabel(c) }) : channelLabel(c);
  b.append(icon, name);
  const mentions = state.mentions.get(c.id) ?? 0;
  if (mentions > 0) {
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.textContent = String(mentions);
    badge.setAttribute('aria-label', t('page.channel.mentions', { count: mentions }));
    b.append(badge);
  }
  b.addEventListener('click', () => void openChannel(c.id));
  return b;
}

/** @param {PageChannel} c */
function channelLabel(c) {
  if (c.kind !== 'dm') return c.name;
  return state.users.get(state.table?.bot.id ?? '')?.name ?? t('page.bot');
}

function renderHeader() {
  const c = state.current ? state.channels.get(state.current) : undefined;
  if (!c) return;
  const prefix = c.kind === 'text' ? '# ' : c.kind === 'thread' ? '↳ ' : '@ ';
  showText($('channel-title'), prefix + channelLabel(c));
  const parent = c.parentId ? state.channels.get(c.parentId) : undefined;
  renderHint();
  $('channel-topic').textContent =
    c.kind === 'text'
      ? lobbyHint()
      : c.kind === 'thread'
        ? t('page.channel.thread-topic', { parent: parent?.name ?? 'general' })
        : t('page.channel.dm-topic');
}

/**
 * The newcomer's line: the commands that open a lobby, one per game, joined as the language joins a
 * choice, and named as the command box shows them (`/valle` in Spanish) once it has read them.
 */
function lobbyHint() {
  const commands = state.table?.lobbyCommands ?? [];
  return commands.length === 0
    ? t('page.hint.start-any')
    : t('page.hint.start', {
        commands: joinList(
          commands.map((c) => `/${state.commands.find((command) => command.path === c)?.label ?? c}`),
          'disjunction',
        ),
      });
}

/** The line under the command box: the game in this channel as its messages show it, or how to begin. */
function renderHint() {
  const hint = $('hint');
  const c = state.current ? state.channels.get(state.current) : undefined;
  const messages = state.messages.get(state.current ?? '');
  const status =
    c && messages && state.me && state.table && state.patterns
      ? gameStatus(messages, state.me, state.table.bot.id, state.patterns, (id) => state.users.get(id)?.name)
      : null;
  hint.dataset.state = status?.state ?? 'none';
  hint.textContent =
    status?.text ?? (c?.kind === 'text' ? lobbyHint() : c?.kind === 'thread' ? t('page.hint.thread') : '');
}

/**
 * The switch shows the person's language, and the page's own texts follow it: those of index.html at
 * once, then everything drawn from data (channels, members, pace, messages and their timestamps).
 */
async function showLocale() {
  const locale = state.me?.locale ?? 'en-US';
  /** @type {HTMLSelectElement} */ ($('language')).value = locale;
  if (locale !== textLocale()) {
    try {
      await loadTexts(locale);
    } catch (error) {
      showLanguageError(error);
      return;
    }
  }
  renderPace();
  renderChannels();
  renderHeader();
  renderMembers();
  if (state.messages.has(state.current ?? '')) renderMessages();
}

/**
 * The page's own texts in the language of `locale` (the server sends English for one it lacks),
 * written into every element of index.html that names one.
 * @param {string} locale
 */
async function loadTexts(locale) {
  const texts = await api.texts(locale);
  useTexts(texts.messages, locale);
  state.patterns = texts.patterns;
  applyTexts(document);
}

/** @param {unknown} error */
function showLanguageError(error) {
  const box = $('language-error');
  box.hidden = false;
  localize(box, 'page.language.failed', { reason: message(error) });
}

/**
 * Switches the person's language: their interactions carry the locale from now on (as a Discord
 * client set to that language would), and timestamps are written in it.
 * @param {string} locale
 */
async function changeLocale(locale) {
  const me = state.me;
  if (!me) return;
  const updated = await api.setLocale(me.id, locale);
  state.me = { ...me, locale: updated.locale };
  localStorage.setItem(LOCALE_KEY, updated.locale);
}

$('language').addEventListener('change', async () => {
  const select = /** @type {HTMLSelectElement} */ ($('language'));
  $('language-error').hidden = true;
  try {
    await changeLocale(select.value);
  } catch (e) {
    showLanguageError(e);
  }
  await showLocale();
  // Command names and descriptions are in the person's language too, as the server reads them.
  await loadCommands();
});

/** The computer players' pace, which any tab may change for the whole table. */
function renderPace() {
  const select = /** @type {HTMLSelectElement} */ ($('pace'));
  const pace = state.table?.pace;
  if (!pace) return;
  select.replaceChildren(
    ...pace.choices.map((c) => {
      const option = document.createElement('option');
      option.value = c.name;
      const wait =
        c.botDelayMs === 0
          ? t('page.pace.no-wait')
          : c.botDelayMs < 1000
            ? t('page.pace.milliseconds', { ms: formatNumber(c.botDelayMs) })
            : t('page.pace.seconds', { seconds: formatNumber(c.botDelayMs / 1000) });
      option.textContent = t('page.pace.option', { pace: t(PACE_NAMES[c.name]), wait });
      return option;
    }),
  );
  select.value = pace.name;
}

$('pace').addEventListener('change', async () => {
  const select = /** @type {HTMLSelectElement} */ ($('pace'));
  const error = $('pace-error');
  error.hidden = true;
  try {
    const pace = await api.setPace(select.value);
    if (state.table) state.table = { ...state.table, pace };
  } catch (e) {
    error.hidden = false;
    localize(error, 'page.pace.failed', { reason: message(e) });
  }
  renderPace();
});

function renderMembers() {
  const list = $('member-list');
  const users = [...state.users.values()].sort((a, b) => Number(a.bot) - Number(b.bot));
  list.replaceChildren(
    ...users.map((u) => {
      const li = document.createElement('li');
      if (u.id === state.me?.id) li.className = 'you';
      const text = document.createElement('span');
      text.textContent = u.name;
      li.append(avatar(u, u.id), text);
      const role = u.bot
        ? t('page.tag.bot')
        : u.id === state.me?.id
          ? t('page.members.you')
          : u.manager
            ? t('page.members.manager')
            : '';
      if (role) {
        const r = document.createElement('span');
        r.className = u.bot ? 'bot-tag' : 'role';
        r.textContent = role;
        li.append(r);
      }
      return li;
    }),
  );
}

// ── messages ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A link to one of the table's messages, as a Discord client follows it: the channel opens, and the
 * message is brought into view and highlighted; a link to a channel only opens the channel. A channel
 * this person cannot see, or a message no longer there, is said so.
 * @param {string} channelId @param {string | null} messageId @param {HTMLElement} from
 */
async function openMessage(channelId, messageId, from) {
  const li = from.closest('li');
  li?.querySelector('.link-error')?.remove();
  if (!state.channels.has(channelId)) {
    li?.append(linkError('page.link.no-channel'));
    return;
  }
  await openChannel(channelId);
  if (messageId === null || state.current !== channelId) return;
  const target = document.getElementById(`message-${messageId}`);
  if (!target) {
    // Said at the end of the channel the link opened, where the reader is left.
    const list = $('messages');
    const said = document.createElement('li');
    said.append(linkError('page.link.no-message'));
    list.append(said);
    list.scrollTop = list.scrollHeight;
    return;
  }
  state.anchor = target;
  bringIntoView(target);
  // Again, for a link to the message already highlighted.
  target.classList.remove('highlighted');
  void target.offsetWidth;
  target.classList.add('highlighted');
}

/**
 * Centres a linked message, or shows its top when it is taller than the list (a board picture on a
 * short window): centring would hide its beginning above the list.
 * @param {HTMLElement} target
 */
function bringIntoView(target) {
  const tall = target.offsetHeight > $('messages').clientHeight;
  target.scrollIntoView({ block: tall ? 'start' : 'center' });
}

/** @param {string} key */
function linkError(key) {
  const p = document.createElement('p');
  p.classList.add('interaction-error', 'link-error');
  p.setAttribute('role', 'alert');
  p.textContent = t(key);
  return p;
}

function renderMessages() {
  state.anchor = null;
  const list = $('messages');
  const c = state.current ? state.channels.get(state.current) : undefined;
  const messages = (state.messages.get(state.current ?? '') ?? []).filter((m) => !state.dismissed.has(m.id));
  list.replaceChildren(...(c ? [welcome(c)] : []), ...messages.map((m) => renderMessage(m, viewContext())));
  renderHint();
  list.scrollTop = list.scrollHeight;
  keepAtBottomWhileImagesLoad(list, true);
}

/** @param {PageMessage} m */
function upsertMessage(m) {
  const list = $('messages');
  // A message a link brought into view stays there while others arrive or change, as in Discord's
  // clients, until the reader scrolls: following the bottom would carry it out of view.
  const anchored = state.anchor?.isConnected === true;
  const atBottom = !anchored && list.scrollHeight - list.scrollTop - list.clientHeight < 120;
  const old = document.getElementById(`message-${m.id}`);
  if (state.dismissed.has(m.id)) {
    old?.remove();
    return;
  }
  const fresh = renderMessage(m, viewContext());
  if (old) old.replaceWith(fresh);
  else list.append(fresh);
  if (anchored && old !== null && old === state.anchor) {
    // The linked message itself was edited: the new version keeps the highlight.
    state.anchor = fresh;
    fresh.classList.add('highlighted');
  }
  if (atBottom) list.scrollTop = list.scrollHeight;
  if (anchored && state.anchor) bringIntoView(state.anchor);
  keepAtBottomWhileImagesLoad(list, atBottom || anchored);
}

// The reader's own scrolling ends a link's hold on the view.
for (const type of ['wheel', 'touchstart', 'keydown'])
  $('messages').addEventListener(type, () => {
    state.anchor = null;
  });

/** @param {HTMLElement} list @param {boolean} atBottom */
function keepAtBottomWhileImagesLoad(list, atBottom) {
  if (!atBottom) return;
  for (const img of list.querySelectorAll('img')) {
    if (!img.complete)
      img.addEventListener(
        'load',
        // Once a link has brought a message into view, the pictures loading above it keep it there.
        () => {
          if (state.anchor?.isConnected) bringIntoView(state.anchor);
          else list.scrollTop = list.scrollHeight;
        },
        { once: true },
      );
  }
}

/** @param {PageChannel} c */
function welcome(c) {
  const li = document.createElement('li');
  li.className = 'welcome';
  const h = document.createElement('h2');
  const p = document.createElement('p');
  if (c.kind === 'text') {
    h.textContent = t('page.welcome.title', { channel: c.name });
    p.append(...parts('page.welcome.text', { hint: lobbyHint(), rules: kbd('/rules'), card: kbd('/card') }));
  } else if (c.kind === 'thread') {
    h.textContent = c.name;
    p.textContent = t('page.welcome.thread');
  } else {
    h.textContent = channelLabel(c);
    p.textContent = t('page.welcome.dm');
  }
  li.append(h, p);
  return li;
}

/** @param {string} text */
function kbd(text) {
  const k = document.createElement('kbd');
  k.textContent = text;
  return k;
}

/** @param {string} text */
function note(text) {
  const li = document.createElement('li');
  li.className = 'welcome';
  li.textContent = text;
  return li;
}

/** @returns {import('./message-view.js').MessageViewContext} */
function viewContext() {
  return {
    markdown: {
      userName: (id) => state.users.get(id)?.name ?? null,
      channelName: (id) => {
        const c = state.channels.get(id);
        return c ? channelLabel(c) : null;
      },
      meId: state.me?.id ?? null,
      openChannel: (id) => void openChannel(id),
      guildId: state.table?.guild.id ?? null,
      openMessage: (channelId, messageId, from) => void openMessage(channelId, messageId, from),
      locale: state.me?.locale ?? 'en-US',
    },
    user: (id) => state.users.get(id),
    click: (m, customId, control) => void act(m, control, () => api.click(me().id, m.id, customId)),
    select: (m, customId, values, control) =>
      void act(m, control, () => api.select(me().id, m.id, customId, values)),
    entityOptions,
    dismiss: (m) => {
      state.dismissed.add(m.id);
      document.getElementById(`message-${m.id}`)?.remove();
    },
    commandLabel,
  };
}

/** @param {number} type 5 users, 8 channels */
function entityOptions(type) {
  if (type === 8)
    return [...state.channels.values()]
      .filter((c) => c.kind !== 'dm')
      .map((c) => ({ label: `#${c.name}`, value: c.id }));
  return [...state.users.values()].map((u) => ({ label: u.name, value: u.id }));
}

/**
 * A click or a choice: the control spins until the bot acknowledges; a failure is written under the
 * message, as Discord writes "This interaction failed".
 * @param {PageMessage} m @param {HTMLElement} control @param {() => Promise<ActionResult>} send
 */
async function act(m, control, send) {
  const button = /** @type {HTMLButtonElement} */ (control);
  const li = document.getElementById(`message-${m.id}`);
  li?.querySelector('.interaction-error')?.remove();
  button.disabled = true;
  button.classList.add('busy');
  try {
    showModalFrom(await send());
  } catch (error) {
    const p = document.createElement('p');
    p.className = 'interaction-error';
    p.setAttribute('role', 'alert');
    p.textContent =
      error instanceof ApiError && error.status === 504 ? t('page.interaction.failed') : message(error);
    p.title = message(error);
    document.getElementById(`message-${m.id}`)?.append(p);
  } finally {
    if (button.isConnected) {
      button.disabled = false;
      button.classList.remove('busy');
    }
  }
}

/** @param {ActionResult} result */
function showModalFrom(result) {
  if (result.modal) showModal(result.interactionId, result.modal);
}

/**
 * @param {string} interactionId
 * @param {import('discord-api-types/v10').APIModalInteractionResponseCallbackData} modal
 */
function showModal(interactionId, modal) {
  if (state.modals.has(interactionId)) return;
  state.modals.add(interactionId);
  openModal(modal, async (values) => {
    showModalFrom(await api.submitModal(me().id, interactionId, values));
  });
}

/** @param {unknown} error */
function message(error) {
  return error instanceof Error ? error.message : String(error);
}

setUpDrawers();
void boot();
