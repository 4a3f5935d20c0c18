/**
 * When the bot leaves a server for good (Discord's guildDelete, not an outage), that server's settings and
 * lobbies are deleted `FORGET_GUILD_AFTER_DAYS` later, not at once: a bot kicked by mistake and invited
 * back meanwhile keeps its setup. The wait is a scheduled row (`guild-gone:<guild>:<ms>`, no game, so on
 * shard 0), so a restart loses nothing. Coming back writes a `guild-back` row, live (guildCreate) or at a
 * start that finds the server among its own after a leave; the leave's row, when due, sees it and keeps
 * everything. Finished and running games stay (their players' records), as do the server's ratings.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { ScheduledRow } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import type { Scheduler } from './scheduler.ts';

export const FORGET_GUILD_AFTER_DAYS = 30;
export const GUILD_GONE = 'guild-gone';
export const GUILD_BACK = 'guild-back';

const DAY_MS = 86_400_000;
const SAME_LEAVE_MS = 1_000;

export class GuildDepartures {
  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Whether this process sees the bot in the server now (its own shards' servers only). */
    private readonly isMember: (guildId: string) => boolean,
  ) {
    scheduler.on(GUILD_GONE, (row) => this.due(row));
    // Written only to be read by `due`: nothing to do when it fires.
    scheduler.on(GUILD_BACK, async (row) => {
      await this.store.schedule.markDone(row.id, 'noted');
    });
  }

  /** The bot was removed from the server (kicked, or the server deleted). */
  async left(guildId: string): Promise<void> {
    const at = this.clock.now();
    await this.scheduler.plan({
      key: `${GUILD_GONE}:${guildId}:${at}`,
      gameId: null,
      kind: GUILD_GONE,
      dueAt: new Date(at + FORGET_GUILD_AFTER_DAYS * DAY_MS),
      payload: { guildId, leftAt: at },
    });
    this.log.info({ guildId, days: FORGET_GUILD_AFTER_DAYS }, 'left a server: its setup goes in days');
  }

  /** The bot is in the server again (invited back). Cheap when it never left: one look at the schedule. */
  async joined(guildId: string): Promise<void> {
    const gone = await this.store.schedule.lastPlanned(`${GUILD_GONE}:${guildId}:`);
    if (!gone) return;
    const back = await this.store.schedule.lastPlanned(`${GUILD_BACK}:${guildId}:`);
    if (back && back.getTime() >= gone.getTime()) return;
    const at = this.clock.now();
    await this.scheduler.plan({
      key: `${GUILD_BACK}:${guildId}:${at}`,
      gameId: null,
      kind: GUILD_BACK,
      dueAt: new Date(at),
      payload: { guildId },
    });
  }

  /** At start: servers this process is in that the bot left before (invited back while it was down). */
  async atStart(guildIds: Iterable<string>): Promise<void> {
    for (const guildId of guildIds) await this.joined(guildId);
  }

  private async due(row: ScheduledRow): Promise<void> {
    const guildId = String(row.payload.guildId ?? '');
    const leftAt = Number(row.payload.leftAt ?? 0);
    const back = await this.store.schedule.lastPlanned(`${GUILD_BACK}:${guildId}:`);
    const latest = await this.store.schedule.lastPlanned(`${GUILD_GONE}:${guildId}:`);
    // Back since: keep everything. Left again later: that leave's row counts its own days.
    if (this.isMember(guildId) || (back && back.getTime() >= leftAt)) {
      await this.store.schedule.markDone(row.id, 'returned');
      return;
    }
    // Its own row was written a moment after `leftAt` (the store's clock): a leave a second later is another.
    if (latest && latest.getTime() > leftAt + SAME_LEAVE_MS) {
      await this.store.schedule.markDone(row.id, 'superseded');
      return;
    }
    if (!(await this.store.schedule.markDone(row.id, 'fired'))) return;
    const report = await this.store.privacy.forgetGuild(guildId);
    this.log.info({ guildId, ...report }, "deleted a server's settings and lobbies after it removed the bot");
  }
}
