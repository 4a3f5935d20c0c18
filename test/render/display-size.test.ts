import { describe, expect, it } from 'vitest';
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
import { renderRatingChart } from '../../src/render/rating-chart.ts';
import { displayScale, picturesDrawn } from '../../src/render/text-log.ts';

/**
 * Every picture is judged at the size people see it: Discord and the local page show a picture at most
 * 640 px wide, so a 1260-wide board is shown at about half size. Each text the renderer draws is logged
 * with its font size; at display size it must be at least MIN_PX tall, or it cannot be read.
 */
const MIN_PX = 9;
const LANGUAGES = ['en', 'es'] as const;
const NAMES = ['Amunet', 'Bek the Builder', 'Chione', 'Djedi', 'Ebana', 'Fatima Al-Zahra'];

/** Texts smaller than MIN_PX at display size, as "text: px", for every picture `draw` renders. */
function tooSmall(draw: () => void): string[] {
  const pictures = picturesDrawn(draw);
  expect(pictures.length).toBeGreaterThan(0);
  return pictures.flatMap((p) =>
    p.texts
      .map((t) => ({ t, shown: t.px * displayScale(p.width) }))
      .filter(({ shown }) => shown < MIN_PX - 1e-9)
      .map(({ t, shown }) => `${p.width}×${p.height} "${t.text}": ${shown.toFixed(1)} px`),
  );
}

const unique = (list: string[]) => [...new Set(list)];

/** A few positions of a random Valley game: its start, a busy middle and its end. */
function valleyPositions(players: number): ValleyState[] {
  const got: ValleyState[] = [];
  const end = playRandom(players, `display-${players}`, (s, step) => {
    if (step === 0 || step === 60 || step === 160) got.push(structuredClone(s));
  });
  return [...got, end];
}

function drawValley(s: ValleyState, catalog: Catalog, language: string) {
  const pub = valley.view(s, null);
  renderTable(pub, NAMES, catalog, language);
  for (const seat of valley.waitingFor(s).slice(0, 1))
    renderHand(valley.view(s, seat), NAMES, catalog, language);
  for (const p of pub.players) renderTomb(pub, p.seat, NAMES, catalog, language);
  if (pub.outcome) renderResults(pub, NAMES, catalog, language);
}

describe('every picture the bot posts is readable at the size it is shown', () => {
  for (const players of [2, 3, 4, 5, 6])
    it(`Valley with ${players} seats: boards, hands, tombs and results`, () => {
      const positions = valleyPositions(players);
      const small = tooSmall(() => {
        for (const language of LANGUAGES)
          for (const s of positions) {
            s.finished = s.finished || s === positions.at(-1);
            drawValley(s, baseCatalog, language);
          }
      });
      expect(unique(small)).toEqual([]);
    });

  it('Valley with both boxes: the six-seat board and results, and the hand-made positions', () => {
    const small = tooSmall(() => {
      for (const language of LANGUAGES) {
        drawValley(sixSeats(), fullCatalog, language);
        drawValley(sixSeats(true), fullCatalog, language);
        drawValley(showcase(), baseCatalog, language);
        drawValley(finale(), baseCatalog, language);
        const defs = defsFrom(fullCatalog);
        for (const def of Object.values(defs)) renderCard(def, fullCatalog, language);
      }
    });
    expect(unique(small)).toEqual([]);
  });

  for (const players of [2, 3, 4])
    it(`Archaeology with ${players} seats: boards, hands and results`, () => {
      const positions: ArchaeologyState[] = [];
      playArchaeology(players, `display-${players}`, (s, step) => {
        if (step === 0 || step === 40 || step === 80 || step === -1) positions.push(structuredClone(s));
      });
      const small = tooSmall(() => {
        for (const language of LANGUAGES)
          for (const s of positions) {
            const pub = archaeology.view(s, null);
            renderArchaeologyTable(pub, NAMES, language);
            for (const seat of pub.seats) renderArchaeologyHand(archaeology.view(s, seat.seat), language);
            if (pub.outcome) renderArchaeologyResults(pub, NAMES, language);
          }
      });
      expect(unique(small)).toEqual([]);
    });

  it('Archaeology treasure cards, leaderboards and rating charts', () => {
    const small = tooSmall(() => {
      for (const language of LANGUAGES) {
        for (const t of archaeologyCatalog.treasures) renderTreasureCard(t, language);
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
        });
        renderRatingChart({
          name: 'Amunet',
          scope: 'here',
          language,
          points: Array.from({ length: 30 }, (_, i) => ({ rating: i / 3, mu: 25 + i / 5 })),
        });
      }
    });
    expect(unique(small)).toEqual([]);
  });
});
