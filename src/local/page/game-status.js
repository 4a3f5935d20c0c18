// @ts-check
import { pictureText, shownText, walkComponents } from './message-text.js';
import { t } from './texts.js';

/**
 * What the hint line under the command box says about the game played in a channel: whose turn it
 * is, a decision owed, the game's end. It is read only from what the channel shows everyone, in the
 * bot's own words, in whichever language the game is played:
 *
 * - the board, whose title ("**Valley of the Kings** · game #1 · turn 3") the bot keeps current; its
 *   picture's description begins with the game's status, "Turn 3: alice to play." or "Turn 3,
 *   alice's turn: bob is discarding down to 3 cards.", with " (asking …)" in a reaction window;
 * - whom a decision is owed by: the bot mentions them in the question (on the board, and in a note of
 *   its own with **Respond**). The newest of the two says it: a board's edit may wait for room in the
 *   channel while the note is posted at once, and the private hand follows the game itself, so an
 *   older board must not say a decision is still owed by someone who has made it. A reaction window
 *   names nobody;
 * - the lobby, the results (🏁) and a cancellation.
 *
 * The wordings are not written here: the server sends, with the page's texts, one pattern per
 * catalogue message and language (`patterns`, built from the templates by src/local/page-texts.ts,
 * whose STATUS_KEYS says which messages and who writes them), and this module only matches lines
 * against them, so a game in Spanish reads as one in English, and a reworded message is read as it
 * is now. They come in as an argument, which keeps the module free of the page (its test runs
 * without a browser).
 *
 * The viewer's own hand and private replies are not read, so the line says nothing that the
 * channel does not already say to everyone. The line itself is in the reader's language (texts.js);
 * what it quotes from the channel (a question, the results) is in the game's.
 *
 * @typedef {import('../page-types.ts').PageMessage} PageMessage
 * @typedef {import('../page-types.ts').StatusKind} StatusKind
 * @typedef {import('../page-types.ts').StatusPattern} StatusPattern
 * @typedef {import('../page-types.ts').StatusPatterns} StatusPatterns
 * @typedef {'lobby' | 'your-turn' | 'waiting' | 'decision' | 'reaction' | 'over' | 'cancelled'} GameState
 * @typedef {{ state: GameState, game: number, text: string }} GameStatus
 * @typedef {{ id: string, name: string }} Viewer
 * @typedef {Record<string, string>} Read what a line says: placeholders by name, and a select's option
 * @typedef {(kind: StatusKind, line: string) => Read | null} Reader
 * @typedef {(id: string) => string | null | undefined} UserName a user's name, as the page shows it
 */

/** Scarab's custom ids: `s1:<scope>:<game>:<version>:<verb>[:<arg>]` (src/table-kit/custom-id.ts). */
const CUSTOM_ID = /^s1:([lgb]):(\d+):\d+:([^:]+)/;

/** Each pattern is compiled once: the line is worked out again at every message of the channel. @type {WeakMap<StatusPattern, RegExp>} */
const compiled = new WeakMap();

/**
 * What `line` says, read with the first pattern of that kind that matches it; null if none does.
 * @param {StatusPatterns} patterns @param {StatusKind} kind @param {string} line @returns {Read | null}
 */
export function readLine(patterns, kind, line) {
  for (const pattern of patterns[kind]) {
    let regex = compiled.get(pattern);
    if (!regex) {
      regex = new RegExp(pattern.source);
      compiled.set(pattern, regex);
    }
    const match = regex.exec(line);
    if (!match) continue;
    /** @type {Read} */
    const read = {};
    pattern.groups.forEach((group, i) => {
      const value = match[i + 1];
      if (value === undefined) return;
      const option = group.indexOf('=');
      if (option < 0) read[group] ??= value;
      else read[group.slice(0, option)] ??= group.slice(option + 1);
    });
    return read;
  }
  return null;
}

/**
 * @param {readonly PageMessage[]} messages the channel's messages, oldest first
 * @param {Viewer} me
 * @param {string} botId
 * @param {StatusPatterns} patterns the bot's wordings, from the server with the page's texts
 * @param {UserName} [userName] names the people a question mentions, for the line to quote it
 * @returns {GameStatus | null} null when no game of Scarab's is played in the channel
 */
