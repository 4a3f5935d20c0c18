/**
 * The `Store` contract (store.ts) over the SQLite `GameStore`: each call runs synchronously, as it always
 * did (one better-sqlite3 transaction per write), and its result or error is handed back as a promise.
 * Running at call time rather than on a later tick keeps the order of writes exactly the order of the
 * calls. Each repository is spelt out method by method, so the compiler checks the SQLite classes against
 * the contract rather than the contract being read off them.
 */
import { storeImported } from './export-import.ts';
import type { GameStore } from './game-store.ts';
import type { PlannedRow } from './records.ts';
import { checkFiredOnce, FIRED } from './schedule-steps.ts';
import type {
  AbsenceRepository,
  GuildRepository,
  HintRepository,
  KeyMomentsRepository,
  LobbyRepository,
  LocationRepository,
  PlayerRepository,
  PrivacyRepository,
  RatingRepository,
  ScheduleRepository,
  Store,
  StoreAppliedAction,
  StoreApplyInput,
  TournamentRepository,
} from './store.ts';
import { verifyAll } from './verify.ts';

function settle<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}

export class SqliteStore implements Store {
  readonly backend = 'sqlite';
  readonly lobbies: LobbyRepository;
  readonly locations: LocationRepository;
  readonly schedule: ScheduleRepository;
  readonly players: PlayerRepository;
  readonly guilds: GuildRepository;
  readonly absences: AbsenceRepository;
  readonly hints: HintRepository;
  readonly ratings: RatingRepository;
  readonly privacy: PrivacyRepository;
  readonly keyMoments: KeyMomentsRepository;
  readonly tournaments: TournamentRepository;

