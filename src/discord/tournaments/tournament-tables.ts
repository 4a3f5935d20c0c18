/**
 * A round's tables become Scarab games: one ordinary game per table, in a thread of its own under the
 * tournament's channel, seated in the table's order with its people only (no computer seat is added), with
 * the tournament's game, rating and turn limit. The round's intent row (`tournament-tables:<id>:<round>`) is
 * planned in the transaction that stores the round (tournament-desk.ts `act`'s plan), so a round stored is
 * a round whose games will be made, after any restart. Whoever fires the row claims it for a lease; each
 * table's lobby is made and linked to the table in one transaction (`store.tournaments.createTableGame`,
 * which returns the table's game when it has one), so a crash leaves a table with its lobby or with none,
 * never a lobby nobody knows of, and two processes firing at once make one game. A table whose game is still
 * a lobby (a crash between its creation and its start) is started by the next firing.
 */
import { ChannelType, type Client } from 'discord.js';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { GameRecord, PlannedRow, ScheduledRow } from '../../store/records.ts';
import type { StoredTournament } from '../../store/tournament-records.ts';
import type { Table, Tournament } from '../../tournaments/model.ts';
import type { Publisher } from '../publisher.ts';
import type { Scheduler } from '../scheduler.ts';
import type { TableService } from '../table-service.ts';
import type { Tables } from '../tables.ts';
import { deadlineRow } from './tournament-deadlines.ts';
import { clientNames } from './tournament-standings-picture.ts';

export const TOURNAMENT_TABLES = 'tournament-tables';
/** Far longer than making a round's games takes; how late they are when the holder dies. */
const LEASE_MS = 10 * 60_000;
/** A round with a table that failed is seated again this much later (its seated tables are kept). */
const RETRY_MS = 60_000;

export function tablesRow(tournamentId: number, round: number, at: number): PlannedRow {
  return {
    key: `${TOURNAMENT_TABLES}:${tournamentId}:${round}`,
    gameId: null,
    kind: TOURNAMENT_TABLES,
    dueAt: new Date(at),
    payload: { tournament: tournamentId, round },
  };
}

/**
 * The rows a stored tournament needs: its round in play's games, and its deadline (tournament-deadlines.ts).
 * Planning them again changes nothing.
 */
export function roundRows(t: Tournament, at: number): PlannedRow[] {
  const last = t.rounds.at(-1);
  if (t.status !== 'running' || !last) return [];
  return [tablesRow(Number(t.id), last.number, at), deadlineRow(Number(t.id), last)];
}

export class TournamentTables {
  constructor(
    private readonly tables: Tables,
    private readonly table: TableService,
    private readonly publisher: Publisher,
    private readonly client: Client,
    private readonly clock: Clock,
    private readonly log: Logger,
    scheduler: Scheduler,
    /** Redraws the tournament's message (its tables now name their games). */
    private readonly redraw: (tournamentId: number) => Promise<void>,
  ) {
    scheduler.on(TOURNAMENT_TABLES, (row) => this.seatRound(row));
  }

  /** The row's round gets its games, each once; the row is closed when they all exist. */
  async seatRound(row: ScheduledRow): Promise<void> {
    const store = this.tables.store;
    const now = this.clock.now();
    if (!(await store.schedule.claim(row.id, new Date(now), new Date(now + LEASE_MS)))) return;
    const { tournament: id, round } = row.payload as { tournament: number; round: number };
    const s = await store.tournaments.get(id);
    const r = s?.tournament.rounds[round - 1];
    let failed = 0;
    if (s && r && s.tournament.status !== 'cancelled')
      for (const table of r.tables)
        try {
          await this.seatTable(s, table);
        } catch (err) {
          // One table that fails (Discord refused its board, the store was busy) must not keep the round's
          // other tables from their games; the row comes back soon for it, not after the whole lease.
          failed++;
          this.log.error({ err, tournament: id, table: table.id }, 'a tournament table was not seated');
        }
    if (failed > 0) await store.schedule.postpone(row.id, new Date(this.clock.now() + RETRY_MS));
    else await store.schedule.markDone(row.id, 'fired');
    await this.redraw(id);
  }

  private async seatTable(s: StoredTournament, table: Table): Promise<void> {
    const store = this.tables.store;
    const id = Number(s.tournament.id);
    let game: GameRecord;
    const linked = s.games[table.id];
    if (linked === undefined) {
      const settings = s.tournament.settings;
      const seats = await Promise.all(
        table.seats.map(async (userId) => ({ userId, displayName: await this.nameOf(userId) })),
      );
      // Made and linked in one transaction: a crash leaves the table with its lobby or with none.
      game = await store.tournaments.createTableGame(id, table.id, {
        type: settings.game,
        options: { ...settings.gameOptions },
        guildId: s.guildId,
        channelId: s.channelId,
        hostUserId: s.createdBy,
        seats,
        rated: settings.rated,
        turnLimitMinutes: settings.turnLimitHours === null ? null : Math.round(settings.turnLimitHours * 60),
      });
    } else game = await store.getGame(linked);
    const gameId = game.id;
    if (game.status !== 'lobby') return;
    const threadId = await this.threadFor(s, table);
    if (threadId) await store.locations.setLocation(gameId, { threadId });
    const started = await store.startGame(gameId);
    try {
      await this.table.plan(started);
      await this.publisher.postBoard(started);
    } finally {
      await this.table.rearm(started);
    }
  }

  /** A thread for the table under the tournament's channel, or null (the game is played in the channel). */
  private async threadFor(s: StoredTournament, table: Table): Promise<string | null> {
    try {
      const channel = await this.client.channels.fetch(s.channelId);
      if (channel?.type !== ChannelType.GuildText) return null;
      const thread = await channel.threads.create({
        name: `🏆 #${s.tournament.id} · ${table.id}`,
        autoArchiveDuration: 10080,
      });
      return thread.id;
    } catch (err) {
      const where = { err, tournament: s.tournament.id, table: table.id };
      this.log.info(where, 'no thread for a tournament table');
      return null;
    }
  }

  private async nameOf(userId: string): Promise<string> {
    return (await clientNames(this.client)([userId])).get(userId) ?? userId.slice(0, 32);
  }
}
