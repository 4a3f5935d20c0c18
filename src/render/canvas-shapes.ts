import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from './fonts.ts';
import { logText } from './text-log.ts';

export function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

export function fillRound(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  fill: string,
) {
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
}

/** Greedy word wrap; a word longer than the line stays whole (fillText's maxWidth squeezes it). */
export function wrap(ctx: SKRSContext2D, text: string, width: number, balanced = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return balanced && lines.length === 2 ? balance(ctx, text) : lines;
}

/** Two lines of similar width read better than a long line and a short one ("Imseti / Canopic Jar"). */
function balance(ctx: SKRSContext2D, text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  let best: string[] = [text];
  let bestW = Number.POSITIVE_INFINITY;
  for (let k = 1; k < words.length; k++) {
    const pair = [words.slice(0, k).join(' '), words.slice(k).join(' ')];
    const w = Math.max(...pair.map((l) => ctx.measureText(l).width));
    if (w < bestW) {
      best = pair;
      bestW = w;
    }
  }
  return best;
}

/** The largest size (from `sizes`, largest first) at which `text` fits in `maxLines` lines. */
export function fitText(
  ctx: SKRSContext2D,
  text: string,
  width: number,
  maxLines: number,
  sizes: readonly number[],
  bold = true,
  balanced = false,
): { size: number; lines: string[]; fits: boolean } {
  let last = { size: sizes.at(-1) ?? 12, lines: [text], fits: false };
  for (const size of sizes) {
    ctx.font = font(size, bold);
    const lines = wrap(ctx, text, width, balanced);
    const fits = lines.length <= maxLines && lines.every((l) => ctx.measureText(l).width <= width);
    last = { size, lines, fits };
    if (fits) return last;
  }
  // Still too long at the smallest size: keep the first lines and let maxWidth squeeze them.
  if (last.lines.length > maxLines) {
    const head = last.lines.slice(0, maxLines - 1);
    last = { size: last.size, lines: [...head, last.lines.slice(maxLines - 1).join(' ')], fits: false };
  }
  ctx.font = font(last.size, bold);
  return last;
}

/** Text on one line, squeezed rather than overflowing when it is too long. */
export function text(
  ctx: SKRSContext2D,
  s: string,
  x: number,
  y: number,
  opts: { size: number; bold?: boolean; color: string; align?: 'left' | 'center' | 'right'; max?: number },
) {
  ctx.font = font(opts.size, opts.bold ?? false);
  ctx.fillStyle = opts.color;
  ctx.textAlign = opts.align ?? 'left';
  ctx.textBaseline = 'middle';
  logText(ctx, s, opts.size);
  if (opts.max !== undefined && ctx.measureText(s).width > opts.max) ctx.fillText(s, x, y, opts.max);
  else ctx.fillText(s, x, y);
}

/** Items of `w` wide, in lines of `width`, `gap` apart. */
export function flow<T extends { w: number }>(items: readonly T[], width: number, gap: number): T[][] {
  const lines: T[][] = [];
  let used = Number.POSITIVE_INFINITY;
  for (const it of items) {
    if (used + gap + it.w > width) {
      lines.push([]);
      used = -gap;
    }
    lines.at(-1)?.push(it);
    used += gap + it.w;
  }
  return lines;
}

export const ROMAN = ['', 'I', 'II', 'III'] as const;

export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
