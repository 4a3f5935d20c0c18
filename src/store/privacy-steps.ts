/**
 * What `store.privacy` decides, whichever database holds the rows: which rows are about a person, what
 * their data looks like handed out, and what forgetting them writes. Both backends (privacy-store.ts,
 * pg-privacy.ts) read the rows that name the person inside their transaction, call these, and write only
 * what they return, as lobby-steps.ts is used for lobbies.
 */
import type { Outcome } from '../games/kernel/types.ts';
import type { GameId } from './errors.ts';
import {
  FORMER_PLAYER,
  formerEntrantId,
  type PersonalData,
  type PersonalGame,
  type PersonalRating,
  type PersonalRatingChange,
  type PersonalScheduleRow,
  type PersonalTournament,
  type PersonalVote,
} from './privacy-records.ts';
import type { GameStatus, PlayerSettings } from './records.ts';

/** A game row naming the person, as both schemas read it. */
export interface PersonGameRow {
  readonly id: GameId;
  readonly type: string;
  readonly status: GameStatus;
  readonly guildId: string | null;
  readonly channelId: string | null;
  readonly threadId: string | null;
  readonly hostUserId: string | null;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly outcome: string | null;
  readonly language: string | null;
}

/** Every row that names the person, or may be about them (the schedule's rows of their games). */
export interface PersonRows {
  readonly userId: string;
  readonly settings: PlayerSettings | null;
  readonly games: readonly PersonGameRow[];
  /** `seats` rows holding their id. */
  readonly seats: readonly { readonly gameId: GameId; readonly seat: number; readonly displayName: string }[];
  /** `seat_holders` rows holding their id. */
  readonly holders: readonly {
    readonly gameId: GameId;
    readonly seat: number;
    readonly fromVersion: number | null;
    readonly displayName: string;
  }[];
  readonly votes: readonly PersonalVote[];
  readonly ratings: readonly PersonalRating[];
  readonly ratingChanges: readonly PersonalRatingChange[];
  /** Rows of their games, and rows whose key or payload holds their id. */
  readonly schedule: readonly (PersonalScheduleRow & { readonly payload: string })[];
  readonly tournaments: PersonTournamentRows;
}

/**
 * The tournaments they entered or organised, with those tournaments' rounds, tables and results (the rows
 * that may hold their id inside JSON), as both schemas read them.
 */
export interface PersonTournamentRows {
  readonly heads: readonly {
    readonly id: number;
    readonly guildId: string;
    readonly status: string;
    readonly settings: string;
    readonly createdBy: string;
  }[];
  /** Their own entrant rows. */
  readonly entrants: readonly {
    readonly tournamentId: number;
    readonly ordinal: number;
    readonly rating: number;
    readonly registeredAt: Date;
    readonly checkedIn: boolean;
    readonly droppedAfterRound: number | null;
    readonly dropReason: string | null;
  }[];
  readonly rounds: readonly {
    readonly tournamentId: number;
    readonly number: number;
    readonly byes: string;
  }[];
  readonly tables: readonly {
    readonly tournamentId: number;
    readonly tableId: string;
    readonly round: number;
    readonly seats: string;
  }[];
  readonly results: readonly {
    readonly tournamentId: number;
    readonly tableId: string;
    readonly places: string;
    readonly ending: string;
  }[];
}

type Placed = { readonly userId: string; readonly place: number };

function tournamentsOf(rows: PersonRows): PersonalTournament[] {
  const { userId } = rows;
  const tr = rows.tournaments;
  return tr.heads.map((h) => {
    const entrant = tr.entrants.find((e) => e.tournamentId === h.id);
    const results = new Map(
      tr.results.filter((r) => r.tournamentId === h.id).map((r) => [r.tableId, r] as const),
    );
    return {
      id: h.id,
      guildId: h.guildId,
      game: (JSON.parse(h.settings) as { game: string }).game,
      status: h.status,
      organiser: h.createdBy === userId,
      entrant: entrant
        ? {
            rating: entrant.rating,
            registeredAt: entrant.registeredAt,
            checkedIn: entrant.checkedIn,
            droppedAfterRound: entrant.droppedAfterRound,
            dropReason: entrant.dropReason,
          }
        : null,
      byes: tr.rounds
        .filter((r) => r.tournamentId === h.id && (JSON.parse(r.byes) as string[]).includes(userId))
        .map((r) => r.number)
        .sort((a, b) => a - b),
      tables: tr.tables
        .filter((x) => x.tournamentId === h.id)
        .flatMap((x) => {
          const seat = (JSON.parse(x.seats) as string[]).indexOf(userId);
          if (seat < 0) return [];
          const result = results.get(x.tableId);
          const place = result && (JSON.parse(result.places) as Placed[]).find((p) => p.userId === userId);
          return [
            {
              tableId: x.tableId,
              round: x.round,
              seat,
              place: place?.place ?? null,
              ending: result?.ending ?? null,
            },
          ];
        })
        .sort((a, b) => a.round - b.round || a.tableId.localeCompare(b.tableId)),
    };
  });
}