export function gameStatus(messages, me, botId, patterns, userName = () => null) {
  /** @type {Reader} */
  const read = (kind, line) => readLine(patterns, kind, line);
  /** @type {Map<number, GameMessages>} */
  const games = new Map();
  for (const m of messages) {
    if (m.ephemeral || m.authorId !== botId) continue;
    const kind = classify(m, read);
    if (!kind) continue;
    const g = games.get(kind.game) ?? {
      game: kind.game,
      latest: 0,
      lobby: null,
      boards: [],
      decisions: [],
      end: null,
    };
    g.latest = Math.max(g.latest, m.editedAt ?? m.createdAt);
    if (kind.kind === 'lobby') g.lobby = m;
    else if (kind.kind === 'board') g.boards.push(m);
    else if (kind.kind === 'decision') g.decisions.push(m);
    else g.end = { kind: kind.kind, message: m };
    games.set(kind.game, g);
  }
  // Where several games share a channel (no threads allowed), the one that moved last.
  const current = [...games.values()].sort((a, b) => b.latest - a.latest)[0];
  return current ? statusOf(current, me, read, userName) : null;
}

/**
 * @typedef {object} GameMessages
 * @property {number} game
 * @property {number} latest
 * @property {PageMessage | null} lobby
 * @property {PageMessage[]} boards
 * @property {PageMessage[]} decisions
 * @property {{ kind: 'over' | 'cancelled', message: PageMessage } | null} end
 */

/** @param {string} text */
const lines = (text) => text.split('\n');
/** @param {string} text */
const firstLine = (text) => lines(text)[0] ?? '';

/**
 * @param {PageMessage} m
 * @param {Reader} read
 * @returns {{ kind: 'lobby' | 'board' | 'decision' | 'over' | 'cancelled', game: number } | null}
 */
function classify(m, read) {
  const content = shownText(m);
  const first = firstLine(content);
  const results = read('results', first);
  if (results) return { kind: 'over', game: Number(results.id) };
  // The note of /manage cancel, alone or under the closed board's title.
  for (const line of lines(content)) {
    const cancelled = read('cancelled', line);
    if (cancelled) return { kind: 'cancelled', game: Number(cancelled.id) };
  }
  // Boards and lobbies keep their title when an older one loses its buttons.
  const lobby = read('lobby', first);
  if (lobby) return { kind: 'lobby', game: Number(lobby.id) };
  const board = read('board', first);
  if (board) return { kind: 'board', game: Number(board.id) };
  for (const id of customIds(m.components)) {
    const parsed = CUSTOM_ID.exec(id);
    if (parsed?.[1] === 'g' && parsed[3] === 'respond') return { kind: 'decision', game: Number(parsed[2]) };
  }
  return null;
}

/** @param {readonly unknown[]} components @returns {string[]} */
function customIds(components) {
  /** @type {string[]} */
  const out = [];
  walkComponents(components, (c) => {
    if (typeof c.custom_id === 'string') out.push(c.custom_id);
  });
  return out;
}

