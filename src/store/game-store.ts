/**
 * Games in the database: starting, applying actions, cancelling, and the lookups the Discord layer needs.
 * The entry point of the store: lobbies and seats are `store.lobbies` (lobby-store.ts), where a game lives
 * on Discord is `store.locations` (discord-locations.ts). All three write through the one transaction rule
 * of store-core.ts: one synchronous better-sqlite3 transaction taken with BEGIN IMMEDIATE, so it holds the
 * write lock from its first read and the version it checks is the version it replaces.
 *
 * Game-agnostic: rules come from the module registered for the game's type.
 */
import { eq } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import { getGame as getModule } from '../games/registry.ts';
import type { RatingBook } from '../ratings/rating-book.ts';
import { AbsenceStore } from './absence-store.ts';
import type { ScarabDatabase } from './database.ts';
import { DiscordLocations } from './discord-locations.ts';
import { type GameId, GameNotFoundError } from './errors.ts';
import { nextMove, readAction, startedGame } from './game-steps.ts';
import { GuildSettingsStore } from './guild-settings-store.ts';
import { HintStore } from './hint-store.ts';
import { KeyMomentsStore } from './key-moments-store.ts';
import { LobbyStore } from './lobby-store.ts';
import * as lookups from './lookups.ts';
import { PlayerSettingsStore } from './player-settings-store.ts';
import { PrivacyStore } from './privacy-store.ts';
import type { ActionRecord, AppliedAction, GameRecord, GameSummary, PlannedRow } from './records.ts';
import { ScheduleStore } from './schedule-store.ts';
import { type GameStatus, games } from './schema.ts';
import { settledColumns } from './settled-outcome.ts';
import type { StatePart } from './state-parts.ts';
import type { SchedulePlan, SettledGame, StoreApplyInput } from './store.ts';
import { type GameStoreOptions, OPEN_STATUSES, StoreCore } from './store-core.ts';
import { TournamentStore } from './tournament-store.ts';

export type { AppliedAction } from './records.ts';
export { type GameStoreOptions, OPEN_STATUSES, PLAYER_COUNT_OPTION } from './store-core.ts';

/** `StoreApplyInput` on SQLite, where what commits with the action may be a callback. */
export interface ApplyInput extends Omit<StoreApplyInput, 'alongside'> {
  /**
   * Runs inside the action's transaction once it is written (e.g. marking a scheduled time-out done),
   * so both commit or neither; a throw refuses the action.
   */
  readonly inSameTransaction?: (next: GameRecord) => void;
}

export class GameStore {
  private readonly core: StoreCore;
  /** Ratings live in the same database and change in the transaction that finishes a game. */
  readonly ratings: RatingBook;
  /** Lobbies and seats: creating, joining, leaving, options, a seat changing hands. */
  readonly lobbies: LobbyStore;
  /** Where each game lives on Discord: guild, channel, thread and the messages it points at. */
  readonly locations: DiscordLocations;
  /** What is due later: reminders, time-outs (schedule-store.ts). */
  readonly schedule: ScheduleStore;
  /** A person's own settings: time zone, quiet hours, turn DMs, vacation (player-settings-store.ts). */
  readonly players: PlayerSettingsStore;
  /** A server's own settings: its seasons (guild-settings-store.ts). */
  readonly guilds: GuildSettingsStore;
  /** Seats whose person keeps timing out, and the vote on replacing them (absence-store.ts). */
  readonly absences: AbsenceStore;
  readonly hints: HintStore;
  /** A person's own data, and forgetting it; a server's, once the bot left it (privacy-store.ts). */
  readonly privacy: PrivacyStore;
  /** Finished games' key moments, written once (key-moments-store.ts). */
  readonly keyMoments: KeyMomentsStore;
  /** Tournaments in rows (tournament-store.ts). */
  readonly tournaments: TournamentStore;

  constructor(
    readonly database: ScarabDatabase,
    options: GameStoreOptions = {},
  ) {
    this.core = new StoreCore(database, options);
    this.ratings = this.core.ratings;
    this.lobbies = new LobbyStore(this.core);
    this.locations = new DiscordLocations(this.core);
    this.schedule = new ScheduleStore(this.core);
    this.players = new PlayerSettingsStore(this.core);
    this.guilds = new GuildSettingsStore(this.core);
    this.absences = new AbsenceStore(this.core);
    this.hints = new HintStore(this.core);
    this.privacy = new PrivacyStore(this.core);
    this.keyMoments = new KeyMomentsStore(this.core);
    this.tournaments = new TournamentStore(this.core);
  }

