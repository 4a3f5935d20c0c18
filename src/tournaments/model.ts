/**
 * A tournament as one plain JSON value (README.md): its settings, its entrants, and every round made so far
 * with the results reported. Everything else (the next round's tables, the standings, the podium) is a pure
 * function of it, so a process that restarts, or another shard, computes the same thing from the stored
 * value.
 */

export type Format = 'swiss' | 'round-robin' | 'elimination';
export const FORMATS: readonly Format[] = ['swiss', 'round-robin', 'elimination'];

export type Status = 'draft' | 'registration' | 'check-in' | 'running' | 'paused' | 'finished' | 'cancelled';
export const STATUSES: readonly Status[] = [
  'draft',
  'registration',
  'check-in',
  'running',
  'paused',
  'finished',
  'cancelled',
];

/**
 * What becomes of a game still going at its round's deadline, chosen by the organiser and carried out by
 * the table layer: the computer stand-in plays every absent seat to the end, or the game is ranked as it
 * stands (the game's own outcome of the position). Either way the layer reports ordinary places, marked.
 */
export type DeadlineRule = 'stand-in' | 'as-it-stands';

/**
 * How a table's result came to be: played to the end, settled at the deadline by one of the rules, or its
 * game cancelled (`/manage cancel`, its thread deleted): nobody can play it on, so every seat shares the
 * place, each scoring the table's average, as a bye does.
 */
export type Ending = 'played' | DeadlineRule | 'cancelled';

/** When someone is dropped from the rounds still to be made (they keep what they scored). */
export interface DropRule {
  /** Dropped when they leave the server. */
  readonly onLeavingServer: boolean;
  /** Dropped after this many timed-out turns in a row; null: never for time-outs. */
  readonly afterTimeouts: number | null;
}

export type DropReason = 'left-server' | 'timeouts' | 'organiser' | 'withdrew';

export interface TournamentSettings {
  /** The game type (`valley`, `archaeology`) and the options each table's game starts with (its pool). */
  readonly game: string;
  readonly gameOptions: Readonly<Record<string, unknown>>;
  readonly format: Format;
  /** Seats per table, 2–6; the game must seat that many. */
  readonly tableSize: number;
  /** The fewest seats a table may have when the entrants do not divide evenly (tables-layout.ts). */
  readonly minTableSize: number;
  /** Swiss: the number of rounds. Round robin: 0 for the whole schedule, else at most that many. Elimination: unused (the bracket decides). */
  readonly rounds: number;
  /** Round robin: the most entrants in one group. */
  readonly groupSize: number;
  /** Elimination: how many of each table go on (fewer than `minTableSize`). */
  readonly advance: number;
  /** How long a round lasts, in milliseconds, from when it is made. */
  readonly roundMs: number;
  /** The turn limit of every table's game, in hours; null: none. */
  readonly turnLimitHours: number | null;
  readonly rated: boolean;
  /** Registration is refused from this instant on. */
  readonly registrationClosesAt: number;
  /** How long check-in lasts once registration is closed; 0: registering is checking in. */
  readonly checkInMs: number;
  /** The most entrants; null: no cap. */
  readonly maxEntrants: number | null;
  readonly deadline: DeadlineRule;
  readonly drop: DropRule;
}

export interface Entrant {
  readonly userId: string;
  /** The displayed rating when they registered: seeding, round one's order, the last tie-break. */
  readonly rating: number;
  readonly registeredAt: number;
  readonly checkedIn: boolean;
  /** The number of rounds made when they were dropped (they sit in none after); null: still in. */
  readonly droppedAfterRound: number | null;
  readonly dropReason: DropReason | null;
}

export interface Table {
  /** `<round>.<table>`, both from 1: unique in the tournament, the key its result is reported under. */
  readonly id: string;
  /** User ids in seat order (seat 0 first). */
  readonly seats: readonly string[];
  /** Round robin: the group the table belongs to (from 1); 0 otherwise. */
  readonly group: number;
}

/** A seat's place at the table: 1 = winner, equal places shared (1, 1, 3: competition ranking). */
export interface Placement {
  readonly userId: string;
  readonly place: number;
}

export interface TableResult {
  /** One per seat, in seat order. */
  readonly places: readonly Placement[];
  readonly ending: Ending;
  readonly reportedAt: number;
}

export interface Round {
  /** From 1. */
  readonly number: number;
  readonly startedAt: number;
  /** When unfinished games are settled by the deadline rule; moved on by a pause. */
  readonly deadline: number;
  readonly tables: readonly Table[];
  /** Entrants who sit out this round (they get the bye's points; elimination: they go on). */
  readonly byes: readonly string[];
  /** By table id. */
  readonly results: Readonly<Record<string, TableResult>>;
}

export interface Tournament {
  readonly id: string;
  /** Draws each table's seat order (rng.ts); set once, at creation. */
  readonly seed: string;
  readonly settings: TournamentSettings;
  readonly status: Status;
  /** In registration order. */
  readonly entrants: readonly Entrant[];
  readonly rounds: readonly Round[];
  readonly createdAt: number;
  /** Set when registration closes; check-in is refused from this instant on. */
  readonly checkInClosesAt: number | null;
  readonly pausedAt: number | null;
  /** When it finished or was cancelled. */
  readonly endedAt: number | null;
}
