/**
 * What a tournament is in rows and back, whichever database holds them: the value read from its rows, and
 * the rows a write adds or changes to go from one value to the next. A round, its tables and a result are
 * only ever added (their keys make a second add fail); an entrant is added, changed or removed (a
 * withdrawal); a round's deadline moves at a resume. Anything else differing is a bug, refused here.
 */
import type {
  DropReason,
  Ending,
  Entrant,
  Placement,
  Round,
  Status,
  Table,
  TableResult,
  Tournament,
  TournamentSettings,
} from '../tournaments/model.ts';
import type { GameId } from './errors.ts';
import type { StoredTournament } from './tournament-records.ts';

export interface TournamentRow {
  readonly id: number;
  readonly guildId: string;
  readonly channelId: string;
  readonly messageId: string | null;
  readonly createdBy: string;
  readonly seed: string;
  readonly settings: string;
  readonly status: string;
  readonly checkInClosesAt: Date | null;
  readonly pausedAt: Date | null;
  readonly endedAt: Date | null;
  readonly createdAt: Date;
  readonly version: number;
}

export interface EntrantRow {
  readonly tournamentId: number;
  readonly userId: string;
  readonly ordinal: number;
  readonly rating: number;
  readonly registeredAt: Date;
  readonly checkedIn: boolean;
  readonly droppedAfterRound: number | null;
  readonly dropReason: string | null;
}

export interface RoundRow {
  readonly tournamentId: number;
  readonly number: number;
  readonly startedAt: Date;
  readonly deadline: Date;
  readonly byes: string;
}

export interface TableRow {
  readonly tournamentId: number;
  readonly tableId: string;
  readonly round: number;
  readonly position: number;
  readonly seats: string;
  readonly groupNumber: number;
  readonly gameId: GameId | null;
}

export interface ResultRow {
  readonly tournamentId: number;
  readonly tableId: string;
  readonly places: string;
  readonly ending: string;
  readonly reportedAt: Date;
}

export interface TournamentRows {
  readonly tournament: TournamentRow;
  readonly entrants: readonly EntrantRow[];
  readonly rounds: readonly RoundRow[];
  readonly tables: readonly TableRow[];
  readonly results: readonly ResultRow[];
}

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());

/** The stored tournament its rows make. */
export function fromRows(rows: TournamentRows): StoredTournament {
  const t = rows.tournament;
  const entrants: Entrant[] = [...rows.entrants]
    .sort((a, b) => a.ordinal - b.ordinal)
    .map((e) => ({
      userId: e.userId,
      rating: e.rating,
      registeredAt: e.registeredAt.getTime(),
      checkedIn: e.checkedIn,
      droppedAfterRound: e.droppedAfterRound,
      dropReason: e.dropReason as DropReason | null,
    }));
  const results = new Map(rows.results.map((r) => [r.tableId, r]));
  const games: Record<string, GameId> = {};
  const rounds: Round[] = [...rounds0(rows)].map((r) => {
    const tables: Table[] = rows.tables
      .filter((x) => x.round === r.number)
      .sort((a, b) => a.position - b.position)
      .map((x) => {
        if (x.gameId !== null) games[x.tableId] = x.gameId;
        return { id: x.tableId, seats: JSON.parse(x.seats) as string[], group: x.groupNumber };
      });
    const reported: Record<string, TableResult> = {};
    for (const table of tables) {
      const result = results.get(table.id);
      if (result)
        reported[table.id] = {
          places: JSON.parse(result.places) as Placement[],
          ending: result.ending as Ending,
          reportedAt: result.reportedAt.getTime(),
        };
    }
    return {
      number: r.number,
      startedAt: r.startedAt.getTime(),
      deadline: r.deadline.getTime(),
      tables,
      byes: JSON.parse(r.byes) as string[],
      results: reported,
    };
  });
  return {
    tournament: {
      id: String(t.id),
      seed: t.seed,
      settings: JSON.parse(t.settings) as TournamentSettings,
      status: t.status as Status,
      entrants,
      rounds,
      createdAt: t.createdAt.getTime(),
      checkInClosesAt: ms(t.checkInClosesAt),
      pausedAt: ms(t.pausedAt),
      endedAt: ms(t.endedAt),
    },
    guildId: t.guildId,
    channelId: t.channelId,
    messageId: t.messageId,
    createdBy: t.createdBy,
    version: t.version,
    games,
  };
}

const rounds0 = (rows: TournamentRows): RoundRow[] => [...rows.rounds].sort((a, b) => a.number - b.number);

const date = (n: number | null): Date | null => (n === null ? null : new Date(n));

/** What a save writes, each list in the order it must be written (a table after its round). */
export interface TournamentWrites {
  /** The head's new columns (the version is the caller's: compared and moved on in the same statement). */
  readonly head: Pick<TournamentRow, 'status' | 'checkInClosesAt' | 'pausedAt' | 'endedAt'> & {
    readonly settings: string;
  };
  readonly addEntrants: readonly EntrantRow[];
  readonly changeEntrants: readonly EntrantRow[];
  readonly removeEntrants: readonly string[];
  readonly addRounds: readonly RoundRow[];
  readonly moveDeadlines: readonly { readonly number: number; readonly deadline: Date }[];
  readonly addTables: readonly TableRow[];
  readonly addResults: readonly ResultRow[];
}

