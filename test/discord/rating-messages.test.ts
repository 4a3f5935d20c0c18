import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { leaderboardCustomId, readLeaderboardId } from '../../src/discord/leaderboard-id.ts';
import { leaderboardMessage } from '../../src/discord/messages/leaderboard-message.ts';
import { lobbyMessage } from '../../src/discord/messages/lobby-message.ts';
import { plainName } from '../../src/discord/messages/plain-name.ts';
import { lobbyRatingLine, resultRatingLines } from '../../src/discord/messages/rating-lines.ts';
import type { RatingPictures } from '../../src/discord/messages/rating-pictures.ts';
import { statsMessage } from '../../src/discord/messages/stats-message.ts';
import { computerRecord } from '../../src/ratings/computer-record.ts';
import type { BoardPage } from '../../src/ratings/queries.ts';
import type { GameRecord } from '../../src/store/records.ts';
import { decodeCustomId, encodeCustomId } from '../../src/table-kit/custom-id.ts';

const pictures: RatingPictures = {
  leaderboard: (b) => ({ png: Buffer.from('board'), alt: `board ${b.page}` }),
  ratingChart: (c) => ({ png: Buffer.from('chart'), alt: `chart ${c.points.length}` }),
  podium: (p) => ({ png: Buffer.from('podium'), alt: `podium ${p.top.length}` }),
};

const ids = (p: ReturnType<typeof leaderboardMessage>) =>
  p.components.flatMap((r) =>
    r.components.flatMap((c) =>
      c.type === ComponentType.Button && 'custom_id' in c ? [[c.custom_id, c.label, c.disabled]] : [],
    ),
  );

function page(n: number, pages: number): BoardPage {
  return {
    page: n,
    pages,
    players: pages * 10,
    rows: [
      {
        place: 1,
        userId: 'u1',
        displayName: '*Ann*',
        skill: { mu: 30, sigma: 4 },
        display: 18,
        games: 3,
        wins: 1,
      },
    ],
  };
}

const lobby = (over: Partial<GameRecord>): GameRecord => ({
  id: 7,
  type: 'valley',
  status: 'lobby',
  version: 0,
  guildId: 'g',
  channelId: 'c',
  threadId: null,
  hostUserId: 'u1',
  createdAt: new Date(0),
  updatedAt: new Date(0),
  startedAt: null,
  finishedAt: null,
  options: {},
  seed: 's',
  state: null,
  outcome: null,
  rated: null,
  handedOver: false,
  seats: [
    { seat: 0, userId: 'u1', botKind: null, displayName: 'Ann' },
    { seat: 1, userId: 'u2', botKind: null, displayName: 'Bob' },
  ],
  ...over,
});