/** @param {GameMessages} g @param {Viewer} me @param {Reader} read @param {UserName} userName @returns {GameStatus} */
function statusOf(g, me, read, userName) {
  const game = g.game;
  const again = t('page.status.again');
  if (g.end?.kind === 'cancelled' || lobbyState(g.lobby, read) === 'cancelled')
    return { state: 'cancelled', game, text: t('page.status.cancelled', { game, again }) };
  const board = g.boards.at(-1);
  const status = firstLine(board ? pictureText(board) : '');
  // 🏁 opens every finished board's last line, in every language.
  if (g.end?.kind === 'over' || (board && shownText(board).includes('🏁')) || read('gameOver', status)) {
    const results = g.end?.kind === 'over' ? read('results', firstLine(shownText(g.end.message))) : null;
    // The results' summary ends without a full stop ("Khufu wins with $57"): the next sentence needs one.
    const said = plain(results?.summary ?? '');
    const summary = said === '' || /[.!?…]$/.test(said) ? said : `${said}.`;
    return {
      state: 'over',
      game,
      text: summary ? t('page.status.over-summary', { summary, again }) : t('page.status.over', { again }),
    };
  }
  if (!board) return lobbyStatus(g.lobby, game, me, read);
  const toPlay = read('toPlay', status);
  const deciding = toPlay ? null : read('turnOf', status);
  const turn = toPlay?.n ?? deciding?.n ?? '';
  const mover = toPlay?.name ?? deciding?.name ?? '';
  // The board mentions the player to move, except a board posted again; then the name says it.
  const mine = mover === me.name || board.mentions.users.includes(me.id);
  // Someone who handed their seat over is no longer on the board's line of players and scores: the bot
  // will not mention them, nor ask them to react.
  const seated = mine || shownText(board).includes(me.name);
  if (!deciding)
    return mine
      ? { state: 'your-turn', game, text: t('page.status.your-turn', { turn }) }
      : {
          state: 'waiting',
          game,
          text: t(seated ? 'page.status.waiting' : 'page.status.watching', {
            player: mover || t('page.status.next-player'),
            turn,
          }),
        };
  // The mover, who opened the window with their purchase, is not the one who may react to it.
  if (deciding.asking === 'yes')
    return {
      state: 'reaction',
      game,
      text: t(mine || !seated ? 'page.status.reaction-others' : 'page.status.reaction', {
        question: deciding.what ?? '',
      }),
    };
  // Where the bot asks others in public, it mentions them in the question: on the board, and in a
  // note posted at once. A note newer than the board's last edit is the newer word (the edit waits
  // for room in the channel); an older one was about this board's question or is gone.
  const boardAt = board.editedAt ?? board.createdAt;
  const note = g.decisions.filter((m) => m.createdAt >= boardAt).at(-1);
  const asked = lines(shownText(note ?? board))
    .map((line) => ({ line, read: read('decision', line) }))
    .find((d) => d.read !== null);
  // valley.board.decision calls the question `text`, the others `what`.
  const said = asked?.read?.what ?? asked?.read?.text;
  const question = note && said !== undefined ? unmention(said, userName) : (deciding.what ?? '');
  if (asked?.line.includes(`<@${me.id}>`))
    return { state: 'decision', game, text: t('page.status.decision', { question }) };
  if (mine && asked === undefined)
    return { state: 'your-turn', game, text: t('page.status.your-decision', { question }) };
  return { state: 'waiting', game, text: t('page.status.waiting-decision', { question }) };
}

/**
 * A question as the hint line quotes it: the people it mentions by name, as the picture names them.
 * @param {string} text @param {UserName} userName
 */
function unmention(text, userName) {
  return plain(text.replace(/<@!?(\d+)>/g, (mention, id) => userName(id) ?? mention));
}

/**
 * The game's status as its lobby's heading names it. The heading's select writes a cancelled game's
 * status as its `other` case, which is what the pattern says was written.
 * @param {PageMessage | null} lobby @param {Reader} read
 */
function lobbyState(lobby, read) {
  const status = lobby ? read('lobby', firstLine(shownText(lobby)))?.status : undefined;
  return status === 'other' ? 'cancelled' : (status ?? null);
}

/**
 * @param {PageMessage | null} lobby @param {number} game @param {Viewer} me @param {Reader} read
 * @returns {GameStatus}
 */
function lobbyStatus(lobby, game, me, read) {
  const content = lobby ? shownText(lobby) : '';
  if (lobbyState(lobby, read) === 'active') return { state: 'waiting', game, text: t('page.status.started') };
  const hosting = lines(content).some((line) => read('host', line)?.host === `<@${me.id}>`);
  const text = hosting
    ? t('page.status.lobby-host')
    : content.includes(`<@${me.id}>`)
      ? t('page.status.lobby-seated')
      : t('page.status.lobby-open');
  return { state: 'lobby', game, text };
}

/** Discord's bold and italics marks, which the hint line shows as plain text. @param {string} text */
function plain(text) {
  return text.replace(/\*\*|__|\*/g, '').trim();
}
