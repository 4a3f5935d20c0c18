/**
 * `PrivacyStore` (privacy-store.ts) on PostgreSQL: the same rows read, the same steps (privacy-steps.ts),
 * one transaction. The recompute inside it takes the ratings' advisory lock, so a game another shard
 * finishes meanwhile is rated before or after it, never lost.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { type GameId, PersonStillSeatedError } from './errors.ts';
import type { PgCore } from './pg-core.ts';
import type { PgExecutor } from './pg-database.ts';
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
} from './pg-schema.ts';
import {
  FORMER_PLAYER,
  type ForgetReport,
  type GuildForgetReport,
  type PersonalData,
} from './privacy-records.ts';
import {
  forgetPlan,
  gameIdsOf,
  type PersonRows,
  type PersonTournamentRows,
  personalData,
  stillSeated,
} from './privacy-steps.ts';

export class PgPrivacy {
  constructor(private readonly core: PgCore) {}

  /** Every row naming `userId`, read on `db` (the forgetting transaction, or the pool). */
  private async rows(db: PgExecutor, userId: string): Promise<PersonRows> {
    const seatRows = await db
      .select({ gameId: seats.gameId, seat: seats.seat, displayName: seats.displayName })
      .from(seats)
      .where(eq(seats.userId, userId));
    const holders = await db
      .select({
        gameId: seatHolders.gameId,
        seat: seatHolders.seat,
        fromVersion: seatHolders.fromVersion,
        displayName: seatHolders.displayName,
      })
      .from(seatHolders)
      .where(eq(seatHolders.userId, userId));
    const votes = await db
      .select({
        gameId: seatVotes.gameId,
        seat: seatVotes.seat,
        choice: seatVotes.choice,
        createdAt: seatVotes.createdAt,
      })
      .from(seatVotes)
      .where(eq(seatVotes.voterId, userId));
    const hosted = (await db.select({ id: games.id }).from(games).where(eq(games.hostUserId, userId))).map(
      (g) => g.id,
    );
    const ids = gameIdsOf({ seats: seatRows, holders, votes }, hosted);
    const [settings] = await db.select().from(playerSettings).where(eq(playerSettings.userId, userId));
    const gameRows =
      ids.length === 0
        ? []
        : await db
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
            .orderBy(asc(games.id));
    const ratingRows = await db
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
      .orderBy(asc(ratings.gameType), asc(ratings.scope));
    const changeRows = await db
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
      .orderBy(asc(ratingChanges.finishedAt), asc(ratingChanges.gameId), asc(ratingChanges.scope));
    const scheduleRows = await db
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
          sql`strpos(${schedule.key}, ${userId}) > 0`,
          sql`strpos(${schedule.payload}, ${userId}) > 0`,
        ),
      )
      .orderBy(asc(schedule.id));
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
      games: gameRows,
      seats: seatRows,
      holders,
      votes,
      ratings: ratingRows,
      ratingChanges: changeRows,
      schedule: scheduleRows,
      tournaments: await tournamentRows(db, userId),
    };
  }

  async dataOf(userId: string): Promise<PersonalData> {
    return personalData(await this.rows(this.core.db, userId));
  }

  async forget(userId: string, formerName: (language: string | null) => string): Promise<ForgetReport> {
    let touched: readonly GameId[] = [];
    const report = await this.core.transaction(async (tx): Promise<ForgetReport> => {
      // Each game's row lock, in id order, as every writer of a game takes it: no move or handover of
      // theirs can interleave with the rewrite of its seats.
      const first = await this.rows(tx, userId);
      for (const g of first.games) await this.core.lockHead(tx, g.id);
      // Their tournaments' rows too, in id order, as a save locks them: no save interleaves.
      const tournamentIds = first.tournaments.heads.map((h) => h.id);
      if (tournamentIds.length > 0)
        await tx
          .select({ id: tournaments.id })
          .from(tournaments)
          .where(inArray(tournaments.id, tournamentIds))
          .orderBy(asc(tournaments.id))
          .for('update');
      const rows = await this.rows(tx, userId);
      const seated = stillSeated(rows);
      if (seated.length > 0) throw new PersonStillSeatedError(seated);
      const plan = forgetPlan(rows, formerName);
      const now = this.core.now();
      for (const g of plan.games) {
        await tx
          .update(seats)
          .set(g.former)
          .where(and(eq(seats.gameId, g.id), eq(seats.userId, userId)));
        await tx
          .update(seatHolders)
          .set(g.former)
          .where(and(eq(seatHolders.gameId, g.id), eq(seatHolders.userId, userId)));
        // Other shards' cached copies compare this time and read the game again.
        await tx.update(games).set({ updatedAt: now }).where(eq(games.id, g.id));
      }
      await tx.update(games).set({ hostUserId: null }).where(eq(games.hostUserId, userId));
      const votes = (await tx.delete(seatVotes).where(eq(seatVotes.voterId, userId))).rowCount ?? 0;
      const settings =
        (await tx.delete(playerSettings).where(eq(playerSettings.userId, userId))).rowCount ?? 0;
      if (plan.scheduleIds.length > 0)
        await tx.delete(schedule).where(inArray(schedule.id, [...plan.scheduleIds]));
      const ratingRows = (await tx.delete(ratings).where(eq(ratings.userId, userId))).rowCount ?? 0;
      const changeRows =
        (await tx.delete(ratingChanges).where(eq(ratingChanges.userId, userId))).rowCount ?? 0;
      // Only when they had a rated result: otherwise no rating changes without them.
      const rebuilt = changeRows > 0 ? await this.core.ratings.recomputeInTransaction(tx) : null;
      for (const f of plan.tournaments) {
        const entrant = and(eq(tournamentEntrants.tournamentId, f.id), eq(tournamentEntrants.userId, userId));
        if (f.removeEntrant) await tx.delete(tournamentEntrants).where(entrant);
        if (f.placeholder !== null)
          await tx
            .update(tournamentEntrants)
            .set({ userId: f.placeholder, ...(f.drop ?? {}) })
            .where(entrant);
        for (const r of f.rounds)
          await tx
            .update(tournamentRounds)
            .set({ byes: r.byes })
            .where(and(eq(tournamentRounds.tournamentId, f.id), eq(tournamentRounds.number, r.number)));
        for (const x of f.tables)
          await tx
            .update(tournamentTables)
            .set({ seats: x.seats })
            .where(and(eq(tournamentTables.tournamentId, f.id), eq(tournamentTables.tableId, x.tableId)));
        for (const r of f.results)
          await tx
            .update(tournamentResults)
            .set({ places: r.places })
            .where(and(eq(tournamentResults.tournamentId, f.id), eq(tournamentResults.tableId, r.tableId)));
        // A new version: a shard holding the tournament as it was reads it again before writing.
        await tx
          .update(tournaments)
          .set({
            version: sql`${tournaments.version} + 1`,
            ...(f.organiser ? { createdBy: FORMER_PLAYER } : {}),
          })
          .where(eq(tournaments.id, f.id));
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

  async forgetGuild(guildId: string): Promise<GuildForgetReport> {
    let lobbies: GameId[] = [];
    const report = await this.core.transaction(async (tx): Promise<GuildForgetReport> => {
      const found = await tx
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.guildId, guildId), eq(games.status, 'lobby')))
        .orderBy(asc(games.id));
      lobbies = [];
      for (const { id } of found) {
        // Locked and read again: a lobby that started meanwhile is a game now, kept.
        const head = await this.core.lockHead(tx, id);
        if (head.status === 'lobby') lobbies.push(id);
      }
      if (lobbies.length > 0) {
        await tx.delete(schedule).where(inArray(schedule.gameId, lobbies));
        await tx.delete(seatVotes).where(inArray(seatVotes.gameId, lobbies));
        await tx.delete(gameMessages).where(inArray(gameMessages.gameId, lobbies));
        await tx.delete(seatHolders).where(inArray(seatHolders.gameId, lobbies));
        await tx.delete(seats).where(inArray(seats.gameId, lobbies));
        await tx.delete(games).where(inArray(games.id, lobbies));
      }
      const settings =
        (await tx.delete(guildSettings).where(eq(guildSettings.guildId, guildId))).rowCount ?? 0;
      return { settings: settings > 0, lobbies: lobbies.length };
    });
    for (const id of lobbies) this.core.cache.delete(id);
    return report;
  }
}

