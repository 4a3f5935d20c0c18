import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderTreasureCard } from '../../src/adapters/archaeology/pictures/card-image.ts';
import { renderArchaeologyHand } from '../../src/adapters/archaeology/pictures/hand-image.ts';
import { renderArchaeologyResults } from '../../src/adapters/archaeology/pictures/results-image.ts';
import { playArchaeology } from '../../src/adapters/archaeology/pictures/samples.ts';
import { renderArchaeologyTable } from '../../src/adapters/archaeology/pictures/table-image.ts';
import { renderCard } from '../../src/adapters/valley/pictures/card-face.ts';
import { renderHand } from '../../src/adapters/valley/pictures/hand-image.ts';
import { renderResults } from '../../src/adapters/valley/pictures/results-image.ts';
import { finale, playRandom, showcase, sixSeats } from '../../src/adapters/valley/pictures/samples.ts';
import { renderTable } from '../../src/adapters/valley/pictures/table-image.ts';
import { renderTomb } from '../../src/adapters/valley/pictures/tomb-image.ts';
import { archaeologyCatalog } from '../../src/games/archaeology/catalog.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import type { ArchaeologyState } from '../../src/games/archaeology/state.ts';
import { baseCatalog, type Catalog, fullCatalog } from '../../src/games/valley/catalog.ts';
import { valley } from '../../src/games/valley/index.ts';
import { defsFrom } from '../../src/games/valley/setup.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import { renderLeaderboard } from '../../src/render/leaderboard-image.ts';
import { renderPodium } from '../../src/render/podium-image.ts';
import { renderRatingChart } from '../../src/render/rating-chart.ts';
import { DESKTOP_W, displayScale, MIN_CAP, PHONE_W, picturesDrawn } from '../../src/render/text-log.ts';

/**
 * Every picture is judged at the size people see it: Discord shows an image at min(its width, the
 * column's width), about 360 px on a phone and 550 px on a desktop. Every text the renderers draw is
 * logged (`text()` in canvas-shapes, card faces carried into the picture that copies them) with its
 * font's cap height on the finished picture; shown, that must be at least 8 px on a phone and 10 px on
 * a desktop. Cap height, not the ink of each string: "vp" or "—" has no capital, yet reads at the size
 * of the letters beside it.
 */
const LANGUAGES = ['en', 'es'] as const;
/** A long name among them: it must be fitted (squeezed or cut by rule), never drawn smaller. */
const NAMES = ['Amunet', 'Bek the Builder', 'Chione', 'Djedi', 'Ebana', 'Fatima Al-Zahra bint Khalid'];
const DISPLAYS = [PHONE_W, DESKTOP_W] as const;

interface Smallest {
  shown: number;
  text: string;
  width: number;
}
/** Per picture kind and display width: the smallest text as shown, for the report printed at the end. */
const smallest = new Map<string, Record<number, Smallest>>();

/** Draws with `draw`, records its smallest texts under `kind`, and returns those below the floor. */
function tooSmall(kind: string, draw: () => void): string[] {
  const pictures = picturesDrawn(draw);
  expect(pictures.length).toBeGreaterThan(0);
  const low: string[] = [];
  const record = smallest.get(kind) ?? {};
  for (const p of pictures)
    for (const display of DISPLAYS) {
      const scale = displayScale(p.width, display);
      for (const t of p.texts) {
        const shown = t.cap * scale;
        const best = record[display];
        if (!best || shown < best.shown) record[display] = { shown, text: t.text, width: p.width };
        if (shown < MIN_CAP[display] - 1e-9)
          low.push(`${kind} ${p.width}×${p.height} at ${display}: "${t.text}" ${shown.toFixed(1)} px`);
      }
    }
  smallest.set(kind, record);
  return [...new Set(low)];
}

afterAll(() => {
  const rows = [...smallest].map(([kind, r]) =>
    [
      kind,
      ...DISPLAYS.map((d) => `${r[d]?.shown.toFixed(1)} px ("${r[d]?.text}", ${r[d]?.width} wide)`),
    ].join(' | '),
  );
  console.log(`smallest text (cap height) shown at ${DISPLAYS.join(' / ')} px:\n${rows.join('\n')}`);
});

/** A few positions of a random Valley game: its start, a busy middle and its end. */
function valleyPositions(players: number): ValleyState[] {
  const got: ValleyState[] = [];
  const end = playRandom(players, `display-${players}`, (s, step) => {
    if (step === 0 || step === 60 || step === 160) got.push(structuredClone(s));
  });
  return [...got, end];
}

function drawValley(kind: string, s: ValleyState, catalog: Catalog, language: string): string[] {
  const pub = valley.view(s, null);
  const low = tooSmall(`valley board, ${pub.players.length} seats`, () =>
    renderTable(pub, NAMES, catalog, language),
  );
  for (const seat of valley.waitingFor(s).slice(0, 1))
    low.push(...tooSmall('valley hand', () => renderHand(valley.view(s, seat), NAMES, catalog, language)));
  low.push(
    ...tooSmall('valley tomb', () => {
      for (const p of pub.players) renderTomb(pub, p.seat, NAMES, catalog, language);
    }),
  );
  if (pub.outcome)
    low.push(...tooSmall('valley results', () => renderResults(pub, NAMES, catalog, language)));
  return low.map((l) => `${kind}: ${l}`);
}

