/**
 * Drops by the organiser's rule (`settings.drop`, `../../tournaments/README.md`): an entrant who left the
 * server, or who timed out `afterTimeouts` turns in a row in the tournament's games, is dropped (the core's
 * `drop`: they keep their points and sit in no round made after). Their game in progress goes on: a
 * stand-in-from-now row for their seat has the computer play it to the end (turn-plan.ts).
 *
 * Leaving the server: Discord tells a bot of it (GUILD_MEMBER_REMOVE) only with the privileged Server Members
 * intent, which Scarab does not ask for. So membership is asked when it matters, one member at a time
 * (GET /guilds/:id/members/:user, no intent needed; 10007 Unknown Member means they left): at an entrant's
 * time-out in a tournament game (someone gone stops playing, so their turns time out), and for every entrant
 * still in at the round's deadline, before its games are settled. A server the bot is not in, or an answer
 * other than Unknown Member, drops nobody.
 *
 * Time-outs in a row are counted from what the store keeps: each game's run for the seat
 * (`store.absences`, counted by the time-out's move and reset by the person's own move), chained back
 * through their earlier tables of the tournament while the later game holds no move of their own
 * (`actions.made_by` of their seat: `holder`, or null for a move recorded before it was), newest first.
 */
import { type Client, DiscordAPIError } from 'discord.js';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Seat } from '../../games/kernel/types.ts';
import type { GameRecord } from '../../store/records.ts';
import type { StoredTournament } from '../../store/tournament-records.ts';
import type { DropReason } from '../../tournaments/model.ts';
import type { Scheduler } from '../scheduler.ts';
import type { Tables } from '../tables.ts';
import { standInRow } from './tournament-deadlines.ts';
import type { TournamentDesk } from './tournament-desk.ts';

const UNKNOWN_MEMBER = 10007;

export class TournamentDrops {
  constructor(
    private readonly tables: Tables,
    private readonly desk: TournamentDesk,
    private readonly scheduler: Scheduler,
    private readonly client: Client,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** After a time-out of `seat` in `game` (its run in this game being `inARow`): a drop if the rule says so. */
  async timedOut(game: GameRecord, seat: Seat, inARow: number): Promise<void> {
    const userId = game.seats[seat]?.userId;
    const ref = userId ? await this.tables.store.tournaments.tableOfGame(game.id) : undefined;
    if (!userId || !ref) return;
    const s = await this.tables.store.tournaments.get(ref.tournamentId);
    if (!s || !stillIn(s, userId)) return;
    const rule = s.tournament.settings.drop;
    if (rule.onLeavingServer && (await this.left(s.guildId, userId))) {
      await this.drop(s, userId, 'left-server');
      return;
    }
    if (rule.afterTimeouts === null || inARow === 0) return;
    const timeouts = await this.inARow(s, userId, game, seat, inARow);
    if (timeouts >= rule.afterTimeouts) await this.drop(s, userId, 'timeouts', timeouts);
  }

  /** Entrants still in who left the server, dropped when the rule says so (at a round's deadline). */
  async leavers(tournamentId: number): Promise<void> {
    const s = await this.tables.store.tournaments.get(tournamentId);
    if (!s?.tournament.settings.drop.onLeavingServer) return;
    for (const e of s.tournament.entrants)
      if (stillIn(s, e.userId) && (await this.left(s.guildId, e.userId)))
        await this.drop(s, e.userId, 'left-server');
  }

  /**
   * The entrant's time-outs in a row: this game's run, then, while the later game holds no move of their
   * own, the run of their table before it in the tournament.
   */
  private async inARow(
    s: StoredTournament,
    userId: string,
    game: GameRecord,
    seat: Seat,
    run: number,
  ): Promise<number> {
    const store = this.tables.store;
    let total = run;
    let later = { game, seat };
    const earlier = s.tournament.rounds
      .flatMap((r) => r.tables)
      .filter((t) => t.seats.includes(userId) && s.games[t.id] !== undefined && s.games[t.id] !== game.id)
      .reverse();
    for (const table of earlier) {
      if (await this.movedThemselves(later.game.id, later.seat)) break;
      const before = await store.findGame(s.games[table.id] as number);
      const at = before?.seats.findIndex((x) => x.userId === userId) ?? -1;
      if (!before || at < 0) break;
      total += await store.absences.timeoutsInARow(before.id, at);
      later = { game: before, seat: at };
    }
    return total;
  }

  private async movedThemselves(gameId: number, seat: Seat): Promise<boolean> {
    const log = await this.tables.store.actionLog(gameId);
    return log.some((a) => a.seat === seat && (a.madeBy === 'holder' || a.madeBy === null));
  }

  /** Whether Discord says the person is no member of the server any more (Unknown Member). */
  private async left(guildId: string, userId: string): Promise<boolean> {
    const guild = this.client.guilds.cache.get(guildId);
    if (!guild) return false;
    try {
      await guild.members.fetch({ user: userId, force: true });
      return false;
    } catch (err) {
      if (err instanceof DiscordAPIError && err.code === UNKNOWN_MEMBER) return true;
      this.log.info({ err, guildId, userId }, 'could not tell whether an entrant is still in the server');
      return false;
    }
  }

  /** Drops the entrant; their games of the tournament still going are played by the stand-in from now on. */
  private async drop(
    s: StoredTournament,
    userId: string,
    reason: DropReason,
    timeouts?: number,
  ): Promise<void> {
    const id = Number(s.tournament.id);
    const outcome = await this.desk.act(id, (_, at) => [
      { type: 'drop', userId, reason, ...(timeouts === undefined ? {} : { timeouts }), at },
    ]);
    if (!outcome.ok || !outcome.changed) return;
    this.log.info({ tournament: id, userId, reason, timeouts }, 'an entrant was dropped');
    const now = this.clock.now();
    for (const gameId of Object.values(outcome.stored.games)) {
      const game = await this.tables.store.findGame(gameId);
      const seat = game?.seats.findIndex((x) => x.userId === userId) ?? -1;
      if (game?.status === 'active' && seat >= 0) await this.scheduler.plan(standInRow(game.id, seat, now));
    }
  }
}

function stillIn(s: StoredTournament, userId: string): boolean {
  const e = s.tournament.entrants.find((x) => x.userId === userId);
  return !!e?.checkedIn && e.droppedAfterRound === null;
}