describe('leaderboard buttons', () => {
  it('carry the page and the board, are unique on every page, and decode strictly', () => {
    for (const [n, pages] of [
      [1, 1],
      [1, 3],
      [2, 3],
      [3, 3],
    ] as const) {
      for (const global of [false, true]) {
        const buttons = ids(
          leaderboardMessage(page(n, pages), { game: 'V', global, scope: 'S', language: 'en' }, pictures),
        );
        expect(new Set(buttons.map(([id]) => id)).size).toBe(3);
        const [prev, next, other] = buttons.map(([id]) => readLeaderboardId(decodeCustomId(id as string)!));
        expect(prev).toEqual({ global, page: Math.max(1, n - 1) });
        expect(next).toEqual({ global, page: n + 1 });
        expect(other).toEqual({ global: !global, page: 1 });
        expect(buttons.map(([, , disabled]) => disabled)).toEqual([n === 1, n === pages, false]);
      }
    }
    expect(leaderboardCustomId({ global: true, page: 4 })).toBe('s1:b:4:0:page:g~all');
    // A button drawn before seasons showed all-time, and still does.
    expect(readLeaderboardId(decodeCustomId('s1:b:4:0:page:g')!)).toEqual({ global: true, page: 4 });
    for (const target of [
      { global: false, page: 2, season: '2026-11' },
      { global: true, page: 1, gameType: 'archaeology', season: '2026-Q4' },
      { global: true, page: 1, season: 'current' },
    ]) {
      const id = leaderboardCustomId(target);
      expect(readLeaderboardId(decodeCustomId(id)!), id).toEqual(target);
    }
    for (const bad of ['s1:b:1:0:page:g~x', 's1:b:1:0:page:g~2026-13x', 's1:b:1:0:page:s~all~all']) {
      const id = decodeCustomId(bad);
      expect(id === null || readLeaderboardId(id) === null, bad).toBe(true);
    }
    // A season's board: its pages stay in the season; the switch goes to the other scope's current one.
    const seasonal = ids(
      leaderboardMessage(
        page(1, 2),
        { game: 'V', global: false, scope: 'S', language: 'en', season: '2026-11' },
        pictures,
      ),
    ).map(([id]) => readLeaderboardId(decodeCustomId(id as string)!));
    expect(seasonal).toEqual([
      { global: false, page: 1, season: '2026-11' },
      { global: false, page: 2, season: '2026-11' },
      { global: true, page: 1, season: 'current' },
    ]);
    for (const bad of ['s1:b:0:0:page:g', 's1:b:1:0:page:x', 's1:b:1:2:page:g', 's1:b:1:0:next:g']) {
      const id = decodeCustomId(bad);
      expect(id === null || readLeaderboardId(id) === null).toBe(true);
    }
    expect(decodeCustomId('s1:constructor:1:0:join')).toBeNull();
    const lobbyId = encodeCustomId({ scope: 'lobby', gameId: 3, version: 0, verb: 'join', arg: '' });
    expect(readLeaderboardId(decodeCustomId(lobbyId)!)).toBeNull();
  });

  it('show names as typed, not as markdown', () => {
    const p = leaderboardMessage(
      page(1, 1),
      { game: 'V', global: false, scope: 'S', language: 'en' },
      pictures,
    );
    expect(p.content).toContain('1. **\\*Ann\\*** — 18.0 · 3 games · 1 win');
    expect(plainName('<@123> `x` [a](b) _y_ ~z~ a|b')).toBe(
      '\\<@123\\> \\`x\\` \\[a\\]\\(b\\) \\_y\\_ \\~z\\~ a\\|b',
    );
    expect(plainName('   ')).toBe('?');
  });
});

