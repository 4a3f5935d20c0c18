import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { renderTreasureCard } from '../../src/adapters/archaeology/pictures/card-image.ts';
import { renderArchaeologyHand } from '../../src/adapters/archaeology/pictures/hand-image.ts';
import { renderArchaeologyResults } from '../../src/adapters/archaeology/pictures/results-image.ts';
import { renderArchaeologyTable } from '../../src/adapters/archaeology/pictures/table-image.ts';
import { TREASURE_STYLES } from '../../src/adapters/archaeology/pictures/treasure-styles.ts';
import { treasureLabel, treasureNameOf } from '../../src/adapters/archaeology/pictures/words.ts';
import { archaeologyCatalog, TREASURES, type Treasure } from '../../src/games/archaeology/catalog.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import type { ArchaeologyView, SoldView } from '../../src/games/archaeology/view.ts';

/**
 * Every Archaeology card name the pictures draw stays inside its card: a treasure card's name (the
 * chips of the marketplace, of a hand and of /card) in the band under its paper, a sold set's name on
 * its tile; and none is squeezed out of shape to get there. Judged from what the real renderers do to
 * the canvas: each filled rounded rectangle (a card's frame, its paper, a count's pill) and each text
 * with where it was drawn, its width and the width it was squeezed to.
 */
const LANGUAGES = ['en', 'es'] as const;
const NAMES = ['Amunet', 'Bek', 'Chione', 'Djedi'];
/** A name squeezed narrower than this fraction of its width no longer reads as itself. */
const MIN_SCALE = 0.75;
/** Room kept between a name and its card's edge (px). */
const EDGE = 2;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface Filled extends Box {
  order: number;
  colour: string;
}
interface Drawn extends Box {
  order: number;
  text: string;
  /** The width drawn over the text's own width: 1 unless fillText's maxWidth squeezed it. */
  scale: number;
}

type Proto = Pick<SKRSContext2D, 'beginPath' | 'roundRect' | 'fill' | 'fillText'>;

/** The rounded rectangles filled and the texts drawn while `draw` runs (the pictures draw no transforms). */
function recorded(draw: () => void): { filled: Filled[]; texts: Drawn[] } {
  const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as Proto;
  const original = {
    beginPath: proto.beginPath,
    roundRect: proto.roundRect,
    fill: proto.fill,
    fillText: proto.fillText,
  };
  const filled: Filled[] = [];
  const texts: Drawn[] = [];
  let order = 0;
  let path: Box | null = null;
  proto.beginPath = function (this: SKRSContext2D) {
    path = null;
    return original.beginPath.call(this);
  };
  proto.roundRect = function (this: SKRSContext2D, ...a: Parameters<SKRSContext2D['roundRect']>) {
    const [x, y, w, h] = a;
    path = { left: x, right: x + w, top: y, bottom: y + h };
    return original.roundRect.apply(this, a);
  };
  proto.fill = function (this: SKRSContext2D, ...a: unknown[]) {
    if (path) filled.push({ ...path, order: order++, colour: String(this.fillStyle).toLowerCase() });
    path = null;
    return (original.fill as (...x: unknown[]) => void).apply(this, a);
  };
  proto.fillText = function (this: SKRSContext2D, text: string, x: number, y: number, max?: number) {
    const m = this.measureText(text);
    const width = max !== undefined && m.width > max ? max : m.width;
    const align = this.textAlign;
    const left = align === 'center' ? x - width / 2 : align === 'right' || align === 'end' ? x - width : x;
    texts.push({
      text,
      left,
      right: left + width,
      top: y - m.actualBoundingBoxAscent,
      bottom: y + m.actualBoundingBoxDescent,
      scale: m.width > 0 ? width / m.width : 1,
      order: order++,
    });
    return max === undefined
      ? original.fillText.call(this, text, x, y)
      : original.fillText.call(this, text, x, y, max);
  };
  try {
    draw();
  } finally {
    Object.assign(proto, original);
  }
  return { filled, texts };
}

const inside = (a: Box, b: Box, edge = 0) =>
  a.left >= b.left + edge && a.right <= b.right - edge && a.top >= b.top && a.bottom <= b.bottom;
const meets = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const area = (b: Box) => (b.right - b.left) * (b.bottom - b.top);

/**
 * The card names among `texts` (a name drawn whole, or on consecutive lines that make it up), each on its
 * card: the smallest rectangle filled in its treasure's frame colour that holds the name's centre. Every
 * fault found (a line outside its card, over its paper or count, squeezed too far) is returned as a line.
 */
