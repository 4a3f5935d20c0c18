/**
 * Tournaments as the store gives them (`store.tournaments`): the pure core's value (../tournaments/model.ts)
 * with where it lives on Discord, the game made for each table, and the version every write compares.
 */
import type { Status, Tournament, TournamentSettings } from '../tournaments/model.ts';
import type { GameId } from './errors.ts';

export type { Status as TournamentStatus, Tournament } from '../tournaments/model.ts';

export type TournamentId = number;

/**
 * The schedule row of a round's deadline (`../discord/tournaments/tournament-deadlines.ts`). A write that
 * moves the round's deadline (a resume) moves that row's due time in its transaction, while it is pending.
 */
export function deadlineKey(id: TournamentId, round: number): string {
  return `tournament-deadline:${id}:${round}`;
}

export interface StoredTournament {
  /** `tournament.id` is this row's id as text. */
  readonly tournament: Tournament;
  readonly guildId: string;
  readonly channelId: string;
  /** The tournament's message; null until posted. */
  readonly messageId: string | null;
  readonly createdBy: string;
  /** Writes so far: `save` is given it back and refused when another write came first. */
  readonly version: number;
  /** The Scarab game made for each table, by table id (a table without one is not in it). */
  readonly games: Readonly<Record<string, GameId>>;
}

export interface NewTournament {
  readonly guildId: string;
  readonly channelId: string;
  readonly createdBy: string;
  readonly seed: string;
  readonly settings: TournamentSettings;
  readonly createdAt: number;
}

export interface TournamentSummary {
  readonly id: TournamentId;
  readonly status: Status;
  readonly game: string;
  readonly channelId: string;
  readonly messageId: string | null;
  readonly createdAt: number;
}

/** The table a game was made for. */
export interface TournamentTableRef {
  readonly tournamentId: TournamentId;
  readonly tableId: string;
}

/** Another write came first (another process, a second click): read the tournament again and decide again. */
export class StaleTournamentError extends Error {
  readonly code = 'stale-tournament';
  constructor(
    readonly tournamentId: TournamentId,
    readonly expectedVersion: number,
    readonly currentVersion: number,
  ) {
    super(`Tournament #${tournamentId} changed (version ${currentVersion}, expected ${expectedVersion}).`);
    this.name = 'StaleTournamentError';
  }
}

export class TournamentNotFoundError extends Error {
  readonly code = 'tournament-not-found';
  constructor(readonly tournamentId: TournamentId) {
    super(`There is no tournament #${tournamentId}.`);
    this.name = 'TournamentNotFoundError';
  }
}
