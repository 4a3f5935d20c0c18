import type { SKRSContext2D } from '@napi-rs/canvas';

export type Glyph =
  | 'dot'
  | 'star'
  | 'ankh'
  | 'book'
  | 'jar'
  | 'coffin'
  | 'statue'
  | 'diamond'
  | 'bandage'
  | 'gem'
  | 'door'
  | 'blade'
  | 'eye';

export interface Style {
  /** What the look is for, e.g. a set's id. */
  key: string;
  label: string;
  frame: string;
  /** Text drawn on the frame colour: chosen for contrast, not taste. */
  ink: string;
  glyph: Glyph;
}

export const TABLE = '#1f2428';
export const PANEL = '#2a3035';
export const PANEL_HI = '#3a3322';
export const TEXT = '#f2efe6';
export const MUTED = '#b4b9bd';
export const GOLD = '#f2c94c';
export const PAPER = '#fbf6ea';
export const DARK = '#1b1b1b';

const darkOrLight = (hex: string): string => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) > 0.22 ? DARK : '#ffffff';
};

/** A look for a group of cards; `ink` follows from the frame colour. */
export const makeStyle = (key: string, label: string, frame: string, glyph: Glyph): Style => ({
  key,
  label,
  frame,
  ink: darkOrLight(frame),
  glyph,
});

