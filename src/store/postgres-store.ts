/**
 * The `Store` contract on PostgreSQL (`DATABASE_URL`), for bots whose shards share one database. The
 * semantics are the SQLite store's, method by method, with the same errors after the same checks; what
 * changes is how a transaction excludes the others: the game's row lock (`SELECT … FOR NO KEY UPDATE`)
 * instead of SQLite's single writer. The cache is a shortcut only: every write compares it with the locked
 * row, and a read outside a transaction re-checks the row's head, because other processes move games too.
 */
import { eq, sql } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import { getGame as getModule } from '../games/registry.ts';
import { type GameId, GameNotFoundError, StoreError } from './errors.ts';
import { nextMove, readAction, startedGame } from './game-steps.ts';
import { PgCore } from './pg-core.ts';
import { type OpenPgOptions, openPgDatabase } from './pg-database.ts';
import { PgGuilds } from './pg-guilds.ts';
import { PgHints } from './pg-hints.ts';
import { importOnPostgres, verifyOnPostgres } from './pg-import.ts';
import { PgKeyMoments } from './pg-key-moments.ts';
import { PgLobbies, PgLocations } from './pg-lobbies.ts';
import * as lookups from './pg-lookups.ts';
import { countTimeout, PgAbsences, PgPlayers, resetAbsence } from './pg-players.ts';
import { PgPrivacy } from './pg-privacy.ts';
import { cancelRows, markDone, PgSchedule, planAll } from './pg-schedule.ts';
import { games } from './pg-schema.ts';
import { PgTournaments } from './pg-tournaments.ts';
import type { GameRecord, GameStatus, ImportedGame, PlannedRow, VerifyReport } from './records.ts';
import { checkFiredOnce, FIRED } from './schedule-steps.ts';
import { settledColumns } from './settled-outcome.ts';
import type { StatePart } from './state-parts.ts';
import type { SchedulePlan, SettledGame, Store, StoreAppliedAction, StoreApplyInput } from './store.ts';
import { type GameStoreOptions, OPEN_STATUSES } from './store-core.ts';

export interface PostgresStoreOptions extends GameStoreOptions, OpenPgOptions {}

/** Connects, migrates (once across shards booting together) and returns the store. */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<PostgresStore> {
  return new PostgresStore(new PgCore(await openPgDatabase(url, options), options));
}

export class PostgresStore implements Store {
  readonly backend = 'postgres';
  readonly lobbies: PgLobbies;
  readonly locations: PgLocations;
  readonly schedule: PgSchedule;
  readonly players: PgPlayers;
  readonly guilds: PgGuilds;
  readonly absences: PgAbsences;
  readonly hints: PgHints;
  readonly ratings;
  readonly privacy: PgPrivacy;
  readonly keyMoments: PgKeyMoments;
  readonly tournaments: PgTournaments;

  constructor(private readonly core: PgCore) {
    this.lobbies = new PgLobbies(core);
    this.locations = new PgLocations(core);
    this.schedule = new PgSchedule(core);
    this.players = new PgPlayers(core);
    this.guilds = new PgGuilds(core);
    this.absences = new PgAbsences(core);
    this.hints = new PgHints(core);
    this.ratings = core.ratings;
    this.privacy = new PgPrivacy(core);
    this.keyMoments = new PgKeyMoments(core);
    this.tournaments = new PgTournaments(core);
  }

  get cachedGames(): number {
    return this.core.cache.size;
  }

  clearCache(): void {
    this.core.cache.clear();
  }

  close(): Promise<void> {
    return this.core.connection.close();
  }

  /** `GameStore.startGame`. */
  async startGame(gameId: GameId, seatOrder?: readonly Seat[]): Promise<GameRecord> {
    let parts: readonly StatePart[] = [];
    const game = await this.core.lobbyChange(gameId, async (tx, game, module) => {
      const started = startedGame(game, module, seatOrder, this.core.now());
      parts = started.parts;
      await this.core.writeParts(tx, parts);
      await this.core.writeSeats(tx, gameId, started.seated);
      await tx.update(games).set(started.columns).where(eq(games.id, gameId));
      if (started.finished)
        await this.core.ratings.gameFinished(tx, await this.core.loadFromDatabase(tx, gameId));
    });
    this.core.committed(parts);
    return game;
  }

  /**
   * `GameStore.applyAction` with its `alongside` writes, in one transaction. First from the cached game,
   * without reading the row: the append and the state's update (one statement) are guarded by the head
   * the cache holds (version, status, last change), so a game another shard moved or changed meanwhile
   * writes nothing, and so does a move the cached game refuses. Either then goes again the sure way: the
   * row locked and read, so of two shards applying the same expected version one commits and the other
   * sees the new version. Usually the first way commits, a round trip fewer than the second.
   */
  async applyAction(gameId: GameId, input: StoreApplyInput): Promise<StoreAppliedAction> {
    const { actionJson, action } = readAction(gameId, input.action);
    const cached = this.core.cache.get(gameId);
    if (cached?.status === 'active') {
      try {
        return await this.applyOn(gameId, input, action, actionJson, cached);
      } catch (error) {
        // A stale cache or a refusal: the locked way gives the committed answer. Anything else is real.
        if (!(error instanceof StoreError || error instanceof CacheMoved || isDuplicateKey(error)))
          throw error;
      }
    }
    return this.applyOn(gameId, input, action, actionJson, null);
  }

