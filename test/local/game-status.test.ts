import { type APIMessageTopLevelComponent, ComponentType } from 'discord-api-types/v10';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { boardMessage as archaeologyBoard } from '../../src/adapters/archaeology/board-message.ts';
import { describeTable as describeDig } from '../../src/adapters/archaeology/pictures/picture-text.ts';
import type { ArchaeologyPictures } from '../../src/adapters/archaeology/pictures.ts';
import { en } from '../../src/adapters/english.ts';
import { boardMessage, decisionPing, finishedBoardText } from '../../src/adapters/valley/board-message.ts';
import { describeResults, describeTable } from '../../src/adapters/valley/pictures/picture-text.ts';
import type { ValleyPictures } from '../../src/adapters/valley/pictures.ts';
import { resultsMessage } from '../../src/adapters/valley/results-message.ts';
import { valleyText } from '../../src/adapters/valley/rules-text.ts';
import { waitingText } from '../../src/adapters/valley/summary.ts';
import { lobbyMessage } from '../../src/discord/messages/lobby-message.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import { botMove } from '../../src/games/valley/bots/index.ts';
import { baseCatalog } from '../../src/games/valley/catalog.ts';
import { type ValleyState, valley } from '../../src/games/valley/index.ts';
import { gameTitle } from '../../src/i18n/command-localizations.ts';
import { catalogues, LANGUAGES, t } from '../../src/i18n/messages.ts';
import { pageTexts, STATUS_KEYS, statusPattern, statusPatterns } from '../../src/local/page-texts.ts';
import type { PageMessage, StatusKind, StatusPatterns } from '../../src/local/page-types.ts';
import { readableText } from '../../src/loopback/components.ts';
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { v2Components, withoutControls } from '../../src/table-kit/components-v2.ts';
import type { GameContext } from '../../src/table-kit/context.ts';
import type { Payload } from '../../src/table-kit/payload.ts';

/**
 * The hint line's reading of a game (page/game-status.js) against the messages Scarab's bot really
 * builds: its lobby, boards, decision pings, results and the note of /manage cancel, from positions of
 * real games played in each language, with the patterns the server builds from the catalogues. If
 * the bot's wording changes, these tests say which state the page can no longer read.
 */
interface GameStatus {
  state: string;
  game: number;
  text: string;
}
type Viewer = { id: string; name: string };
type GameStatusOf = (
  messages: readonly PageMessage[],
  me: Viewer,
  botId: string,
  patterns: StatusPatterns,
  userName?: (id: string) => string | null | undefined,
) => GameStatus | null;
type ReadLine = (patterns: StatusPatterns, kind: StatusKind, line: string) => Record<string, string> | null;
type UseTexts = (catalogue: Record<string, string>, locale: string) => void;

const BOT = 'bot';
const ALICE = { id: '100', name: 'alice' };
const BOB = { id: '200', name: 'bob' };
const CAROL = { id: '300', name: 'carol' };
const ctx = (version: number, language: string): GameContext => ({
  gameId: 1,
  version,
  names: ['alice', 'bob', 'Khufu'],
  users: [ALICE.id, BOB.id, null],
  language,
});
/** Only the descriptions matter to the page; drawing the pictures would only slow the test. */
const pictures = {
  table: (v, { names, language }) => ({
    png: Buffer.alloc(0),
    alt: describeTable(v, names, baseCatalog, language),
  }),
  results: (v, { names, language }) => ({
    png: Buffer.alloc(0),
    alt: describeResults(v, names, baseCatalog, language),
  }),
} as ValleyPictures;

let gameStatusOf: GameStatusOf;
let readLine: ReadLine;
let useTexts: UseTexts;
let database: ScarabDatabase;
let store: GameStore;
let clock = 0;
/** What `/api/texts` sends the page along with its texts, whatever the reader's language. */
const PATTERNS = pageTexts('en').patterns;
/** The page names the people a question mentions as its member list does. */
const userName = (id: string) => [ALICE, BOB, CAROL].find((u) => u.id === id)?.name;
const gameStatus = (messages: readonly PageMessage[], me: Viewer) =>
  gameStatusOf(messages, me, BOT, PATTERNS, userName);

