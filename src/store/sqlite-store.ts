/**
 * The `Store` contract over the SQLite `GameStore`: each call runs synchronously, as it always did (one
 * better-sqlite3 transaction per write), and its result or error is handed back as a promise. Running at
 * call time rather than on a later tick keeps the order of writes exactly the order of the calls.
 */
import type { GameStore } from './game-store.ts';
import {
  ABSENCE_METHODS,
  type Async,
  LOBBY_METHODS,
  LOCATION_METHODS,
  PLAYER_METHODS,
  RATING_METHODS,
  SCHEDULE_METHODS,
  type Store,
  type StoreAppliedAction,
  type StoreApplyInput,
} from './store.ts';

function settle<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** `keys` of `target`, each run now and answered as a promise. */
function promised<T extends object, K extends keyof T>(target: T, keys: readonly K[]): Async<Pick<T, K>> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const method = target[key] as unknown as (...args: unknown[]) => unknown;
    out[key as string] = (...args: unknown[]) => settle(() => method.apply(target, args));
  }
  return out as Async<Pick<T, K>>;
}

export class SqliteStore implements Store {
  readonly backend = 'sqlite';
  readonly lobbies;
  readonly locations;
  readonly schedule;
  readonly players;
  readonly absences;
  readonly ratings;

  /** `sync` stays reachable for what only SQLite has (the tools, checkpoints, tests reading rows). */
  constructor(readonly sync: GameStore) {
    this.lobbies = promised(sync.lobbies, LOBBY_METHODS);
    this.locations = promised(sync.locations, LOCATION_METHODS);
    this.schedule = promised(sync.schedule, SCHEDULE_METHODS);
    this.players = promised(sync.players, PLAYER_METHODS);
    this.absences = promised(sync.absences, ABSENCE_METHODS);
    this.ratings = promised(sync.ratings, RATING_METHODS);
  }

  get cachedGames(): number {
    return this.sync.cachedGames;
  }

  clearCache(): void {
    this.sync.clearCache();
  }

  async close(): Promise<void> {
    this.sync.database.close();
  }

  applyAction(gameId: number, input: StoreApplyInput): Promise<StoreAppliedAction> {
    return settle(() => {
      const { alongside, ...rest } = input;
      if (!alongside) return this.sync.applyAction(gameId, rest);
      let timeoutsInARow: number | undefined;
      const applied = this.sync.applyAction(gameId, {
        ...rest,
        inSameTransaction: () => {
          if (alongside.fireRow !== undefined && !this.sync.schedule.markDone(alongside.fireRow, 'fired'))
            throw new Error(`scheduled row ${alongside.fireRow} of game #${gameId} fired twice`);
          if (alongside.timeouts === 'reset') this.sync.absences.reset(gameId, input.seat);
          if (alongside.timeouts === 'count')
            timeoutsInARow = this.sync.absences.countTimeout(gameId, input.seat);
        },
      });
      return timeoutsInARow === undefined ? applied : { ...applied, timeoutsInARow };
    });
  }

  startGame: Store['startGame'] = (gameId, seatOrder) => settle(() => this.sync.startGame(gameId, seatOrder));
  cancelGame: Store['cancelGame'] = (gameId) => settle(() => this.sync.cancelGame(gameId));
  getGame: Store['getGame'] = (gameId) => settle(() => this.sync.getGame(gameId));
  findGame: Store['findGame'] = (gameId) => settle(() => this.sync.findGame(gameId));
  actionLog: Store['actionLog'] = (gameId) => settle(() => this.sync.actionLog(gameId));
  gamesInChannel: Store['gamesInChannel'] = (channelId, statuses) =>
    settle(() => this.sync.gamesInChannel(channelId, statuses));
  gameInThread: Store['gameInThread'] = (threadId) => settle(() => this.sync.gameInThread(threadId));
  gamesInGuild: Store['gamesInGuild'] = (guildId, statuses) =>
    settle(() => this.sync.gamesInGuild(guildId, statuses));
  gamesOfUser: Store['gamesOfUser'] = (userId, statuses) =>
    settle(() => this.sync.gamesOfUser(userId, statuses));
  listGames: Store['listGames'] = (statuses, limit) => settle(() => this.sync.listGames(statuses, limit));
  countGames: Store['countGames'] = (statuses) => settle(() => this.sync.countGames(statuses));
}

/** What the bot's entry points accept: a store, or a SQLite `GameStore` (tests and tools hold one). */
export function asStore(store: Store | GameStore): Store {
  return 'backend' in store ? store : new SqliteStore(store);
}
