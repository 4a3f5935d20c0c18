import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardMessage } from '../../src/discord/messages/leaderboard-message.ts';
import { resultRatingLines } from '../../src/discord/messages/rating-lines.ts';
import type { RatingPictures } from '../../src/discord/messages/rating-pictures.ts';
import { statsMessage } from '../../src/discord/messages/stats-message.ts';
import { type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import {
  formatCount,
  formatDecimal,
  formatDelta,
  formatPercent,
  formatRating,
} from '../../src/ratings/model.ts';
import type { BoardPage, Standing } from '../../src/ratings/queries.ts';
import type { GameStore } from '../../src/store/game-store.ts';
import type { Participant } from '../../src/store/records.ts';
import type { GameContext } from '../../src/table-kit/context.ts';
import { playedValley, player } from '../helpers/played-valley.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * The ratings in Spanish: /stats and /leaderboard answer in the language of whoever asks or clicks,
 * a game's rating lines are in the game's language, and numbers are written as each language writes
 * them (a decimal comma in Spanish), while English reads as it always has.
 */
const NBSP = '\u00a0';

describe('numbers in each language', () => {
  it('ratings, changes, averages, counts and percentages', () => {
    expect(formatRating(12.25, 'en')).toBe('12.3');
    expect(formatRating(12.25, 'es')).toBe('12,3');
    expect(formatRating(-1.25, 'es')).toBe('−1,3');
    expect(formatRating(-0.04, 'es')).toBe('0,0');
    expect(formatRating(-0.04, 'en')).toBe('0.0');
    expect(formatDelta(1.84, 'es')).toBe('+1,8');
    expect(formatDelta(-0.4, 'es')).toBe('−0,4');
    expect(formatDelta(0.04, 'es')).toBe('±0,0');
    expect(formatDelta(-0.04, 'en')).toBe('±0.0');
    expect(formatDecimal(12.5, 'es')).toBe('12,5');
    expect(formatDecimal(12.5, 'en')).toBe('12.5');
    expect(formatPercent(12.5, 'en')).toBe('13%');
    expect(formatPercent(12.5, 'es')).toBe(`13${NBSP}%`);
    // No thousands separators: English reads "1234" as it always did.
    expect(formatCount(1234, 'en')).toBe('1234');
    expect(formatCount(12345, 'es')).toBe('12345');
  });
});

const pictures: RatingPictures = {
  leaderboard: (b) => ({ png: Buffer.from('board'), alt: `${b.language} board ${b.page}` }),
  ratingChart: (c) => ({ png: Buffer.from('chart'), alt: `${c.language} chart ${c.points.length}` }),
  podium: (p) => ({ png: Buffer.from('podium'), alt: `${p.language} podium ${p.top.length}` }),
};
const labels = (m: { components: ReturnType<typeof leaderboardMessage>['components'] }) =>
  m.components.flatMap((r) => r.components.flatMap((c) => ('label' in c && c.label ? [c.label] : [])));

const row = (place: number, display: number, games: number, wins: number) => ({
  place,
  userId: `u${place}`,
  displayName: `P${place}`,
  skill: { mu: 30, sigma: 4 },
  display,
  games,
  wins,
});

describe('rating messages in Spanish', () => {
  it('a leaderboard page: heading, lines, note and buttons', () => {
    const board: BoardPage = {
      page: 2,
      pages: 3,
      players: 21,
      rows: [row(11, 4.25, 1, 1), row(12, -1.5, 12, 0)],
    };
    const p = leaderboardMessage(
      board,
      { game: 'Valle de los Reyes', global: false, scope: 'Club *Escarabajo*', language: 'es' },
      pictures,
    );
    expect(p.content.split('\n')).toEqual([
      '🏆 **Valle de los Reyes · clasificación** · Club \\*Escarabajo\\* · página 2 de 3 (21 jugadores con puntuación)',
      '11. **P11** — 4,3 · 1 partida · 1 victoria',
      '12. **P12** — −1,5 · 12 partidas · 0 victorias',
      '_Puntuación = μ − 3σ: sube a medida que Scarab está más seguro de la habilidad de un jugador. Solo cuentan las partidas puntuables._',
    ]);
    expect(labels(p)).toEqual(['◀ Anterior', 'Siguiente ▶', 'Todos los servidores']);
    expect(p.files[0]?.description).toBe('es board 2');
    const global = leaderboardMessage(
      { page: 1, pages: 1, players: 0, rows: [] },
      { game: 'Arqueología', global: true, scope: 'Todos los servidores', language: 'es' },
      pictures,
    );
    expect(global.content).toBe(
      '🏆 **Arqueología · clasificación** · Todos los servidores\n' +
        'Todavía nadie tiene puntuación en ningún servidor. Una partida cuenta cuando termina siendo puntuable: ' +
        'al menos dos personas y ningún jugador máquina, salvo que el anfitrión eligiera una partida puntuable.',
    );
    expect(labels(global)).toEqual(['◀ Anterior', 'Siguiente ▶', 'Este servidor']);
  });

  it('/stats: ratings here and globally, games, wins, average and favourite sets, with the chart', () => {
    const standing = (display: number, place: number, players: number, games: number): Standing => ({
      ...row(place, display, games, 0),
      skill: { mu: 26.25, sigma: 7.05 },
      players,
    });
    const step = {
      gameId: 1,
      userId: 'u',
      seat: 0,
      rank: 1,
      finishedAt: new Date(0),
      before: { mu: 25, sigma: 25 / 3 },
      after: { mu: 27, sigma: 7 },
    };
    const ctx = {
      game: 'Valle de los Reyes',
      name: 'ana',
      global: false,
      scope: 'Club',
      language: 'es',
      record: {
        games: 8,
        shared: 0,
        wins: 1,
        winRate: 1 / 8,
        averageScore: 12.5,
        bestScore: 21,
        favouriteSets: [
          { set: 'statues', games: 3, distinct: 4 },
          { set: 'books', games: 1, distinct: 2 },
        ],
      },
      setName: (id: string) => ({ statues: 'Estatuas', books: 'Libros' })[id] ?? id,
      standing: standing(4.25, 1, 2, 1),
      globalStanding: undefined,
      history: [step],
    };
    const p = statsMessage(ctx, pictures);
    expect(p.content.split('\n')).toEqual([
      '📜 **ana** · Valle de los Reyes · Club',
      'Puntuación: **4,3** (n.º 1 de 2) · μ 26,3, σ 7,1 · 1 partida puntuable',
      'Puntuación global: todavía sin puntuación',
      `Partidas terminadas: 8 · victorias 1 (13${NBSP}%) · puntuación media 12,5 · mejor 21`,
      'Conjuntos favoritos: Estatuas (3 partidas), Libros (1 partida)',
    ]);
    expect(p.files[0]?.description).toBe('es chart 2');
    // The same in English, as it always read.
    const en = statsMessage(
      { ...ctx, language: 'en', game: 'Valley of the Kings', setName: (id) => id },
      pictures,
    );
    expect(en.content.split('\n').slice(1)).toEqual([
      'Rating: **4.3** (#1 of 2) · μ 26.3, σ 7.1 · 1 rated game',
      'Global rating: not rated yet',
      'Finished games: 8 · wins 1 (13%) · average score 12.5 · best 21',
      'Favourite sets: statues (3 games), books (1 game)',
    ]);
    const none = statsMessage(
      {
        ...ctx,
        global: true,
        scope: 'Todos los servidores',
        standing: undefined,
        record: { ...ctx.record, favouriteSets: [] },
      },
      pictures,
    );
    expect(none.content).toContain('Puntuación: todavía sin puntuación en ningún servidor');
    expect(none.content).not.toContain('Puntuación global');
    expect(none.content).toContain('Conjuntos favoritos: ninguno todavía');
    const nobody = statsMessage({ ...ctx, record: { ...ctx.record, games: 0 } }, pictures);
    expect(nobody.content).toBe(
      '📜 **ana** · Valle de los Reyes · Club\nana aún no ha terminado ninguna partida de Valle de los Reyes en este servidor.',
    );
  });

  it('the rating lines under a game’s results follow the game’s language', () => {
    const ctx: GameContext = {
      gameId: 1,
      version: 9,
      names: ['Ana', 'Bob'],
      users: ['u1', 'u2'],
      language: 'es',
    };
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
    const changes = [step(0, 0, 2.5), step(1, 0, -2.5)];
    expect(resultRatingLines(rated, changes, ctx, false)).toEqual([
      '📈 Puntuaciones (este servidor): Ana 0,0 → 2,5 (+2,5) · Bob 0,0 → −2,5 (−2,5)',
    ]);
    expect(resultRatingLines(rated, changes, ctx, true)).toEqual([
      '📈 Puntuaciones (global): Ana 0,0 → 2,5 (+2,5) · Bob 0,0 → −2,5 (−2,5)',
    ]);
    expect(resultRatingLines(rated, changes, { ...ctx, language: 'en' }, true)).toEqual([
      '📈 Ratings (global): Ana 0.0 → 2.5 (+2.5) · Bob 0.0 → −2.5 (−2.5)',
    ]);
    expect(resultRatingLines({ rated: false, reason: 'casual' }, [], ctx, false)).toEqual([
      '🎲 Partida amistosa: las puntuaciones no cambian.',
    ]);
    expect(resultRatingLines({ rated: false, reason: 'handed-over' }, [], ctx, false)).toEqual([
      'No puntuable: un asiento cambió de manos durante la partida.',
    ]);
    expect(resultRatingLines({ rated: false, reason: 'too-few-people' }, [], ctx, false)).toEqual([
      'No puntuable: jugaron menos de dos personas.',
    ]);
  });
});

let h: TableHarness;
let d: Driver;
let ana: LoopbackUser;
let bob: LoopbackUser;
let guild: string;

const playValley = (
  store: GameStore,
  seats: readonly Participant[],
  guildId: string,
  rng: RngState,
  language?: string,
) =>
  playedValley(
    store,
    seats,
    { guildId, channelId: h.loopback.control.defaultChannel.id, ...(language ? { language } : {}) },
    rng,
  );

const button = (m: LoopbackMessage, label: RegExp): Control => {
  const found = controls(m).find((c) => label.test(c.label));
  if (!found) throw new Error(`no button ${label} on: ${m.text}`);
  return found;
};
const buttonLabels = (m: LoopbackMessage) => controls(m).map((c) => c.label);
/** "3. **Player 7** — 4,2 · 2 partidas · 1 victoria" in Spanish; the English line has a point. */
const SPANISH_LINE = /^\d+\. \*\*.+?\*\* — −?\d+,\d · \d+ partidas? · \d+ victorias?$/;
const ENGLISH_LINE = /^\d+\. \*\*.+?\*\* — −?\d+\.\d · \d+ games? · \d+ wins?$/;
const boardLines = (m: LoopbackMessage) => m.text.split('\n').filter((l) => /^\d+\. \*\*/.test(l));

describe('/leaderboard in the server’s language, /stats in the language of whoever asks', () => {
  beforeAll(async () => {
    h = await startTableHarness();
    d = new Driver(h);
    ana = h.loopback.control.createUser({ username: 'ana', locale: 'es-ES' });
    bob = h.loopback.control.createUser({ username: 'bob', locale: 'en-US' });
    guild = h.loopback.control.defaultGuild.id;
    // A public leaderboard is in the server's language; /stats answers each person in theirs.
    h.loopback.control.setGuildLocale(guild, 'es-ES');
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  it('an empty board and /stats without games, in Spanish', async () => {
    const c = h.loopback.control;
    // By default the current season, named in Spanish.
    const season = await c.as(ana).slash('leaderboard').reply();
    expect(season.text).toMatch(
      /^🏆 \*\*Valle de los Reyes · clasificación\*\* · .+ · temporada de [a-z]+ de \d{4} \\\(\d{4}-\d\d\\\)\n/,
    );
    expect(season.text).toContain('Todavía nadie está clasificado en esta temporada');
    expect(season.text).toContain('Todavía no ha terminado ninguna partida puntuable en ella.');
    const board = await c.as(ana).slash('leaderboard', { season: 'all-time' }).reply();
    expect(board.text).toMatch(/^🏆 \*\*Valle de los Reyes · clasificación\*\* · /);
    expect(board.text).toContain('Todavía nadie tiene puntuación en este servidor.');
    expect(buttonLabels(board)).toEqual(['◀ Anterior', 'Siguiente ▶', 'Todos los servidores']);
    const global = await c.as(ana).slash('leaderboard', { global: true, season: 'all-time' }).reply();
    expect(global.text).toMatch(
      /· Todos los servidores\nTodavía nadie tiene puntuación en ningún servidor\./,
    );
    expect(buttonLabels(global)).toEqual(['◀ Anterior', 'Siguiente ▶', 'Este servidor']);

    const stats = await c.as(ana).slash('stats', { user: bob.id }).reply();
    expect(stats.text).toMatch(/\*\*bob\*\* · Valle de los Reyes · /);
    expect(stats.text).toContain(
      'bob aún no ha terminado ninguna partida de Valle de los Reyes en este servidor.',
    );
    // bob's own client is in English: the same command answers him in English.
    const his = await c.as(bob).slash('stats', { user: ana.id }).reply();
    expect(his.text).toContain('ana has not finished a game of Valley of the Kings in this server yet.');
  });

  it('a board page in the server’s language, whoever clicks; redrawn in English once the server is', async () => {
    const rng = seedRng('board-es');
    const here = [...Array(13).keys()].map(player);
    for (let g = 0; g < 8; g++) {
      const table = [0, 1, 2, 3].map((k) => here[(g * 3 + k) % here.length] as Participant);
      playValley(h.store, table, guild, rng);
    }
    const c = h.loopback.control;
    const page1 = await c.as(ana).slash('leaderboard', { season: 'all-time' }).reply();
    const [heading, ...rest] = page1.text.split('\n');
    expect(heading).toMatch(
      /^🏆 \*\*Valle de los Reyes · clasificación\*\* · .+ · página 1 de 2 \(13 jugadores con puntuación\)$/,
    );
    const lines = boardLines(page1);
    expect(lines).toHaveLength(10);
    for (const line of lines) expect(line).toMatch(SPANISH_LINE);
    expect(rest.at(-1)).toMatch(/^_Puntuación = μ − 3σ: .*Solo cuentan las partidas puntuables\._$/);
    expect(page1.attachments[0]?.description).toMatch(
      /^Clasificación de Valle de los Reyes, .*página 1 de 2 \(13 jugadores con puntuación\)\. 1\. .+: −?\d+,\d, \d+ partidas?, \d+ victorias?;/,
    );
    expect(buttonLabels(page1)).toEqual(['◀ Anterior', 'Siguiente ▶', 'Todos los servidores']);

    // bob reads English, but the board is public: the page he asks for stays in the server's Spanish.
    const page2 = await d.press(bob, page1, button(page1, /Siguiente/));
    expect(page2.id).toBe(page1.id);
    expect(page2.text).toMatch(/· página 2 de 2 \(13 jugadores con puntuación\)/);
    for (const line of boardLines(page2)) expect(line).toMatch(SPANISH_LINE);

    // The server switches to English: the next page drawn is in English, the same players as before.
    h.loopback.control.setGuildLocale(guild, 'en-US');
    const back = await d.press(ana, page2, button(page2, /Anterior/));
    expect(back.text).toMatch(
      /^🏆 \*\*Valley of the Kings · leaderboard\*\* · .+ · page 1 of 2 \(13 rated players\)/,
    );
    for (const line of boardLines(back)) expect(line).toMatch(ENGLISH_LINE);
    expect(buttonLabels(back)).toEqual(['◀ Previous', 'Next ▶', 'All servers']);
    expect(back.attachments[0]?.description).toMatch(/^Valley of the Kings leaderboard, .*page 1 of 2/);
    expect(boardLines(back).map((l) => l.split(' — ')[0])).toEqual(lines.map((l) => l.split(' — ')[0]));
    h.loopback.control.setGuildLocale(guild, 'es-ES');
    const everywhere = await d.press(ana, back, button(back, /All servers/));
    expect(everywhere.text).toMatch(/· Todos los servidores · página 1 de 2 \(13 jugadores con puntuación\)/);
    expect(buttonLabels(everywhere)).toContain('Este servidor');
  });

  it('/stats in Spanish: ratings, games, wins, average score and the chart’s description', async () => {
    const rng = seedRng('ana');
    const me: Participant = { userId: ana.id, displayName: 'ana' };
    playValley(h.store, [me, player(0)], guild, rng);
    playValley(h.store, [player(1), me, player(2)], guild, rng);
    playValley(h.store, [me, { botKind: 'heuristic', displayName: 'Khufu' }], guild, rng);
    const stats = await h.loopback.control.as(ana).slash('stats').reply();
    const lines = stats.text.split('\n');
    expect(lines[0]).toMatch(/^📜 \*\*ana\*\* · Valle de los Reyes · /);
    expect(lines[1]).toMatch(
      /^Puntuación: \*\*−?\d+,\d\*\* \(n\.º \d+ de 14\) · μ \d+,\d, σ \d,\d · 2 partidas puntuables$/,
    );
    expect(lines[2]).toMatch(/^Puntuación global: \*\*−?\d+,\d\*\* \(n\.º \d+ de 14\)/);
    expect(lines[3]).toMatch(
      /^Partidas terminadas: 3 · victorias \d \(\d+\u00a0%\) · puntuación media \d+,\d · mejor \d+$/,
    );
    // The game against Khufu (a heuristic seat: Normal) is on no board, and counted apart.
    expect(lines[4]).toMatch(
      /^Contra la máquina \(sin puntuar, fuera de las clasificaciones\): [01] victorias? en 1 partida \(Normal [01] de 1\)$/,
    );
    expect(lines[5]).toMatch(/^Conjuntos favoritos: .+ \(\d partidas?\)/);
    expect(stats.attachments[0]?.contentType).toBe('image/png');
    expect(stats.attachments[0]?.description).toMatch(
      /^Puntuación de ana, .* en 2 partidas puntuables: de 0,0 a −?\d+,\d \(habilidad estimada μ \d+,\d\); máxima /,
    );
    // The same stats asked by bob read in English.
    const his = await h.loopback.control.as(bob).slash('stats', { user: ana.id }).reply();
    expect(his.text).toMatch(
      /Rating: \*\*−?\d+\.\d\*\* \(#\d+ of 14\) · μ \d+\.\d, σ \d\.\d · 2 rated games/,
    );
    expect(his.attachments[0]?.description).toMatch(/^Rating of ana, .* over 2 rated games: from 0\.0 to /);
  });

  it('the results of a Spanish game show the rating changes in Spanish', async () => {
    const rng = seedRng('results-es');
    const id = playValley(h.store, [player(7), player(8)], guild, rng, 'es');
    await h.bot.runtime.publisher.postResults(h.store.getGame(id));
    const results = h.loopback.control
      .messages(h.loopback.control.defaultChannel.id)
      .filter((m) => m.text.includes('📈 Puntuaciones'))
      .at(-1);
    expect(results?.text).toMatch(
      /📈 Puntuaciones \(este servidor\): Player 7 −?\d+,\d → −?\d+,\d \([+−±]\d+,\d\) · Player 8 /,
    );
    const casual = playValley(
      h.store,
      [player(7), { botKind: 'heuristic', displayName: 'Khufu' }],
      guild,
      rng,
      'es',
    );
    await h.bot.runtime.publisher.postResults(h.store.getGame(casual));
    expect(
      h.loopback.control
        .messages(h.loopback.control.defaultChannel.id)
        .some((m) => m.text.includes('🎲 Partida amistosa: las puntuaciones no cambian.')),
    ).toBe(true);
  });
});
