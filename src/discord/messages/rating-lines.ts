import { type LobbyRating, lobbyRating, type RatingDecision } from '../../ratings/eligibility.ts';
import { displayRating, formatDelta, formatRating } from '../../ratings/model.ts';
import type { RatingStep } from '../../ratings/queries.ts';
import type { GameRecord } from '../../store/records.ts';
import { type GameContext, seatName } from './context.ts';

/** The lobby's rated/casual line: which applies, and why (the default is rated when every seat is a person). */
export function lobbyRatingLine(game: GameRecord): string {
  if (game.status === 'cancelled') return '';
  if (game.status !== 'lobby')
    return game.rated ? '🏆 **Rated** game.' : '🎲 **Casual** game: ratings are unchanged.';
  return LOBBY_LINES[lobbyRating(game.rated, game.seats).why];
}

const LOBBY_LINES: Record<LobbyRating['why'], string> = {
  'all-human':
    '🏆 **Rated**: every seat is a person, so the result changes ratings (the default). The host can make it casual.',
  'computers-seated':
    '🎲 **Casual**: a computer player is seated, so ratings are unchanged (the default). The host can make it rated: computer players are then left out of ratings.',
  'chosen-rated': '🏆 **Rated** (the host’s choice): computer players, if any, are left out of ratings.',
  'chosen-casual': '🎲 **Casual** (the host’s choice): ratings are unchanged.',
  'too-few-people': '🎲 **Casual**: a rated game needs at least two people.',
};

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
