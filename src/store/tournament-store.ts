/** Tournaments on SQLite (`store.tournaments`; the contract is store.ts's, the rows tournament-rows.ts's). */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Status, Tournament } from '../tournaments/model.ts';
import type { GameId } from './errors.ts';
import { lobbyColumns, newLobby } from './lobby-steps.ts';
import type { CreateLobbyInput, GameRecord, PlannedRow } from './records.ts';
import { ScheduleStore } from './schedule-store.ts';
import {
  games,
  schedule,
  tournamentEntrants,
  tournamentResults,
  tournamentRounds,
  tournaments,
  tournamentTables,
} from './schema.ts';
import type { StoreCore } from './store-core.ts';
import {
  deadlineKey,
  type NewTournament,
  StaleTournamentError,
  type StoredTournament,
  type TournamentId,
  TournamentNotFoundError,
  type TournamentSummary,
  type TournamentTableRef,
} from './tournament-records.ts';
import { fromRows, newHead, type TournamentRows, writesFor } from './tournament-rows.ts';

export class TournamentStore {
  private readonly schedule: ScheduleStore;

  constructor(private readonly core: StoreCore) {
    this.schedule = new ScheduleStore(core);
  }

  create(input: NewTournament): StoredTournament {
    return this.core.transaction(() => {
      const [row] = this.core.database.db
        .insert(tournaments)
        .values(newHead(input))
        .returning({ id: tournaments.id })
        .all();
      return this.load(row?.id as number) as StoredTournament;
    });
  }

  get(id: TournamentId): StoredTournament | undefined {
    return this.load(id);
  }

  /** Writes `next` if nobody wrote since `expectedVersion`, with the schedule rows `plan` gives, in one transaction. */
  save(
    id: TournamentId,
    expectedVersion: number,
    next: Tournament,
    plan: readonly PlannedRow[] = [],
  ): StoredTournament {
    return this.core.transaction(() => {
      const rows = this.rows(id);
      if (!rows) throw new TournamentNotFoundError(id);
      if (rows.tournament.version !== expectedVersion)
        throw new StaleTournamentError(id, expectedVersion, rows.tournament.version);
      const before = fromRows(rows).tournament;
      const ordinals = new Map(rows.entrants.map((e) => [e.userId, e.ordinal]));
      const w = writesFor(id, before, ordinals, next);
      const db = this.core.database.db;
      db.update(tournaments)
        .set({ ...w.head, version: expectedVersion + 1 })
        .where(and(eq(tournaments.id, id), eq(tournaments.version, expectedVersion)))
        .run();
      if (w.removeEntrants.length > 0)
        db.delete(tournamentEntrants)
          .where(
            and(
              eq(tournamentEntrants.tournamentId, id),
              inArray(tournamentEntrants.userId, [...w.removeEntrants]),
            ),
          )
          .run();
      for (const e of w.addEntrants) db.insert(tournamentEntrants).values(e).run();
      for (const e of w.changeEntrants)
        db.update(tournamentEntrants)
          .set(e)
          .where(and(eq(tournamentEntrants.tournamentId, id), eq(tournamentEntrants.userId, e.userId)))
          .run();
      for (const r of w.addRounds) db.insert(tournamentRounds).values(r).run();
      for (const m of w.moveDeadlines)
        db.update(tournamentRounds)
          .set({ deadline: m.deadline })
          .where(and(eq(tournamentRounds.tournamentId, id), eq(tournamentRounds.number, m.number)))
          .run();
      for (const m of w.moveDeadlines)
        db.update(schedule)
          .set({ dueAt: m.deadline })
          .where(and(eq(schedule.key, deadlineKey(id, m.number)), isNull(schedule.doneAt)))
          .run();
      for (const table of w.addTables) db.insert(tournamentTables).values(table).run();
      for (const r of w.addResults) db.insert(tournamentResults).values(r).run();
      this.schedule.planAll(plan);
      return this.load(id) as StoredTournament;
    });
  }