  /** How many games are in memory (for tests and the benchmark). */
  get cachedGames(): number {
    return this.core.cache.size;
  }

  /** Forgets every loaded game; the next touch reads the database again. */
  clearCache(): void {
    this.core.cache.clear();
  }

  // ---- lifecycle --------------------------------------------------------------------------------------

  /**
   * Seats the lobby for good (in `seatOrder`, a permutation of the lobby's seat numbers, or joining order)
   * and sets the game up. The options gain the player count and become exactly what `setup` received.
   */
  startGame(gameId: GameId, seatOrder?: readonly Seat[]): GameRecord {
    let parts: readonly StatePart[] = [];
    const game = this.core.lobbyChange(gameId, (game, module) => {
      const started = startedGame(game, module, seatOrder, this.core.now());
      parts = started.parts;
      this.core.writeParts(parts);
      this.core.writeSeats(gameId, started.seated);
      this.database.db.update(games).set(started.columns).where(eq(games.id, gameId)).run();
      if (started.finished) this.ratings.gameFinished(this.core.loadFromDatabase(gameId));
    });
    this.core.committed(parts);
    return game;
  }

  // ---- play -------------------------------------------------------------------------------------------

  /**
   * Applies one action in one transaction: check the version the caller saw, apply through the rules,
   * append to the log, save the new state. Throws a `StoreError` (and writes nothing) when refused.
   */
  applyAction(gameId: GameId, input: ApplyInput): AppliedAction {
    const { actionJson, action } = readAction(gameId, input.action);
    let parts: readonly StatePart[] = [];
    const applied = this.core.transaction(() => {
      const game = this.core.loadCurrent(gameId);
      const now = this.core.now();
      const move = nextMove(game, input, action, now);
      this.core.writeParts(move.parts);
      this.core.statements.appendAction.run({
        gameId,
        seq: move.seq,
        seat: input.seat,
        action: actionJson,
        createdAt: now,
        log: move.logJson,
        madeBy: input.madeBy ?? null,
      });
      const changed = this.core.statements.saveState.run({
        id: gameId,
        expected: game.version,
        state: move.stateJson,
        version: move.seq,
        status: move.next.status,
        outcome: move.outcomeJson,
        finishedAtMs: move.outcome ? now.getTime() : null,
        updatedAtMs: now.getTime(),
      });
      // Cannot happen under BEGIN IMMEDIATE; if it ever did, the throw rolls the append back.
      if (changed.changes !== 1) throw new Error(`game #${gameId} changed under the write lock`);
      input.inSameTransaction?.(move.next);
      // In this transaction: a crash after the commit cannot leave a finished game unrated.
      if (move.outcome) this.ratings.gameFinished(move.next);
      parts = move.parts;
      return { game: move.next, seq: move.seq, label: move.label, finished: move.outcome !== null };
    });
    // Only after the commit: a failed commit leaves the cache at the committed state.
    this.core.cache.set(applied.game);
    this.core.committed(parts);
    return applied;
  }

  cancelGame(gameId: GameId): GameRecord {
    return this.core.change(gameId, OPEN_STATUSES, () => {
      const now = this.core.now();
      this.database.db
        .update(games)
        .set({ status: 'cancelled', updatedAt: now, finishedAt: now })
        .where(eq(games.id, gameId))
        .run();
    });
  }

  /** `Store.settleAsItStands`: finished as it stands, unrated, with its plan's rows, in one transaction. */
  settleAsItStands(gameId: GameId, plan: (next: GameRecord) => SchedulePlan): SettledGame {
    let planned: readonly PlannedRow[] = [];
    const game = this.core.change(gameId, ['active'], (game) => {
      const columns = settledColumns(getModule(game.type), game, this.core.now());
      this.database.db.update(games).set(columns).where(eq(games.id, gameId)).run();
      const rows = plan(this.core.loadFromDatabase(gameId));
      if (rows.cancel !== undefined) this.schedule.cancelGame(gameId, rows.cancel);
      planned = this.schedule.planAll(rows.rows);
    });
    return { game, planned };
  }

  // ---- reads ------------------------------------------------------------------------------------------

  /** The game, from memory when loaded; throws `GameNotFoundError`. */
  getGame(gameId: GameId): GameRecord {
    return this.core.getGame(gameId);
  }

  findGame(gameId: GameId): GameRecord | undefined {
    try {
      return this.getGame(gameId);
    } catch (error) {
      if (error instanceof GameNotFoundError) return undefined;
      throw error;
    }
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
}