function names(
  picture: { filled: Filled[]; texts: Drawn[] },
  wanted: ReadonlyMap<string, Treasure>,
  minScale = MIN_SCALE,
) {
  const found: string[] = [];
  const faults: string[] = [];
  const { texts, filled } = picture;
  const span = (b: Box) =>
    `[${b.left.toFixed(1)}–${b.right.toFixed(1)} × ${b.top.toFixed(1)}–${b.bottom.toFixed(1)}]`;
  for (let i = 0; i < texts.length; i++) {
    // The longest run of lines from here that spells a wanted name.
    let name: string | null = null;
    let lines: Drawn[] = [];
    for (let j = i; j < texts.length && j < i + 3; j++) {
      const run = texts.slice(i, j + 1);
      const joined = run.map((t) => t.text).join(' ');
      if (wanted.has(joined)) {
        name = joined;
        lines = run;
      }
    }
    if (name === null) continue;
    i += lines.length - 1;
    found.push(name);
    const frame = TREASURE_STYLES[wanted.get(name) as Treasure].frame.toLowerCase();
    const x = (Math.min(...lines.map((l) => l.left)) + Math.max(...lines.map((l) => l.right))) / 2;
    const y = (Math.min(...lines.map((l) => l.top)) + Math.max(...lines.map((l) => l.bottom))) / 2;
    const card = filled
      .filter((f) => f.colour === frame && inside({ left: x, right: x, top: y, bottom: y }, f))
      .sort((a, b) => area(a) - area(b))[0];
    if (!card) {
      faults.push(`"${name}" is on no card of its colour`);
      continue;
    }
    // What else is drawn on the card: its paper, a count's pill.
    const onCard = filled.filter((f) => f !== card && inside(f, card));
    for (const line of lines) {
      const where = `"${line.text}" of "${name}" ${span(line)}`;
      if (!inside(line, card, EDGE)) faults.push(`${where} leaves its card ${span(card)}`);
      for (const f of onCard) if (meets(line, f)) faults.push(`${where} overlaps ${span(f)} on its card`);
      if (line.scale < minScale) faults.push(`${where} squeezed to ${(line.scale * 100).toFixed(0)}%`);
    }
  }
  return { found, faults };
}

/** The names on treasure cards (chips), each with its treasure. */
const labels = (language: string) => new Map(TREASURES.map((k) => [treasureLabel(k, language), k]));
/** The names on sold sets' tiles: singular and plural, as sets of one and of several are named. */
const setNames = (language: string) =>
  new Map(TREASURES.flatMap((k) => [1, 3].map((n) => [treasureNameOf(k, n, language), k] as const)));
const both = (language: string) => new Map([...labels(language), ...setNames(language)]);
const keys = (m: ReadonlyMap<string, Treasure>) => new Set(m.keys());

/**
 * A finished position of four players, with every treasure in the marketplace and in the first seat's
 * hand, and every treasure sold, in sets of one and of three, across the seats.
 */
function everyCardShown(): ArchaeologyView {
  const s = archaeology.setup({ players: 4, firstSeat: 0 }, 'card-names');
  const v = structuredClone(archaeology.view(s, 0));
  const all = Object.fromEntries(TREASURES.map((k) => [k, 2])) as Record<Treasure, number>;
  v.market = { ...all };
  if (!v.me) throw new Error('no hand');
  v.me.hand = { ...all };
  const sets: SoldView[] = TREASURES.flatMap((kind) => [
    { kind, count: 1, value: 2 },
    { kind, count: 3, value: 12 },
  ]);
  // At most four sets a seat: every seat's row, on the board and in the results, has room for them all.
  v.seats.forEach((seat, i) => {
    seat.sold = sets.slice(i * 4, i * 4 + 4);
    seat.cardsSold = seat.sold.reduce((n, x) => n + x.count, 0);
  });
  const results = v.seats.map((seat, i) => ({
    seat: seat.seat,
    rank: i + 1,
    score: 40 - i,
    tieBreakers: [],
  }));
  return {
    ...v,
    finished: true,
    outcome: { results, summary: { key: 'kernel.rules.plain', values: { text: '' } } },
  };
}

describe('Archaeology card names stay inside their cards, readable', () => {
  for (const language of LANGUAGES) {
    it(`/card (${language}): every treasure of the catalog`, () => {
      for (const t of archaeologyCatalog.treasures) {
        const { found, faults } = names(
          recorded(() => renderTreasureCard(t, language)),
          new Map([[treasureLabel(t.id, language), t.id]]),
        );
        expect(found, t.id).toEqual([treasureLabel(t.id, language)]);
        expect(faults, t.id).toEqual([]);
      }
    });

    it(`the board's marketplace and sold sets, a hand, the results (${language}): every treasure`, () => {
      const v = everyCardShown();
      const board = names(
        recorded(() => renderArchaeologyTable(v, NAMES, language)),
        both(language),
      );
      expect(new Set(board.found)).toEqual(keys(both(language)));
      expect(board.faults).toEqual([]);

      const hand = names(
        recorded(() => renderArchaeologyHand(v, language)),
        labels(language),
      );
      expect(new Set(hand.found)).toEqual(keys(labels(language)));
      expect(hand.faults).toEqual([]);

      const results = names(
        recorded(() => renderArchaeologyResults(v, NAMES, language)),
        setNames(language),
        MIN_SCALE,
      );
      expect(new Set(results.found)).toEqual(keys(setNames(language)));
      expect(results.faults).toEqual([]);
    });
  }
});