beforeAll(async () => {
  const page = new URL('../../src/local/page/game-status.js', import.meta.url).href;
  ({ gameStatus: gameStatusOf, readLine } = (await import(page)) as {
    gameStatus: GameStatusOf;
    readLine: ReadLine;
  });
  // The line is written in the reader's language, from the page texts the server hands the page.
  const texts = new URL('../../src/local/page/texts.js', import.meta.url).href;
  ({ useTexts } = (await import(texts)) as { useTexts: UseTexts });
  useTexts(pageTexts('en').messages, 'en-US');
  database = openDatabase(':memory:');
  store = new GameStore(database);
});
afterAll(() => database?.close());
// A test that reads as a Spanish speaker puts the English reader back.
afterEach(() => useTexts(pageTexts('en').messages, 'en-US'));

/** A message as the page receives it, from the bot's payload (mentions as its allowed_mentions make them). */
function posted(p: Payload, extra: Partial<PageMessage> = {}): PageMessage {
  clock++;
  return {
    id: String(clock),
    channelId: 'thread',
    authorId: BOT,
    // As the bot sends it (send.ts): a Components V2 message, its words in text displays.
    content: '',
    text: readableText('', v2Components(p)),
    embeds: [],
    components: v2Components(p),
    componentsV2: true,
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

const note = (content: string) => posted({ content, components: [], files: [], mentionUsers: [] });

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
      if (!next.ok) throw new Error(en(next.error.msg));
      s = next.state;
    }
    found.over ??= s;
  }
  return found;
}

const found = positions();

it('found every kind of position in a few random games', () => {
  expect(Object.keys(found).sort()).toEqual(['aliceToPlay', 'computerToPlay', 'decision', 'over', 'window']);
});

