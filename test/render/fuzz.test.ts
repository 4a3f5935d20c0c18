import { describe, expect, it } from 'vitest';
import { renderArchaeologyHand } from '../../src/adapters/archaeology/pictures/hand-image.ts';
import { describeTable as describeArchaeologyTable } from '../../src/adapters/archaeology/pictures/picture-text.ts';
import { renderArchaeologyResults } from '../../src/adapters/archaeology/pictures/results-image.ts';
import { playArchaeology } from '../../src/adapters/archaeology/pictures/samples.ts';
import {
  TABLE_W as ARCH_TABLE_W,
  renderArchaeologyTable,
  tableHeight,
} from '../../src/adapters/archaeology/pictures/table-image.ts';
import { HAND_W, renderHand } from '../../src/adapters/valley/pictures/hand-image.ts';
import {
  describeHand,
  describeResults,
  describeTable,
  describeTomb,
} from '../../src/adapters/valley/pictures/picture-text.ts';
import { RESULTS_W, renderResults } from '../../src/adapters/valley/pictures/results-image.ts';
import { playRandom } from '../../src/adapters/valley/pictures/samples.ts';
import { renderTable, TABLE_W } from '../../src/adapters/valley/pictures/table-image.ts';
import { renderTomb, TOMB_W } from '../../src/adapters/valley/pictures/tomb-image.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import { baseCatalog } from '../../src/games/valley/catalog.ts';
import { valley } from '../../src/games/valley/index.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { ValleyView } from '../../src/games/valley/view.ts';
import { NAMES, pngSize } from './png-util.ts';

const KB = 1024;
/** Discord shows a picture at full width on a phone; taller than 3:1 would be a long scroll. */
const TALLEST = 3;

function checkPng(png: Buffer, width: number, minHeight: number, maxHeight: number) {
  const size = pngSize(png);
  expect(size.width).toBe(width);
  expect(size.height).toBeGreaterThanOrEqual(minHeight);
  expect(size.height).toBeLessThanOrEqual(maxHeight);
  expect(png.length).toBeGreaterThan(5 * KB);
  expect(png.length).toBeLessThan(300 * KB);
}

/** Card names that only a hand holds: no public zone shows a copy of them. */
function namesOnlyInHands(s: ValleyState, pub: ValleyView): string[] {
  const shown = new Set<string>();
  const add = (r: { card: string } | null | undefined) => r && shown.add(r.card);
  pub.pyramid.forEach(add);
  add(pub.boneyard.top);
  for (const p of pub.players) {
    add(p.discardTop);
    [...p.tomb, ...p.play, ...p.aside].forEach(add);
  }
  const held = new Set(s.players.flatMap((p) => p.hand.map((c) => s.cards[c] as string)));
  return [...held].filter((id) => !shown.has(id)).map((id) => s.defs[id]?.name ?? id);
}

const mentions = (text: string, name: string) =>
  new RegExp(`(^|[^A-Za-z])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z]|$)`).test(text);

describe('every image renders for the views of random games', () => {
  const games = [
    { players: 2, seed: 'fuzz-a' },
    { players: 3, seed: 'fuzz-b' },
    { players: 4, seed: 'fuzz-c' },
    { players: 4, seed: 'fuzz-d' },
  ];
  for (const { players, seed } of games) {
    it(`${players} players, seed ${seed}`, () => {
      const names = NAMES.slice(0, players);
      let positions = 0;
      let hiddenChecked = 0;
      const end = playRandom(players, seed, (s, step) => {
        if (step % 9 !== 0) return;
        positions++;
        const pub = valley.view(s, null);
        checkPng(renderTable(pub, names, baseCatalog), TABLE_W, TABLE_W, TALLEST * TABLE_W);
        const table = describeTable(pub, names, baseCatalog);
        for (const name of namesOnlyInHands(s, pub)) {
          hiddenChecked++;
          expect(mentions(table, name), `public text names '${name}', held only in a hand`).toBe(false);
        }
        const seat = valley.waitingFor(s)[0] ?? s.turn.seat;
        const mine = valley.view(s, seat);
        // The board is the same whoever looks: no private part of a seat's view reaches it.
        expect(describeTable(mine, names, baseCatalog)).toBe(table);
        checkPng(renderHand(mine, names, baseCatalog), HAND_W, 250, TALLEST * HAND_W);
        expect(describeHand(mine, names, baseCatalog)).toContain(`${names[seat]}'s hand`);
        const tombSeat = step % players;
        checkPng(renderTomb(pub, tombSeat, names, baseCatalog), TOMB_W, 150, TALLEST * TOMB_W);
        expect(describeTomb(pub, tombSeat, names, baseCatalog)).toContain(`${names[tombSeat]}'s tomb`);
      });
      expect(end.finished).toBe(true);
      const final = valley.view(end, null);
      checkPng(renderResults(final, names, baseCatalog), RESULTS_W, 200, TALLEST * RESULTS_W);
      expect(describeResults(final, names, baseCatalog)).toMatch(/^Final results\. /);
      expect(positions).toBeGreaterThan(10);
      expect(hiddenChecked).toBeGreaterThan(0);
    });
  }

  it('draws the board byte for byte the same from a seat’s view as from the public view', () => {
    playRandom(3, 'fuzz-same', (s, step) => {
      if (step % 25 !== 0) return;
      const pub = renderTable(valley.view(s, null), NAMES, baseCatalog);
      for (let seat = 0; seat < 3; seat++)
        expect(renderTable(valley.view(s, seat), NAMES, baseCatalog).equals(pub)).toBe(true);
    });
  });
});

describe('every Archaeology image renders for the views of random games', () => {
  for (const [players, seed] of [
    [2, 'arch-fuzz-a'],
    [3, 'arch-fuzz-b'],
    [4, 'arch-fuzz-c'],
  ] as const) {
    it(`${players} players, seed ${seed}`, () => {
      const names = NAMES.slice(0, players);
      let positions = 0;
      const end = playArchaeology(
        players,
        seed,
        (s, step) => {
          if (step % 7 !== 0) return;
          const pub = archaeology.view(s, null);
          const board = renderArchaeologyTable(pub, names);
          checkPng(board, ARCH_TABLE_W, 500, TALLEST * ARCH_TABLE_W);
          expect(pngSize(board).height).toBe(tableHeight(pub, names));
          const alt = describeArchaeologyTable(pub, names);
          // A status line, the marketplace, the dig site, the pyramid, then one line per seat.
          expect(alt.split('\n')).toHaveLength(4 + players);
          for (let seat = 0; seat < players; seat++) {
            const hand = renderArchaeologyHand(archaeology.view(s, seat));
            expect(hand).not.toBeNull();
            expect(pngSize(hand as Buffer).height).toBeGreaterThan(100);
          }
          positions++;
        },
        'random',
      );
      const results = renderArchaeologyResults(archaeology.view(end, null), names);
      expect(pngSize(results).width).toBe(ARCH_TABLE_W);
      expect(positions).toBeGreaterThan(5);
    });
  }
});
