import type { ValleyView } from '../../games/valley/view.ts';
import { t } from '../../i18n/messages.ts';
import { type GameContext, seatName } from '../../table-kit/context.ts';
import type { Payload } from '../../table-kit/payload.ts';
import { localPoolLabel } from './lobby-settings.ts';
import type { ValleyPictures } from './pictures.ts';
import { valleyText } from './rules-text.ts';
import { setsText } from './summary.ts';

/** `ratingLines`: what the game did to ratings (see rating-lines.ts), shown under the places. */
export function resultsMessage(
  v: ValleyView,
  ctx: GameContext,
  pictures: ValleyPictures,
  ratingLines: readonly string[] = [],
): Payload {
  const outcome = v.outcome;
  if (!outcome) throw new Error('results of an unfinished game');
  const language = ctx.language;
  const ranked = [...outcome.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const lines = ranked.map((r) => {
    const p = v.players[r.seat];
    const b = p?.score;
    return t(language, 'valley.results.line', {
      rank: r.rank,
      name: seatName(ctx, r.seat),
      score: r.score,
      tomb: p?.tomb.length ?? 0,
      starters: b?.starters ?? 0,
      uniques: b?.uniques ?? 0,
      sets: setsText(b, language, 'valley.results.set'),
    });
  });
  const pic = pictures.results(v, ctx);
  const humans = ctx.users.filter((u): u is string => !!u);
  return {
    card: { accent: null },
    content: [
      t(language, 'valley.results.heading', {
        id: String(ctx.gameId),
        summary: valleyText(outcome.summary, ctx),
      }),
      ...lines,
      t(language, 'valley.results.cards', { pool: localPoolLabel(v.pool, language) }),
      ...ratingLines,
      humans.map((u) => `<@${u}>`).join(' '),
    ].join('\n'),
    components: [],
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-results.png`, description: pic.alt }],
    mentionUsers: humans,
  };
}
