import { createCanvas } from '@napi-rs/canvas';
import { t } from '../i18n/messages.ts';
import { formatCount, formatDecimal } from '../ratings/model.ts';
import { fillRound, text, wrap } from './canvas-shapes.ts';
import { font } from './fonts.ts';
import { GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from './palette.ts';
import { renderPng } from './png.ts';
import { drawnNames } from './rating-text.ts';

/** A tournament's standings as the Discord layer hands them over: plain data, names as people chose them. */
export interface StandingsPicture {
  /** "Tournament #3 · Valley of the Kings". */
  readonly title: string;
  /** "After round 2 of 5", "Final standings", in the reader's language. */
  readonly subtitle: string;
  readonly language: string;
  /** Points (Swiss, round robin) or the round reached (elimination). */
  readonly kind: 'points' | 'elimination';
  /** The rows shown, in standings order (round robin: group by group). */
  readonly rows: readonly StandingsPictureRow[];
  /** Entrants not shown ("…and N more"). */
  readonly more: number;
}

export interface StandingsPictureRow {
  readonly place: number;
  readonly name: string;
  /** Round robin: the group, from 1; 0 otherwise (no group headings). */
  readonly group: number;
  /** Sixtieths of a point. */
  readonly points: number;
  /** Opponents' points, in 3600ths. */
  readonly opponents: number;
  readonly games: number;
  readonly byes: number;
  readonly dropped: boolean;
  /** Elimination: the last round reached, and what happened there. */
  readonly reached: number;
  readonly stage: 'place' | 'bye' | 'playing';
  readonly lastPlace: number;
}

/** A phone shows it 360 wide: 22 px capitals are then 8 px tall (`minFontPx`). */
export const STANDINGS_W = 720;
const M = 16;
const MIN_TEXT = 22;
const TITLE = 56;
const LINE = 30;
const HEAD = 40;
const ROW = 80;
const GAP = 6;
const GROUP = 44;

const measuring = createCanvas(8, 8).getContext('2d');
const MEDALS: Record<number, string> = { 1: GOLD, 2: '#c9ced3', 3: '#d08a4a' };

function subtitleLines(p: StandingsPicture): string[] {
  measuring.font = font(MIN_TEXT);
  return wrap(measuring, p.subtitle, STANDINGS_W - 2 * M).slice(0, 2);
}

/** Where each row and group heading goes, and the picture's height. */
function layout(p: StandingsPicture) {
  const sub = subtitleLines(p);
  let y = TITLE + sub.length * LINE + HEAD;
  const headings: { group: number; y: number }[] = [];
  const rows: number[] = [];
  p.rows.forEach((r, i) => {
    if (r.group > 0 && r.group !== p.rows[i - 1]?.group) {
      headings.push({ group: r.group, y });
      y += GROUP;
    }
    rows.push(y);
    y += ROW + GAP;
  });
  const moreY = y + LINE / 2;
  if (p.more > 0) y += LINE;
  return { sub, headings, rows, moreY, height: y + 12 };
}

export const points = (sixtieths: number, language: string): string =>
  formatDecimal(sixtieths / 60, language);

/** The line under a name: the tie-break and the games (points), or what became of the entrant (elimination). */
export function rowDetails(r: StandingsPictureRow, p: Pick<StandingsPicture, 'kind' | 'language'>): string {
  const lang = p.language;
  const parts =
    p.kind === 'points'
      ? [
          t(lang, 'tournament.image.opponents', { points: formatDecimal(r.opponents / 3600, lang) }),
          t(lang, 'tournament.image.games', { n: r.games, count: formatCount(r.games, lang) }),
          ...(r.byes > 0
            ? [t(lang, 'tournament.image.byes', { n: r.byes, count: formatCount(r.byes, lang) })]
            : []),
        ]
      : [
          t(lang, 'tournament.image.stage', {
            stage: r.stage,
            place: r.lastPlace,
          }),
          t(lang, 'tournament.image.games', { n: r.games, count: formatCount(r.games, lang) }),
        ];
  if (r.dropped) parts.push(t(lang, 'tournament.image.dropped'));
  return parts.join(' · ');
}

/** The figure on the right of a row: its points, or the round reached. */
export function rowFigure(r: StandingsPictureRow, p: Pick<StandingsPicture, 'kind' | 'language'>): string {
  return p.kind === 'points'
    ? points(r.points, p.language)
    : t(p.language, 'tournament.image.round', { round: formatCount(r.reached, p.language) });
}

/**
 * The standings for a phone first: a row per entrant with the place (medal discs for 1–3, the number
 * always printed), the name and the points on top, the tie-break, games and byes under the name; a
 * dropped entrant's row is dimmed and says so. Round robin: a heading per group.
 */
export function renderTournamentStandings(p: StandingsPicture): Buffer {
  const lang = p.language;
  const at = layout(p);
  const names = drawnNames(
    p.rows.map((r) => r.name),
    lang,
  );
  return renderPng(STANDINGS_W, at.height, TABLE, (ctx) => {
    text(ctx, p.title, M, 30, { size: 32, bold: true, color: GOLD, max: STANDINGS_W - 2 * M });
    at.sub.forEach((line, i) => {
      text(ctx, line, M, TITLE + LINE / 2 + i * LINE, {
        size: MIN_TEXT,
        color: TEXT,
        max: STANDINGS_W - 2 * M,
      });
    });
    const top = TITLE + at.sub.length * LINE;
    const placeX = M + 36;
    const nameX = M + 80;
    const figureX = STANDINGS_W - M - 16;
    const head = (label: string, x: number, align: 'left' | 'center' | 'right') =>
      text(ctx, label, x, top + HEAD / 2, { size: MIN_TEXT, bold: true, color: MUTED, align, max: 300 });
    head('#', placeX, 'center');
    head(t(lang, 'tournament.image.player'), nameX, 'left');
    head(t(lang, 'tournament.image.figure', { kind: p.kind }), figureX, 'right');
    for (const g of at.headings)
      text(
        ctx,
        t(lang, 'tournament.image.group', { group: formatCount(g.group, lang) }),
        M,
        g.y + GROUP / 2,
        {
          size: 26,
          bold: true,
          color: GOLD,
        },
      );
    p.rows.forEach((r, i) => {
      const y = at.rows[i] as number;
      const medal = r.dropped ? undefined : MEDALS[r.place];
      fillRound(ctx, M, y, STANDINGS_W - 2 * M, ROW, 10, r.place === 1 && !r.dropped ? PANEL_HI : PANEL);
      if (medal) {
        ctx.beginPath();
        ctx.arc(placeX, y + ROW / 2, 24, 0, Math.PI * 2);
        ctx.fillStyle = medal;
        ctx.fill();
      }
      text(ctx, formatCount(r.place, lang), placeX, y + ROW / 2, {
        size: 26,
        bold: true,
        color: medal ? TABLE : r.dropped ? MUTED : TEXT,
        align: 'center',
        max: 60,
      });
      const figure = rowFigure(r, p);
      const figureSize = p.kind === 'points' ? 32 : 28;
      measuring.font = font(figureSize, true);
      const figureW = Math.min(measuring.measureText(figure).width, 220);
      text(ctx, figure, figureX, y + 26, {
        size: figureSize,
        bold: true,
        color: r.dropped ? MUTED : r.place === 1 ? GOLD : TEXT,
        align: 'right',
        max: 220,
      });
      text(ctx, names[i] ?? '', nameX, y + 24, {
        size: 28,
        bold: true,
        color: r.dropped ? MUTED : TEXT,
        max: figureX - figureW - 20 - nameX,
      });
      text(ctx, rowDetails(r, p), nameX, y + 58, {
        size: MIN_TEXT,
        color: MUTED,
        max: STANDINGS_W - M - 16 - nameX,
      });
    });
    if (p.more > 0)
      text(ctx, t(lang, 'tournament.entrants-more', { count: p.more }), M, at.moreY, {
        size: MIN_TEXT,
        color: MUTED,
      });
  });
}

/** The standings in words: the picture's description, for a screen reader. */
export function describeTournamentStandings(p: StandingsPicture): string {
  const rows = p.rows.map(
    (r) => `${formatCount(r.place, p.language)}. ${r.name}: ${rowFigure(r, p)} (${rowDetails(r, p)})`,
  );
  const more = p.more > 0 ? ` ${t(p.language, 'tournament.entrants-more', { count: p.more })}` : '';
  return `${p.title}. ${p.subtitle}. ${rows.join('; ')}.${more}`;
}
