/**
 * Games in the database: lobbies, starting, applying actions, cancelling, and the lookups the Discord layer
 * needs. Every write is one synchronous better-sqlite3 transaction taken with BEGIN IMMEDIATE, so it holds
 * the write lock from its first read: the version it checks is the version it replaces.
 *
 * Game-agnostic: rules come from the module registered for the game's type.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Outcome, Seat } from '../games/kernel/types.ts';
import { type AnyGame, getGame as getModule } from '../games/registry.ts';
import { lobbyRating } from '../ratings/eligibility.ts';
import { RatingBook } from '../ratings/rating-book.ts';
import type { ScarabDatabase } from './database.ts';
import {
  type GameId,
  GameNotFoundError,
  InvalidActionError,
  InvalidOptionsError,
  LobbyError,
  NotASeatError,
  RuleRefusedError,
  StaleVersionError,
  WrongStatusError,
} from './errors.ts';
import { GameCache } from './game-cache.ts';
import * as lookups from './lookups.ts';
import type { GameMessage, GameMessageInput } from './messages.ts';
import * as messages from './messages.ts';
import {
  type ActionRecord,
  type GameRecord,
  type GameSummary,
  type Participant,
  participantColumns,
  type SeatRecord,
  toRecord,
} from './records.ts';
import { startState, stepState, toJson } from './replay.ts';
import { type GameStatus, games, seats } from './schema.ts';
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
}

export interface CreateLobbyInput {
  readonly type: string;
  /** Raw options from the command; validated now and again at start with the real player count. */
  readonly options?: Record<string, unknown>;
  /** Chosen at random when absent (tests and imports pass one). */
  readonly seed?: string;
  readonly guildId?: string | null;
  readonly channelId?: string | null;
  readonly threadId?: string | null;
  readonly hostUserId?: string | null;
  /** Seated at once, in this order (usually the host). */
  readonly seats?: readonly Participant[];
  /** Rated or casual; null or absent: automatic (rated when every seat is a person). */
  readonly rated?: boolean | null;
}

export interface ApplyInput {
  readonly seat: Seat;
  readonly action: unknown;
  /** The version the caller's buttons were drawn from (carried in the custom_id). */
  readonly expectedVersion: number;
}

export interface AppliedAction {
  readonly game: GameRecord;
  /** The action's place in the log; equals `game.version`. */
  readonly seq: number;
  /** The rules declared the game over with this action. */
  readonly finished: boolean;
}

export interface DiscordLocation {
  readonly guildId?: string | null;
  readonly channelId?: string | null;
  readonly threadId?: string | null;
}

export class GameStore {
  private readonly cache: GameCache;
  private readonly now: () => Date;
  private readonly statements;
  /** One wrapper for every write: better-sqlite3 builds four closures each time `transaction()` is called. */
  private readonly immediate: (fn: () => unknown) => unknown;
  /** Ratings live in the same database and change in the transaction that finishes a game. */
  readonly ratings: RatingBook;

  constructor(
    readonly database: ScarabDatabase,
    options: GameStoreOptions = {},
  ) {
    this.cache = new GameCache(options.cacheCapacity ?? 10_000);
    this.now = options.now ?? (() => new Date());
    this.statements = prepareStatements(database.db);
    this.immediate = database.sqlite.transaction((fn: () => unknown) => fn()).immediate;
    this.ratings = new RatingBook(database);
  }

  /** How many games are in memory (for tests and the benchmark). */
  get cachedGames(): number {
    return this.cache.size;
  }

  /** Forgets every loaded game; the next touch reads the database again. */
  clearCache(): void {
    this.cache.clear();
  }

  // ---- lobby ------------------------------------------------------------------------------------------

