import { type GameContext, seatName } from '../../discord/messages/context.ts';
import type { Payload } from '../../discord/messages/payload.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import type { ArchaeologyPictures } from './pictures.ts';
import { soldLine, withNames } from './summary.ts';

/** Places with money, cards sold (the tie-break) and every set; `ratingLines` from the table. */
export function resultsMessage(
  v: ArchaeologyView,
  ctx: GameContext,
  pictures: ArchaeologyPictures,
  ratingLines: readonly string[] = [],
): Payload {
  const outcome = v.outcome;
  if (!outcome) throw new Error('results of an unfinished game');
  const ranked = [...outcome.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const lines = ranked.map((r) => {
    const s = v.seats[r.seat];
    return `${r.rank}. **${seatName(ctx, r.seat)}** — $${r.score} (${s?.cardsSold ?? 0} cards sold: ${soldLine(s?.sold ?? [])})`;
  });
  const pic = pictures.results(v, ctx);
  const humans = ctx.users.filter((u): u is string => !!u);
  return {
    content: [
      `🏁 **Archaeology** · game #${ctx.gameId} is over. ${withNames(outcome.summary, ctx.names)}`,
      ...lines,
      '_Ties go to whoever sold the fewest cards._',
      ...ratingLines,
      humans.map((u) => `<@${u}>`).join(' '),
    ].join('\n'),
    components: [],
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-results.png`, description: pic.alt }],
    mentionUsers: humans,
  };
}
