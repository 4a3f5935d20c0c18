import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  CARD_H,
  CARD_W,
  cardFace,
  provisional,
  renderCard,
} from '../../src/adapters/valley/pictures/card-face.ts';
import {
  STARTER,
  setLabel,
  setStyle,
  styleOf,
  UNIQUE,
} from '../../src/adapters/valley/pictures/card-styles.ts';
import { baseCatalog, fullCatalog } from '../../src/games/valley/catalog.ts';
import { defsFrom } from '../../src/games/valley/setup.ts';
import { ordinal } from '../../src/render/canvas-shapes.ts';
import { cardMark } from '../../src/render/card-glyph.ts';
import { drawableNames } from '../../src/render/drawable-names.ts';
import { encodePng } from '../../src/render/png.ts';
import { decode, pngSize } from './png-util.ts';

const defs = defsFrom(baseCatalog);
const def = (id: string) => {
  const d = defs[id];
  if (!d) throw new Error(id);
  return d;
};

describe('palette', () => {
  it('gives every set its own colour and its own glyph, apart from starters and uniques', () => {
    const styles = [STARTER, UNIQUE, ...baseCatalog.sets.map((s) => setStyle(s.id, baseCatalog))];
    expect(new Set(styles.map((s) => s.frame)).size).toBe(styles.length);
    expect(new Set(styles.map((s) => s.glyph)).size).toBe(styles.length);
  });

  it('frames amulets in yellow, starters in grey and uniques in purple', () => {
    const rgb = (hex: string) =>
      [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
    const [r, g, b] = rgb(setStyle('amulets', baseCatalog).frame);
    expect(r > 200 && g > 180 && b < 100).toBe(true);
    const [sr, sg, sb] = rgb(STARTER.frame);
    expect(Math.max(sr, sg, sb) - Math.min(sr, sg, sb)).toBeLessThan(10);
    const [ur, ug, ub] = rgb(UNIQUE.frame);
    expect(ur > ug && ub > ug).toBe(true);
    expect(styleOf(def('boat'), baseCatalog)).toBe(UNIQUE);
    expect(styleOf(def('urn'), baseCatalog)).toBe(STARTER);
  });

  it('labels sets with their name and size, as the cards print them', () => {
    expect(setLabel('statues', baseCatalog)).toBe('Statues (7)');
    expect(setLabel('canopic-jars', baseCatalog)).toBe('Canopic Jars (4)');
    expect(setStyle('not-a-set', baseCatalog).label).toBe('not-a-set');
  });
});

describe('card faces', () => {
  it('marks a number provisional unless the catalog confirms that same value', () => {
    const netherworld = def('book-of-the-netherworld');
    expect(provisional(netherworld, 'gold', baseCatalog)).toBe(false);
    expect(provisional(netherworld, 'cost', baseCatalog)).toBe(true);
    expect(provisional({ ...netherworld, gold: 5 }, 'gold', baseCatalog)).toBe(true);
    expect(provisional(def('shabti'), 'vp', baseCatalog)).toBe(false);
  });

  it('draws each face once and then reuses it', () => {
    expect(cardFace(def('boat'), baseCatalog)).toBe(cardFace({ ...def('boat') }, baseCatalog));
    expect(cardFace(def('boat'), baseCatalog)).not.toBe(cardFace({ ...def('boat'), cost: 9 }, baseCatalog));
    expect(pngSize(renderCard(def('boat'), baseCatalog))).toEqual({
      width: CARD_W + 24,
      height: CARD_H + 24,
    });
  });

  it('draws only what the bundled font has: styled letters made plain, emoji and CJK left out', () => {
    expect(drawableNames(['Ana 🐍✨', '张伟', '𝓐𝓷𝓪', 'Ｂｅｋ', '', 'Ñandú  Ölçer', 'Дима'])).toEqual([
      'Ana',
      'Player 2',
      'Ana',
      'Bek',
      'Player 5',
      'Ñandú Ölçer',
      'Дима',
    ]);
  });

  it('ranks in English', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
    ]);
  });
});

describe('PNG encoding', () => {
  it('writes exactly the pixels of an opaque canvas', () => {
    const c = createCanvas(37, 23);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#204060';
    ctx.fillRect(0, 0, 37, 23);
    ctx.fillStyle = '#f2c94c';
    ctx.beginPath();
    ctx.arc(18, 11, 9, 0, Math.PI * 2);
    ctx.fill();
    const png = decode(encodePng(c));
    expect([png.width, png.height]).toEqual([37, 23]);
    expect(Buffer.from(png.data).equals(Buffer.from(ctx.getImageData(0, 0, 37, 23).data))).toBe(true);
  });
});

describe('card emblems', () => {
  it('gives every card of both boxes its own emblem (Goddess Nut and Senet Game no longer look alike)', () => {
    const ids = Object.keys(defsFrom(fullCatalog));
    const recipes = new Map(ids.map((id) => [JSON.stringify(cardMark(id)), id]));
    expect(recipes.size).toBe(ids.length);
    expect(cardMark('goddess-nut')).not.toEqual(cardMark('senet-game'));
  });
});
