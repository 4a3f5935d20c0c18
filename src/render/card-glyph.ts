import type { SKRSContext2D } from '@napi-rs/canvas';

/**
 * Each card's own emblem, made from its id: an outline, a mark inside it and a number of rays, so two
 * cards of a box never look alike even when they share a frame and a set glyph. No art: only shapes.
 * `cardMark` is the emblem's recipe (a test checks that no two cards of a catalog share one).
 */
const OUTLINES = ['circle', 'square', 'diamond', 'triangle', 'hexagon', 'arch'] as const;
const MARKS = ['dot', 'bar', 'cross', 'ring', 'pair', 'chevron', 'wave'] as const;
const RAYS = [0, 3, 4, 6] as const;

export interface CardMark {
  outline: (typeof OUTLINES)[number];
  mark: (typeof MARKS)[number];
  rays: (typeof RAYS)[number];
}

/** FNV-1a: a stable, well-spread number from a short string. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The salt is the first that gives the 50 cards of both Valley boxes 50 different recipes (out of 168);
 * a card added later that clashes fails the palette test, and the salt moves on.
 */
const SALT = '25:';

export function cardMark(id: string): CardMark {
  const h = hash(SALT + id);
  return {
    outline: OUTLINES[h % OUTLINES.length] as CardMark['outline'],
    mark: MARKS[Math.floor(h / OUTLINES.length) % MARKS.length] as CardMark['mark'],
    rays: RAYS[Math.floor(h / (OUTLINES.length * MARKS.length)) % RAYS.length] as CardMark['rays'],
  };
}

function outline(ctx: SKRSContext2D, kind: CardMark['outline'], x: number, y: number, r: number) {
  ctx.beginPath();
  switch (kind) {
    case 'circle':
      ctx.arc(x, y, r, 0, Math.PI * 2);
      break;
    case 'square':
      ctx.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
      break;
    case 'diamond':
      ctx.moveTo(x, y - r);
      ctx.lineTo(x + r, y);
      ctx.lineTo(x, y + r);
      ctx.lineTo(x - r, y);
      ctx.closePath();
      break;
    case 'triangle':
      ctx.moveTo(x, y - r);
      ctx.lineTo(x + r * 0.95, y + r * 0.75);
      ctx.lineTo(x - r * 0.95, y + r * 0.75);
      ctx.closePath();
      break;
    case 'hexagon':
      for (let i = 0; i < 6; i++) {
        const a = (i * Math.PI) / 3;
        ctx.lineTo(x + r * Math.cos(a), y + r * Math.sin(a));
      }
      ctx.closePath();
      break;
    case 'arch':
      ctx.moveTo(x - r * 0.8, y + r * 0.85);
      ctx.lineTo(x - r * 0.8, y - r * 0.05);
      ctx.arc(x, y - r * 0.05, r * 0.8, Math.PI, 0);
      ctx.lineTo(x + r * 0.8, y + r * 0.85);
      ctx.closePath();
      break;
  }
  ctx.stroke();
}

function mark(ctx: SKRSContext2D, kind: CardMark['mark'], x: number, y: number, r: number) {
  const s = r * 0.38;
  ctx.beginPath();
  switch (kind) {
    case 'dot':
      ctx.arc(x, y, s * 0.7, 0, Math.PI * 2);
      ctx.fill();
      return;
    case 'bar':
      ctx.moveTo(x - s, y);
      ctx.lineTo(x + s, y);
      break;
    case 'cross':
      ctx.moveTo(x - s, y);
      ctx.lineTo(x + s, y);
      ctx.moveTo(x, y - s);
      ctx.lineTo(x, y + s);
      break;
    case 'ring':
      ctx.arc(x, y, s * 0.8, 0, Math.PI * 2);
      break;
    case 'pair':
      ctx.arc(x - s * 0.6, y, s * 0.4, 0, Math.PI * 2);
      ctx.moveTo(x + s, y);
      ctx.arc(x + s * 0.6, y, s * 0.4, 0, Math.PI * 2);
      ctx.fill();
      return;
    case 'chevron':
      ctx.moveTo(x - s, y + s * 0.5);
      ctx.lineTo(x, y - s * 0.5);
      ctx.lineTo(x + s, y + s * 0.5);
      break;
    case 'wave':
      ctx.moveTo(x - s, y);
      ctx.quadraticCurveTo(x - s / 2, y - s * 0.8, x, y);
      ctx.quadraticCurveTo(x + s / 2, y + s * 0.8, x + s, y);
      break;
  }
  ctx.stroke();
}

/** The card's emblem centred on (x, y) within radius r, in one colour. */
export function drawCardMark(ctx: SKRSContext2D, id: string, x: number, y: number, r: number, ink: string) {
  const m = cardMark(id);
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = Math.max(1.5, r * 0.14);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const inner = m.rays ? r * 0.72 : r;
  outline(ctx, m.outline, x, y, inner);
  mark(ctx, m.mark, x, y, inner);
  if (m.rays) {
    ctx.beginPath();
    for (let i = 0; i < m.rays; i++) {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / m.rays + Math.PI / m.rays;
      ctx.moveTo(x + Math.cos(a) * r * 0.84, y + Math.sin(a) * r * 0.84);
      ctx.lineTo(x + Math.cos(a) * r, y + Math.sin(a) * r);
    }
    ctx.stroke();
  }
  ctx.restore();
}