// The same situations in a game played in each language, read by an English speaker.
describe.each(LANGUAGES)("the hint line's reading of a game played in %s", (language) => {
  const board = (s: ValleyState) => posted(boardMessage(valley.view(s, null), ctx(1, language), pictures));
  const lobbyOf = (host: Viewer) =>
    store.lobbies.create({
      type: 'valley',
      guildId: 'g',
      channelId: 'c',
      hostUserId: host.id,
      seats: [{ userId: host.id, displayName: host.name }],
      language,
    });

  it('knows no game where the bot has posted none', () => {
    expect(gameStatus([], ALICE)).toBeNull();
    const other = board(found.aliceToPlay as ValleyState);
    expect(gameStatus([{ ...other, authorId: ALICE.id }], ALICE)).toBeNull();
    // A private copy (a hand, a Respond answer) is never read: only what everyone sees.
    expect(gameStatus([{ ...other, ephemeral: true }], ALICE)).toBeNull();
  });

  it('reads the lobby for its host, a seated player and a visitor, then its start and its cancellation', () => {
    const lobby = lobbyOf(ALICE);
    store.lobbies.join(lobby.id, { userId: BOB.id, displayName: 'bob' });
    const open = [posted(lobbyMessage(store.getGame(lobby.id)))];
    expect(gameStatus(open, ALICE)).toMatchObject({
      state: 'lobby',
      text: expect.stringMatching(/^Your lobby/),
    });
    expect(gameStatus(open, BOB)?.text).toMatch(/^You have a seat/);
    expect(gameStatus(open, CAROL)?.text).toMatch(/press Join/);
    const started = [posted(lobbyMessage({ ...store.getGame(lobby.id), status: 'active' }))];
    expect(gameStatus(started, BOB)).toMatchObject({
      state: 'waiting',
      text: 'The game has started: its board follows.',
    });
    const by = t(language, 'lobby.cancelled-by', { who: '<@100>' });
    const cancelled = [posted(lobbyMessage(store.cancelGame(lobby.id), undefined, by))];
    expect(gameStatus(cancelled, BOB)).toMatchObject({ state: 'cancelled', game: lobby.id });
  });

  it('says whose turn it is: yours, or whom everyone waits for', () => {
    const s = found.aliceToPlay as ValleyState;
    const turn = s.turn.number + 1;
    const messages = [board(s)];
    expect(gameStatus(messages, ALICE)).toEqual({
      state: 'your-turn',
      game: 1,
      text: `Your turn (turn ${turn}): press My hand on the newest board; your cards and moves appear below it, for you alone.`,
    });
    expect(gameStatus(messages, BOB)).toMatchObject({
      state: 'waiting',
      text: `Waiting for alice (turn ${turn}). The bot mentions you when it is your turn.`,
    });
    const computer = [board(found.computerToPlay as ValleyState)];
    expect(gameStatus(computer, ALICE)?.text).toMatch(/^Waiting for Khufu \(turn \d+\)/);
  });

  it('reads a board the bot posted again, which mentions nobody', () => {
    const view = valley.view(found.aliceToPlay as ValleyState, null);
    const headline = t(language, 'board.reposted');
    const again = posted(boardMessage(view, ctx(1, language), pictures, { headline }));
    expect(again.mentions.users).toEqual([]);
    expect(gameStatus([again], ALICE)?.state).toBe('your-turn');
    expect(gameStatus([again], BOB)?.state).toBe('waiting');
  });

  it('tells the one a decision is owed by, and only while it is owed', () => {
    const s = found.decision as ValleyState;
    const view = valley.view(s, null);
    const question = waitingText(view, ctx(1, language));
    const ping = posted(decisionPing(view, ctx(1, language)));
    const messages = [board(s), ping];
    expect(gameStatus(messages, BOB)).toMatchObject({
      state: 'decision',
      text: `A decision is owed by you: ${question}. Press Respond to choose.`,
    });
    expect(gameStatus(messages, ALICE)).toMatchObject({ state: 'waiting', text: `Waiting: ${question}.` });
    // Answered: the board is edited back to the turn; a ping still in the channel changes nothing.
    const answered = [{ ...board(found.aliceToPlay as ValleyState), id: messages[0]?.id ?? '' }, ping];
    expect(gameStatus(answered, BOB)?.state).toBe('waiting');
  });

  it('follows the newest word on a decision: a note posted while the board waits for its edit', () => {
    // Bob was discarding; he has, and the decision passed to alice. The bot posted its note to her at
    // once, but the board's edit waits for room in the channel: the board still says bob.
    const s = found.decision as ValleyState;
    const stale = board(s);
    const view = valley.view(s, null);
    const passed = {
      ...view,
      waiting: {
        ...view.waiting,
        seats: [0],
        text: { key: 'valley.rules.duamutef-canopic-jar.public', values: { seat: '@0' } },
      },
    };
    const note = posted(decisionPing(passed, ctx(2, language)));
    // What the decision says, with alice named as the ping names her (a mention) or as the line does.
    const said = (alice: string) => valleyText(passed.waiting.text, { names: [alice, 'bob'], language });
    expect(said('alice')).toMatch(/^alice (is choosing a card|está eligiendo una carta)/);
    expect(note.text).toContain(said('<@100>'));
    expect(note.text).not.toMatch(/alice/);
    const messages = [stale, note];
    expect(gameStatus(messages, ALICE)).toMatchObject({
      state: 'decision',
      text: `A decision is owed by you: ${said('alice')}. Press Respond to choose.`,
    });
    // Bob's hand says alice is deciding; so does his line, not that he still owes the decision.
    expect(gameStatus(messages, BOB)).toMatchObject({
      state: 'waiting',
      text: `Waiting: ${said('alice')}.`,
    });
    // Once the board is edited, it is the newer word again.
    const edited = { ...board(found.aliceToPlay as ValleyState), id: stale.id, editedAt: clock + 1 };
    expect(gameStatus([edited, note], ALICE)?.state).toBe('your-turn');
  });

  it('names nobody in a reaction window', () => {
    const view = valley.view(found.window as ValleyState, null);
    const question = waitingText(view, ctx(1, language));
    // The question says it already ("Waiting for reactions to the purchase"): not twice.
    expect(question).toMatch(/^(Waiting for reactions|Esperando reacciones)/);
    const messages = [board(found.window as ValleyState)];
    const buyer = ctx(1, language).names[(found.window as ValleyState).turn.seat];
    for (const who of [ALICE, BOB].filter((p) => p.name !== buyer))
      expect(gameStatus(messages, who)).toMatchObject({
        state: 'reaction',
        text: `${question}. If you can react, the bot has told you privately: press Respond.`,
      });
    // Nothing about reacting to the one whose purchase opened the window, nor to someone not seated.
    for (const who of [ALICE, BOB, CAROL].filter((p) => p.name === buyer || p === CAROL))
      expect(gameStatus(messages, who)).toMatchObject({
        state: 'reaction',
        text: `${question}. The other players may react; the game goes on when they have answered.`,
      });
  });

  it('tells the buyer nothing of reacting to their own purchase', () => {
    const s = found.window as ValleyState;
    const mine = { ...s, turn: { ...s.turn, seat: 0 } };
    const text = gameStatus([board(mine)], ALICE)?.text ?? '';
    expect(text).toMatch(/The other players may react/);
    expect(text).not.toMatch(/press Respond/);
  });

  it('no longer promises a mention to someone who handed their seat over', () => {
    const s = found.aliceToPlay as ValleyState;
    const turn = s.turn.number + 1;
    // Carol held a seat and handed it to bob: the board names only alice, bob and Khufu.
    expect(gameStatus([board(s)], CAROL)).toMatchObject({
      state: 'waiting',
      text: `Waiting for alice (turn ${turn}).`,
    });
  });

  it('says the game is over, with its result', () => {
    const view = valley.view(found.over as ValleyState, null);
    const last = board(found.aliceToPlay as ValleyState);
    const results = posted(resultsMessage(view, ctx(2, language), pictures));
    const outcome = view.outcome;
    const summary = outcome ? valleyText(outcome.summary, ctx(2, language)) : '';
    expect(summary).not.toBe('');
    expect(gameStatus([last, results], BOB)).toEqual({
      state: 'over',
      game: 1,
      text: `Game over. ${summary} Type a game’s command (see /rules) in a text channel for another game.`,
    });
    // The last board, stripped of its controls, says so too, even before the results are posted.
    // As publisher.strip sends it: the controls gone, the first text display replaced.
    const stripped = {
      ...last,
      components: withoutControls(
        last.components,
        new Map(),
        finishedBoardText(ctx(2, language), view.turn.number, null),
      ),
    };
    expect(gameStatus([stripped], ALICE)?.state).toBe('over');
    // As does the board of the last move, whose picture reads "Game over".
    expect(gameStatus([board(found.over as ValleyState)], ALICE)?.state).toBe('over');
  });

  it('says a game was cancelled with /manage cancel: the note, and the board it closed', () => {
    const text = t(language, 'manage.cancelled-by', { id: '1', who: '<@100>' });
    const title = gameTitle(language, 'valley', valley.title);
    const open = board(found.aliceToPlay as ValleyState);
    const closedBoard = {
      ...open,
      components: withoutControls(
        open.components,
        new Map(),
        `${t(language, 'manage.cancelled-title', { title, id: '1' })}\n${text}`,
      ),
    };
    expect(gameStatus([board(found.aliceToPlay as ValleyState), note(text)], ALICE)).toMatchObject({
      state: 'cancelled',
      game: 1,
    });
    expect(gameStatus([closedBoard], BOB)?.state).toBe('cancelled');
  });

  it('follows the game that moved last where several share a channel', () => {
    const first = board(found.aliceToPlay as ValleyState);
    const lobby = lobbyOf(BOB);
    const second = posted(lobbyMessage(store.getGame(lobby.id)));
    expect(gameStatus([first, second], ALICE)).toMatchObject({ state: 'lobby', game: lobby.id });
    const edited = { ...first, editedAt: clock + 1 };
    expect(gameStatus([edited, second], ALICE)).toMatchObject({ state: 'your-turn', game: 1 });
  });

  it("ends Archaeology's summary, which is no sentence of its own, before the next one", () => {
    const summary = language === 'es' ? 'Khufu gana con 57 $' : 'Khufu wins with $57';
    const title = gameTitle(language, 'archaeology', 'Archaeology');
    const results = note(t(language, 'archaeology.results.title', { title, id: '1', summary }));
    expect(gameStatus([results], BOB)?.text).toBe(
      `Game over. ${summary}. Type a game’s command (see /rules) in a text channel for another game.`,
    );
  });

  it("reads Archaeology's board too", () => {
    const s = archaeology.setup({ players: 3 }, 'hint-dig');
    const view = archaeology.view(s, null);
    const dig = {
      table: (v, { names, language: l }) => ({ png: Buffer.alloc(0), alt: describeDig(v, names, l) }),
    } as ArchaeologyPictures;
    const messages = [posted(archaeologyBoard(view, ctx(1, language), dig))];
    const mover = [ALICE, BOB][view.turn.seat];
    const other = view.turn.seat === 0 ? BOB : ALICE;
    if (mover) expect(gameStatus(messages, mover)?.state).toBe('your-turn');
    expect(gameStatus(messages, other)).toMatchObject({
      state: 'waiting',
      text: expect.stringMatching(/^Waiting for \S+ \(turn 1\)/),
    });
  });
});

