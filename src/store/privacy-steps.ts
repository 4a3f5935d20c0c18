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
  type PersonalData,
  type PersonalGame,
  type PersonalRating,
  type PersonalRatingChange,
  type PersonalScheduleRow,
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
  };
}

/** What forgetting writes: each game's seats and holdings of theirs become a former player's, named so. */
export interface ForgetPlan {
  readonly games: readonly { readonly id: GameId; readonly former: FormerColumns }[];
  readonly scheduleIds: readonly number[];
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
  };
}
