import { randomBytes } from 'node:crypto';
/**
 * What the games, the lobbies and the Discord locations share: one connection, one set of prepared
 * statements, one cache, one rating book and one transaction rule. Kept in one object so the three parts
 * cannot drift apart: a write from any of them sees and refreshes the same cached game.
 */
import { eq } from 'drizzle-orm';
import { type AnyGame, getGame as getModule } from '../games/registry.ts';
import { RatingBook } from '../ratings/rating-book.ts';
import { pinOptions } from './catalog-pins.ts';
import type { ScarabDatabase } from './database.ts';
import { type GameId, GameNotFoundError, InvalidOptionsError, WrongStatusError } from './errors.ts';
import { GameCache } from './game-cache.ts';
import { readStoredParts } from './lookups.ts';
import {
  type GameRecord,
  type Participant,
  participantColumns,
  type SeatRecord,
  toRecord,
} from './records.ts';
import { type GameStatus, games, seats } from './schema.ts';
import type { StatePart } from './state-parts.ts';
import { prepareStatements } from './statements.ts';

/**
 * The contract's `setup(options, seed)` has no player count, so games read it from their options under this
 * name; the store fills it in from the seats when the game starts.
 */
export const PLAYER_COUNT_OPTION = 'players';

export const OPEN_STATUSES: readonly GameStatus[] = ['lobby', 'active'];

export interface GameStoreOptions {
  /** The clock for created/updated/finished times (tests pin it). */
  readonly now?: () => Date;
  /** Games kept in memory; the least recently touched are dropped beyond this. */
  readonly cacheCapacity?: number;
  /**
   * The seed of each new game that is not given one: 9 random bytes unless given. End-to-end tests pass a
   * seeded sequence, so that a failing game can be played again with the same cards.
   */
  readonly seeds?: () => string;
}

/** Nine random bytes: a new game's deal nobody can predict. */
export const randomSeed = (): string => randomBytes(9).toString('base64url');

/** Internal to `src/store`: the parts take it, callers go through `GameStore`. */
export class StoreCore {
  readonly cache: GameCache;
  readonly now: () => Date;
  readonly seeds: () => string;
  readonly statements: ReturnType<typeof prepareStatements>;
  /** Ratings live in the same database and change in the transaction that finishes a game. */
  readonly ratings: RatingBook;
  /** Parts known to be committed (state-parts.ts): every move of a game refers to its start's. */
  private readonly committedParts = new Set<string>();
  /** One wrapper for every write: better-sqlite3 builds four closures each time `transaction()` is called. */
  private readonly immediate: (fn: () => unknown) => unknown;

  constructor(
    readonly database: ScarabDatabase,
    options: GameStoreOptions = {},
  ) {
    this.cache = new GameCache(options.cacheCapacity ?? 10_000);
    this.now = options.now ?? (() => new Date());
    this.seeds = options.seeds ?? randomSeed;
    this.statements = prepareStatements(database.db);
    this.immediate = database.sqlite.transaction((fn: () => unknown) => fn()).immediate;
    this.ratings = new RatingBook(database);
  }

  /** One synchronous transaction holding the write lock from its start. */
  transaction<T>(fn: () => T): T {
    return this.immediate(fn) as T;
  }

  /**
   * The game, from memory when loaded and still current; throws `GameNotFoundError`. The row's version
   * and status are read each time (one primary-key lookup): another process — a shard of the same bot on
   * the same file — may have moved the game since it was cached.
   */
  getGame(gameId: GameId): GameRecord {
    return this.loadCurrent(gameId);
  }

  /**
   * A non-action change: always re-read from the database (these are rare, and another connection may have
   * changed seats or options without a new version), then cache the result once committed.
   */
  change(gameId: GameId, allowed: readonly GameStatus[] | null, fn: (game: GameRecord) => void): GameRecord {
    const game = this.transaction(() => {
      const before = this.loadFromDatabase(gameId);
      if (allowed && !allowed.includes(before.status)) {
        throw new WrongStatusError(gameId, before.status, allowed);
      }
      fn(before);
      return this.loadFromDatabase(gameId);
    });
    this.cache.set(game);
    return game;
  }

  /** A change allowed only in the lobby; starting a game is one too, its last. */
  lobbyChange(gameId: GameId, fn: (game: GameRecord, module: AnyGame) => void): GameRecord {
    return this.change(gameId, ['lobby'], (game) => {
      fn(game, getModule(game.type));
      this.database.db.update(games).set({ updatedAt: this.now() }).where(eq(games.id, gameId)).run();
    });
  }

  /** Rewrites every seat, numbered in list order (seats are renumbered when someone leaves or at start). */
  writeSeats(gameId: GameId, list: readonly (Participant | SeatRecord)[]): void {
    this.database.db.delete(seats).where(eq(seats.gameId, gameId)).run();
    list.forEach((who, seat) => {
      const columns = 'seat' in who ? { userId: who.userId, botKind: who.botKind } : participantColumns(who);
      this.database.db
        .insert(seats)
        .values({ gameId, seat, displayName: who.displayName, ...columns })
        .run();
    });
  }

  /**
   * Inside a transaction: the game as committed. The cached copy is used when the row's version and status
   * still match it (always, when this process is the only writer); otherwise the row is read again.
   */
  loadCurrent(gameId: GameId): GameRecord {
    const head = this.statements.head.get({ id: gameId });
    if (!head) throw new GameNotFoundError(gameId);
    const cached = this.cache.get(gameId);
    if (cached && cached.version === head.version && cached.status === head.status) return cached;
    const game = this.loadFromDatabase(gameId);
    this.cache.set(game);
    return game;
  }

  /**
   * Inside a write transaction: the parts a state refers to, unless known to be committed (they never
   * change, so once is enough). The caller calls `committed` once its transaction has committed.
   */
  writeParts(parts: readonly StatePart[]): void {
    for (const part of parts)
      if (!this.committedParts.has(part.hash))
        this.statements.writePart.run({ hash: part.hash, json: part.json });
  }

  committed(parts: readonly StatePart[]): void {
    for (const part of parts) this.committedParts.add(part.hash);
  }

  loadFromDatabase(gameId: GameId): GameRecord {
    const row = this.statements.game.get({ id: gameId });
    if (!row) throw new GameNotFoundError(gameId);
    if (row.state !== null) this.readParts(row.state);
    return toRecord(
      row,
      this.statements.seats.all({ id: gameId }),
      this.statements.recentLog.all({ id: gameId }),
      this.statements.holders.all({ id: gameId }),
    );
  }

  /** Reads the parts a stored state refers to that this process has not read yet. */
  readParts(stateJson: string): void {
    for (const hash of readStoredParts(this.database.db, [stateJson])) this.committedParts.add(hash);
  }
}

/**
 * A lobby's options as the game they start: with the player count, and pinned to today's card catalogs
 * (catalog-pins.ts), so that they are checked against, and dealt from, the cards a new game gets.
 */
export function parseOptionsFor(module: AnyGame, gameId: GameId, raw: unknown, players: number): unknown {
  const base = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
  try {
    return module.parseOptions(pinOptions(module, { ...base, [PLAYER_COUNT_OPTION]: players }));
  } catch (error) {
    throw new InvalidOptionsError(gameId, error instanceof Error ? error.message : String(error));
  }
}
