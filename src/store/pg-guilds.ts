/** `GuildSettingsStore` on PostgreSQL: the same rows, read and written alike. */
import { eq } from 'drizzle-orm';
import type { PgCore } from './pg-core.ts';
import type { PgExecutor } from './pg-database.ts';
import { guildSettings } from './pg-schema.ts';
import { GUILD_DEFAULTS, type GuildSettings, type GuildSettingsChange } from './records.ts';

async function settingsOf(db: PgExecutor, guildId: string): Promise<GuildSettings> {
  const [row] = await db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId));
  if (!row) return { guildId, ...GUILD_DEFAULTS };
  const { seasonCadence, seasonZone, seasonChannelId, tournamentRoleId } = row;
  return { guildId, seasonCadence, seasonZone, seasonChannelId, tournamentRoleId };
}

export class PgGuilds {
  constructor(private readonly core: PgCore) {}

  get(guildId: string): Promise<GuildSettings> {
    return settingsOf(this.core.db, guildId);
  }

  update(guildId: string, change: GuildSettingsChange): Promise<GuildSettings> {
    return this.core.transaction(async (tx) => {
      // The row lock (when there is a row) keeps two shards' changes to different fields from losing one.
      await tx
        .select({ guildId: guildSettings.guildId })
        .from(guildSettings)
        .where(eq(guildSettings.guildId, guildId))
        .for('update');
      const next = { ...(await settingsOf(tx, guildId)), ...change };
      const values = {
        seasonCadence: next.seasonCadence,
        seasonZone: next.seasonZone,
        seasonChannelId: next.seasonChannelId,
        tournamentRoleId: next.tournamentRoleId,
        updatedAt: this.core.now(),
      };
      await tx
        .insert(guildSettings)
        .values({ guildId, ...values })
        .onConflictDoUpdate({ target: guildSettings.guildId, set: values });
      return settingsOf(tx, guildId);
    });
  }
}
