/**
 * A server's settings (`store.guilds`): how its seasons run and where their podiums go. Changed by someone
 * who may manage the server; validation (a cadence, a zone) is the caller's.
 */
import { eq } from 'drizzle-orm';
import { GUILD_DEFAULTS, type GuildSettings, type GuildSettingsChange } from './records.ts';
import { guildSettings } from './schema.ts';
import type { StoreCore } from './store-core.ts';

export class GuildSettingsStore {
  constructor(private readonly core: StoreCore) {}

  /** Every server has settings: the defaults until they change one. */
  get(guildId: string): GuildSettings {
    const row = this.core.database.db
      .select()
      .from(guildSettings)
      .where(eq(guildSettings.guildId, guildId))
      .get();
    if (!row) return { guildId, ...GUILD_DEFAULTS };
    const { seasonCadence, seasonZone, seasonChannelId, tournamentRoleId } = row;
    return { guildId, seasonCadence, seasonZone, seasonChannelId, tournamentRoleId };
  }

  /** Changes what is given, keeps the rest; returns the settings now. */
  update(guildId: string, change: GuildSettingsChange): GuildSettings {
    const next = { ...this.get(guildId), ...change };
    const values = {
      seasonCadence: next.seasonCadence,
      seasonZone: next.seasonZone,
      seasonChannelId: next.seasonChannelId,
      tournamentRoleId: next.tournamentRoleId,
      updatedAt: this.core.now(),
    };
    this.core.database.db
      .insert(guildSettings)
      .values({ guildId, ...values })
      .onConflictDoUpdate({ target: guildSettings.guildId, set: values })
      .run();
    return this.get(guildId);
  }
}
