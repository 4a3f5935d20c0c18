import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';

/**
 * Every text a picture draws, with the height its font has on the finished picture, so a test can
 * judge the picture at the width people see it (Discord and the local page show at most 640 px).
 * Each canvas keeps its own log; a cached canvas (a card face) copied into a picture adds its texts,
 * scaled, to the picture's log (`drawLogged`).
 */
export interface DrawnText {
  text: string;
  /** The font size in the picture's pixels: the size asked for times the vertical scale it was drawn at. */
  px: number;
}

export interface DrawnPicture {
  width: number;
  height: number;
  texts: DrawnText[];
}

/** The widest Discord (and the local page, `.attachments a` in its style.css) shows a picture. */
export const DISPLAY_MAX_W = 640;

/** How many screen pixels one picture pixel takes where the picture is shown. */
export const displayScale = (width: number): number => Math.min(1, DISPLAY_MAX_W / width);

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
  log.push({ text, px: size * verticalScale(ctx) });
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
