/**
 * `npm run gallery`: writes PNGs of a few positions (and their text equivalents) to gallery/ for people to
 * look at, and each as a phone (360 px wide) and a desktop (550) show it to gallery/shown-360/ and
 * gallery/shown-550/. Every image is drawn from a view, exactly as the bot would draw it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, Image } from '@napi-rs/canvas';
import { renderTreasureCard } from '../adapters/archaeology/pictures/card-image.ts';
import { renderArchaeologyHand } from '../adapters/archaeology/pictures/hand-image.ts';
import {
  describeHand as describeArchaeologyHand,
  describeResults as describeArchaeologyResults,
  describeTable as describeArchaeologyTable,
} from '../adapters/archaeology/pictures/picture-text.ts';
import { renderArchaeologyResults } from '../adapters/archaeology/pictures/results-image.ts';
import { archaeologyFinale, archaeologyMidGame } from '../adapters/archaeology/pictures/samples.ts';
import { renderArchaeologyTable } from '../adapters/archaeology/pictures/table-image.ts';
import { cardSheet } from '../adapters/valley/pictures/card-face.ts';
import { renderHand } from '../adapters/valley/pictures/hand-image.ts';
import {
  describeHand,
  describeResults,
  describeTable,
  describeTomb,
} from '../adapters/valley/pictures/picture-text.ts';
import { renderResults } from '../adapters/valley/pictures/results-image.ts';
import { extremes, finale, playRandom, showcase, sixSeats } from '../adapters/valley/pictures/samples.ts';
import { renderTable } from '../adapters/valley/pictures/table-image.ts';
import { renderTomb } from '../adapters/valley/pictures/tomb-image.ts';
import { archaeologyCatalog } from '../games/archaeology/catalog.ts';
import { archaeology } from '../games/archaeology/index.ts';
import { baseCatalog, fullCatalog } from '../games/valley/catalog.ts';
import { valley } from '../games/valley/index.ts';
import { defsFrom } from '../games/valley/setup.ts';
import type { ValleyState } from '../games/valley/state.ts';
import { DESKTOP_W, displayScale, PHONE_W } from '../render/text-log.ts';

const out = join(process.cwd(), 'gallery');
for (const d of [PHONE_W, DESKTOP_W]) mkdirSync(join(out, `shown-${d}`), { recursive: true });
const names = ['Amunet', 'Bek 🐍', 'Chione the Very Long-Named', '张伟'];
const notes: string[] = [];

/** The picture as Discord shows it in a column `display` px wide (src/render/README.md). */
function shown(png: Buffer, display: number): Buffer {
  const img = new Image();
  img.src = png;
  const scale = displayScale(img.width, display);
  const c = createCanvas(Math.round(img.width * scale), Math.round(img.height * scale));
  const ctx = c.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, c.width, c.height);
  return c.toBuffer('image/png');
}

function save(file: string, png: Buffer, description: string) {
  writeFileSync(join(out, file), png);
  for (const d of [PHONE_W, DESKTOP_W]) writeFileSync(join(out, `shown-${d}`, file), shown(png, d));
  notes.push(`## ${file} (${Math.round(png.length / 1024)} KB)\n\n${description}\n`);
}

function position(label: string, s: ValleyState, tombSeat = 0) {
  const pub = valley.view(s, null);
  save(`${label}-table.png`, renderTable(pub, names, baseCatalog), describeTable(pub, names, baseCatalog));
  const asked = valley.waitingFor(s)[0] ?? s.turn.seat;
  const mine = valley.view(s, asked);
  save(`${label}-hand.png`, renderHand(mine, names, baseCatalog), describeHand(mine, names, baseCatalog));
  save(
    `${label}-tomb.png`,
    renderTomb(pub, tombSeat, names, baseCatalog),
    describeTomb(pub, tombSeat, names, baseCatalog),
  );
  if (pub.outcome)
    save(
      `${label}-results.png`,
      renderResults(pub, names, baseCatalog),
      describeResults(pub, names, baseCatalog),
    );
}

save(
  'cards.png',
  cardSheet(Object.values(defsFrom(baseCatalog)), baseCatalog),
  'Every card face of the base box.',
);
position('showcase', showcase(), 1);
position('finale', finale());
const edge = extremes();
position('extremes', edge, 1);
edge.finished = true;
const edgeEnd = valley.view(edge, null);
save(
  'extremes-results.png',
  renderResults(edgeEnd, names, baseCatalog),
  describeResults(edgeEnd, names, baseCatalog),
);

// Six seats with both boxes: the most crowded board, and its results with a column for each set.
const six = ['Alice', 'Bob the Builder', 'Carol', 'Dmitri', 'Eve', 'Fatima Al-Zahra'];
const sixPublic = valley.view(sixSeats(), null);
save('six-table.png', renderTable(sixPublic, six, fullCatalog), describeTable(sixPublic, six, fullCatalog));
const sixEnd = valley.view(sixSeats(true), null);
save('six-results.png', renderResults(sixEnd, six, fullCatalog), describeResults(sixEnd, six, fullCatalog));

// Random games: the first position, one waiting on a reaction window if any, and the end.
const windows: ValleyState[] = [];
const start = structuredClone(
  valley.setup(valley.catalogs?.pin({ players: 2 }) ?? { players: 2 }, 'gallery-start'),
);
position('start-2p', start);
const end = playRandom(4, 'gallery-4p', (s) => {
  if (windows.length === 0 && s.stack.at(-1)?.q?.window) windows.push(structuredClone(s));
});
const busy: ValleyState[] = [];
playRandom(3, 'gallery-3p', (s, step) => {
  const played = s.players[s.turn.seat]?.play.length ?? 0;
  if (busy.length === 0 && step > 100 && played >= 2 && s.stack.length === 0) busy.push(structuredClone(s));
});
if (busy[0]) position('middle-3p', busy[0], busy[0].turn.seat);
const firstWindow = windows[0];
if (firstWindow) position('window-4p', firstWindow);
position('end-4p', end);

// Archaeology: a game halfway (its table and the hand of the seat to play), its results, a treasure.
const mid = archaeologyMidGame();
const midPublic = archaeology.view(mid, null);
save(
  'archaeology-table.png',
  renderArchaeologyTable(midPublic, names),
  describeArchaeologyTable(midPublic, names),
);
const midHand = archaeology.view(mid, mid.turn.seat);
const handPng = renderArchaeologyHand(midHand);
if (handPng) save('archaeology-hand.png', handPng, describeArchaeologyHand(midHand));
const finalPublic = archaeology.view(archaeologyFinale(), null);
save(
  'archaeology-results.png',
  renderArchaeologyResults(finalPublic, names),
  describeArchaeologyResults(finalPublic, names),
);
for (const t of archaeologyCatalog.treasures)
  save(
    `archaeology-card-${t.id}.png`,
    renderTreasureCard(t),
    `${t.name}: its trading value and museum prices.`,
  );

writeFileSync(join(out, 'README.md'), `# Gallery\n\n${notes.join('\n')}`);
console.log(`wrote ${notes.length} images to ${out}`);