/** What forgetting writes in one tournament (README.md of src/tournaments, "Privacy"). */
export interface TournamentForget {
  readonly id: number;
  /** No round was made: their registration is deleted, as a withdrawal would. */
  readonly removeEntrant: boolean;
  /** A round was made: their entrant row's id becomes this, everywhere the tournament holds it. */
  readonly placeholder: string | null;
  /** Running or paused with them still in: dropped after the rounds made, as a withdrawal. */
  readonly drop: { readonly droppedAfterRound: number; readonly dropReason: 'withdrew' } | null;
  /** They organised it: `created_by` becomes `FORMER_PLAYER`. */
  readonly organiser: boolean;
  /** Rows whose JSON named them, rewritten with the placeholder. */
  readonly rounds: readonly { readonly number: number; readonly byes: string }[];
  readonly tables: readonly { readonly tableId: string; readonly seats: string }[];
  readonly results: readonly { readonly tableId: string; readonly places: string }[];
}

/**
 * Forgetting in tournaments follows what forgetting does to finished games: what others played stays as
 * it was (their points, so nobody's tie-breaks move), with nothing left that names the person. A
 * tournament without a round yet only loses their registration.
 */
export function tournamentForgets(rows: PersonRows): TournamentForget[] {
  const { userId } = rows;
  const tr = rows.tournaments;
  return tr.heads.map((h): TournamentForget => {
    const entrant = tr.entrants.find((e) => e.tournamentId === h.id);
    const roundsMade = tr.rounds.filter((r) => r.tournamentId === h.id).length;
    const organiser = h.createdBy === userId;
    const none = {
      id: h.id,
      removeEntrant: false,
      placeholder: null,
      drop: null,
      organiser,
      rounds: [],
      tables: [],
      results: [],
    };
    if (!entrant) return none;
    if (roundsMade === 0) return { ...none, removeEntrant: true };
    const placeholder = formerEntrantId(entrant.ordinal);
    const swap = (u: string) => (u === userId ? placeholder : u);
    const inPlay = h.status === 'running' || h.status === 'paused';
    return {
      ...none,
      placeholder,
      drop:
        inPlay && entrant.droppedAfterRound === null
          ? { droppedAfterRound: roundsMade, dropReason: 'withdrew' }
          : null,
      rounds: tr.rounds
        .filter((r) => r.tournamentId === h.id && (JSON.parse(r.byes) as string[]).includes(userId))
        .map((r) => ({ number: r.number, byes: JSON.stringify((JSON.parse(r.byes) as string[]).map(swap)) })),
      tables: tr.tables
        .filter((x) => x.tournamentId === h.id && (JSON.parse(x.seats) as string[]).includes(userId))
        .map((x) => ({
          tableId: x.tableId,
          seats: JSON.stringify((JSON.parse(x.seats) as string[]).map(swap)),
        })),
      results: tr.results
        .filter(
          (r) =>
            r.tournamentId === h.id && (JSON.parse(r.places) as Placed[]).some((p) => p.userId === userId),
        )
        .map((r) => ({
          tableId: r.tableId,
          places: JSON.stringify(
            (JSON.parse(r.places) as Placed[]).map((p) => ({ ...p, userId: swap(p.userId) })),
          ),
        })),
    };
  });
}

/** The games of `rows` named by any row: seats, earlier holdings, hosting, votes. */
export function gameIdsOf(rows: Pick<PersonRows, 'seats' | 'holders' | 'votes'>, hosted: readonly GameId[]) {
  return [
    ...new Set([
      ...rows.seats.map((s) => s.gameId),
      ...rows.holders.map((h) => h.gameId),
      ...rows.votes.map((v) => v.gameId),
      ...hosted,
    ]),
  ].sort((a, b) => a - b);
}

