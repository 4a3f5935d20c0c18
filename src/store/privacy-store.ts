/**
 * A person's own data on SQLite (`store.privacy`): the rows that name them, handed out, and forgotten on
 * request in one transaction; and a server's settings and lobbies, once the bot has left it. What to write
 * is privacy-steps.ts, shared with PostgreSQL (pg-privacy.ts).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { GameId } from './errors.ts';
import { PersonStillSeatedError } from './errors.ts';
import type { ForgetReport, GuildForgetReport, PersonalData } from './privacy-records.ts';
import { FORMER_PLAYER } from './privacy-records.ts';
import {
  forgetPlan,
  gameIdsOf,
  type PersonRows,
  type PersonTournamentRows,
  personalData,
  stillSeated,
} from './privacy-steps.ts';
import {
  gameMessages,
  games,
  guildSettings,
  playerSettings,
  ratingChanges,
  ratings,
  schedule,
  seatHolders,
  seats,
  seatVotes,
  tournamentEntrants,
  tournamentResults,
  tournamentRounds,
  tournaments,
  tournamentTables,
} from './schema.ts';
import type { StoreCore } from './store-core.ts';

export class PrivacyStore {
  constructor(private readonly core: StoreCore) {}

  private get db() {
    return this.core.database.db;
  }

  /** Every row naming `userId` (read inside the caller's transaction when forgetting). */
  private rows(userId: string): PersonRows {
    const db = this.db;
    const seatRows = db
      .select({ gameId: seats.gameId, seat: seats.seat, displayName: seats.displayName })
      .from(seats)
      .where(eq(seats.userId, userId))
      .all();
    const holders = db
      .select({
        gameId: seatHolders.gameId,
        seat: seatHolders.seat,
        fromVersion: seatHolders.fromVersion,
        displayName: seatHolders.displayName,
      })
      .from(seatHolders)
      .where(eq(seatHolders.userId, userId))
      .all();
    const votes = db
      .select({
        gameId: seatVotes.gameId,
        seat: seatVotes.seat,
        choice: seatVotes.choice,
        createdAt: seatVotes.createdAt,
      })
      .from(seatVotes)
      .where(eq(seatVotes.voterId, userId))
      .all();
    const hosted = db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.hostUserId, userId))
      .all()
      .map((g) => g.id);
    const ids = gameIdsOf({ seats: seatRows, holders, votes }, hosted);
    const settings = db.select().from(playerSettings).where(eq(playerSettings.userId, userId)).get();
    return {
      userId,
      settings: settings
        ? {
            userId,
            timeZone: settings.timeZone,
            quietStart: settings.quietStart,
            quietEnd: settings.quietEnd,
            turnDms: settings.turnDms,
            vacationUntil: settings.vacationUntil,
            dmsClosedAt: settings.dmsClosedAt,
            dmsClosedTold: settings.dmsClosedTold,
          }
        : null,
      games:
        ids.length === 0
          ? []
          : db
              .select({
                id: games.id,
                type: games.type,
                status: games.status,
                guildId: games.guildId,
                channelId: games.channelId,
                threadId: games.threadId,
                hostUserId: games.hostUserId,
                createdAt: games.createdAt,
                startedAt: games.startedAt,
                finishedAt: games.finishedAt,
                outcome: games.outcome,
                language: games.language,
              })
              .from(games)
              .where(inArray(games.id, ids))
              .orderBy(games.id)
              .all(),
      seats: seatRows,
      holders,
      votes,
      ratings: db
        .select({
          gameType: ratings.gameType,
          scope: ratings.scope,
          displayName: ratings.displayName,
          mu: ratings.mu,
          sigma: ratings.sigma,
          display: ratings.display,
          games: ratings.games,
          wins: ratings.wins,
          lastPlayedAt: ratings.lastPlayedAt,
        })
        .from(ratings)
        .where(eq(ratings.userId, userId))
        .orderBy(ratings.gameType, ratings.scope)
        .all(),
      ratingChanges: db
        .select({
          gameId: ratingChanges.gameId,
          scope: ratingChanges.scope,
          gameType: ratingChanges.gameType,
          seat: ratingChanges.seat,
          rank: ratingChanges.rank,
          muBefore: ratingChanges.muBefore,
          sigmaBefore: ratingChanges.sigmaBefore,
          muAfter: ratingChanges.muAfter,
          sigmaAfter: ratingChanges.sigmaAfter,
          finishedAt: ratingChanges.finishedAt,
        })
        .from(ratingChanges)
        .where(eq(ratingChanges.userId, userId))
        .orderBy(ratingChanges.finishedAt, ratingChanges.gameId, ratingChanges.scope)
        .all(),
      schedule: db
        .select({
          id: schedule.id,
          key: schedule.key,
          gameId: schedule.gameId,
          kind: schedule.kind,
          dueAt: schedule.dueAt,
          doneAt: schedule.doneAt,
          outcome: schedule.outcome,
          payload: schedule.payload,
        })
        .from(schedule)
        .where(
          or(
            ...(ids.length > 0 ? [inArray(schedule.gameId, ids)] : []),
            sql`instr(${schedule.key}, ${userId}) > 0`,
            sql`instr(${schedule.payload}, ${userId}) > 0`,
          ),
        )
        .orderBy(schedule.id)
        .all(),
      tournaments: this.tournamentRows(userId),
    };
  }

  private tournamentRows(userId: string): PersonTournamentRows {
    const db = this.db;
    const entrants = db
      .select({
        tournamentId: tournamentEntrants.tournamentId,
        ordinal: tournamentEntrants.ordinal,
        rating: tournamentEntrants.rating,
        registeredAt: tournamentEntrants.registeredAt,
        checkedIn: tournamentEntrants.checkedIn,
        droppedAfterRound: tournamentEntrants.droppedAfterRound,
        dropReason: tournamentEntrants.dropReason,
      })
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.userId, userId))
      .all();
    const entered = entrants.map((e) => e.tournamentId);
    const heads = db
      .select({
        id: tournaments.id,
        guildId: tournaments.guildId,
        status: tournaments.status,
        settings: tournaments.settings,
        createdBy: tournaments.createdBy,
      })
      .from(tournaments)
      .where(
        or(
          eq(tournaments.createdBy, userId),
          ...(entered.length > 0 ? [inArray(tournaments.id, entered)] : []),
        ),
      )
      .orderBy(tournaments.id)
      .all();
    if (entered.length === 0) return { heads, entrants, rounds: [], tables: [], results: [] };
    return {
      heads,
      entrants,
      rounds: db
        .select({
          tournamentId: tournamentRounds.tournamentId,
          number: tournamentRounds.number,
          byes: tournamentRounds.byes,
        })
        .from(tournamentRounds)
        .where(inArray(tournamentRounds.tournamentId, entered))
        .all(),
      tables: db
        .select({
          tournamentId: tournamentTables.tournamentId,
          tableId: tournamentTables.tableId,
          round: tournamentTables.round,
          seats: tournamentTables.seats,
        })
        .from(tournamentTables)
        .where(inArray(tournamentTables.tournamentId, entered))
        .all(),
      results: db
        .select({
          tournamentId: tournamentResults.tournamentId,
          tableId: tournamentResults.tableId,
          places: tournamentResults.places,
          ending: tournamentResults.ending,
        })
        .from(tournamentResults)
        .where(inArray(tournamentResults.tournamentId, entered))
        .all(),
    };
  }

  dataOf(userId: string): PersonalData {
    return personalData(this.rows(userId));
  }

  forget(userId: string, formerName: (language: string | null) => string): ForgetReport {
    let touched: readonly GameId[] = [];
    const report = this.core.transaction((): ForgetReport => {
      const rows = this.rows(userId);
      const seated = stillSeated(rows);
      if (seated.length > 0) throw new PersonStillSeatedError(seated);
      const plan = forgetPlan(rows, formerName);
      const db = this.db;
      const now = this.core.now();
      for (const g of plan.games) {
        db.update(seats)
          .set(g.former)
          .where(and(eq(seats.gameId, g.id), eq(seats.userId, userId)))
          .run();
        db.update(seatHolders)
          .set(g.former)
          .where(and(eq(seatHolders.gameId, g.id), eq(seatHolders.userId, userId)))
          .run();
        // Another process's cached copy of the game is read again (PostgreSQL compares this time).
        db.update(games).set({ updatedAt: now }).where(eq(games.id, g.id)).run();
      }
      db.update(games).set({ hostUserId: null }).where(eq(games.hostUserId, userId)).run();
      const votes = db.delete(seatVotes).where(eq(seatVotes.voterId, userId)).run().changes;
      const settings = db.delete(playerSettings).where(eq(playerSettings.userId, userId)).run().changes;
      if (plan.scheduleIds.length > 0)
        db.delete(schedule)
          .where(inArray(schedule.id, [...plan.scheduleIds]))
          .run();
      const ratingRows = db.delete(ratings).where(eq(ratings.userId, userId)).run().changes;
      const changeRows = db.delete(ratingChanges).where(eq(ratingChanges.userId, userId)).run().changes;
      // Without their seats, every board is what the games now say: the others' ratings among themselves.
      const rebuilt = changeRows > 0 ? this.core.ratings.recomputeInTransaction() : null;
      for (const f of plan.tournaments) {
        const entrant = and(eq(tournamentEntrants.tournamentId, f.id), eq(tournamentEntrants.userId, userId));
        if (f.removeEntrant) db.delete(tournamentEntrants).where(entrant).run();
        if (f.placeholder !== null)
          db.update(tournamentEntrants)
            .set({ userId: f.placeholder, ...(f.drop ?? {}) })
            .where(entrant)
            .run();
        for (const r of f.rounds)
          db.update(tournamentRounds)
            .set({ byes: r.byes })
            .where(and(eq(tournamentRounds.tournamentId, f.id), eq(tournamentRounds.number, r.number)))
            .run();
        for (const x of f.tables)
          db.update(tournamentTables)
            .set({ seats: x.seats })
            .where(and(eq(tournamentTables.tournamentId, f.id), eq(tournamentTables.tableId, x.tableId)))
            .run();
        for (const r of f.results)
          db.update(tournamentResults)
            .set({ places: r.places })
            .where(and(eq(tournamentResults.tournamentId, f.id), eq(tournamentResults.tableId, r.tableId)))
            .run();
        // A new version: a process holding the tournament as it was reads it again before writing.
        db.update(tournaments)
          .set({
            version: sql`${tournaments.version} + 1`,
            ...(f.organiser ? { createdBy: FORMER_PLAYER } : {}),
          })
          .where(eq(tournaments.id, f.id))
          .run();
      }
      touched = plan.games.map((g) => g.id);
      return {
        games: plan.games.length,
        gameIds: plan.games.map((g) => g.id),
        settings: settings > 0,
        votes,
        scheduleRows: plan.scheduleIds.length,
        ratings: ratingRows,
        ratingChanges: changeRows,
        ratedGames: rebuilt?.ratedGames ?? null,
        tournamentIds: plan.tournaments.map((f) => f.id),
      };
    });
    for (const id of touched) this.core.cache.delete(id);
    return report;
  }

  forgetGuild(guildId: string): GuildForgetReport {
    let lobbies: GameId[] = [];
    const report = this.core.transaction((): GuildForgetReport => {
      const db = this.db;
      lobbies = db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.guildId, guildId), eq(games.status, 'lobby')))
        .all()
        .map((g) => g.id);
      if (lobbies.length > 0) {
        // Rows pointing at a lobby first: the foreign keys hold.
        db.delete(schedule).where(inArray(schedule.gameId, lobbies)).run();
        db.delete(seatVotes).where(inArray(seatVotes.gameId, lobbies)).run();
        db.delete(gameMessages).where(inArray(gameMessages.gameId, lobbies)).run();
        db.delete(seatHolders).where(inArray(seatHolders.gameId, lobbies)).run();
        db.delete(seats).where(inArray(seats.gameId, lobbies)).run();
        db.delete(games).where(inArray(games.id, lobbies)).run();
      }
      const settings = db.delete(guildSettings).where(eq(guildSettings.guildId, guildId)).run().changes;
      return { settings: settings > 0, lobbies: lobbies.length };
    });
    for (const id of lobbies) this.core.cache.delete(id);
    return report;
  }
}
