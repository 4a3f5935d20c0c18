import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { type LeaderboardPicture, renderLeaderboard } from '../../src/render/leaderboard-image.ts';
import { type RatingChartData, renderRatingChart } from '../../src/render/rating-chart.ts';
import { describeLeaderboard, describeRatingChart } from '../../src/render/rating-text.ts';
import { decode } from './png-util.ts';

/**
 * The rating pictures in English and in Spanish: golden images (the same mechanism as golden.test.ts:
 * a missing golden is written, UPDATE_GOLDEN=1 rewrites them) and their text equivalents.
 */
const dir = fileURLToPath(new URL('./golden/', import.meta.url));
const MAX_DIFF = 0.002;

function compare(name: string, png: Buffer) {
  const file = `${dir}${name}.png`;
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, png);
    console.warn(`golden image written: test/render/golden/${name}.png — look at it and commit it`);
    return;
  }
  const want = decode(readFileSync(file));
  const got = decode(png);
  expect({ width: got.width, height: got.height }, `${name}: size`).toEqual({
    width: want.width,
    height: want.height,
  });
  const diff = new PNG({ width: want.width, height: want.height });
  const bad = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: 0.1 });
  if (bad / (want.width * want.height) > MAX_DIFF) {
    const out = fileURLToPath(new URL(`../.output/${name}.diff.png`, import.meta.url));
    mkdirSync(fileURLToPath(new URL('../.output/', import.meta.url)), { recursive: true });
    writeFileSync(out, PNG.sync.write(diff));
    writeFileSync(out.replace('.diff.png', '.actual.png'), png);
    expect.fail(`${name}: ${bad} pixels differ from the golden image; see test/.output/${name}.diff.png`);
  }
}

const rows: LeaderboardPicture['rows'] = [
  { place: 1, name: 'Amunet', rating: 12.25, games: 40, wins: 3 },
  { place: 2, name: 'Bek 🐍 the **Bold**', rating: 4.25, games: 9, wins: 0 },
  { place: 3, name: '🐍🐍', rating: -0.04, games: 1, wins: 1 },
  { place: 4, name: 'Chione with a very long name that goes on and on', rating: -3.36, games: 100, wins: 99 },
  { place: 100, name: 'Djedi', rating: -10.05, games: 1234, wins: 1000 },
];
const english: LeaderboardPicture = {
  game: 'Valley of the Kings',
  scope: 'All servers',
  language: 'en',
  page: 2,
  pages: 11,
  players: 105,
  rows,
};
const spanish: LeaderboardPicture = {
  ...english,
  game: 'Valle de los Reyes',
  scope: 'Todos los servidores',
  language: 'es',
};
const history = Array.from({ length: 30 }, (_, k) => ({
  rating: k / 3 - 4.5,
  mu: 25 + Math.sin(k) * 3,
}));
const chart: RatingChartData = { name: 'Amunet', scope: 'Scarab Club', language: 'en', points: history };
const gráfico: RatingChartData = { ...chart, scope: 'Todos los servidores', language: 'es' };

describe('golden rating pictures', () => {
  it('a board page in English', () => compare('leaderboard', renderLeaderboard(english)));
  it('a board page in Spanish', () => compare('es-leaderboard', renderLeaderboard(spanish)));
  it('a rating history in English', () => compare('rating-chart', renderRatingChart(chart)));
  it('a rating history in Spanish', () => compare('es-rating-chart', renderRatingChart(gráfico)));
  it('a player with an undrawable name, in Spanish', () =>
    compare(
      'es-rating-chart-unnamed',
      renderRatingChart({ ...gráfico, name: '🐍', points: [{ rating: 0, mu: 25 }] }),
    ));
});

describe('the rating pictures in words', () => {
  it('describe a board page in Spanish, numbers with a decimal comma', () => {
    expect(describeLeaderboard({ ...spanish, rows: rows.slice(0, 3) })).toBe(
      'Clasificación de Valle de los Reyes, Todos los servidores, página 2 de 11 (105 jugadores con puntuación). ' +
        '1. Amunet: 12,3, 40 partidas, 3 victorias; 2. Bek 🐍 the **Bold**: 4,3, 9 partidas, 0 victorias; ' +
        '3. 🐍🐍: 0,0, 1 partida, 1 victoria.',
    );
    expect(describeLeaderboard({ ...spanish, rows: [], players: 0, page: 1, pages: 1 })).toBe(
      'Clasificación de Valle de los Reyes, Todos los servidores, página 1 de 1 (0 jugadores con puntuación). ' +
        'Todavía nadie tiene puntuación.',
    );
  });

  it('describe a rating history in Spanish', () => {
    const points = [
      { rating: 0, mu: 25 },
      { rating: 3.2, mu: 27 },
      { rating: -2.1, mu: 26.25 },
    ];
    expect(describeRatingChart({ ...gráfico, points })).toBe(
      'Puntuación de Amunet, Todos los servidores, en 2 partidas puntuables: de 0,0 a −2,1 ' +
        '(habilidad estimada μ 26,3); máxima 3,2 tras la partida 1.',
    );
    expect(describeRatingChart({ ...gráfico, points: [{ rating: 0, mu: 25 }] })).toBe(
      'Puntuación de Amunet, Todos los servidores, en 0 partidas puntuables: de 0,0 a 0,0 ' +
        '(habilidad estimada μ 25,0); máxima 0,0 al principio.',
    );
    expect(describeRatingChart({ ...chart, points: [{ rating: 0, mu: 25 }] })).toBe(
      'Rating of Amunet, Scarab Club, over 0 rated games: from 0.0 to 0.0 (skill estimate μ 25.0); highest 0.0 at the start.',
    );
  });
});
