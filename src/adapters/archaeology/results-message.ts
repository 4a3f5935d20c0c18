import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import { type GameContext, seatName } from '../../table-kit/context.ts';
import type { Payload } from '../../table-kit/payload.ts';
import type { ArchaeologyPictures } from './pictures.ts';
import { archaeologyText } from './rules-text.ts';
import { soldLineIn } from './summary.ts';

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
    return t(ctx.language, 'archaeology.results.line', {
      rank: String(r.rank),
      name: seatName(ctx, r.seat),
      score: String(r.score),
      sold: s?.cardsSold ?? 0,
      sets: soldLineIn(s?.sold ?? [], ctx.language),
    });
  });
  const pic = pictures.results(v, ctx);
  const humans = ctx.users.filter((u): u is string => !!u);
  return {
    card: { accent: null },
    content: [
      t(ctx.language, 'archaeology.results.title', {
        title: gameTitle(ctx.language, 'archaeology', 'Archaeology'),
        id: String(ctx.gameId),
        summary: archaeologyText(outcome.summary, ctx),
      }),
      ...lines,
      t(ctx.language, 'archaeology.results.ties'),
      ...ratingLines,
      humans.map((u) => `<@${u}>`).join(' '),
    ].join('\n'),
    components: [],
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-results.png`, description: pic.alt }],
    mentionUsers: humans,
  };
}
