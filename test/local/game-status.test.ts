import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSeatNames as withNames } from '../../src/adapters/engine-text.ts';
import { boardMessage, decisionPing, finishedBoardText } from '../../src/adapters/valley/board-message.ts';
import { describeResults, describeTable } from '../../src/adapters/valley/pictures/picture-text.ts';
import type { ValleyPictures } from '../../src/adapters/valley/pictures.ts';
import { resultsMessage } from '../../src/adapters/valley/results-message.ts';
import type { GameContext } from '../../src/discord/messages/context.ts';
import { lobbyMessage } from '../../src/discord/messages/lobby-message.ts';
import type { Payload } from '../../src/discord/messages/payload.ts';
import { botMove } from '../../src/games/valley/bots/index.ts';
import { baseCatalog } from '../../src/games/valley/catalog.ts';
import { type ValleyState, valley } from '../../src/games/valley/index.ts';
import { pageTexts } from '../../src/local/page-texts.ts';
import type { PageMessage } from '../../src/local/page-types.ts';
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';

/**
 * The hint line's reading of a game (page/game-status.js) against the messages Scarab's bot really
 * builds: its lobby, boards, decision pings and results, from positions of real games. If the bot's
 * wording changes, these tests say which state the page can no longer read. (The cancellation note
 * is written inline by /manage cancel, so it is copied here.)
 */
interface GameStatus {
  state: string;
  game: number;
  text: string;
}
type GameStatusOf = (
  messages: readonly PageMessage[],
  me: { id: string; name: string },
  botId: string,
) => GameStatus | null;

const BOT = 'bot';
const ALICE = { id: '100', name: 'alice' };
const BOB = { id: '200', name: 'bob' };
const CAROL = { id: '300', name: 'carol' };
const ctx = (version: number): GameContext => ({
  gameId: 1,
  version,
  names: ['alice', 'bob', 'Khufu'],
  users: [ALICE.id, BOB.id, null],
  language: 'en',
});
/** Only the descriptions matter to the page; drawing the pictures would only slow the test. */
const pictures = {
  table: (v, { names }) => ({ png: Buffer.alloc(0), alt: describeTable(v, names, baseCatalog) }),
  results: (v, { names }) => ({ png: Buffer.alloc(0), alt: describeResults(v, names, baseCatalog) }),
} as ValleyPictures;

let gameStatus: GameStatusOf;
let database: ScarabDatabase;
let store: GameStore;
let clock = 0;

beforeAll(async () => {
  const page = new URL('../../src/local/page/game-status.js', import.meta.url).href;
  ({ gameStatus } = (await import(page)) as { gameStatus: GameStatusOf });
  // The line is written in the reader's language, from the page texts the server hands the page.
  const texts = new URL('../../src/local/page/texts.js', import.meta.url).href;
  const { useTexts } = (await import(texts)) as { useTexts: (c: Record<string, string>, l: string) => void };
  useTexts(pageTexts('en').messages, 'en-US');
  database = openDatabase(':memory:');
  store = new GameStore(database);
});
afterAll(() => database?.close());

/** A message as the page receives it, from the bot's payload (mentions as its allowed_mentions make them). */
function posted(p: Payload, extra: Partial<PageMessage> = {}): PageMessage {
  clock++;
  return {
    id: String(clock),
    channelId: 'thread',
    authorId: BOT,
    content: p.content,
    embeds: [],
    components: p.components,
    attachments: p.files.map((f, i) => ({
      id: `${clock}-${i}`,
      filename: f.name,
      description: f.description,
      contentType: 'image/png',
      size: 0,
      width: null,
      height: null,
      url: '',
    })),
    ephemeral: false,
    loading: false,
    mentions: { users: p.mentionUsers, everyone: false },
    notified: p.mentionUsers,
    interaction: null,
    createdAt: clock,
    editedAt: null,
    version: 1,
    ...extra,
  };
}

/** Positions from games between random computer players: the first of each kind the page must read. */
function positions() {
  const found: Partial<
    Record<'aliceToPlay' | 'computerToPlay' | 'decision' | 'window' | 'over', ValleyState>
  > = {};
  for (let g = 0; g < 200 && Object.keys(found).length < 5; g++) {
    let s = valley.setup({ players: 3 }, `hint-${g}`);
    while (!s.finished) {
      const q = s.stack.at(-1)?.q;
      if (!q && s.turn.seat === 0) found.aliceToPlay ??= s;
      if (!q && s.turn.seat === 2) found.computerToPlay ??= s;
      if (q?.window) found.window ??= s;
      if (q && !q.window && q.asks.length === 1 && q.asks[0]?.seat === 1 && s.turn.seat !== 1)
        found.decision ??= s;
      const seat = valley.waitingFor(s)[0] ?? 0;
      const next = valley.apply(s, seat, botMove(s, seat, 'random'));
      if (!next.ok) throw new Error(next.error.message);
      s = next.state;
    }
    found.over ??= s;
  }
  return found;
}

const board = (s: ValleyState) => posted(boardMessage(valley.view(s, null), ctx(1), pictures));

