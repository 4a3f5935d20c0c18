import type { ScoreBreakdown } from '../../games/valley/score.ts';
import type { CardRef, ValleyView } from '../../games/valley/view.ts';
import { t } from '../../i18n/messages.ts';
import { type GameContext, recentLines, seatLabel } from '../../table-kit/context.ts';
import { cardName, setName } from './card-names.ts';
import { valleyText } from './rules-text.ts';

/** Short public text about the table, used in board messages (and read by screen readers). */
const withCost = (v: ValleyView, c: CardRef | null, language: string): string =>
  c
    ? t(language, 'valley.summary.card-cost', {
        card: cardName(c.card, language),
        cost: v.defs[c.card]?.cost ?? '?',
      })
    : '—';

export function pyramidLines(v: ValleyView, language: string): string[] {
  const p = v.pyramid;
  const slots = (...at: number[]) => at.map((slot) => withCost(v, p[slot] ?? null, language)).join(' · ');
  const top = v.boneyard.top;
  return [
    t(language, 'valley.summary.base', { cards: slots(0, 1, 2) }),
    t(language, 'valley.summary.upper', { middle: slots(3, 4), top: withCost(v, p[5] ?? null, language) }),
    t(language, 'valley.summary.piles', {
      boneyard: top
        ? t(language, 'valley.summary.boneyard-top', {
            card: cardName(top.card, language),
            count: v.boneyard.count,
          })
        : t(language, 'valley.summary.boneyard-empty'),
      stock: v.stock.count,
    }),
  ];
}

export function scoreLine(v: ValleyView, ctx: GameContext): string {
  return v.players
    .map((p) =>
      t(ctx.language, 'valley.summary.score', {
        name: seatLabel(ctx, p.seat),
        vp: p.score.total,
        tomb: p.tomb.length,
        hand: p.handCount,
      }),
    )
    .join(' · ');
}

/** The newest public log lines, with names, in the reader's language where the rules give it. */
export function recentLog(v: ValleyView, ctx: GameContext, lines: number): string[] {
  return recentLines(ctx, v.viewer, lines).map((e) => valleyText(e.text, ctx));
}

/** Who the game waits for, as the rules put it ("Waiting for reactions", "Bob to play"). */
export function waitingText(v: ValleyView, ctx: GameContext): string {
  return valleyText(v.waiting.text, ctx);
}

/**
 * The sets of a breakdown, ", Books 3² = 9, Statues 2² = 4", or '' without any (`key`: how one reads):
 * each set by its name in `language`, never by the catalog's id.
 */
export function setsText(score: ScoreBreakdown | undefined, language: string, key: string): string {
  const sets = (score?.sets ?? [])
    .map((s) => t(language, key, { set: setName(s.set, language), distinct: s.distinct, points: s.points }))
    .join(', ');
  return sets ? `, ${sets}` : '';
}

export function tombText(v: ValleyView, ctx: GameContext): string {
  const language = ctx.language;
  return v.players
    .map((p) => {
      const cards =
        p.tomb.map((c) => cardName(c.card, language)).join(', ') || t(language, 'valley.summary.tomb-empty');
      const head = t(language, 'valley.summary.tomb', {
        name: seatLabel(ctx, p.seat),
        vp: p.score.total,
        starters: p.score.starters,
        uniques: p.score.uniques,
        sets: setsText(p.score, language, 'valley.summary.tomb-set'),
      });
      return `${head}\n${cards}`;
    })
    .join('\n');
}