  setMessage(id: TournamentId, messageId: string): void {
    this.core.database.db.update(tournaments).set({ messageId }).where(eq(tournaments.id, id)).run();
  }

  /** The table's game: `gameId` when the table had none, else the one it has (a game is made for a table once). */
  linkGame(id: TournamentId, tableId: string, gameId: GameId): GameId {
    return this.core.transaction(() => {
      const db = this.core.database.db;
      const where = and(eq(tournamentTables.tournamentId, id), eq(tournamentTables.tableId, tableId));
      db.update(tournamentTables)
        .set({ gameId })
        .where(and(where, isNull(tournamentTables.gameId)))
        .run();
      const row = db.select({ gameId: tournamentTables.gameId }).from(tournamentTables).where(where).get();
      if (!row) throw new TournamentNotFoundError(id);
      return row.gameId as GameId;
    });
  }

  /**
   * The table's game: the one it has, else a lobby made from `lobby` and linked to the table in the same
   * transaction, so no lobby exists that its table does not name (a crash leaves both or neither).
   */
  createTableGame(id: TournamentId, tableId: string, lobby: CreateLobbyInput): GameRecord {
    const game = this.core.transaction(() => {
      const db = this.core.database.db;
      const where = and(eq(tournamentTables.tournamentId, id), eq(tournamentTables.tableId, tableId));
      const table = db.select({ gameId: tournamentTables.gameId }).from(tournamentTables).where(where).get();
      if (!table) throw new TournamentNotFoundError(id);
      if (table.gameId !== null) return this.core.loadFromDatabase(table.gameId);
      const made = newLobby(lobby);
      const row = db
        .insert(games)
        .values(lobbyColumns(lobby, made, lobby.seed ?? this.core.seeds(), this.core.now()))
        .returning({ id: games.id })
        .get();
      this.core.writeSeats(row.id, made.seated);
      db.update(tournamentTables).set({ gameId: row.id }).where(where).run();
      return this.core.loadFromDatabase(row.id);
    });
    this.core.cache.set(game);
    return game;
  }

  inGuild(guildId: string, statuses?: readonly Status[]): TournamentSummary[] {
    const rows = this.core.database.db
      .select()
      .from(tournaments)
      .where(
        statuses
          ? and(eq(tournaments.guildId, guildId), inArray(tournaments.status, [...statuses]))
          : eq(tournaments.guildId, guildId),
      )
      .orderBy(desc(tournaments.id))
      .all();
    return rows.map(summary);
  }

  tableOfGame(gameId: GameId): TournamentTableRef | undefined {
    return this.core.database.db
      .select({ tournamentId: tournamentTables.tournamentId, tableId: tournamentTables.tableId })
      .from(tournamentTables)
      .where(eq(tournamentTables.gameId, gameId))
      .get();
  }

  private load(id: TournamentId): StoredTournament | undefined {
    const rows = this.rows(id);
    return rows && fromRows(rows);
  }

  private rows(id: TournamentId): TournamentRows | undefined {
    const db = this.core.database.db;
    const tournament = db.select().from(tournaments).where(eq(tournaments.id, id)).get();
    if (!tournament) return undefined;
    return {
      tournament,
      entrants: db.select().from(tournamentEntrants).where(eq(tournamentEntrants.tournamentId, id)).all(),
      rounds: db.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, id)).all(),
      tables: db.select().from(tournamentTables).where(eq(tournamentTables.tournamentId, id)).all(),
      results: db.select().from(tournamentResults).where(eq(tournamentResults.tournamentId, id)).all(),
    };
  }
}

export function summary(row: {
  id: number;
  status: string;
  settings: string;
  channelId: string;
  messageId: string | null;
  createdAt: Date;
}): TournamentSummary {
  return {
    id: row.id,
    status: row.status as Status,
    game: (JSON.parse(row.settings) as { game: string }).game,
    channelId: row.channelId,
    messageId: row.messageId,
    createdAt: row.createdAt.getTime(),
  };
}
