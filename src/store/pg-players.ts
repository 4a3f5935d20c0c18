/** `PlayerSettingsStore` and `AbsenceStore` on PostgreSQL: the same rows, read and written alike. */
import { and, eq } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import * as steps from './absence-steps.ts';
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

/**
 * The seat's run; undefined for a seat the game does not have. `lock` holds its row until the transaction `db` ends, so two
 * time-outs cannot both count from the same run; a reset writes 0 whatever it read, so it takes no lock.
 */
async function runOf(db: PgExecutor, gameId: GameId, seat: Seat, lock: boolean): Promise<number | undefined> {
  const read = db.select({ n: seats.timeoutsInARow }).from(seats).where(seatKey(gameId, seat));
  const [row] = await (lock ? read.for('no key update') : read);
  return row?.n;
}

/** Writes the run absence-steps.ts decided, if it says to; returns the run. */
async function writeRun(
  tx: PgExecutor,
  gameId: GameId,
  seat: Seat,
  change: steps.RunChange,
): Promise<number> {
  if (change.write) await tx.update(seats).set({ timeoutsInARow: change.run }).where(seatKey(gameId, seat));
  return change.run;
}

/** `AbsenceStore.countTimeout` in `tx` (the time-out move's transaction); returns the new count. */
export async function countTimeout(tx: PgExecutor, gameId: GameId, seat: Seat): Promise<number> {
  return writeRun(tx, gameId, seat, steps.timeoutCounted(await runOf(tx, gameId, seat, true)));
}

/** `AbsenceStore.reset` in `tx`: the count and any vote start again. */
export async function resetAbsence(tx: PgExecutor, gameId: GameId, seat: Seat): Promise<void> {
  await writeRun(tx, gameId, seat, steps.runReset(await runOf(tx, gameId, seat, false)));
  await tx.delete(seatVotes).where(and(eq(seatVotes.gameId, gameId), eq(seatVotes.seat, seat)));
}

async function tallyOf(db: PgExecutor, gameId: GameId, seat: Seat): Promise<Tally> {
  return steps.tallyOf(
    await db
      .select({ choice: seatVotes.choice })
      .from(seatVotes)
      .where(and(eq(seatVotes.gameId, gameId), eq(seatVotes.seat, seat))),
  );
}

export class PgAbsences {
  constructor(private readonly core: PgCore) {}

  async timeoutsInARow(gameId: GameId, seat: Seat): Promise<number> {
    return (await runOf(this.core.db, gameId, seat, false)) ?? 0;
  }

  countTimeout(gameId: GameId, seat: Seat): Promise<number> {
    return this.core.transaction((tx) => countTimeout(tx, gameId, seat));
  }

  reset(gameId: GameId, seat: Seat): Promise<void> {
    return this.core.transaction((tx) => resetAbsence(tx, gameId, seat));
  }

  vote(gameId: GameId, seat: Seat, voterId: string, choice: VoteChoice): Promise<Tally> {
    return this.core.transaction(async (tx) => {
      const { row, replacing } = steps.voteRow(gameId, seat, voterId, choice, this.core.now());
      await tx
        .insert(seatVotes)
        .values(row)
        .onConflictDoUpdate({ target: steps.VOTE_KEY.map((k) => seatVotes[k]), set: replacing });
      return tallyOf(tx, gameId, seat);
    });
  }

  tally(gameId: GameId, seat: Seat): Promise<Tally> {
    return tallyOf(this.core.db, gameId, seat);
  }
}
