import { describe, expect, it } from 'vitest';
import { TREASURE_STYLES } from '../../src/adapters/archaeology/pictures/treasure-styles.ts';
import { STARTER, setStyle, UNIQUE } from '../../src/adapters/valley/pictures/card-styles.ts';
import { fullCatalog } from '../../src/games/valley/catalog.ts';
import type { Style } from '../../src/render/palette.ts';
import { deltaE2000, MACHADO, seenApart } from './colour-vision.ts';

/**
 * Two groups' colours must stay apart for people with deuteranopia and protanopia (the common forms,
 * about 1 in 12 men between them, simulated in full, severity 1.0) as well as for everyone else.
 * Threshold: CIEDE2000 ≥ 10. About 1 is a just noticeable difference side by side; 10 is the least that
 * still tells two small swatches apart at a glance when they are not side by side (a badge in one
 * panel, a frame in another), the situation on the board. Where two colours cannot be kept that far
 * apart, their glyphs must differ: the pair is listed below, so a new colour that collides is a choice
 * someone made, not an accident.
 */
const MIN_DELTA_E = 10;
const VISIONS = [undefined, 'protanopia', 'deuteranopia'] as const;

function pairs(styles: readonly Style[]) {
  return styles.flatMap((a, i) => styles.slice(i + 1).map((b) => [a, b] as const));
}

function closePairs(styles: readonly Style[]) {
  const close: string[] = [];
  for (const [a, b] of pairs(styles))
    for (const vision of VISIONS) {
      const d = seenApart(a.frame, b.frame, vision);
      if (d < MIN_DELTA_E) close.push(`${a.key}/${b.key} ${vision ?? 'normal'} ΔE ${d.toFixed(1)}`);
    }
  return close;
}

const valleyStyles = [STARTER, UNIQUE, ...fullCatalog.sets.map((s) => setStyle(s.id, fullCatalog))];
const treasureStyles = Object.values(TREASURE_STYLES);

describe('group colours under colour blindness', () => {
  it('computes CIEDE2000 as Sharma, Wu & Dalal’s test data', () => {
    // Pairs 1 and 17 of their published table.
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 3);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 3);
    expect(MACHADO.deuteranopia[0][1]).toBeCloseTo(0.860646);
  });

  it('every pair of Valley groups (both boxes, starters and uniques) stays apart, or differs by glyph', () => {
    expect(new Set(valleyStyles.map((s) => s.glyph)).size).toBe(valleyStyles.length);
    expect(closePairs(valleyStyles)).toEqual(VALLEY_CLOSE);
  });

  it('every pair of Archaeology treasures stays apart, or differs by glyph', () => {
    expect(new Set(treasureStyles.map((s) => s.glyph)).size).toBe(treasureStyles.length);
    expect(closePairs(treasureStyles)).toEqual(TREASURE_CLOSE);
  });
});

/** Pairs that stay close for some viewers, told apart by their glyphs (checked different above). */
const VALLEY_CLOSE: string[] = [];
const TREASURE_CLOSE: string[] = [];
