import { type GameContext, seatName } from '../../discord/messages/context.ts';
import type { Payload } from '../../discord/messages/payload.ts';
import { withNames } from '../../games/valley/describe.ts';
import { poolLabel } from '../../games/valley/pools.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import type { ValleyPictures } from './pictures.ts';

/** `ratingLines`: what the game did to ratings (see rating-lines.ts), shown under the places. */
export function resultsMessage(
  v: ValleyView,
  ctx: GameContext,
  pictures: ValleyPictures,
  ratingLines: readonly string[] = [],
): Payload {
  const outcome = v.outcome;
  if (!outcome) throw new Error('results of an unfinished game');
  const ranked = [...outcome.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const lines = ranked.map((r) => {
    const p = v.players[r.seat];
    const b = p?.score;
    const sets = b?.sets.map((s) => `${s.set} ${s.distinct}²=${s.points}`).join(', ');
    return `${r.rank}. **${seatName(ctx, r.seat)}** — ${r.score} VP (${p?.tomb.length ?? 0} tomb cards; starters ${b?.starters ?? 0}, uniques ${b?.uniques ?? 0}${sets ? `, ${sets}` : ''})`;
  });
  const pic = pictures.results(v, ctx);
  const humans = ctx.users.filter((u): u is string => !!u);
  return {
    content: [
      `🏁 **Valley of the Kings** · game #${ctx.gameId} is over. ${withNames(outcome.summary, ctx.names)}`,
      ...lines,
      `🃏 Cards: ${poolLabel(v.pool)}.`,
      ...ratingLines,
      humans.map((u) => `<@${u}>`).join(' '),
    ].join('\n'),
    components: [],
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-results.png`, description: pic.alt }],
    mentionUsers: humans,
  };
}