/**
 * The same message as a Components V2 one, laid out as a bot lays one out (issue #37): no content, its
 * lines as text displays in a container (the title as a heading), the picture in a gallery with its
 * description (the attachment itself without one), the rows inside the container.
 */
function asV2(m: PageMessage): PageMessage {
  const [title = '', ...rest] = m.text.split('\n');
  const text = [
    ...(title ? [{ type: ComponentType.TextDisplay, content: `## ${title}` }] : []),
    ...(rest.length ? [{ type: ComponentType.TextDisplay, content: rest.join('\n') }] : []),
  ];
  const gallery = m.attachments.length
    ? [
        {
          type: ComponentType.MediaGallery,
          items: m.attachments.map((a) => ({
            media: { url: a.url },
            ...(a.description === null ? {} : { description: a.description }),
          })),
        },
      ]
    : [];
  return {
    ...m,
    content: '',
    componentsV2: true,
    attachments: m.attachments.map((a) => ({ ...a, description: null })),
    components: [
      {
        type: ComponentType.Container,
        accent_color: 0xe9b949,
        components: [...text, ...gallery, ...m.components],
      },
    ] as APIMessageTopLevelComponent[],
  };
}

describe('the hint line on Components V2 messages', () => {
  it('reads the lobby, the turn, a decision, a reaction window and the end from text displays and the gallery', () => {
    for (const language of LANGUAGES) {
      const board = (s: ValleyState) =>
        posted(boardMessage(valley.view(s, null), ctx(1, language), pictures));
      const lobby = store.lobbies.create({
        type: 'valley',
        guildId: 'g',
        channelId: 'c',
        hostUserId: ALICE.id,
        seats: [{ userId: ALICE.id, displayName: ALICE.name }],
        language,
      });
      const decision = found.decision as ValleyState;
      const situations = [
        [posted(lobbyMessage(store.getGame(lobby.id)))],
        [board(found.aliceToPlay as ValleyState)],
        [board(decision), posted(decisionPing(valley.view(decision, null), ctx(1, language)))],
        [board(found.window as ValleyState)],
        [
          board(found.aliceToPlay as ValleyState),
          posted(resultsMessage(valley.view(found.over as ValleyState, null), ctx(2, language), pictures)),
        ],
      ];
      const states = new Set<string>();
      for (const messages of situations)
        for (const who of [ALICE, BOB]) {
          const classic = gameStatus(messages, who);
          expect(classic, language).not.toBeNull();
          expect(gameStatus(messages.map(asV2), who), language).toEqual(classic);
          states.add(classic?.state ?? '');
        }
      expect([...states].sort()).toEqual(['decision', 'lobby', 'over', 'reaction', 'waiting', 'your-turn']);
    }
  });

  it('reads the text displays only of a message flagged as Components V2', () => {
    const v2 = asV2(
      posted(boardMessage(valley.view(found.aliceToPlay as ValleyState, null), ctx(1, 'en'), pictures)),
    );
    expect(gameStatus([v2], ALICE)?.state).toBe('your-turn');
    expect(gameStatus([{ ...v2, componentsV2: false }], ALICE)).toBeNull();
  });
});

