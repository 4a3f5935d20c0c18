/**
 * What the parts of the PostgreSQL store share, as `StoreCore` is for SQLite: the pool, the cache, the
 * clock, the rating book and the one transaction rule. Several shards write the same rows, so every write
 * takes the game's row lock (`SELECT … FOR NO KEY UPDATE`) first: the version and status it checks are
 * the ones it replaces, and a cached game is used only while the row still has its head (`isCurrent`).
 */
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { type AnyGame, getGame as getModule } from '../games/registry.ts';
import { PgRatingBook } from '../ratings/pg-rating-book.ts';
import { type GameId, GameNotFoundError, WrongStatusError } from './errors.ts';
import { GameCache } from './game-cache.ts';
import type { PgConnection, PgDrizzle, PgExecutor } from './pg-database.ts';
import { readStoredParts } from './pg-lookups.ts';
import { actions, games, seatHolders, seats, stateParts } from './pg-schema.ts';
import { RECENT_LINES } from './recent-log.ts';
import {
  type GameRecord,
  type Participant,
  participantColumns,
  type SeatRecord,
  toRecord,
} from './records.ts';
import type { GameStatus } from './schema.ts';
import type { StatePart } from './state-parts.ts';
import { type GameStoreOptions, randomSeed } from './store-core.ts';

const headColumns = { version: games.version, status: games.status, updatedAt: games.updatedAt };
type Head = { version: number; status: GameStatus; updatedAt: Date };

/**
 * Whether a cached game is still the row. SQLite's store compares version and status; here the update
 * time too, because another shard may have changed what no version counts (a seat handed over, a
 * location), and every such change writes `updated_at`.
 */
function isCurrent(cached: GameRecord, head: Head): boolean {
  return (
    cached.version === head.version &&
    cached.status === head.status &&
    cached.updatedAt.getTime() === head.updatedAt.getTime()
  );
}

export class PgCore {
  /** Parts known to be committed (state-parts.ts): every move of a game refers to its start's. */
  private readonly committedParts = new Set<string>();
  readonly cache: GameCache;
  readonly now: () => Date;
  readonly seeds: () => string;
  readonly ratings: PgRatingBook;
  readonly db: PgDrizzle;

  constructor(
    readonly connection: PgConnection,
    options: GameStoreOptions = {},
  ) {
    this.db = connection.db;
    this.cache = new GameCache(options.cacheCapacity ?? 10_000);
    this.now = options.now ?? (() => new Date());
    this.seeds = options.seeds ?? randomSeed;
    this.ratings = new PgRatingBook(this);
  }

