/**
 * `TournamentStore` on PostgreSQL: the same rows. A save locks the tournament's row (`FOR UPDATE`) before
 * comparing its version, so of two shards writing from the same version one commits and the other is
 * refused with the version it missed.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Status, Tournament } from '../tournaments/model.ts';
import type { GameId } from './errors.ts';
import { lobbyColumns, newLobby } from './lobby-steps.ts';
import type { PgCore } from './pg-core.ts';
import type { PgExecutor } from './pg-database.ts';
import { planAll } from './pg-schedule.ts';
import {
  games,
  schedule,
  tournamentEntrants,
  tournamentResults,
  tournamentRounds,
  tournaments,
  tournamentTables,
} from './pg-schema.ts';
import type { CreateLobbyInput, GameRecord, PlannedRow } from './records.ts';
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
import { summary } from './tournament-store.ts';

export class PgTournaments {
  constructor(private readonly core: PgCore) {}

  async create(input: NewTournament): Promise<StoredTournament> {
    return this.core.transaction(async (tx) => {
      const [row] = await tx.insert(tournaments).values(newHead(input)).returning({ id: tournaments.id });
      return (await load(tx, row?.id as number)) as StoredTournament;
    });
  }

  get(id: TournamentId): Promise<StoredTournament | undefined> {
    return this.core.transaction((tx) => load(tx, id));
  }

  async save(
    id: TournamentId,
    expectedVersion: number,
    next: Tournament,
    plan: readonly PlannedRow[] = [],
  ): Promise<StoredTournament> {
    return this.core.transaction(async (tx) => {
      const [head] = await tx
        .select({ version: tournaments.version })
        .from(tournaments)
        .where(eq(tournaments.id, id))
        .for('update');
      if (!head) throw new TournamentNotFoundError(id);
      if (head.version !== expectedVersion) throw new StaleTournamentError(id, expectedVersion, head.version);
      const rows = (await rowsOf(tx, id)) as TournamentRows;
      const ordinals = new Map(rows.entrants.map((e) => [e.userId, e.ordinal]));
      const w = writesFor(id, fromRows(rows).tournament, ordinals, next);
      await tx
        .update(tournaments)
        .set({ ...w.head, version: expectedVersion + 1 })
        .where(eq(tournaments.id, id));
      if (w.removeEntrants.length > 0)
        await tx
          .delete(tournamentEntrants)
          .where(
            and(
              eq(tournamentEntrants.tournamentId, id),
              inArray(tournamentEntrants.userId, [...w.removeEntrants]),
            ),
          );
      if (w.addEntrants.length > 0) await tx.insert(tournamentEntrants).values([...w.addEntrants]);
      for (const e of w.changeEntrants)
        await tx
          .update(tournamentEntrants)
          .set(e)
          .where(and(eq(tournamentEntrants.tournamentId, id), eq(tournamentEntrants.userId, e.userId)));
      if (w.addRounds.length > 0) await tx.insert(tournamentRounds).values([...w.addRounds]);
      for (const m of w.moveDeadlines)
        await tx
          .update(tournamentRounds)
          .set({ deadline: m.deadline })
          .where(and(eq(tournamentRounds.tournamentId, id), eq(tournamentRounds.number, m.number)));
      for (const m of w.moveDeadlines)
        await tx
          .update(schedule)
          .set({ dueAt: m.deadline })
          .where(and(eq(schedule.key, deadlineKey(id, m.number)), isNull(schedule.doneAt)));
      if (w.addTables.length > 0) await tx.insert(tournamentTables).values([...w.addTables]);
      if (w.addResults.length > 0) await tx.insert(tournamentResults).values([...w.addResults]);
      await planAll(tx, plan, this.core.now());
      return (await load(tx, id)) as StoredTournament;
    });
  }

  async setMessage(id: TournamentId, messageId: string): Promise<void> {
    await this.core.db.update(tournaments).set({ messageId }).where(eq(tournaments.id, id));
  }

  async linkGame(id: TournamentId, tableId: string, gameId: GameId): Promise<GameId> {
    return this.core.transaction(async (tx) => {
      const where = and(eq(tournamentTables.tournamentId, id), eq(tournamentTables.tableId, tableId));
      await tx
        .update(tournamentTables)
        .set({ gameId })
        .where(and(where, isNull(tournamentTables.gameId)));
      const [row] = await tx.select({ gameId: tournamentTables.gameId }).from(tournamentTables).where(where);
      if (!row) throw new TournamentNotFoundError(id);
      return row.gameId as GameId;
    });
  }

  /** As on SQLite; the table's row is locked first, so two shards making its game take turns. */
  async createTableGame(id: TournamentId, tableId: string, lobby: CreateLobbyInput): Promise<GameRecord> {
    const game = await this.core.transaction(async (tx) => {
      const where = and(eq(tournamentTables.tournamentId, id), eq(tournamentTables.tableId, tableId));
      const [table] = await tx
        .select({ gameId: tournamentTables.gameId })
        .from(tournamentTables)
        .where(where)
        .for('update');
      if (!table) throw new TournamentNotFoundError(id);
      if (table.gameId !== null) return this.core.loadFromDatabase(tx, table.gameId);
      const made = newLobby(lobby);
      const [row] = await tx
        .insert(games)
        .values(lobbyColumns(lobby, made, lobby.seed ?? this.core.seeds(), this.core.now()))
        .returning({ id: games.id });
      if (!row) throw new Error('inserting a lobby returned no row');
      await this.core.writeSeats(tx, row.id, made.seated);
      await tx.update(tournamentTables).set({ gameId: row.id }).where(where);
      return this.core.loadFromDatabase(tx, row.id);
    });
    this.core.cache.set(game);
    return game;
  }

  async inGuild(guildId: string, statuses?: readonly Status[]): Promise<TournamentSummary[]> {
    const rows = await this.core.db
      .select()
      .from(tournaments)
      .where(
        statuses
          ? and(eq(tournaments.guildId, guildId), inArray(tournaments.status, [...statuses]))
          : eq(tournaments.guildId, guildId),
      )
      .orderBy(desc(tournaments.id));
    return rows.map(summary);
  }

  async tableOfGame(gameId: GameId): Promise<TournamentTableRef | undefined> {
    const [row] = await this.core.db
      .select({ tournamentId: tournamentTables.tournamentId, tableId: tournamentTables.tableId })
      .from(tournamentTables)
      .where(eq(tournamentTables.gameId, gameId));
    return row;
  }
}

async function load(tx: PgExecutor, id: TournamentId): Promise<StoredTournament | undefined> {
  const rows = await rowsOf(tx, id);
  return rows && fromRows(rows);
}

async function rowsOf(tx: PgExecutor, id: TournamentId): Promise<TournamentRows | undefined> {
  const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
  if (!tournament) return undefined;
  return {
    tournament,
    entrants: await tx.select().from(tournamentEntrants).where(eq(tournamentEntrants.tournamentId, id)),
    rounds: await tx.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, id)),
    tables: await tx.select().from(tournamentTables).where(eq(tournamentTables.tournamentId, id)),
    results: await tx.select().from(tournamentResults).where(eq(tournamentResults.tournamentId, id)),
  };
}
