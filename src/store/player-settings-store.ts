/**
 * A person's own settings (`store.players`): time zone, quiet hours, turn DMs, vacation. Read by the
 * table to decide when and how to tell them something; shown to nobody but them.
 */
import { eq } from 'drizzle-orm';
import type { PlayerSettings, PlayerSettingsChange } from './records.ts';
import { playerSettings } from './schema.ts';
import type { StoreCore } from './store-core.ts';

export type { PlayerSettings, PlayerSettingsChange } from './records.ts';

const DEFAULTS = {
  timeZone: null,
  quietStart: null,
  quietEnd: null,
  turnDms: false,
  vacationUntil: null,
  dmsClosedAt: null,
  dmsClosedTold: false,
};

export class PlayerSettingsStore {
  constructor(private readonly core: StoreCore) {}

  /** Everyone has settings: the defaults until they change one. */
  get(userId: string): PlayerSettings {
    const row = this.core.database.db
      .select()
      .from(playerSettings)
      .where(eq(playerSettings.userId, userId))
      .get();
    if (!row) return { userId, ...DEFAULTS };
    return {
      userId,
      timeZone: row.timeZone,
      quietStart: row.quietStart,
      quietEnd: row.quietEnd,
      turnDms: row.turnDms,
      vacationUntil: row.vacationUntil,
      dmsClosedAt: row.dmsClosedAt,
      dmsClosedTold: row.dmsClosedTold,
    };
  }

  /** Changes what is given, keeps the rest; returns the settings now. Validation is the caller's. */
  update(userId: string, change: PlayerSettingsChange): PlayerSettings {
    const next = { ...this.get(userId), ...change };
    if ((next.quietStart === null) !== (next.quietEnd === null))
      throw new RangeError('quiet hours need both a start and an end');
    const values = {
      timeZone: next.timeZone,
      quietStart: next.quietStart,
      quietEnd: next.quietEnd,
      turnDms: next.turnDms,
      vacationUntil: next.vacationUntil,
      dmsClosedAt: next.dmsClosedAt,
      dmsClosedTold: next.dmsClosedTold,
      updatedAt: this.core.now(),
    };
    this.core.database.db
      .insert(playerSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: playerSettings.userId, set: values })
      .run();
    return this.get(userId);
  }
}