  /** BEGIN … COMMIT on one pooled connection; anything thrown rolls back and is rethrown as it was. */
  transaction<T>(fn: (tx: PgExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * The row's head, locked against other writers until the transaction ends; throws `GameNotFoundError`.
   * FOR NO KEY UPDATE rather than FOR UPDATE: writers still exclude each other, but rows pointing at the
   * game (a scheduled reminder, a message, a vote) can be inserted meanwhile; the key never changes.
   */
  async lockHead(tx: PgExecutor, gameId: GameId): Promise<Head> {
    const [head] = await tx.select(headColumns).from(games).where(eq(games.id, gameId)).for('no key update');
    if (!head) throw new GameNotFoundError(gameId);
    return head;
  }

  /** Inside a transaction holding the row lock: the cached game if it is still the committed one. */
  async loadCurrent(tx: PgExecutor, gameId: GameId): Promise<GameRecord> {
    const head = await this.lockHead(tx, gameId);
    const cached = this.cache.get(gameId);
    if (cached && isCurrent(cached, head)) return cached;
    return this.loadFromDatabase(tx, gameId);
  }

  /** `StoreCore.writeParts`: inside a write transaction, the parts not known to be committed. */
  async writeParts(tx: PgExecutor, parts: readonly StatePart[]): Promise<void> {
    for (const part of parts)
      if (!this.committedParts.has(part.hash))
        await tx.insert(stateParts).values({ hash: part.hash, json: part.json }).onConflictDoNothing();
  }

  committed(parts: readonly StatePart[]): void {
    for (const part of parts) this.committedParts.add(part.hash);
  }

  /** Reads the parts a stored state refers to that this process has not read yet. */
  async readParts(tx: PgExecutor, stateJson: string): Promise<void> {
    for (const hash of await readStoredParts(tx, [stateJson])) this.committedParts.add(hash);
  }

  async loadFromDatabase(tx: PgExecutor, gameId: GameId): Promise<GameRecord> {
    const [row] = await tx.select().from(games).where(eq(games.id, gameId));
    if (!row) throw new GameNotFoundError(gameId);
    if (row.state !== null) await this.readParts(tx, row.state);
    const seatRows = await tx.select().from(seats).where(eq(seats.gameId, gameId)).orderBy(asc(seats.seat));
    const logRows =
      row.state === null
        ? []
        : await tx
            .select({ log: sql<string>`${actions.log}`, seq: actions.seq })
            .from(actions)
            .where(and(eq(actions.gameId, gameId), isNotNull(actions.log)))
            .orderBy(desc(actions.seq))
            .limit(RECENT_LINES);
    const holderRows = await tx.select().from(seatHolders).where(eq(seatHolders.gameId, gameId));
    return toRecord(row, seatRows, logRows, holderRows);
  }

  /**
   * The game as committed. A cached copy is served only after a one-row check of its version and status:
   * another shard may have moved the game. A game read afresh is read in one transaction, so its row and
   * seats belong together.
   */
  async getGame(gameId: GameId): Promise<GameRecord> {
    const cached = this.cache.get(gameId);
    if (cached) {
      const [head] = await this.db.select(headColumns).from(games).where(eq(games.id, gameId));
      if (!head) {
        this.cache.delete(gameId);
        throw new GameNotFoundError(gameId);
      }
      if (isCurrent(cached, head)) return cached;
    }
    const game = await this.transaction((tx) => this.loadFromDatabase(tx, gameId));
    this.cache.set(game);
    return game;
  }

  /** `StoreCore.change`: lock and re-read, status check, write, re-read, cache after the commit. */
  async change(
    gameId: GameId,
    allowed: readonly GameStatus[] | null,
    fn: (tx: PgExecutor, game: GameRecord) => Promise<void>,
  ): Promise<GameRecord> {
    const game = await this.transaction(async (tx) => {
      await this.lockHead(tx, gameId);
      const before = await this.loadFromDatabase(tx, gameId);
      if (allowed && !allowed.includes(before.status)) {
        throw new WrongStatusError(gameId, before.status, allowed);
      }
      await fn(tx, before);
      return this.loadFromDatabase(tx, gameId);
    });
    this.cache.set(game);
    return game;
  }

  /** `StoreCore.lobbyChange`: a change allowed only in the lobby. */
  lobbyChange(
    gameId: GameId,
    fn: (tx: PgExecutor, game: GameRecord, module: AnyGame) => Promise<void>,
  ): Promise<GameRecord> {
    return this.change(gameId, ['lobby'], async (tx, game) => {
      await fn(tx, game, getModule(game.type));
      await tx.update(games).set({ updatedAt: this.now() }).where(eq(games.id, gameId));
    });
  }

  /** `StoreCore.writeSeats`: every seat rewritten, numbered in list order. */
  async writeSeats(
    tx: PgExecutor,
    gameId: GameId,
    list: readonly (Participant | SeatRecord)[],
  ): Promise<void> {
    await tx.delete(seats).where(eq(seats.gameId, gameId));
    if (list.length === 0) return;
    await tx.insert(seats).values(
      list.map((who, seat) => {
        const columns =
          'seat' in who ? { userId: who.userId, botKind: who.botKind } : participantColumns(who);
        return { gameId, seat, displayName: who.displayName, ...columns };
      }),
    );
  }
}
