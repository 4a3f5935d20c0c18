/**
 * The rows one rated game writes for one entrant in one scope, whichever database holds them: the rating
 * as it stands after the game, and the change the game made. Both rating books write exactly these.
 */
import type { Entrant, RatableGame } from './eligibility.ts';
import { displayRating, type Skill } from './model.ts';

export function ratingRows(
  game: Pick<RatableGame, 'id' | 'type'>,
  scope: string,
  e: Entrant,
  before: Skill,
  after: Skill,
  finishedAt: Date,
) {
  // Rank 1 is a win, shared or not, whoever else sat at the table.
  const won = e.rank === 1 ? 1 : 0;
  /** What an existing rating row takes from this game, besides its counts. */
  const latest = {
    displayName: e.displayName,
    mu: after.mu,
    sigma: after.sigma,
    display: displayRating(after),
    lastPlayedAt: finishedAt,
  };
  return {
    won,
    latest,
    rating: { gameType: game.type, scope, userId: e.userId, ...latest, games: 1, wins: won },
    change: {
      gameId: game.id,
      scope,
      userId: e.userId,
      gameType: game.type,
      seat: e.seat,
      rank: e.rank,
      muBefore: before.mu,
      sigmaBefore: before.sigma,
      muAfter: after.mu,
      sigmaAfter: after.sigma,
      finishedAt,
    },
  };
}
