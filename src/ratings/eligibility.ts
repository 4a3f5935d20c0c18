/**
 * What is rated. A game counts for ratings when it finished (not cancelled), was rated at its start, and
 * nobody's seat changed hands during play. Only people are rated; computer players neither gain nor lose
 * anything and are left out of the comparison, so people are ranked among themselves by their places.
 */
import type { Outcome, Seat } from '../games/kernel/types.ts';
import type { GameStatus } from '../store/schema.ts';

/** At least this many people must play for a game to be rated: a rating compares people. */
export const MIN_RATED_PEOPLE = 2;

export interface RatingSeat {
  readonly seat: Seat;
  /** null for a computer player. */
  readonly userId: string | null;
  readonly displayName: string;
}

/** What deciding needs from a game; a store `GameRecord` is one. */
export interface RatableGame {
  readonly id: number;
  readonly type: string;
  readonly status: GameStatus;
  readonly guildId: string | null;
  readonly rated: boolean | null;
  readonly handedOver: boolean;
  readonly outcome: Outcome | null;
  readonly finishedAt: Date | null;
  readonly seats: readonly RatingSeat[];
}

export type LobbyRatingReason =
  | 'all-human'
  | 'computers-seated'
  | 'chosen-rated'
  | 'chosen-casual'
  | 'too-few-people';

export interface LobbyRating {
  readonly rated: boolean;
  readonly why: LobbyRatingReason;
}

/**
 * Rated or casual, from the host's choice (null: automatic) and the seats. Automatic means rated exactly
 * when every seat is a person. A host may still rate a game with computer players in it (the people are
 * rated among themselves), but never one with fewer than two people.
 */
export function lobbyRating(choice: boolean | null, seats: readonly RatingSeat[]): LobbyRating {
  const people = seats.filter((s) => s.userId !== null).length;
  if (people < MIN_RATED_PEOPLE) return { rated: false, why: 'too-few-people' };
  if (choice === true) return { rated: true, why: 'chosen-rated' };
  if (choice === false) return { rated: false, why: 'chosen-casual' };
  return people === seats.length
    ? { rated: true, why: 'all-human' }
    : { rated: false, why: 'computers-seated' };
}

export interface Entrant {
  readonly userId: string;
  readonly displayName: string;
  readonly seat: Seat;
  /** The place in the outcome, among every seat. */
  readonly rank: number;
  readonly score: number;
}

export type UnratedReason = 'not-finished' | 'casual' | 'handed-over' | 'too-few-people';

export type RatingDecision =
  | { readonly rated: true; readonly finishedAt: Date; readonly entrants: readonly Entrant[] }
  | { readonly rated: false; readonly reason: UnratedReason };

/**
 * Whether a game changes ratings, and whose. Games older than ratings (`rated` null) follow the automatic
 * rule on their final seats; since a seat handed to a computer player is a computer seat at the end, a
 * game someone abandoned is never rated by that rule either.
 */
export function ratingDecision(game: RatableGame): RatingDecision {
  if (game.status !== 'finished' || !game.outcome || !game.finishedAt)
    return { rated: false, reason: 'not-finished' };
  if (game.handedOver) return { rated: false, reason: 'handed-over' };
  const rated = game.rated ?? lobbyRating(null, game.seats).rated;
  if (!rated) return { rated: false, reason: 'casual' };
  const entrants: Entrant[] = [];
  for (const s of game.seats) {
    if (s.userId === null) continue;
    const result = game.outcome.results.find((r) => r.seat === s.seat);
    if (!result) throw new Error(`game #${game.id} has no result for seat ${s.seat}`);
    entrants.push({
      userId: s.userId,
      displayName: s.displayName,
      seat: s.seat,
      rank: result.rank,
      score: result.score,
    });
  }
  if (entrants.length < MIN_RATED_PEOPLE) return { rated: false, reason: 'too-few-people' };
  return { rated: true, finishedAt: game.finishedAt, entrants };
}