  /** `known`: the cached game to move from, its head unchecked; null: lock and read the row first. */
  private async applyOn(
    gameId: GameId,
    input: StoreApplyInput,
    action: unknown,
    actionJson: string,
    known: GameRecord | null,
  ): Promise<StoreAppliedAction> {
    const { alongside } = input;
    let parts: readonly StatePart[] = [];
    const applied = await this.core.transaction(async (tx) => {
      const game = known ?? (await this.core.loadCurrent(tx, gameId));
      const now = this.core.now();
      const move = nextMove(game, input, action, now);
      const { seq } = move;
      parts = move.parts;
      await this.core.writeParts(tx, parts);
      // The append and the state in one statement: one round trip fewer on every move.
      const saved = await tx.execute(sql`
        with appended as (
          insert into actions (game_id, seq, seat, action, created_at, log, made_by)
          values (${gameId}, ${seq}, ${input.seat}, ${actionJson}, ${now.toISOString()}, ${move.logJson},
            ${input.madeBy ?? null})
        )
        update games set state = ${move.stateJson}, version = ${seq}, status = ${move.next.status},
          outcome = ${move.outcomeJson}, finished_at = ${move.next.finishedAt?.toISOString() ?? null},
          updated_at = ${now.toISOString()}
        where id = ${gameId} and version = ${game.version} and status = ${game.status}
          and updated_at = ${game.updatedAt.toISOString()}`);
      if (saved.rowCount !== 1) {
        // From the cache: the row moved on meanwhile. Under the row lock it cannot happen; if it ever
        // did, the throw rolls the append back all the same.
        if (known) throw new CacheMoved();
        throw new Error(`game #${gameId} changed under the row lock`);
      }
      let timeoutsInARow: number | undefined;
      if (alongside?.fireRow !== undefined)
        checkFiredOnce(
          await markDone(tx, alongside.fireRow, FIRED, this.core.now()),
          alongside.fireRow,
          gameId,
        );
      if (alongside?.timeouts === 'reset') await resetAbsence(tx, gameId, input.seat);
      if (alongside?.timeouts === 'count') timeoutsInARow = await countTimeout(tx, gameId, input.seat);
      let planned: PlannedRow[] | undefined;
      if (alongside?.schedule) {
        const plan = alongside.schedule(move.next);
        if (plan.cancel !== undefined) await cancelRows(tx, gameId, plan.cancel, now);
        planned = await planAll(tx, plan.rows, now);
      }
      // In this transaction: a crash after the commit cannot leave a finished game unrated.
      if (move.outcome) await this.core.ratings.gameFinished(tx, move.next);
      const result: StoreAppliedAction = {
        game: move.next,
        seq,
        label: move.label,
        finished: move.outcome !== null,
      };
      return {
        ...result,
        ...(timeoutsInARow === undefined ? {} : { timeoutsInARow }),
        ...(planned === undefined ? {} : { planned }),
      };
    });
    // Only after the commit: a failed commit leaves the cache at the committed state.
    this.core.cache.set(applied.game);
    this.core.committed(parts);
    return applied;
  }

  cancelGame(gameId: GameId): Promise<GameRecord> {
    return this.core.change(gameId, OPEN_STATUSES, async (tx) => {
      const now = this.core.now();
      await tx
        .update(games)
        .set({ status: 'cancelled', updatedAt: now, finishedAt: now })
        .where(eq(games.id, gameId));
    });
  }

  /** `Store.settleAsItStands`: the row locked, finished as it stands, with its plan's rows, in one transaction. */
  async settleAsItStands(gameId: GameId, plan: (next: GameRecord) => SchedulePlan): Promise<SettledGame> {
    let planned: readonly PlannedRow[] = [];
    const game = await this.core.change(gameId, ['active'], async (tx, game) => {
      const now = this.core.now();
      await tx
        .update(games)
        .set(settledColumns(getModule(game.type), game, now))
        .where(eq(games.id, gameId));
      const rows = plan(await this.core.loadFromDatabase(tx, gameId));
      if (rows.cancel !== undefined) await cancelRows(tx, gameId, rows.cancel, now);
      planned = await planAll(tx, rows.rows, now);
    });
    return { game, planned };
  }

  getGame(gameId: GameId): Promise<GameRecord> {
    return this.core.getGame(gameId);
  }

  async findGame(gameId: GameId): Promise<GameRecord | undefined> {
    try {
      return await this.getGame(gameId);
    } catch (error) {
      if (error instanceof GameNotFoundError) return undefined;
      throw error;
    }
  }

  actionLog(gameId: GameId) {
    return lookups.actionLog(this.core.db, gameId);
  }

  gamesInChannel(channelId: string, statuses: readonly GameStatus[] = OPEN_STATUSES) {
    return lookups.gamesInChannel(this.core.db, channelId, statuses);
  }

  gameInThread(threadId: string) {
    return lookups.gameInThread(this.core.db, threadId);
  }

  gamesInGuild(guildId: string, statuses: readonly GameStatus[] = OPEN_STATUSES) {
    return lookups.gamesInGuild(this.core.db, guildId, statuses);
  }

  gamesOfUser(userId: string, statuses: readonly GameStatus[] = OPEN_STATUSES) {
    return lookups.gamesOfUser(this.core.db, userId, statuses);
  }

  listGames(statuses: readonly GameStatus[] = OPEN_STATUSES, limit = 1_000) {
    return lookups.listGames(this.core.db, statuses, limit);
  }

  countGames(statuses: readonly GameStatus[] = OPEN_STATUSES) {
    return lookups.countGames(this.core.db, statuses);
  }

  importGame(game: ImportedGame): Promise<GameId> {
    return importOnPostgres(this.core, game);
  }

  verifyGames(onProgress?: (checked: number) => void): Promise<VerifyReport> {
    return verifyOnPostgres(this.core, onProgress);
  }
}

/** The cached game was not the committed one any more: nothing was written. */
class CacheMoved extends Error {
  override readonly name = 'CacheMoved';
}

/** PostgreSQL's unique violation, as pg raises it or drizzle wraps it: another writer appended this move. */
function isDuplicateKey(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}
