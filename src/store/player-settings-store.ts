/**
 * A person's own settings (`store.players`): time zone, quiet hours, turn DMs, vacation. Read by the
 * table to decide when and how to tell them something; shown to nobody but them.
 */
import { eq } from 'drizzle-orm';
import { playerSettings } from './schema.ts';
import type { StoreCore } from './store-core.ts';

export interface PlayerSettings {
  readonly userId: string;
  /** IANA zone name; null: not set. */
  readonly timeZone: string | null;
  /** Minutes after local midnight; both null or both set. */
  readonly quietStart: number | null;
  readonly quietEnd: number | null;
  readonly turnDms: boolean;
  readonly vacationUntil: Date | null;
  /** Since when Discord refuses our DMs to them (50007); null: not known to (any more). Set by the bot. */
  readonly dmsClosedAt: Date | null;
  /** Whether they were told so (once, until a DM gets through again). */
  readonly dmsClosedTold: boolean;
}

export type PlayerSettingsChange = Partial<Omit<PlayerSettings, 'userId'>>;

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
