import { t } from '../../i18n/messages.ts';
import { type LobbyRating, lobbyRating, type RatingDecision } from '../../ratings/eligibility.ts';
import { displayRating, formatDelta, formatRating } from '../../ratings/model.ts';
import type { RatingStep } from '../../ratings/queries.ts';
import type { GameRecord } from '../../store/records.ts';
import { type GameContext, seatName } from './context.ts';

/** The lobby's rated/casual line: which applies, and why (the default is rated when every seat is a person). */
export function lobbyRatingLine(game: GameRecord, language: string): string {
  if (game.status === 'cancelled') return '';
  if (game.status !== 'lobby') return t(language, game.rated ? 'rating.game.rated' : 'rating.game.casual');
  const why: LobbyRating['why'] = lobbyRating(game.rated, game.seats).why;
  return t(language, `rating.lobby.${why}`);
}

/** Under a game's results: each person's rating change, or why the game was not rated. */
export function resultRatingLines(
  decision: RatingDecision,
  changes: readonly RatingStep[],
  ctx: GameContext,
  scope: string,
): string[] {
  if (!decision.rated) {
    switch (decision.reason) {
      case 'casual':
        return ['🎲 Casual game: ratings are unchanged.'];
      case 'handed-over':
        return ['Not rated: a seat changed hands during the game.'];
      case 'too-few-people':
        return ['Not rated: fewer than two people played.'];
      case 'not-finished':
        return [];
    }
  }
  if (changes.length === 0) return [];
  const parts = changes.map((c) => {
    const before = displayRating(c.before);
    const after = displayRating(c.after);
    return `${seatName(ctx, c.seat)} ${formatRating(before)} → ${formatRating(after)} (${formatDelta(after - before)})`;
  });
  return [`📈 Ratings (${scope}): ${parts.join(' · ')}`];
}