/** Simple silhouettes centred on (x, y) inside a box of half-size r: readable down to r ≈ 6. */
export function drawGlyph(ctx: SKRSContext2D, glyph: Glyph, x: number, y: number, r: number, ink: string) {
  ctx.save();
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  switch (glyph) {
    case 'dot':
      ctx.arc(x, y, r * 0.55, 0, Math.PI * 2);
      ctx.fill();
      break;
    case 'star':
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const d = i % 2 ? r * 0.42 : r;
        ctx.lineTo(x + d * Math.cos(a), y + d * Math.sin(a));
      }
      ctx.closePath();
      ctx.fill();
      break;
    case 'ankh':
      ctx.lineWidth = r * 0.26;
      ctx.ellipse(x, y - r * 0.5, r * 0.3, r * 0.42, 0, 0, Math.PI * 2);
      ctx.moveTo(x - r * 0.7, y + r * 0.02);
      ctx.lineTo(x + r * 0.7, y + r * 0.02);
      ctx.moveTo(x, y - r * 0.08);
      ctx.lineTo(x, y + r);
      ctx.stroke();
      break;
    case 'book':
      // Two pages open from a spine.
      ctx.moveTo(x, y - r * 0.5);
      ctx.lineTo(x - r, y - r * 0.8);
      ctx.lineTo(x - r, y + r * 0.55);
      ctx.lineTo(x, y + r * 0.85);
      ctx.lineTo(x + r, y + r * 0.55);
      ctx.lineTo(x + r, y - r * 0.8);
      ctx.closePath();
      ctx.fill();
      ctx.beginPath();
      ctx.strokeStyle = ink === DARK ? '#ffffff' : DARK;
      ctx.lineWidth = Math.max(1, r * 0.12);
      ctx.moveTo(x, y - r * 0.45);
      ctx.lineTo(x, y + r * 0.8);
      ctx.stroke();
      break;
    case 'jar':
      // A domed lid on a wide, round-bellied body with a flat foot.
      ctx.arc(x, y - r * 0.45, r * 0.42, Math.PI, 0);
      ctx.closePath();
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x - r * 0.45, y - r * 0.35);
      ctx.bezierCurveTo(x - r * 1.15, y - r * 0.1, x - r * 0.9, y + r * 0.9, x - r * 0.4, y + r);
      ctx.lineTo(x + r * 0.4, y + r);
      ctx.bezierCurveTo(x + r * 0.9, y + r * 0.9, x + r * 1.15, y - r * 0.1, x + r * 0.45, y - r * 0.35);
      ctx.closePath();
      ctx.fill();
      break;
    case 'coffin':
      ctx.moveTo(x, y - r);
      ctx.quadraticCurveTo(x + r * 0.6, y - r, x + r * 0.55, y - r * 0.35);
      ctx.lineTo(x + r * 0.3, y + r);
      ctx.lineTo(x - r * 0.3, y + r);
      ctx.lineTo(x - r * 0.55, y - r * 0.35);
      ctx.quadraticCurveTo(x - r * 0.6, y - r, x, y - r);
      ctx.fill();
      break;
    case 'statue':
      // A standing figure, head joined to broad shoulders, on a plinth.
      ctx.arc(x, y - r * 0.62, r * 0.3, 0, Math.PI * 2);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x - r * 0.55, y - r * 0.32);
      ctx.lineTo(x + r * 0.55, y - r * 0.32);
      ctx.lineTo(x + r * 0.28, y + r * 0.62);
      ctx.lineTo(x - r * 0.28, y + r * 0.62);
      ctx.closePath();
      ctx.fill();
      ctx.fillRect(x - r * 0.7, y + r * 0.62, r * 1.4, r * 0.38);
      break;
    case 'bandage':
      // A wrapped bundle: three diagonal bands.
      ctx.lineWidth = r * 0.34;
      for (const k of [-0.55, 0, 0.55]) {
        ctx.moveTo(x - r * 0.8, y + k * r + r * 0.3);
        ctx.lineTo(x + r * 0.8, y + k * r - r * 0.3);
      }
      ctx.stroke();
      break;
    case 'gem':
      // A ring with a stone on top.
      ctx.lineWidth = r * 0.24;
      ctx.arc(x, y + r * 0.25, r * 0.62, 0, Math.PI * 2);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x, y - r);
      ctx.lineTo(x + r * 0.4, y - r * 0.55);
      ctx.lineTo(x, y - r * 0.2);
      ctx.lineTo(x - r * 0.4, y - r * 0.55);
      ctx.closePath();
      ctx.fill();
      break;
    case 'door':
      // An arched doorway, hollow.
      ctx.moveTo(x - r * 0.7, y + r);
      ctx.lineTo(x - r * 0.7, y - r * 0.25);
      ctx.arc(x, y - r * 0.25, r * 0.7, Math.PI, 0);
      ctx.lineTo(x + r * 0.7, y + r);
      ctx.closePath();
      ctx.moveTo(x - r * 0.32, y + r);
      ctx.lineTo(x - r * 0.32, y - r * 0.2);
      ctx.arc(x, y - r * 0.2, r * 0.32, Math.PI, 0);
      ctx.lineTo(x + r * 0.32, y + r);
      ctx.closePath();
      ctx.fill('evenodd');
      break;
    case 'blade':
      // A dagger, point up, with a cross-guard.
      ctx.moveTo(x, y - r);
      ctx.lineTo(x + r * 0.28, y + r * 0.2);
      ctx.lineTo(x - r * 0.28, y + r * 0.2);
      ctx.closePath();
      ctx.fill();
      ctx.fillRect(x - r * 0.65, y + r * 0.2, r * 1.3, r * 0.22);
      ctx.fillRect(x - r * 0.13, y + r * 0.42, r * 0.26, r * 0.58);
      break;
    case 'eye':
      // An almond eye with its pupil.
      ctx.moveTo(x - r, y);
      ctx.quadraticCurveTo(x, y - r * 0.95, x + r, y);
      ctx.quadraticCurveTo(x, y + r * 0.95, x - r, y);
      ctx.closePath();
      ctx.arc(x, y, r * 0.3, 0, Math.PI * 2);
      ctx.fill('evenodd');
      break;
    case 'diamond':
      ctx.moveTo(x, y - r);
      ctx.lineTo(x + r * 0.75, y);
      ctx.lineTo(x, y + r);
      ctx.lineTo(x - r * 0.75, y);
      ctx.closePath();
      ctx.fill();
      break;
  }
  ctx.restore();
}

/** The glyph on a light disc, so it reads on any background; the ring carries the colour. */
export function drawBadge(ctx: SKRSContext2D, s: Style, x: number, y: number, r: number) {
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = PAPER;
  ctx.fill();
  ctx.lineWidth = Math.max(2, r * 0.18);
  ctx.strokeStyle = s.frame;
  ctx.stroke();
  ctx.restore();
  drawGlyph(ctx, s.glyph, x, y, r * 0.62, DARK);
}