  createLobby(input: CreateLobbyInput): GameRecord {
    const module = getModule(input.type);
    const rawOptions = input.options ?? {};
    const seated = input.seats ?? [];
    if (seated.length > module.maxPlayers) {
      throw new RangeError(`a ${module.title} game seats at most ${module.maxPlayers}`);
    }
    // Fail early on options the module will never accept; the player count is a placeholder until start.
    parseOptionsFor(module, 0, rawOptions, Math.max(module.minPlayers, seated.length));
    const optionsJson = toJson(rawOptions, 'the options');
    const now = this.now();
    const game = this.transaction(() => {
      const row = this.database.db
        .insert(games)
        .values({
          type: module.id,
          status: 'lobby',
          options: optionsJson,
          seed: input.seed ?? randomBytes(9).toString('base64url'),
          guildId: input.guildId ?? null,
          channelId: input.channelId ?? null,
          threadId: input.threadId ?? null,
          hostUserId: input.hostUserId ?? null,
          rated: input.rated ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      this.writeSeats(row.id, seated);
      return this.loadFromDatabase(row.id);
    });
    this.cache.set(game);
    return game;
  }

  joinLobby(gameId: GameId, participant: Participant): SeatRecord {
    const game = this.lobbyChange(gameId, (game, module) => {
      if ('userId' in participant && game.seats.some((s) => s.userId === participant.userId)) {
        throw new LobbyError(gameId, 'already-seated', 'You are already in this game.');
      }
      if (game.seats.length >= module.maxPlayers) {
        throw new LobbyError(gameId, 'full', `This game is full (${module.maxPlayers} seats).`);
      }
      this.database.db
        .insert(seats)
        .values({
          gameId,
          seat: game.seats.length,
          displayName: participant.displayName,
          ...participantColumns(participant),
        })
        .run();
    });
    const seat = game.seats.at(-1);
    if (!seat) throw new Error(`game #${gameId} lost the seat it just added`);
    return seat;
  }

  /** Frees a lobby seat, given as a seat number or a Discord user id; later seats move up. */
  leaveLobby(gameId: GameId, who: Seat | string): GameRecord {
    return this.lobbyChange(gameId, (game) => {
      const leaving = game.seats.find((s) => (typeof who === 'string' ? s.userId === who : s.seat === who));
      if (!leaving) throw new LobbyError(gameId, 'not-seated', 'You are not in this game.');
      this.writeSeats(
        gameId,
        game.seats.filter((s) => s !== leaving),
      );
    });
  }

  setLobbyOptions(gameId: GameId, options: Record<string, unknown>): GameRecord {
    return this.lobbyChange(gameId, (game, module) => {
      parseOptionsFor(module, gameId, options, Math.max(module.minPlayers, game.seats.length));
      this.database.db
        .update(games)
        .set({ options: toJson(options, 'the options') })
        .where(eq(games.id, gameId))
        .run();
    });
  }

  /** Rated (true), casual (false) or automatic (null); see src/ratings/eligibility.ts. */
  setLobbyRated(gameId: GameId, rated: boolean | null): GameRecord {
    return this.lobbyChange(gameId, () => {
      this.database.db.update(games).set({ rated }).where(eq(games.id, gameId)).run();
    });
  }

  /**
   * Seats the lobby for good (in `seatOrder`, a permutation of the lobby's seat numbers, or joining order)
   * and sets the game up. The options gain the player count and become exactly what `setup` received.
   */
  startGame(gameId: GameId, seatOrder?: readonly Seat[]): GameRecord {
    return this.lobbyChange(gameId, (game, module) => {
      const count = game.seats.length;
      if (count < module.minPlayers) {
        throw new LobbyError(
          gameId,
          'too-few-players',
          `${module.title} needs at least ${module.minPlayers} players (${count} seated).`,
        );
      }
      const order = seatOrder ?? game.seats.map((s) => s.seat);
      const valid = order.length === count && [...order].sort((a, b) => a - b).every((seat, i) => seat === i);
      if (!valid) {
        throw new LobbyError(
          gameId,
          'bad-seat-order',
          `seat order ${JSON.stringify(order)} is not a permutation`,
        );
      }
      const options = parseOptionsFor(module, gameId, game.options, count);
      const optionsJson = toJson(options, 'the options');
      const { state, stateJson } = startState(module, optionsJson, game.seed);
      const outcome = module.outcome(state);
      const now = this.now();
      const seated = order.map((old) => game.seats[old] as SeatRecord);
      this.writeSeats(gameId, seated);
      this.database.db
        .update(games)
        .set({
          // Decided now, for good: seats can no longer come and go as they do in the lobby.
          rated: lobbyRating(game.rated, seated).rated,
          status: outcome ? 'finished' : 'active',
          options: optionsJson,
          state: stateJson,
          version: 0,
          outcome: outcome ? toJson(outcome, 'the outcome') : null,
          startedAt: now,
          finishedAt: outcome ? now : null,
          updatedAt: now,
        })
        .where(eq(games.id, gameId))
        .run();
      if (outcome) this.ratings.gameFinished(this.loadFromDatabase(gameId));
    });
  }

  // ---- play -------------------------------------------------------------------------------------------

  /**
   * Applies one action in one transaction: check the version the caller saw, apply through the rules,
   * append to the log, save the new state. Throws a `StoreError` (and writes nothing) when refused.
   */
  applyAction(gameId: GameId, input: ApplyInput): AppliedAction {
    let actionJson: string;
    try {
      actionJson = toJson(input.action, 'the action');
    } catch (error) {
      throw new InvalidActionError(gameId, error instanceof Error ? error.message : String(error));
    }
    // What the module sees is what a replay will see: the action as read back from the log.
    const action: unknown = JSON.parse(actionJson);
    const applied = this.transaction(() => {
      const game = this.loadCurrent(gameId);
      if (input.expectedVersion !== game.version) {
        throw new StaleVersionError(gameId, input.expectedVersion, game.version, game.status);
      }
      if (game.status !== 'active') throw new WrongStatusError(gameId, game.status, ['active']);
      if (!game.seats.some((s) => s.seat === input.seat)) throw new NotASeatError(gameId, input.seat);
      const module = getModule(game.type);
      const step = stepState(module, game.state, input.seat, action, false);
      if (!step.ok) throw new RuleRefusedError(gameId, step.error);

      const outcome: Outcome | null = module.outcome(step.state);
      const seq = game.version + 1;
      const now = this.now();
      this.statements.appendAction.run({
        gameId,
        seq,
        seat: input.seat,
        action: actionJson,
        createdAt: now,
      });
      const changed = this.statements.saveState.run({
        id: gameId,
        expected: game.version,
        state: step.stateJson,
        version: seq,
        status: outcome ? 'finished' : 'active',
        outcome: outcome ? toJson(outcome, 'the outcome') : null,
        finishedAtMs: outcome ? now.getTime() : null,
        updatedAtMs: now.getTime(),
      });
      // Cannot happen under BEGIN IMMEDIATE; if it ever did, the throw rolls the append back.
      if (changed.changes !== 1) throw new Error(`game #${gameId} changed under the write lock`);
      const next: GameRecord = {
        ...game,
        state: step.state,
        version: seq,
        status: outcome ? 'finished' : 'active',
        outcome,
        finishedAt: outcome ? now : null,
        updatedAt: now,
      };
      // In this transaction: a crash after the commit cannot leave a finished game unrated.
      if (outcome) this.ratings.gameFinished(next);
      return { game: next, seq, finished: outcome !== null };
    });
    // Only after the commit: a failed commit leaves the cache at the committed state.
    this.cache.set(applied.game);
    return applied;
  }

  cancelGame(gameId: GameId): GameRecord {
    return this.change(gameId, OPEN_STATUSES, () => {
      const now = this.now();
      this.database.db
        .update(games)
        .set({ status: 'cancelled', updatedAt: now, finishedAt: now })
        .where(eq(games.id, gameId))
        .run();
    });
  }

  /**
   * Gives a seat to someone else (a computer player taking over, say); the game state is untouched. During
   * play this marks the game handed over, which keeps it out of the ratings.
   */
  replaceSeat(gameId: GameId, seat: Seat, participant: Participant): GameRecord {
    return this.change(gameId, OPEN_STATUSES, (game) => {
      if (!game.seats.some((s) => s.seat === seat)) throw new NotASeatError(gameId, seat);
      if (
        'userId' in participant &&
        game.seats.some((s) => s.userId === participant.userId && s.seat !== seat)
      ) {
        throw new LobbyError(gameId, 'already-seated', 'That player already has a seat in this game.');
      }
      // A person leaving or joining mid-game makes the result no one's whole game; computers swapping is not.
      const handedOver =
        game.status === 'active' &&
        (game.seats.find((s) => s.seat === seat)?.userId != null || 'userId' in participant);
      this.database.db
        .update(seats)
        .set({ displayName: participant.displayName, ...participantColumns(participant) })
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
        .run();
      this.database.db
        .update(games)
        .set({ updatedAt: this.now(), ...(handedOver ? { handedOver: true } : {}) })
        .where(eq(games.id, gameId))
        .run();
    });
  }

  /** Records where the game lives on Discord (the thread is often created after the lobby). */
  setLocation(gameId: GameId, location: DiscordLocation): GameRecord {
    return this.change(gameId, null, () => {
      this.database.db
        .update(games)
        .set({ ...location, updatedAt: this.now() })
        .where(eq(games.id, gameId))
        .run();
    });
  }

  // ---- reads ------------------------------------------------------------------------------------------

  /** The game, from memory when loaded; throws `GameNotFoundError`. */
  getGame(gameId: GameId): GameRecord {
    const cached = this.cache.get(gameId);
    if (cached) return cached;
    const game = this.loadFromDatabase(gameId);
    this.cache.set(game);
    return game;
  }

  findGame(gameId: GameId): GameRecord | undefined {
    try {
      return this.getGame(gameId);
    } catch (error) {
      if (error instanceof GameNotFoundError) return undefined;
      throw error;
    }
  }

  seatsOf(gameId: GameId): readonly SeatRecord[] {
    return this.getGame(gameId).seats;
  }

  /** The action log in order (for a log view, a replay, an export). */
  actionLog(gameId: GameId): ActionRecord[] {
    return lookups.actionLog(this.database.db, gameId);
  }

  /** Games played in a channel, or in a thread with this id; newest first. */
  gamesInChannel(channelId: string, statuses: readonly GameStatus[] = OPEN_STATUSES): GameSummary[] {
    return lookups.gamesInChannel(this.database.db, channelId, statuses);
  }

  /** The newest game living in this thread. */
  gameInThread(threadId: string): GameSummary | undefined {
    return lookups.gameInThread(this.database.db, threadId);
  }

  gamesInGuild(guildId: string, statuses: readonly GameStatus[] = OPEN_STATUSES): GameSummary[] {
    return lookups.gamesInGuild(this.database.db, guildId, statuses);
  }

  /** Games where this Discord user holds a seat, newest first. */
  gamesOfUser(userId: string, statuses: readonly GameStatus[] = OPEN_STATUSES): GameSummary[] {
    return lookups.gamesOfUser(this.database.db, userId, statuses);
  }

  listGames(statuses: readonly GameStatus[] = OPEN_STATUSES, limit = 1_000): GameSummary[] {
    return lookups.listGames(this.database.db, statuses, limit);
  }

  countGames(statuses: readonly GameStatus[] = OPEN_STATUSES): number {
    return lookups.countGames(this.database.db, statuses);
  }

  // ---- Discord messages -------------------------------------------------------------------------------

  /** Remembers the latest message of a kind ('lobby', 'board', ...) for a game; null forgets it. */
  setMessage(gameId: GameId, kind: string, message: GameMessageInput | null): void {
    messages.setMessage(this.database.db, gameId, kind, message, this.now());
  }

  getMessage(gameId: GameId, kind: string): GameMessage | undefined {
    return messages.getMessage(this.database.db, gameId, kind);
  }

  messagesOf(gameId: GameId): Record<string, GameMessage> {
    return messages.messagesOf(this.database.db, gameId);
  }

  // ---- internals --------------------------------------------------------------------------------------

  /** One synchronous transaction holding the write lock from its start. */
  private transaction<T>(fn: () => T): T {
    return this.immediate(fn) as T;
  }

  /**
   * A non-action change: always re-read from the database (these are rare, and another connection may have
   * changed seats or options without a new version), then cache the result once committed.
   */
  private change(
    gameId: GameId,
    allowed: readonly GameStatus[] | null,
    fn: (game: GameRecord) => void,
  ): GameRecord {
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

  private lobbyChange(gameId: GameId, fn: (game: GameRecord, module: AnyGame) => void): GameRecord {
    return this.change(gameId, ['lobby'], (game) => {
      fn(game, getModule(game.type));
      this.database.db.update(games).set({ updatedAt: this.now() }).where(eq(games.id, gameId)).run();
    });
  }

  private writeSeats(gameId: GameId, list: readonly (Participant | SeatRecord)[]): void {
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
  private loadCurrent(gameId: GameId): GameRecord {
    const head = this.statements.head.get({ id: gameId });
    if (!head) throw new GameNotFoundError(gameId);
    const cached = this.cache.get(gameId);
    if (cached && cached.version === head.version && cached.status === head.status) return cached;
    const game = this.loadFromDatabase(gameId);
    this.cache.set(game);
    return game;
  }

  private loadFromDatabase(gameId: GameId): GameRecord {
    const row = this.statements.game.get({ id: gameId });
    if (!row) throw new GameNotFoundError(gameId);
    return toRecord(row, this.statements.seats.all({ id: gameId }));
  }
}

function parseOptionsFor(module: AnyGame, gameId: GameId, raw: unknown, players: number): unknown {
  const base = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
  try {
    return module.parseOptions({ ...base, [PLAYER_COUNT_OPTION]: players });
  } catch (error) {
    throw new InvalidOptionsError(gameId, error instanceof Error ? error.message : String(error));
  }
}