describe('the hint line in the reader’s language', () => {
  it('writes in Spanish for a Spanish speaker, about a game in either language', () => {
    useTexts(pageTexts('es').messages, 'es-ES');
    const s = found.aliceToPlay as ValleyState;
    const turn = s.turn.number + 1;
    for (const language of LANGUAGES) {
      const messages = [posted(boardMessage(valley.view(s, null), ctx(1, language), pictures))];
      expect(gameStatus(messages, ALICE)?.text).toBe(t('es', 'page.status.your-turn', { turn }));
      expect(gameStatus(messages, BOB)?.text).toBe(t('es', 'page.status.waiting', { player: 'alice', turn }));
    }
  });
});

interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
}

/** A message's placeholders and selects (with their options), as intl-messageformat reads it. */
function shapeOf(message: string, language: string) {
  const args = new Set<string>();
  const selects = new Map<string, string[]>();
  const walk = (elements: Element[]) => {
    for (const e of elements) {
      if (e.type === 1) args.add(String(e.value));
      if (e.type === 5) selects.set(String(e.value), Object.keys(e.options ?? {}));
      for (const o of Object.values(e.options ?? {})) walk(o.value);
    }
  };
  const ast = new IntlMessageFormat(message, language).getAst() as Element[];
  walk(ast);
  /** The placeholders written when each select takes `chosen`'s option. */
  const written = (chosen: Record<string, string>) => {
    const out = new Set<string>();
    const visit = (elements: Element[]) => {
      for (const e of elements) {
        if (e.type === 1) out.add(String(e.value));
        if (e.type === 5) visit(e.options?.[chosen[String(e.value)] ?? 'other']?.value ?? []);
      }
    };
    visit(ast);
    return out;
  };
  return { args, selects, written };
}