/** Thrown for a change the rows cannot take (a stored round's tables rewritten): a bug, never a refusal. */
export class ImmutableTournamentPartError extends Error {}

const sameEntrant = (a: Entrant, b: Entrant): boolean =>
  a.rating === b.rating &&
  a.registeredAt === b.registeredAt &&
  a.checkedIn === b.checkedIn &&
  a.droppedAfterRound === b.droppedAfterRound &&
  a.dropReason === b.dropReason;

const sameTables = (a: readonly Table[], b: readonly Table[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** The rows that take `before` (as stored, with its entrants' ordinals) to `after`. */
export function writesFor(
  tournamentId: number,
  before: Tournament,
  ordinals: ReadonlyMap<string, number>,
  after: Tournament,
): TournamentWrites {
  const was = new Map(before.entrants.map((e) => [e.userId, e]));
  const now = new Set(after.entrants.map((e) => e.userId));
  let next = Math.max(0, ...ordinals.values()) + 1;
  const row = (e: Entrant, ordinal: number): EntrantRow => ({
    tournamentId,
    userId: e.userId,
    ordinal,
    rating: e.rating,
    registeredAt: new Date(e.registeredAt),
    checkedIn: e.checkedIn,
    droppedAfterRound: e.droppedAfterRound,
    dropReason: e.dropReason,
  });
  const addEntrants: EntrantRow[] = [];
  const changeEntrants: EntrantRow[] = [];
  for (const e of after.entrants) {
    const old = was.get(e.userId);
    if (!old) addEntrants.push(row(e, next++));
    else if (!sameEntrant(old, e)) changeEntrants.push(row(e, ordinals.get(e.userId) ?? 0));
  }
  const removeEntrants = before.entrants.filter((e) => !now.has(e.userId)).map((e) => e.userId);

  if (after.rounds.length < before.rounds.length)
    throw new ImmutableTournamentPartError(`tournament ${tournamentId}: a stored round went away`);
  const addRounds: RoundRow[] = [];
  const moveDeadlines: { number: number; deadline: Date }[] = [];
  const addTables: TableRow[] = [];
  const addResults: ResultRow[] = [];
  after.rounds.forEach((r, i) => {
    const old = before.rounds[i];
    if (old) {
      if (old.number !== r.number || old.startedAt !== r.startedAt || !sameTables(old.tables, r.tables))
        throw new ImmutableTournamentPartError(
          `tournament ${tournamentId}: round ${old.number} was rewritten`,
        );
      if (old.deadline !== r.deadline)
        moveDeadlines.push({ number: r.number, deadline: new Date(r.deadline) });
    } else {
      addRounds.push({
        tournamentId,
        number: r.number,
        startedAt: new Date(r.startedAt),
        deadline: new Date(r.deadline),
        byes: JSON.stringify(r.byes),
      });
      r.tables.forEach((table, position) => {
        addTables.push({
          tournamentId,
          tableId: table.id,
          round: r.number,
          position: position + 1,
          seats: JSON.stringify(table.seats),
          groupNumber: table.group,
          gameId: null,
        });
      });
    }
    for (const [tableId, result] of Object.entries(r.results)) {
      const stored = old?.results[tableId];
      if (stored) {
        if (JSON.stringify(stored) !== JSON.stringify(result))
          throw new ImmutableTournamentPartError(
            `tournament ${tournamentId}: result ${tableId} was rewritten`,
          );
        continue;
      }
      addResults.push({
        tournamentId,
        tableId,
        places: JSON.stringify(result.places),
        ending: result.ending,
        reportedAt: new Date(result.reportedAt),
      });
    }
  });
  return {
    head: {
      status: after.status,
      settings: JSON.stringify(after.settings),
      checkInClosesAt: date(after.checkInClosesAt),
      pausedAt: date(after.pausedAt),
      endedAt: date(after.endedAt),
    },
    addEntrants,
    changeEntrants,
    removeEntrants,
    addRounds,
    moveDeadlines,
    addTables,
    addResults,
  };
}

/** The head row's columns for a new tournament, in draft. */
export function newHead(input: {
  readonly guildId: string;
  readonly channelId: string;
  readonly createdBy: string;
  readonly seed: string;
  readonly settings: TournamentSettings;
  readonly createdAt: number;
}): Omit<TournamentRow, 'id' | 'version'> {
  return {
    guildId: input.guildId,
    channelId: input.channelId,
    messageId: null,
    createdBy: input.createdBy,
    seed: input.seed,
    settings: JSON.stringify(input.settings),
    status: 'draft',
    checkInClosesAt: null,
    pausedAt: null,
    endedAt: null,
    createdAt: new Date(input.createdAt),
  };
}