describe('rating texts', () => {
  it('the lobby says whether the game is rated and why, with a button that sets the other choice', () => {
    const bot = { seat: 2, userId: null, botKind: 'heuristic', displayName: 'Khufu' };
    const buttonOf = (g: GameRecord) => {
      const rows = lobbyMessage(g).components;
      const c = rows[1]?.components[0];
      return c && c.type === ComponentType.Button && 'custom_id' in c
        ? [decodeCustomId(c.custom_id)?.arg, c.label, c.disabled]
        : null;
    };
    expect(lobbyRatingLine(lobby({}), 'en')).toMatch(/Rated\*\*: every seat is a person.*\(the default\)/);
    expect(buttonOf(lobby({}))).toEqual(['0', 'Make casual', false]);
    const withBot = lobby({ seats: [...lobby({}).seats, bot] });
    expect(lobbyRatingLine(withBot, 'en')).toMatch(/Casual\*\*: a computer player is seated/);
    expect(buttonOf(withBot)).toEqual(['1', 'Make rated', false]);
    expect(lobbyRatingLine({ ...withBot, rated: true }, 'en')).toMatch(/Rated\*\* \(the host’s choice\)/);
    expect(lobbyRatingLine(lobby({ rated: false }), 'en')).toMatch(/Casual\*\* \(the host’s choice\)/);
    const alone = lobby({ seats: [lobby({}).seats[0]!, bot], rated: true });
    expect(lobbyRatingLine(alone, 'en')).toMatch(/needs at least two people/);
    expect(buttonOf(alone)).toEqual(['1', 'Rated needs two people', true]);
    expect(lobbyRatingLine(lobby({ status: 'active', rated: true }), 'en')).toBe('🏆 **Rated** game.');
  });

  it("the turn limit's line speaks of staying rated only in a rated game", () => {
    const bot = { seat: 2, userId: null, botKind: 'heuristic', displayName: 'Khufu' };
    const limitLine = (g: GameRecord, language: string) =>
      lobbyMessage({ ...g, turnLimitMinutes: 1440, language })
        .content.split('\n')
        .find((l) => l.startsWith('⏰'));
    for (const language of ['en', 'es']) {
      const rated = limitLine(lobby({}), language);
      expect(rated).toMatch(/rated|puntuable/);
      for (const casual of [
        lobby({ seats: [...lobby({}).seats, bot] }),
        lobby({ rated: false }),
        lobby({ status: 'active', rated: false }),
      ]) {
        const line = limitLine(casual, language);
        expect(line).toMatch(/^⏰/);
        expect(line).not.toMatch(/rated|puntuable/);
      }
    }
    expect(limitLine(lobby({ status: 'active', rated: true }), 'en')).toMatch(/stays rated/);
  });

  it('the results say each change, or why nothing changed', () => {
    const ctx = { gameId: 1, version: 9, names: ['Ann', 'Bob'], users: ['u1', 'u2'], language: 'en' };
    const step = (seat: number, before: number, after: number) => ({
      gameId: 1,
      userId: `u${seat + 1}`,
      seat,
      rank: seat + 1,
      finishedAt: new Date(0),
      before: { mu: 25 + before, sigma: 25 / 3 },
      after: { mu: 25 + after, sigma: 25 / 3 },
    });
    const rated = { rated: true as const, finishedAt: new Date(0), entrants: [] };
    expect(resultRatingLines(rated, [step(0, 0, 2.5), step(1, 0, -2.5)], ctx, false)).toEqual([
      '📈 Ratings (this server): Ann 0.0 → 2.5 (+2.5) · Bob 0.0 → −2.5 (−2.5)',
    ]);
    expect(resultRatingLines({ rated: false, reason: 'casual' }, [], ctx, false)).toEqual([
      '🎲 Casual game: ratings are unchanged.',
    ]);
    expect(resultRatingLines({ rated: false, reason: 'handed-over' }, [], ctx, false)).toEqual([
      'Not rated: a seat changed hands during the game.',
    ]);
  });

  it('stats of someone without games say so, with no chart', () => {
    const p = statsMessage(
      {
        game: 'Valley of the Kings',
        name: 'Bob',
        global: true,
        scope: 'All servers',
        language: 'en',
        record: {
          games: 0,
          shared: 0,
          wins: 0,
          winRate: null,
          averageScore: null,
          bestScore: null,
          favouriteSets: [],
        },
        setName: (id) => id,
        standing: undefined,
        history: [],
      },
      pictures,
    );
    expect(p.content).toBe(
      '📜 **Bob** · Valley of the Kings · All servers\nBob has not finished a game of Valley of the Kings anywhere yet.',
    );
    expect(p.files).toEqual([]);
  });

  it('stats of someone who plays computers show their record against them, by level, apart from any rating', () => {
    const computers = computerRecord([
      { rank: 1, whole: true, computers: ['easy'] },
      { rank: 2, whole: true, computers: ['easy', 'hard'] },
      { rank: 1, whole: true, computers: ['hard'] },
      { rank: 1, whole: true, computers: ['heuristic'] },
      // A seat that changed hands is nobody's result; a game of people only is not against computers.
      { rank: 1, whole: false, computers: ['easy'] },
      { rank: 1, whole: true, computers: [] },
    ]);
    expect(computers).toEqual({
      games: 4,
      wins: 3,
      byLevel: [
        { level: 'easy', games: 1, wins: 1 },
        { level: 'normal', games: 1, wins: 1 },
        { level: 'hard', games: 2, wins: 1 },
      ],
    });
    expect(computerRecord([{ rank: 1, whole: true, computers: [] }])).toBeNull();
    const stats = (language: string) =>
      statsMessage(
        {
          game: 'Valley of the Kings',
          name: 'Bob',
          global: false,
          scope: 'Club',
          language,
          record: {
            games: 4,
            shared: 0,
            wins: 3,
            winRate: 0.75,
            averageScore: 20,
            bestScore: 30,
            favouriteSets: [],
          },
          setName: (id) => id,
          standing: undefined,
          history: [],
          computers,
        },
        pictures,
      ).content;
    expect(stats('en')).toContain(
      'Against computers (not rated, on no board): 3 wins in 4 games (Easy 1 of 1 · Normal 1 of 1 · Hard 1 of 2)',
    );
    expect(stats('es')).toContain(
      'Contra la máquina (sin puntuar, fuera de las clasificaciones): 3 victorias en 4 partidas (Fácil 1 de 1',
    );
  });
});
