/**
 * A tournament's record as JSON (`/tournament record`): its settings, entrants, every round with its
 * tables, seats, byes, results and each table's Scarab game (its id is what `/replay game:` takes), and the
 * standings. Only what is public: who sat where and how each table placed, never a game's hidden state
 * (no hands, no seeds). Times are ISO 8601; points are given exactly, in sixtieths, and as a number.
 */
import type { StoredTournament } from '../../store/tournament-records.ts';
import type { DropReason, Ending, Format, Status } from '../../tournaments/model.ts';
import { byePoints, tablePoints } from '../../tournaments/placement-points.ts';
import { standings } from '../../tournaments/standings.ts';

export const TOURNAMENT_RECORD_FORMAT = 'scarab-tournament';
export const TOURNAMENT_RECORD_VERSION = 1;

export interface TournamentRecord {
  readonly format: typeof TOURNAMENT_RECORD_FORMAT;
  readonly version: typeof TOURNAMENT_RECORD_VERSION;
  readonly id: number;
  readonly guildId: string;
  readonly channelId: string;
  readonly createdBy: string;
  readonly status: Status;
  readonly createdAt: string;
  readonly endedAt: string | null;
  readonly settings: {
    readonly game: string;
    readonly gameOptions: Readonly<Record<string, unknown>>;
    readonly format: Format;
    readonly tableSize: number;
    readonly minTableSize: number;
    readonly rounds: number;
    readonly groupSize: number;
    readonly advance: number;
    readonly roundHours: number;
    readonly turnLimitHours: number | null;
    readonly rated: boolean;
    readonly registrationClosesAt: string;
    readonly checkInHours: number;
    readonly maxEntrants: number | null;
    readonly deadline: string;
    readonly drop: { readonly onLeavingServer: boolean; readonly afterTimeouts: number | null };
  };
  readonly entrants: readonly {
    readonly userId: string;
    readonly ratingAtEntry: number;
    readonly registeredAt: string;
    readonly checkedIn: boolean;
    readonly droppedAfterRound: number | null;
    readonly dropReason: DropReason | null;
  }[];
  readonly rounds: readonly {
    readonly number: number;
    readonly startedAt: string;
    readonly deadline: string;
    readonly byes: readonly { readonly userId: string; readonly points60: number; readonly points: number }[];
    readonly tables: readonly {
      readonly id: string;
      readonly group: number;
      readonly seats: readonly string[];
      /** The Scarab game of the table (`/replay game:<id>` once it is over); null until it is made. */
      readonly gameId: number | null;
      readonly result: {
        readonly ending: Ending;
        readonly reportedAt: string;
        readonly places: readonly {
          readonly userId: string;
          readonly place: number;
          readonly points60: number;
          readonly points: number;
        }[];
      } | null;
    }[];
  }[];
  readonly standings: readonly {
    readonly place: number;
    readonly group: number;
    readonly userId: string;
    readonly points60: number;
    readonly points: number;
    /** Opponents' points, in 3600ths and as a number. */
    readonly opponents3600: number;
    readonly opponents: number;
    readonly headToHead: number;
    readonly ratingAtEntry: number;
    readonly games: number;
    readonly byes: number;
    readonly dropped: boolean;
    readonly reached: number;
    readonly lastPlace: number;
  }[];
}

const iso = (ms: number): string => new Date(ms).toISOString();
const HOUR_MS = 3_600_000;
/** Points for people: exact to the 1/60 they are kept in, rounded where a third would run on. */
const asNumber = (units: number, per: number): number => Math.round((units / per) * 10_000) / 10_000;

export function tournamentRecord(s: StoredTournament): TournamentRecord {
  const tr = s.tournament;
  const set = tr.settings;
  const bye = byePoints(set.tableSize);
  return {
    format: TOURNAMENT_RECORD_FORMAT,
    version: TOURNAMENT_RECORD_VERSION,
    id: Number(tr.id),
    guildId: s.guildId,
    channelId: s.channelId,
    createdBy: s.createdBy,
    status: tr.status,
    createdAt: iso(tr.createdAt),
    endedAt: tr.endedAt === null ? null : iso(tr.endedAt),
    settings: {
      game: set.game,
      gameOptions: set.gameOptions,
      format: set.format,
      tableSize: set.tableSize,
      minTableSize: set.minTableSize,
      rounds: set.rounds,
      groupSize: set.groupSize,
      advance: set.advance,
      roundHours: set.roundMs / HOUR_MS,
      turnLimitHours: set.turnLimitHours,
      rated: set.rated,
      registrationClosesAt: iso(set.registrationClosesAt),
      checkInHours: set.checkInMs / HOUR_MS,
      maxEntrants: set.maxEntrants,
      deadline: set.deadline,
      drop: { onLeavingServer: set.drop.onLeavingServer, afterTimeouts: set.drop.afterTimeouts },
    },
    entrants: tr.entrants.map((e) => ({
      userId: e.userId,
      ratingAtEntry: e.rating,
      registeredAt: iso(e.registeredAt),
      checkedIn: e.checkedIn,
      droppedAfterRound: e.droppedAfterRound,
      dropReason: e.dropReason,
    })),
    rounds: tr.rounds.map((r) => ({
      number: r.number,
      startedAt: iso(r.startedAt),
      deadline: iso(r.deadline),
      byes: r.byes.map((userId) => ({ userId, points60: bye, points: asNumber(bye, 60) })),
      tables: r.tables.map((table) => {
        const result = r.results[table.id];
        const points = result ? tablePoints(result.places.map((p) => p.place)) : [];
        return {
          id: table.id,
          group: table.group,
          seats: [...table.seats],
          gameId: s.games[table.id] ?? null,
          result: result
            ? {
                ending: result.ending,
                reportedAt: iso(result.reportedAt),
                places: result.places.map((p, k) => ({
                  userId: p.userId,
                  place: p.place,
                  points60: points[k] ?? 0,
                  points: asNumber(points[k] ?? 0, 60),
                })),
              }
            : null,
        };
      }),
    })),
    standings: standings(tr).map((x) => ({
      place: x.place,
      group: x.group,
      userId: x.userId,
      points60: x.points,
      points: asNumber(x.points, 60),
      opponents3600: x.opponents,
      opponents: asNumber(x.opponents, 3600),
      headToHead: x.headToHead,
      ratingAtEntry: x.rating,
      games: x.games,
      byes: x.byes,
      dropped: x.dropped,
      reached: x.reached,
      lastPlace: x.lastPlace,
    })),
  };
}

export const recordFile = (tournamentId: number | string): string => `tournament-${tournamentId}.json`;