async function tournamentRows(db: PgExecutor, userId: string): Promise<PersonTournamentRows> {
  const entrants = await db
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
    .where(eq(tournamentEntrants.userId, userId));
  const entered = entrants.map((e) => e.tournamentId);
  const heads = await db
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
    .orderBy(asc(tournaments.id));
  if (entered.length === 0) return { heads, entrants, rounds: [], tables: [], results: [] };
  return {
    heads,
    entrants,
    rounds: await db
      .select({
        tournamentId: tournamentRounds.tournamentId,
        number: tournamentRounds.number,
        byes: tournamentRounds.byes,
      })
      .from(tournamentRounds)
      .where(inArray(tournamentRounds.tournamentId, entered)),
    tables: await db
      .select({
        tournamentId: tournamentTables.tournamentId,
        tableId: tournamentTables.tableId,
        round: tournamentTables.round,
        seats: tournamentTables.seats,
      })
      .from(tournamentTables)
      .where(inArray(tournamentTables.tournamentId, entered)),
    results: await db
      .select({
        tournamentId: tournamentResults.tournamentId,
        tableId: tournamentResults.tableId,
        places: tournamentResults.places,
        ending: tournamentResults.ending,
      })
      .from(tournamentResults)
      .where(inArray(tournamentResults.tournamentId, entered)),
  };
}
