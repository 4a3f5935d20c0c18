import { type GameContext, seatName } from '../../discord/messages/context.ts';
import { withNames } from '../../games/valley/describe.ts';
import type { CardRef, ValleyView } from '../../games/valley/view.ts';

/** Short public text about the table, used in board messages (and read by screen readers). */
const cardName = (v: ValleyView, c: CardRef | null): string =>
  c ? (v.defs[c.card]?.name ?? c.card) : 'empty';

const withCost = (v: ValleyView, c: CardRef | null): string =>
  c ? `${cardName(v, c)} (${v.defs[c.card]?.cost ?? '?'})` : '—';

export function pyramidLines(v: ValleyView): string[] {
  const p = v.pyramid;
  return [
    `Pyramid base (buyable): ${[p[0], p[1], p[2]].map((c) => withCost(v, c ?? null)).join(' · ')}`,
    `Middle: ${[p[3], p[4]].map((c) => withCost(v, c ?? null)).join(' · ')} — Top: ${withCost(v, p[5] ?? null)}`,
    `Boneyard: ${v.boneyard.top ? `${cardName(v, v.boneyard.top)} on top of ${v.boneyard.count}` : 'empty'} · Stock: ${v.stock.count} cards`,
  ];
}

export function scoreLine(v: ValleyView, ctx: GameContext): string {
  return v.players
    .map(
      (p) =>
        `${seatName(ctx, p.seat)} ${p.score.total} VP (${p.tomb.length} in tomb, ${p.handCount} in hand)`,
    )
    .join(' · ');
}

/** The newest public log lines, with names. */
export function recentLog(v: ValleyView, ctx: GameContext, lines: number): string[] {
  return v.log.slice(-lines).map((e) => withNames(e.text, ctx.names));
}

export function tombText(v: ValleyView, ctx: GameContext): string {
  return v.players
    .map((p) => {
      const sets = p.score.sets.map((s) => `${s.set} ${s.distinct}² = ${s.points}`).join(', ');
      const cards = p.tomb.map((c) => cardName(v, c)).join(', ') || 'empty';
      return `**${seatName(ctx, p.seat)}** — ${p.score.total} VP (starters ${p.score.starters}, uniques ${p.score.uniques}${sets ? `, ${sets}` : ''})\n${cards}`;
    })
    .join('\n');
}
