/**
 * Forgetting a person on request (`/privacy`'s confirmed delete, `npm run games -- forget <user id>`), through
 * the `Store` contract, so both backends do the same. Tables come first: a lobby they sit in loses them (or
 * closes, with nobody else there), and a running game's seat passes to a computer player at the host's
 * stand-in level, as a vote after three time-outs would; a scheduled row (`SEAT_FORGOTTEN`) then tells the
 * table, on the shard that owns it. Then `store.privacy.forget` rewrites everything else in one transaction.
 */
import { t } from '../i18n/messages.ts';
import type { GameId } from '../store/errors.ts';
import { PersonStillSeatedError } from '../store/errors.ts';
import type { ForgetReport } from '../store/privacy-records.ts';
import type { PlannedRow } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { standInOf } from '../table-kit/computer-levels.ts';
import { computerName } from './handlers/computer-names.ts';
import { gameLanguage } from './language.ts';

/** The row kind telling a table that a seat changed hands (or a lobby lost someone) because they were forgotten. */
export const SEAT_FORGOTTEN = 'seat-forgotten';

/** Tables that change while their seats are handed over, past this many tries the request gives up. */
const ATTEMPTS = 3;

export interface ForgetHooks {
  /** Runs a change of one game under its lock (the bot's `GameLocks`); default: at once. */
  readonly lock?: <T>(gameId: GameId, task: () => Promise<T>) => Promise<T>;
  /**
   * Plans the row that tells the table: the bot's scheduler fires it at once; the operator's tool writes it
   * to the store, and the bot fires it the next time its scheduler looks (at the latest, at its next start).
   */
  readonly plan: (row: PlannedRow) => Promise<unknown>;
  readonly now: () => number;
}

export interface HandedOverSeat {
  readonly gameId: GameId;
  readonly seat: number;
  readonly computer: string;
}

export interface ForgetOutcome {
  readonly report: ForgetReport;
  /** Running games whose seat passed to a computer player. */
  readonly handedOver: readonly HandedOverSeat[];
  /** Lobbies they left (closed when nobody else was seated). */
  readonly lobbies: readonly GameId[];
}

/** "a former player", in the language of a game's public messages. */
export const formerName = (language: string | null): string =>
  t(gameLanguage({ language }), 'privacy.former-player');

/**
 * Forgets `userId`. Refuses nothing itself: the caller checks who asks (a confirmed click, the operator).
 * Throws `PersonStillSeatedError` when a table seated them again on every try (someone kept adding them).
 */
export async function forgetPerson(store: Store, userId: string, hooks: ForgetHooks): Promise<ForgetOutcome> {
  const lock = hooks.lock ?? (<T>(_id: GameId, task: () => Promise<T>) => task());
  const handedOver: HandedOverSeat[] = [];
  const lobbies: GameId[] = [];
  for (let attempt = 1; ; attempt++) {
    for (const summary of await store.gamesOfUser(userId, ['lobby', 'active']))
      await lock(summary.id, async () => {
        const game = await store.getGame(summary.id);
        const seat = game.seats.find((s) => s.userId === userId)?.seat;
        if (seat === undefined) return;
        const at = hooks.now();
        if (game.status === 'lobby') {
          // As when a host leaves by the lobby's button: computers alone would wait for a Start nobody presses.
          const others = game.seats.some((s) => s.userId !== null && s.userId !== userId);
          if (others) await store.lobbies.leave(game.id, userId);
          else await store.cancelGame(game.id);
          lobbies.push(game.id);
          await hooks.plan({
            key: `${SEAT_FORGOTTEN}:${game.id}:lobby:${at}`,
            gameId: game.id,
            kind: SEAT_FORGOTTEN,
            dueAt: new Date(at),
            payload: { lobby: true },
          });
          return;
        }
        const computer = computerName(new Set(game.seats.map((s) => s.displayName)));
        await store.lobbies.replaceSeat(game.id, seat, { botKind: standInOf(game), displayName: computer });
        // A vote on their absence has nothing left to decide.
        await store.absences.reset(game.id, seat);
        handedOver.push({ gameId: game.id, seat, computer });
        await hooks.plan({
          key: `${SEAT_FORGOTTEN}:${game.id}:${seat}:${at}`,
          gameId: game.id,
          kind: SEAT_FORGOTTEN,
          dueAt: new Date(at),
          payload: { seat, computer },
        });
      });
    try {
      const report = await store.privacy.forget(userId, formerName);
      return { report, handedOver, lobbies };
    } catch (e) {
      // Seated again meanwhile (a lobby joined, say): hand that over too, a few times at most.
      if (e instanceof PersonStillSeatedError && attempt < ATTEMPTS) continue;
      throw e;
    }
  }
}