describe("the hint line's reading of a game", () => {
  const found = positions();

  it('found every kind of position in a few random games', () => {
    expect(Object.keys(found).sort()).toEqual([
      'aliceToPlay',
      'computerToPlay',
      'decision',
      'over',
      'window',
    ]);
  });

  it('knows no game where the bot has posted none', () => {
    expect(gameStatus([], ALICE, BOT)).toBeNull();
    const other = posted(boardMessage(valley.view(found.aliceToPlay as ValleyState, null), ctx(1), pictures));
    expect(gameStatus([{ ...other, authorId: ALICE.id }], ALICE, BOT)).toBeNull();
    // A private copy (a hand, a Respond answer) is never read: only what everyone sees.
    expect(gameStatus([{ ...other, ephemeral: true }], ALICE, BOT)).toBeNull();
  });

  it('reads the lobby for its host, a seated player and a visitor', () => {
    const lobby = store.lobbies.create({
      type: 'valley',
      guildId: 'g',
      channelId: 'c',
      hostUserId: ALICE.id,
      seats: [{ userId: ALICE.id, displayName: 'alice' }],
    });
    store.lobbies.join(lobby.id, { userId: BOB.id, displayName: 'bob' });
    const open = [posted(lobbyMessage(store.getGame(lobby.id)))];
    expect(gameStatus(open, ALICE, BOT)).toMatchObject({
      state: 'lobby',
      text: expect.stringMatching(/^Your lobby/),
    });
    expect(gameStatus(open, BOB, BOT)?.text).toMatch(/^You have a seat/);
    expect(gameStatus(open, CAROL, BOT)?.text).toMatch(/press Join/);
    const cancelled = [posted(lobbyMessage(store.cancelGame(lobby.id), undefined, 'Cancelled by <@100>.'))];
    expect(gameStatus(cancelled, BOB, BOT)?.state).toBe('cancelled');
  });

  it('says whose turn it is: yours, or whom everyone waits for', () => {
    const s = found.aliceToPlay as ValleyState;
    const turn = s.turn.number + 1;
    const messages = [board(s)];
    expect(gameStatus(messages, ALICE, BOT)).toEqual({
      state: 'your-turn',
      game: 1,
      text: `Your turn (turn ${turn}): press My hand on the newest board; your cards and moves appear below it, for you alone.`,
    });
    expect(gameStatus(messages, BOB, BOT)).toMatchObject({
      state: 'waiting',
      text: `Waiting for alice (turn ${turn}). The bot mentions you when it is your turn.`,
    });
    const computer = [board(found.computerToPlay as ValleyState)];
    expect(gameStatus(computer, ALICE, BOT)?.text).toMatch(/^Waiting for Khufu \(turn \d+\)/);
  });

  it('reads a board the bot posted again, which mentions nobody', () => {
    const fresh = board(found.aliceToPlay as ValleyState);
    const [title, , ...rest] = fresh.content.split('\n');
    const again = {
      ...fresh,
      content: [title, 'The current board, posted again on request.', ...rest].join('\n'),
      mentions: { users: [], everyone: false },
    };
    expect(gameStatus([again], ALICE, BOT)?.state).toBe('your-turn');
    expect(gameStatus([again], BOB, BOT)?.state).toBe('waiting');
  });

  it('tells the one a decision is owed by, and only while it is owed', () => {
    const s = found.decision as ValleyState;
    const view = valley.view(s, null);
    const question = withNames(view.waiting.text, ctx(1).names);
    const ping = posted(decisionPing(view, ctx(1)));
    const messages = [board(s), ping];
    expect(gameStatus(messages, BOB, BOT)).toMatchObject({
      state: 'decision',
      text: `A decision is owed by you: ${question}. Press Respond to choose.`,
    });
    expect(gameStatus(messages, ALICE, BOT)).toMatchObject({
      state: 'waiting',
      text: `Waiting: ${question}.`,
    });
    // Answered: the board is edited back to the turn; a ping still in the channel changes nothing.
    const answered = [{ ...board(found.aliceToPlay as ValleyState), id: messages[0]?.id ?? '' }, ping];
    expect(gameStatus(answered, BOB, BOT)?.state).toBe('waiting');
  });

  it('names nobody in a reaction window', () => {
    const messages = [board(found.window as ValleyState)];
    for (const who of [ALICE, BOB, CAROL])
      expect(gameStatus(messages, who, BOT)).toMatchObject({
        state: 'reaction',
        text: expect.stringMatching(
          /^Waiting for reactions: .+\. If you can react, the bot has told you privately: press Respond\.$/,
        ),
      });
  });

  it('says the game is over, with its result', () => {
    const view = valley.view(found.over as ValleyState, null);
    const last = board(found.aliceToPlay as ValleyState);
    const results = posted(resultsMessage(view, ctx(2), pictures));
    const summary = withNames(view.outcome?.summary ?? '', ctx(2).names);
    expect(gameStatus([last, results], BOB, BOT)).toEqual({
      state: 'over',
      game: 1,
      text: `Game over. ${summary} Type a game’s command (see /rules) in a text channel for another game.`,
    });
    // The last board, stripped of its controls, says so too, even before the results are posted.
    const stripped = { ...last, content: finishedBoardText(ctx(2), view.turn.number, null), components: [] };
    expect(gameStatus([stripped], ALICE, BOT)?.state).toBe('over');
  });

  it('says a game was cancelled', () => {
    const note = posted({
      content: 'Game #1 was cancelled by <@100>.',
      components: [],
      files: [],
      mentionUsers: [],
    });
    expect(gameStatus([board(found.aliceToPlay as ValleyState), note], ALICE, BOT)?.state).toBe('cancelled');
  });

  it('follows the game that moved last where several share a channel', () => {
    const first = board(found.aliceToPlay as ValleyState);
    const lobby = store.lobbies.create({
      type: 'valley',
      guildId: 'g',
      channelId: 'c',
      hostUserId: BOB.id,
      seats: [{ userId: BOB.id, displayName: 'bob' }],
    });
    const second = posted(lobbyMessage(store.getGame(lobby.id)));
    expect(gameStatus([first, second], ALICE, BOT)).toMatchObject({ state: 'lobby', game: lobby.id });
    const edited = { ...first, editedAt: clock + 1 };
    expect(gameStatus([edited, second], ALICE, BOT)).toMatchObject({ state: 'your-turn', game: 1 });
  });
});
