/** `PlayerSettingsStore` and `AbsenceStore` on PostgreSQL: the same rows, read and written alike. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import type { GameId } from './errors.ts';
import type { PgCore } from './pg-core.ts';
import type { PgExecutor } from './pg-database.ts';
import { playerSettings, seats, seatVotes } from './pg-schema.ts';
import type { PlayerSettings, PlayerSettingsChange, Tally, VoteChoice } from './records.ts';

const DEFAULTS = {
  timeZone: null,
  quietStart: null,
  quietEnd: null,
  turnDms: false,
  vacationUntil: null,
  dmsClosedAt: null,
  dmsClosedTold: false,
};

async function settingsOf(db: PgExecutor, userId: string): Promise<PlayerSettings> {
  const [row] = await db.select().from(playerSettings).where(eq(playerSettings.userId, userId));
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

export class PgPlayers {
  constructor(private readonly core: PgCore) {}

  get(userId: string): Promise<PlayerSettings> {
    return settingsOf(this.core.db, userId);
  }

  update(userId: string, change: PlayerSettingsChange): Promise<PlayerSettings> {
    return this.core.transaction(async (tx) => {
      // The row lock (when there is a row) keeps two shards' changes to different fields from losing one.
      await tx
        .select({ userId: playerSettings.userId })
        .from(playerSettings)
        .where(eq(playerSettings.userId, userId))
        .for('update');
      const next = { ...(await settingsOf(tx, userId)), ...change };
      if ((next.quietStart === null) !== (next.quietEnd === null))
        throw new RangeError('quiet hours need both a start and an end');
      const values = {
        timeZone: next.timeZone,
        quietStart: next.quietStart,
        quietEnd: next.quietEnd,
        turnDms: next.turnDms,
        vacationUntil: next.vacationUntil,
        updatedAt: this.core.now(),
      };
      await tx
        .insert(playerSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: playerSettings.userId, set: values });
      return settingsOf(tx, userId);
    });
  }
}

const seatKey = (gameId: GameId, seat: Seat) => and(eq(seats.gameId, gameId), eq(seats.seat, seat));

/** `AbsenceStore.countTimeout` on `db` (the time-out move's transaction); returns the new count. */
export async function countTimeout(db: PgExecutor, gameId: GameId, seat: Seat): Promise<number> {
  const [row] = await db
    .update(seats)
    .set({ timeoutsInARow: sql`${seats.timeoutsInARow} + 1` })
    .where(seatKey(gameId, seat))
    .returning({ n: seats.timeoutsInARow });
  return row?.n ?? 0;
}

/** `AbsenceStore.reset` on `db`: the count and any vote start again. */
export async function resetAbsence(db: PgExecutor, gameId: GameId, seat: Seat): Promise<void> {
  await db
    .update(seats)
    .set({ timeoutsInARow: 0 })
    .where(and(seatKey(gameId, seat), gt(seats.timeoutsInARow, 0)));
  await db.delete(seatVotes).where(and(eq(seatVotes.gameId, gameId), eq(seatVotes.seat, seat)));
}

async function tallyOf(db: PgExecutor, gameId: GameId, seat: Seat): Promise<Tally> {
  const rows = await db
    .select({ choice: seatVotes.choice })
    .from(seatVotes)
    .where(and(eq(seatVotes.gameId, gameId), eq(seatVotes.seat, seat)));
  return {
    replace: rows.filter((r) => r.choice === 'replace').length,
    wait: rows.filter((r) => r.choice === 'wait').length,
  };
}

export class PgAbsences {
  constructor(private readonly core: PgCore) {}

  async timeoutsInARow(gameId: GameId, seat: Seat): Promise<number> {
    const [row] = await this.core.db
      .select({ n: seats.timeoutsInARow })
      .from(seats)
      .where(seatKey(gameId, seat));
    return row?.n ?? 0;
  }

  countTimeout(gameId: GameId, seat: Seat): Promise<number> {
    return countTimeout(this.core.db, gameId, seat);
  }

  reset(gameId: GameId, seat: Seat): Promise<void> {
    return this.core.transaction((tx) => resetAbsence(tx, gameId, seat));
  }

  vote(gameId: GameId, seat: Seat, voterId: string, choice: VoteChoice): Promise<Tally> {
    return this.core.transaction(async (tx) => {
      const now = this.core.now();
      await tx
        .insert(seatVotes)
        .values({ gameId, seat, voterId, choice, createdAt: now })
        .onConflictDoUpdate({
          target: [seatVotes.gameId, seatVotes.seat, seatVotes.voterId],
          set: { choice, createdAt: now },
        });
      return tallyOf(tx, gameId, seat);
    });
  }

  tally(gameId: GameId, seat: Seat): Promise<Tally> {
    return tallyOf(this.core.db, gameId, seat);
  }
}
