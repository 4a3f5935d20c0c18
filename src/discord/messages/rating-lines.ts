import { t } from '../../i18n/messages.ts';
import { type LobbyRating, lobbyRating, type RatingDecision } from '../../ratings/eligibility.ts';
import { displayRating, formatDelta, formatRating } from '../../ratings/model.ts';
import type { RatingStep } from '../../ratings/queries.ts';
import type { GameRecord } from '../../store/records.ts';
import { type GameContext, seatName } from '../../table-kit/context.ts';

/** Whether the game's result will change ratings: the lobby's choice so far, or the started game's. */
export function isRated(game: GameRecord): boolean {
  return game.status === 'lobby' ? lobbyRating(game.rated, game.seats).rated : game.rated === true;
}

/** The lobby's rated/casual line: which applies, and why (the default is rated when every seat is a person). */
export function lobbyRatingLine(game: GameRecord, language: string): string {
  if (game.status === 'cancelled') return '';
  if (game.status !== 'lobby') return t(language, game.rated ? 'rating.game.rated' : 'rating.game.casual');
  const why: LobbyRating['why'] = lobbyRating(game.rated, game.seats).why;
  return t(language, `rating.lobby.${why}`);
}

/**
 * Under a game's results: each person's rating change, or why the game was not rated. Public, so in the
 * game's language (`ctx.language`); `global` when the game was played outside a server.
 */
export function resultRatingLines(
  decision: RatingDecision,
  changes: readonly RatingStep[],
  ctx: GameContext,
  global: boolean,
): string[] {
  const lang = ctx.language;
  if (!decision.rated) {
    switch (decision.reason) {
      case 'casual':
        return [t(lang, 'rating.results.casual')];
      case 'handed-over':
        return [t(lang, 'rating.results.handed-over')];
      case 'too-few-people':
        return [t(lang, 'rating.results.too-few-people')];
      case 'not-finished':
        return [];
    }
  }
  if (changes.length === 0) return [];
  const parts = changes.map((c) => {
    const before = displayRating(c.before);
    const after = displayRating(c.after);
    return `${seatName(ctx, c.seat)} ${formatRating(before, lang)} → ${formatRating(after, lang)} (${formatDelta(after - before, lang)})`;
  });
  return [
    t(lang, 'rating.results.changes', { scope: global ? 'global' : 'server', changes: parts.join(' · ') }),
  ];
}