const NUMBERS = ['id', 'n', 'turn'];
const NO_PATTERNS = Object.fromEntries(
  Object.keys(STATUS_KEYS).map((k) => [k, []]),
) as unknown as StatusPatterns;

describe('the patterns the hint line reads with', () => {
  const cases = Object.entries(STATUS_KEYS).flatMap(([kind, keys]) =>
    keys.flatMap((key) => LANGUAGES.map((language) => [kind as StatusKind, key, language] as const)),
  );

  it.each(cases)(
    '%s: reads back every value of "%s" in %s, whatever its select says',
    (kind, key, language) => {
      const message = catalogues.get(language)?.[key];
      expect(message, `${language}.json has "${key}"`).toBeDefined();
      // Throws, naming the key, for a message the recogniser cannot read (a plural, a number, a tag).
      statusPattern(language, key);
      const { args, selects, written } = shapeOf(message ?? '', language);
      // Values with the characters a pattern must not take for its own: dots, brackets, stars.
      const sample = (name: string, i: number) =>
        NUMBERS.includes(name) ? String(41 + i) : `«${name}» x.y (z) *w*`;
      const base = Object.fromEntries([...args].map((name, i) => [name, sample(name, i)]));
      const choices = [...selects].flatMap(([select, options]) =>
        options.map((option) => ({ [select]: option })),
      );
      for (const chosen of choices.length ? choices : [{}]) {
        // A select's `other` is what any value it does not name writes.
        const values = {
          ...base,
          ...Object.fromEntries(
            Object.entries(chosen).map(([s, o]) => [s, o === 'other' ? 'some-other-value' : o]),
          ),
        };
        for (const [select] of selects) values[select] ??= 'some-other-value';
        const line = t(language, key, values);
        const expected = {
          ...Object.fromEntries([...written(chosen)].map((name) => [name, base[name]])),
          ...Object.fromEntries([...selects.keys()].map((s) => [s, chosen[s] ?? 'other'])),
        };
        const own = { ...NO_PATTERNS, [kind]: [statusPattern(language, key)] };
        expect(readLine(own, kind, line), `${language} ${key}: ${line}`).toEqual(expected);
        // Among every pattern of its kind, another key's may read it first (the same wording but for a
        // select, or a placeholder's name); the numbers the page counts on are read all the same.
        const numbers = Object.fromEntries(NUMBERS.filter((n) => n in expected).map((n) => [n, expected[n]]));
        expect(readLine(PATTERNS, kind, line), `${language} ${key}: ${line}`).toMatchObject(numbers);
      }
    },
  );

  it('are those of every language, whatever the reader’s', () => {
    expect(pageTexts('es').patterns).toEqual(statusPatterns());
    for (const [kind, keys] of Object.entries(STATUS_KEYS))
      for (const language of LANGUAGES)
        for (const key of keys)
          expect(
            PATTERNS[kind as StatusKind].some((p) => p.source === statusPattern(language, key).source),
            `${kind}: ${language} ${key}`,
          ).toBe(true);
  });

  it('read none of the other kinds’ lines', () => {
    const kinds = Object.keys(STATUS_KEYS) as StatusKind[];
    for (const [kind, keys] of Object.entries(STATUS_KEYS))
      for (const language of LANGUAGES)
        for (const key of keys) {
          const { args, selects } = shapeOf(catalogues.get(language)?.[key] ?? '', language);
          const line = t(language, key, {
            ...Object.fromEntries([...args].map((a) => [a, NUMBERS.includes(a) ? '7' : 'alice'])),
            ...Object.fromEntries([...selects].map(([select, options]) => [select, options[0] ?? 'other'])),
          });
          for (const other of kinds)
            if (other !== kind) expect(readLine(PATTERNS, other, line), `${other} read ${line}`).toBeNull();
        }
  });
});