describe('every picture the bot posts is readable on a phone and on a desktop', () => {
  for (const players of [2, 3, 4, 5, 6])
    it(`Valley with ${players} seats: boards, hands, tombs and results`, () => {
      const positions = valleyPositions(players);
      const small: string[] = [];
      for (const language of LANGUAGES)
        for (const s of positions) {
          s.finished = s.finished || s === positions.at(-1);
          small.push(...drawValley(language, s, baseCatalog, language));
        }
      expect([...new Set(small)]).toEqual([]);
    });

  for (const language of LANGUAGES)
    it(`Valley with both boxes (Afterlife cards), ${language}: six seats and the hand-made positions`, () => {
      const small = [
        ...drawValley('six', sixSeats(), fullCatalog, language),
        ...drawValley('six, over', sixSeats(true), fullCatalog, language),
        ...drawValley('showcase', showcase(), baseCatalog, language),
        ...drawValley('finale', finale(), baseCatalog, language),
      ];
      expect([...new Set(small)]).toEqual([]);
    });

  it('every card face of both boxes, on its own', () => {
    const small = LANGUAGES.flatMap((language) =>
      tooSmall('valley card', () => {
        for (const def of Object.values(defsFrom(fullCatalog))) renderCard(def, fullCatalog, language);
      }),
    );
    expect(small).toEqual([]);
  });

  it('a Valley hand of many cards', () => {
    const s = showcase();
    const seat = s.turn.seat;
    const me = s.players[seat];
    if (!me) throw new Error('no seat to move');
    // Twelve cards, copies of the pyramid's (new instances): the hand grows rows, it never shrinks its cards.
    const extra = s.pyramid.filter((c): c is number => c !== null);
    for (let k = 0; me.hand.length < 12; k++) {
      s.cards.push(s.cards[extra[k % extra.length] as number] as string);
      me.hand.push(s.cards.length - 1);
    }
    const small = tooSmall('valley hand', () => renderHand(valley.view(s, seat), NAMES, baseCatalog, 'en'));
    expect(me.hand.length).toBeGreaterThanOrEqual(12);
    expect(small).toEqual([]);
  });

  for (const players of [2, 3, 4])
    it(`Archaeology with ${players} seats: boards, hands and results`, () => {
      const positions: ArchaeologyState[] = [];
      playArchaeology(players, `display-${players}`, (s, step) => {
        if (step === 0 || step === 40 || step === 80 || step === -1) positions.push(structuredClone(s));
      });
      const small: string[] = [];
      for (const language of LANGUAGES)
        for (const s of positions) {
          const pub = archaeology.view(s, null);
          small.push(
            ...tooSmall(`archaeology board, ${players} seats`, () =>
              renderArchaeologyTable(pub, NAMES, language),
            ),
          );
          small.push(
            ...tooSmall('archaeology hand', () => {
              for (const seat of pub.seats) renderArchaeologyHand(archaeology.view(s, seat.seat), language);
            }),
          );
          if (pub.outcome)
            small.push(
              ...tooSmall('archaeology results', () => renderArchaeologyResults(pub, NAMES, language)),
            );
        }
      expect([...new Set(small)]).toEqual([]);
    });

  it('Archaeology treasure cards, leaderboards, podiums and rating charts', () => {
    const small: string[] = [];
    for (const language of LANGUAGES) {
      small.push(
        ...tooSmall('archaeology card', () => {
          for (const t of archaeologyCatalog.treasures) renderTreasureCard(t, language);
        }),
      );
      small.push(
        ...tooSmall('leaderboard', () =>
          renderLeaderboard({
            game: 'Valley of the Kings',
            scope: 'All servers',
            language,
            page: 2,
            pages: 3,
            players: 23,
            rows: Array.from({ length: 10 }, (_, i) => ({
              place: 11 + i,
              name: NAMES[i % NAMES.length] as string,
              rating: 4.25 - i,
              games: 12 + i,
              wins: i,
            })),
          }),
        ),
      );
      small.push(
        ...tooSmall('podium', () =>
          renderPodium({
            game: 'Valley of the Kings',
            season: 'November 2026 season',
            scope: 'Scarab Club',
            language,
            top: NAMES.slice(3).map((name, i) => ({ name, rating: 12 - i, games: 14, wins: 9 - i })),
          }),
        ),
      );
      small.push(
        ...tooSmall('rating chart', () =>
          renderRatingChart({
            name: 'Amunet',
            scope: 'here',
            language,
            points: Array.from({ length: 30 }, (_, i) => ({ rating: i / 3, mu: 25 + i / 5 })),
          }),
        ),
      );
    }
    expect(small).toEqual([]);
  });
});

describe('the measurement sees every text', () => {
  it('draws text only through text() in canvas-shapes, which logs it', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk('src');
    const drawing = files.filter(
      (f) =>
        !f.endsWith(join('render', 'canvas-shapes.ts')) &&
        /\.(fill|stroke)Text\(/.test(readFileSync(f, 'utf8')),
    );
    expect(drawing).toEqual([]);
  });
});
