// @ts-check
import { t } from './texts.js';

/**
 * What the hint line under the command box says about the game played in a channel: whose turn it
 * is, a decision owed, the game's end. It is read only from what the channel shows everyone, in the
 * form Scarab's bot gives it (src/discord/messages/):
 *
 * - the board ("**Valley of the Kings** · game #1 · turn 3"), which the bot keeps current; its
 *   picture's description begins with the game's status, "Turn 3: alice to play." or "Turn 3,
 *   alice's turn: bob is discarding down to 3 cards." (src/adapters/valley/pictures/picture-text.ts), and " (asking …)" ends
 *   it in a reaction window;
 * - whom a decision is owed by: the bot mentions them beside the question (on the board, or in a
 *   note of its own with **Respond**); a reaction window names nobody;
 * - the lobby, the results (🏁) and a cancellation.
 *
 * The viewer's own hand and private replies are not read, so the line says nothing that the
 * channel does not already say to everyone. The line itself is in the reader's language (texts.js);
 * what it quotes from the channel (a question, the results) is in the game's.
 *
 * @typedef {import('../page-types.ts').PageMessage} PageMessage
 * @typedef {'lobby' | 'your-turn' | 'waiting' | 'decision' | 'reaction' | 'over' | 'cancelled'} GameState
 * @typedef {{ state: GameState, game: number, text: string }} GameStatus
 * @typedef {{ id: string, name: string }} Viewer
 */

/** Scarab's custom ids: `s1:<scope>:<game>:<version>:<verb>[:<arg>]` (src/discord/custom-id.ts). */
const CUSTOM_ID = /^s1:([lgb]):(\d+):\d+:([^:]+)/;
// Any game's title: every game's lobby, board and results open with it (see each adapter's messages).
const TITLE = /^\*\*[^*\n]+\*\* · game #(\d+) · (lobby|active|cancelled|finished|turn \d+)/;
const RESULTS = /^🏁 \*\*[^*\n]+\*\* · game #(\d+) is over\.[ \t]*(.*)/;
const CANCELLED = /^Game #(\d+) was cancelled/;
const TO_PLAY = /^Turn (\d+): (.+) to play\.$/;
const DECIDING = /^Turn (\d+), (.+?)'s turn: (.+)\.$/;

/**
 * @param {readonly PageMessage[]} messages the channel's messages, oldest first
 * @param {Viewer} me
 * @param {string} botId
 * @returns {GameStatus | null} null when no game of Scarab's is played in the channel
 */
export function gameStatus(messages, me, botId) {
  /** @type {Map<number, GameMessages>} */
  const games = new Map();
  for (const m of messages) {
    if (m.ephemeral || m.authorId !== botId) continue;
    const kind = classify(m);
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
  return current ? statusOf(current, me) : null;
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

/**
 * @param {PageMessage} m
 * @returns {{ kind: 'lobby' | 'board' | 'decision' | 'over' | 'cancelled', game: number } | null}
 */
function classify(m) {
  const results = RESULTS.exec(m.content);
  if (results) return { kind: 'over', game: Number(results[1]) };
  const cancelled = CANCELLED.exec(m.content);
  if (cancelled) return { kind: 'cancelled', game: Number(cancelled[1]) };
  // Boards and lobbies keep their title when an older one loses its buttons.
  const title = TITLE.exec(m.content);
  if (title) return { kind: title[2]?.startsWith('turn') ? 'board' : 'lobby', game: Number(title[1]) };
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
  /** @param {unknown} c */
  const walk = (c) => {
    if (typeof c !== 'object' || c === null) return;
    const o = /** @type {Record<string, unknown>} */ (c);
    if (typeof o.custom_id === 'string') out.push(o.custom_id);
    for (const key of ['components', 'component', 'accessory'])
      if (Array.isArray(o[key])) for (const child of o[key]) walk(child);
      else walk(o[key]);
  };
  for (const c of components) walk(c);
  return out;
}

/** @param {GameMessages} g @param {Viewer} me @returns {GameStatus} */
function statusOf(g, me) {
  const game = g.game;
  const again = t('page.status.again');
  if (g.end?.kind === 'cancelled' || lobbyState(g.lobby) === 'cancelled')
    return { state: 'cancelled', game, text: t('page.status.cancelled', { game, again }) };
  const board = g.boards.at(-1);
  const status = (board?.attachments[0]?.description ?? '').split('\n')[0] ?? '';
  if (g.end?.kind === 'over' || board?.content.includes('🏁') || status.startsWith('Game over')) {
    const summary = plain(RESULTS.exec(g.end?.message.content ?? '')?.[2] ?? '');
    return {
      state: 'over',
      game,
      text: summary ? t('page.status.over-summary', { summary, again }) : t('page.status.over', { again }),
    };
  }
  if (!board) return lobbyStatus(g.lobby, game, me);
  const toPlay = TO_PLAY.exec(status);
  const deciding = DECIDING.exec(status);
  const turn = toPlay?.[1] ?? deciding?.[1] ?? '';
  const mover = toPlay?.[2] ?? deciding?.[2] ?? '';
  // The board mentions the player to move, except a board posted again; then the name says it.
  const mine = mover === me.name || board.mentions.users.includes(me.id);
  if (!deciding)
    return mine
      ? { state: 'your-turn', game, text: t('page.status.your-turn', { turn }) }
      : {
          state: 'waiting',
          game,
          text: t('page.status.waiting', { player: mover || t('page.status.next-player'), turn }),
        };
  const asking = / \(asking [^)]*\)$/;
  const question = (deciding[3] ?? '').replace(asking, '');
  if (asking.test(deciding[3] ?? ''))
    return { state: 'reaction', game, text: t('page.status.reaction', { question }) };
  // Where the bot asks the question in public, it mentions whom it asks.
  const asked = [board, ...g.decisions.toReversed()]
    .flatMap((m) => m.content.split('\n'))
    .find((line) => line.includes(question) && line.includes(' — '));
  if (asked?.includes(`<@${me.id}>`))
    return { state: 'decision', game, text: t('page.status.decision', { question }) };
  if (mine && asked === undefined)
    return { state: 'your-turn', game, text: t('page.status.your-decision', { question }) };
  return { state: 'waiting', game, text: t('page.status.waiting-decision', { question }) };
}

/** @param {PageMessage | null} lobby */
function lobbyState(lobby) {
  return lobby ? (TITLE.exec(lobby.content)?.[2] ?? null) : null;
}

/** @param {PageMessage | null} lobby @param {number} game @param {Viewer} me @returns {GameStatus} */
function lobbyStatus(lobby, game, me) {
  const content = lobby?.content ?? '';
  if (lobbyState(lobby) === 'active') return { state: 'waiting', game, text: t('page.status.started') };
  const text = content.includes(`Host: <@${me.id}>`)
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
