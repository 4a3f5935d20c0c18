import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY } from './fonts.ts';

/**
 * Every text a picture draws, with the height its font has on the finished picture, so a test can
 * judge the picture at the width people see it (a phone shows it 360 px wide).
 * Each canvas keeps its own log; a cached canvas (a card face) copied into a picture adds its texts,
 * scaled, to the picture's log (`drawLogged`).
 */
export interface DrawnText {
  text: string;
  /** The font size in the picture's pixels: the size asked for times the vertical scale it was drawn at. */
  px: number;
  /**
   * How tall its capitals stand in the picture's pixels: the font's cap height at `px`. Cap height, not
   * the ink of the string itself, so "vp", "1/5" and "—" are judged by the size of the letters around
   * them rather than by how few tall glyphs they happen to contain.
   */
  cap: number;
}

export interface DrawnPicture {
  width: number;
  height: number;
  texts: DrawnText[];
}

/**
 * Where people read the pictures: Discord shows an image at the width of the chat column, about 360 px
 * on a phone (where most people read) and 550 px on a desktop, and never wider than the image itself.
 */
export const PHONE_W = 360;
export const DESKTOP_W = 550;

/** How many screen pixels one picture pixel takes when shown in a column `display` px wide. */
export const displayScale = (width: number, display: number = PHONE_W): number =>
  Math.min(1, display / width);

/** The smallest capitals a picture may show: 8 px on a phone, 10 px on a desktop. */
export const MIN_CAP = { [PHONE_W]: 8, [DESKTOP_W]: 10 } as const;

/**
 * Cap height over font size for the bundled font, measured once on a large size (DejaVu Sans: 0.729 in
 * regular and bold alike); `measureText` gives whole pixels, hence the large size.
 */
export const CAP_RATIO: number = (() => {
  const ctx = createCanvas(8, 8).getContext('2d');
  ctx.font = `1000px "${FAMILY}"`;
  return ctx.measureText('H').actualBoundingBoxAscent / 1000;
})();

const logs = new WeakMap<Canvas, DrawnText[]>();

const verticalScale = (ctx: SKRSContext2D): number => {
  const m = ctx.getTransform();
  return Math.hypot(m.b, m.d);
};

/** Starts a canvas's log afresh (a reused canvas forgets its last picture's texts). */
export function startLog(canvas: Canvas) {
  logs.set(canvas, []);
}

export function logText(ctx: SKRSContext2D, text: string, size: number) {
  let log = logs.get(ctx.canvas);
  if (!log) {
    log = [];
    logs.set(ctx.canvas, log);
  }
  const px = size * verticalScale(ctx);
  log.push({ text, px, cap: px * CAP_RATIO });
}

/** `drawImage` of a canvas that also carries its texts, at the height they are drawn. */
export function drawLogged(
  ctx: SKRSContext2D,
  source: Canvas,
  x: number,
  y: number,
  w: number = source.width,
  h: number = source.height,
) {
  ctx.drawImage(source, x, y, w, h);
  for (const t of logs.get(source) ?? []) logText(ctx, t.text, (t.px * h) / source.height);
}

let sink: DrawnPicture[] | null = null;

/** Reports a finished picture to `picturesDrawn`, when one is listening. */
export function reportPicture(canvas: Canvas) {
  sink?.push({ width: canvas.width, height: canvas.height, texts: [...(logs.get(canvas) ?? [])] });
}

/** True while `picturesDrawn` listens: pictures are then drawn but not encoded (their PNGs are empty). */
export const measuringOnly = (): boolean => sink !== null;

/** The pictures `draw` renders, each with the texts on it; only drawn, not encoded, which is most of the time. */
export function picturesDrawn(draw: () => void): DrawnPicture[] {
  const outer = sink;
  const got: DrawnPicture[] = [];
  sink = got;
  try {
    draw();
  } finally {
    sink = outer;
  }
  return got;
}

/** The smallest font size (px) a picture `width` px wide may use and still meet `MIN_CAP` on phone and desktop. */
export function minFontPx(width: number): number {
  const cap = Math.max(
    MIN_CAP[PHONE_W] / displayScale(width, PHONE_W),
    MIN_CAP[DESKTOP_W] / displayScale(width, DESKTOP_W),
  );
  return Math.ceil(cap / CAP_RATIO - 1e-9);
}