/** Games where they still hold a seat at a table that is open: those seats are handed over first. */
export function stillSeated(rows: PersonRows): GameId[] {
  const open = new Set(
    rows.games.filter((g) => g.status === 'lobby' || g.status === 'active').map((g) => g.id),
  );
  return [...new Set(rows.seats.filter((s) => open.has(s.gameId)).map((s) => s.gameId))];
}

function seatsIn(rows: PersonRows, gameId: GameId) {
  const held = rows.holders.filter((h) => h.gameId === gameId);
  // With a history, it holds every seat they ever took, the current one included.
  if (held.length > 0)
    return held.map((h) => ({ seat: h.seat, displayName: h.displayName, fromVersion: h.fromVersion }));
  return rows.seats
    .filter((s) => s.gameId === gameId)
    .map((s) => ({ seat: s.seat, displayName: s.displayName, fromVersion: 0 }));
}

function payloadOf(row: { readonly payload: string }): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(row.payload);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    // A payload that is not JSON names nobody this can tell; its id, if it holds one, is found as text.
    return {};
  }
}

/**
 * The schedule rows about the person: any naming their id; in a finished or cancelled game, the rows of
 * the seats they held (reminders, time-outs, turn DMs, nudges to them) and the nudges they sent (`by`,
 * their name there). A running game's rows about a seat are the seat's, whoever holds it now: only
 * their nudges go.
 */
export function scheduleAbout(rows: PersonRows): (PersonalScheduleRow & { readonly payload: string })[] {
  const games = new Map(rows.games.map((g) => [g.id, g]));
  return rows.schedule.filter((row) => {
    if (row.key.includes(rows.userId) || row.payload.includes(rows.userId)) return true;
    const game = row.gameId === null ? undefined : games.get(row.gameId);
    if (!game) return false;
    const held = seatsIn(rows, game.id);
    const payload = payloadOf(row);
    if (row.kind === 'nudge' && held.some((h) => h.displayName === payload.by)) return true;
    if (game.status === 'lobby' || game.status === 'active') return false;
    return typeof payload.seat === 'number' && held.some((h) => h.seat === payload.seat);
  });
}

/** The rows as the person receives them (`/privacy`'s file, `npm run games -- forget`'s count). */
export function personalData(rows: PersonRows): PersonalData {
  const games: PersonalGame[] = rows.games.map((g) => {
    const seats = seatsIn(rows, g.id);
    const outcome = g.outcome === null ? null : (JSON.parse(g.outcome) as Outcome);
    return {
      id: g.id,
      type: g.type,
      status: g.status,
      guildId: g.guildId,
      channelId: g.channelId,
      threadId: g.threadId,
      host: g.hostUserId === rows.userId,
      createdAt: g.createdAt,
      startedAt: g.startedAt,
      finishedAt: g.finishedAt,
      seats,
      results: (outcome?.results ?? [])
        .filter((r) => seats.some((s) => s.seat === r.seat))
        .map((r) => ({ seat: r.seat, rank: r.rank, score: r.score })),
    };
  });
  return {
    userId: rows.userId,
    settings: rows.settings,
    games,
    votes: rows.votes,
    ratings: rows.ratings,
    ratingChanges: rows.ratingChanges,
    schedule: scheduleAbout(rows).map(({ payload: _payload, ...row }) => row),
    tournaments: tournamentsOf(rows),
  };
}

/** What forgetting writes: each game's seats and holdings of theirs become a former player's, named so. */
export interface ForgetPlan {
  readonly games: readonly { readonly id: GameId; readonly former: FormerColumns }[];
  readonly scheduleIds: readonly number[];
  readonly tournaments: readonly TournamentForget[];
}

export interface FormerColumns {
  readonly userId: null;
  readonly botKind: typeof FORMER_PLAYER;
  readonly displayName: string;
}

/**
 * `formerName(language)`: "a former player" in a game's language (its public messages' and pictures').
 * Refused (`stillSeated`) while they hold a seat at an open table.
 */
export function forgetPlan(rows: PersonRows, formerName: (language: string | null) => string): ForgetPlan {
  return {
    games: rows.games.map((g) => ({
      id: g.id,
      former: { userId: null, botKind: FORMER_PLAYER, displayName: formerName(g.language) },
    })),
    scheduleIds: scheduleAbout(rows).map((r) => r.id),
    tournaments: tournamentForgets(rows),
  };
}