  /** `sync` stays reachable for what only SQLite has (the tools, checkpoints, tests reading rows). */
  constructor(readonly sync: GameStore) {
    const {
      lobbies,
      locations,
      schedule,
      players,
      guilds,
      absences,
      hints,
      ratings,
      privacy,
      keyMoments,
      tournaments,
    } = sync;
    this.lobbies = {
      create: (input) => settle(() => lobbies.create(input)),
      join: (gameId, participant) => settle(() => lobbies.join(gameId, participant)),
      leave: (gameId, who) => settle(() => lobbies.leave(gameId, who)),
      setOptions: (gameId, options) => settle(() => lobbies.setOptions(gameId, options)),
      setRated: (gameId, rated) => settle(() => lobbies.setRated(gameId, rated)),
      setTurnLimit: (gameId, minutes) => settle(() => lobbies.setTurnLimit(gameId, minutes)),
      setLanguage: (gameId, language) => settle(() => lobbies.setLanguage(gameId, language)),
      setStandIn: (gameId, level) => settle(() => lobbies.setStandIn(gameId, level)),
      setHints: (gameId, allowed) => settle(() => lobbies.setHints(gameId, allowed)),
      replaceSeat: (gameId, seat, participant) =>
        settle(() => lobbies.replaceSeat(gameId, seat, participant)),
      seatsOf: (gameId) => settle(() => lobbies.seatsOf(gameId)),
    };
    this.locations = {
      setLocation: (gameId, location) => settle(() => locations.setLocation(gameId, location)),
      setMessage: (gameId, kind, message) => settle(() => locations.setMessage(gameId, kind, message)),
      getMessage: (gameId, kind) => settle(() => locations.getMessage(gameId, kind)),
      messagesOf: (gameId) => settle(() => locations.messagesOf(gameId)),
    };
    this.schedule = {
      plan: (row) => settle(() => schedule.plan(row)),
      find: (key) => settle(() => schedule.find(key)),
      closeIfDue: (id, dueBy, outcome) => settle(() => schedule.closeIfDue(id, dueBy, outcome)),
      postpone: (id, dueAt) => settle(() => schedule.postpone(id, dueAt)),
      claim: (id, dueBy, dueAt, payload) => settle(() => schedule.claim(id, dueBy, dueAt, payload)),
      fired: (prefix, suffix) => settle(() => schedule.fired(prefix, suffix)),
      firedKeys: (prefix) => settle(() => schedule.firedKeys(prefix)),
      lastPlanned: (prefix) => settle(() => schedule.lastPlanned(prefix)),
      next: (shards) => settle(() => schedule.next(shards)),
      due: (now, limit, shards) => settle(() => schedule.due(now, limit, shards)),
      markDone: (id, outcome) => settle(() => schedule.markDone(id, outcome)),
      cancelGame: (gameId, outcome) => settle(() => schedule.cancelGame(gameId, outcome)),
      prune: (now) => settle(() => schedule.prune(now)),
    };
    this.keyMoments = {
      save: (record) => settle(() => keyMoments.save(record)),
      of: (gameId) => settle(() => keyMoments.of(gameId)),
    };
    this.tournaments = {
      create: (input) => settle(() => tournaments.create(input)),
      get: (id) => settle(() => tournaments.get(id)),
      save: (id, expectedVersion, next, plan) =>
        settle(() => tournaments.save(id, expectedVersion, next, plan)),
      setMessage: (id, messageId) => settle(() => tournaments.setMessage(id, messageId)),
      linkGame: (id, tableId, gameId) => settle(() => tournaments.linkGame(id, tableId, gameId)),
      createTableGame: (id, tableId, lobby) => settle(() => tournaments.createTableGame(id, tableId, lobby)),
      inGuild: (guildId, statuses) => settle(() => tournaments.inGuild(guildId, statuses)),
      tableOfGame: (gameId) => settle(() => tournaments.tableOfGame(gameId)),
    };
    this.guilds = {
      get: (guildId) => settle(() => guilds.get(guildId)),
      update: (guildId, change) => settle(() => guilds.update(guildId, change)),
    };
    this.players = {
      get: (userId) => settle(() => players.get(userId)),
      update: (userId, change) => settle(() => players.update(userId, change)),
    };
    this.absences = {
      timeoutsInARow: (gameId, seat) => settle(() => absences.timeoutsInARow(gameId, seat)),
      countTimeout: (gameId, seat) => settle(() => absences.countTimeout(gameId, seat)),
      reset: (gameId, seat) => settle(() => absences.reset(gameId, seat)),
      vote: (gameId, seat, voterId, choice) => settle(() => absences.vote(gameId, seat, voterId, choice)),
      tally: (gameId, seat) => settle(() => absences.tally(gameId, seat)),
    };
    this.hints = {
      count: (gameId, seat) => settle(() => hints.count(gameId, seat)),
      used: (gameId) => settle(() => hints.used(gameId)),
    };
    this.ratings = {
      board: (q, page, pageSize) => settle(() => ratings.board(q, page, pageSize)),
      standing: (q, userId) => settle(() => ratings.standing(q, userId)),
      history: (q, userId) => settle(() => ratings.history(q, userId)),
      changesOfGame: (gameId, scope) => settle(() => ratings.changesOfGame(gameId, scope)),
      snapshot: () => settle(() => ratings.snapshot()),
      recompute: () => settle(() => ratings.recompute()),
      playedGames: (q) => settle(() => ratings.playedGames(q)),
      seasons: (scope) => settle(() => ratings.seasons(scope)),
      seasonsEndingAfter: (since) => settle(() => ratings.seasonsEndingAfter(since)),
    };
    this.privacy = {
      dataOf: (userId) => settle(() => privacy.dataOf(userId)),
      forget: (userId, formerName) => settle(() => privacy.forget(userId, formerName)),
      forgetGuild: (guildId) => settle(() => privacy.forgetGuild(guildId)),
    };
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
      let planned: PlannedRow[] | undefined;
      const applied = this.sync.applyAction(gameId, {
        ...rest,
        inSameTransaction: (next) => {
          if (alongside.fireRow !== undefined)
            checkFiredOnce(this.sync.schedule.markDone(alongside.fireRow, FIRED), alongside.fireRow, gameId);
          if (alongside.timeouts === 'reset') this.sync.absences.reset(gameId, input.seat);
          if (alongside.timeouts === 'count')
            timeoutsInARow = this.sync.absences.countTimeout(gameId, input.seat);
          if (alongside.schedule) {
            const plan = alongside.schedule(next);
            if (plan.cancel !== undefined) this.sync.schedule.cancelGame(gameId, plan.cancel);
            planned = this.sync.schedule.planAll(plan.rows);
          }
        },
      });
      return {
        ...applied,
        ...(timeoutsInARow === undefined ? {} : { timeoutsInARow }),
        ...(planned === undefined ? {} : { planned }),
      };
    });
  }

  startGame: Store['startGame'] = (gameId, seatOrder) => settle(() => this.sync.startGame(gameId, seatOrder));
  cancelGame: Store['cancelGame'] = (gameId) => settle(() => this.sync.cancelGame(gameId));
  settleAsItStands: Store['settleAsItStands'] = (gameId, plan) =>
    settle(() => this.sync.settleAsItStands(gameId, plan));
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
  importGame: Store['importGame'] = (game) =>
    settle(() => storeImported(this.sync.database, game, this.sync.ratings));
  verifyGames: Store['verifyGames'] = (onProgress) => settle(() => verifyAll(this.sync.database, onProgress));
}

/** What the bot's entry points accept: a store, or a SQLite `GameStore` (tests and tools hold one). */
export function asStore(store: Store | GameStore): Store {
  return 'backend' in store ? store : new SqliteStore(store);
}
