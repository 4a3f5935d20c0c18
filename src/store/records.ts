/** What the store hands out: plain read-only snapshots, never rows or live objects to mutate. */
import type { Outcome, Seat } from '../games/kernel/types.ts';
import type { GameId } from './errors.ts';
import type { GameStatus, games, seats } from './schema.ts';

export type { GameId } from './errors.ts';
export type { GameStatus } from './schema.ts';

/** Who takes a seat: a Discord user, or a computer player of some kind. */
export type Participant =
  | { readonly userId: string; readonly displayName: string }
  | { readonly botKind: string; readonly displayName: string };

export interface SeatRecord {
  readonly seat: Seat;
  readonly userId: string | null;
  readonly botKind: string | null;
  readonly displayName: string;
}

/** Everything about a game except its options, state and seats: cheap to list. */
export interface GameSummary {
  readonly id: GameId;
  readonly type: string;
  readonly status: GameStatus;
  readonly version: number;
  readonly guildId: string | null;
  readonly channelId: string | null;
  readonly threadId: string | null;
  readonly hostUserId: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
}

export interface GameRecord extends GameSummary {
  /** Lobby: the raw options chosen so far. Started: exactly what the module's `setup` received. */
  readonly options: unknown;
  readonly seed: string;
  /** The module's state (treat as immutable); null in the lobby. */
  readonly state: unknown;
  readonly outcome: Outcome | null;
  /**
   * Whether the result changes ratings: in the lobby the host's choice (null: automatic, see
   * src/ratings/eligibility.ts); from the start on, what was decided. Null on games older than ratings.
   */
  readonly rated: boolean | null;
  /** A seat changed hands after the start (someone replaced by a computer player): never rated. */
  readonly handedOver: boolean;
  /** In seat order; in the lobby, in joining order. */
  readonly seats: readonly SeatRecord[];
  /**
   * Minutes a person may take per turn or decision before the computer plays it; null: no limit.
   * Always set by the store (optional only so hand-written records in tests may leave it out).
   */
  readonly turnLimitMinutes?: number | null;
  /** The language of its public messages (null: English, games from before languages). */
  readonly language?: string | null;
}

export interface ActionRecord {
  readonly seq: number;
  readonly seat: Seat;
  readonly action: unknown;
  readonly createdAt: Date;
}

export type GameRow = typeof games.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;

export function toSummary(
  row: Omit<
    GameRow,
    'options' | 'seed' | 'state' | 'outcome' | 'rated' | 'handedOver' | 'turnLimitMinutes' | 'language'
  >,
): GameSummary {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    version: row.version,
    guildId: row.guildId,
    channelId: row.channelId,
    threadId: row.threadId,
    hostUserId: row.hostUserId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

export function toRecord(row: GameRow, seatRows: readonly SeatRow[]): GameRecord {
  return {
    ...toSummary(row),
    options: JSON.parse(row.options),
    seed: row.seed,
    state: row.state === null ? null : JSON.parse(row.state),
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
    rated: row.rated,
    handedOver: row.handedOver,
    seats: seatRows.map(toSeat).sort((a, b) => a.seat - b.seat),
    turnLimitMinutes: row.turnLimitMinutes,
    language: row.language,
  };
}

export function toSeat(row: SeatRow): SeatRecord {
  return { seat: row.seat, userId: row.userId, botKind: row.botKind, displayName: row.displayName };
}

export function participantColumns(p: Participant): { userId: string | null; botKind: string | null } {
  return 'userId' in p ? { userId: p.userId, botKind: null } : { userId: null, botKind: p.botKind };
}
