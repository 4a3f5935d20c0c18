import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { getGame as getModule } from '../../src/games/registry.ts';
import { seasonAt } from '../../src/ratings/seasons.ts';
import {
  DuplicateGameError,
  InvalidOptionsError,
  LobbyError,
  NotASeatError,
  PersonStillSeatedError,
  StaleVersionError,
  StoreError,
  WrongStatusError,
} from '../../src/store/errors.ts';
import { prepareImport, recordOf } from '../../src/store/export-import.ts';
import { FORMER_PLAYER } from '../../src/store/privacy-records.ts';
import { IMPORTED_MARK, LESSON_MARK } from '../../src/store/records.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import type { GameRepository, Store } from '../../src/store/store.ts';
import {
  deadlineKey,
  StaleTournamentError,
  TournamentNotFoundError,
} from '../../src/store/tournament-records.ts';
import { createTournament } from '../../src/tournaments/events.ts';
import { standings } from '../../src/tournaments/standings.ts';
import { postgresMissing } from '../helpers/postgres.ts';
import { HOUR, must, settingsWith, T0 } from '../tournaments/helpers.ts';
import { memoryStore } from './helpers/memory-store.ts';
import { pgStore, startedGameOn } from './helpers/pg-store.ts';
import { randomMove } from './helpers/random-play.ts';
import { finishedRecord, user } from './helpers/snowflake-games.ts';

interface Opened {
  readonly store: Store;
  readonly gameId: number;
  readonly close: () => Promise<void>;
}

const missing = postgresMissing();

/** The names of `T`'s methods, each listed once: the compiler refuses a list that misses one. */
type MethodNames<T> = {
  readonly [K in keyof T as T[K] extends (...args: never[]) => unknown ? K : never]: true;
};

const REPOSITORIES = [
  'lobbies',
  'locations',
  'schedule',
  'players',
  'guilds',
  'absences',
  'hints',
  'ratings',
  'privacy',
  'keyMoments',
  'tournaments',
] as const;
type RepositoryName = (typeof REPOSITORIES)[number];

/** Every method of the contract's repositories: each must be called on each backend in this file. */
const EVERY_METHOD: { readonly games: MethodNames<GameRepository> } & {
  readonly [R in RepositoryName]: MethodNames<Store[R]>;
} = {
  games: {
    startGame: true,
    applyAction: true,
    cancelGame: true,
    settleAsItStands: true,
    getGame: true,
    findGame: true,
    actionLog: true,
    gamesInChannel: true,
    gameInThread: true,
    gamesInGuild: true,
    gamesOfUser: true,
    listGames: true,
    countGames: true,
    importGame: true,
    verifyGames: true,
  },
  lobbies: {
    create: true,
    join: true,
    leave: true,
    setOptions: true,
    setRated: true,
    setTurnLimit: true,
    setLanguage: true,
    setStandIn: true,
    setHints: true,
    replaceSeat: true,
    seatsOf: true,
  },
  locations: { setLocation: true, setMessage: true, getMessage: true, messagesOf: true },
  schedule: {
    plan: true,
    find: true,
    closeIfDue: true,
    postpone: true,
    claim: true,
    fired: true,
    firedKeys: true,
    lastPlanned: true,
    next: true,
    due: true,
    markDone: true,
    cancelGame: true,
    prune: true,
  },
  players: { get: true, update: true },
  guilds: { get: true, update: true },
  absences: { timeoutsInARow: true, countTimeout: true, reset: true, vote: true, tally: true },
  hints: { count: true, used: true },
  ratings: {
    board: true,
    standing: true,
    history: true,
    changesOfGame: true,
    snapshot: true,
    recompute: true,
    playedGames: true,
    seasons: true,
    seasonsEndingAfter: true,
  },
  privacy: { dataOf: true, forget: true, forgetGuild: true },
  keyMoments: { save: true, of: true },
  tournaments: {
    create: true,
    get: true,
    save: true,
    setMessage: true,
    linkGame: true,
    createTableGame: true,
    inGuild: true,
    tableOfGame: true,
  },
};

const contractMethods = (): string[] =>
  Object.entries(EVERY_METHOD).flatMap(([repository, methods]) =>
    Object.keys(methods).map((method) => (repository === 'games' ? method : `${repository}.${method}`)),
  );

/** `store`, noting in `calls` each contract method called through it ('startGame', 'lobbies.join', ...). */
function recording(store: Store, calls: Set<string>): Store {
  const wrap = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(t, key) {
        const value: unknown = Reflect.get(t, key, t);
        if (typeof key !== 'string') return value;
        if (typeof value === 'function')
          return (...args: unknown[]) => {
            calls.add(`${prefix}${key}`);
            return (value as (...a: unknown[]) => unknown).apply(t, args);
          };
        if (prefix === '' && (REPOSITORIES as readonly string[]).includes(key))
          return wrap(value as object, `${key}.`);
        return value;
      },
    });
  return wrap(store, '');
}

/**
 * The `Store` contract the bot is written against, whatever the backend. Each backend gets the same
 * cases: what an action writes beside itself (`alongside`) commits with it or not at all; each repository
 * answers and refuses as store.ts says; and, last, every method of every repository was called.
 */
const backends: [string, (() => Promise<Opened>) | null][] = [
  [
    'SQLite',
    async () => {
      const store = new SqliteStore(memoryStore());
      return { store, gameId: await startedGameOn(store), close: () => store.close() };
    },
  ],
  [
    // A fresh database per case: the lookups count every game in it.
    'PostgreSQL',
    missing === null
      ? async () => {
          const pg = await pgStore();
          return { store: pg.store, gameId: await startedGameOn(pg.store), close: pg.close };
        }
      : null,
  ],
];

const row = (key: string, gameId: number | null, dueAt = new Date(1000)) => ({
  key,
  gameId,
  kind: 'timeout',
  dueAt,
  payload: {},
});

// A backend without its server is skipped, with the reason printed by `postgresMissing`.
describe.each(backends.filter(([, opener]) => opener !== null))('the store contract on %s', (_, opener) => {
  const opened: Opened[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.close();
  });
  /** The contract methods this backend's cases called, for the last case. */
  const calls = new Set<string>();
  async function open(): Promise<Opened> {
    if (!opener) throw new Error(`no test PostgreSQL: ${missing}`);
    const o = await opener();
    opened.push(o);
    return { ...o, store: recording(o.store, calls) };
  }

  async function mover(store: Store, gameId: number) {
    const game = await store.getGame(gameId);
    return { seat: (game.state as { turn: number }).turn, version: game.version };
  }

  it('a time-out’s row closes with its move; a second firing of the row writes nothing and fails', async () => {
    const { store, gameId } = await open();
    await store.schedule.plan(row('timeout:a', gameId));
    const id = (await store.schedule.find('timeout:a'))?.id as number;
    const { seat, version } = await mover(store, gameId);
    const applied = await store.applyAction(gameId, {
      seat,
      action: { type: 'pass' },
      expectedVersion: version,
      alongside: { fireRow: id, timeouts: 'count' },
    });
    expect(applied.game.version).toBe(version + 1);
    expect(applied.timeoutsInARow).toBe(1);
    expect((await store.schedule.find('timeout:a'))?.outcome).toBe('fired');
    const next = await mover(store, gameId);
    await expect(
      store.applyAction(gameId, {
        seat: next.seat,
        action: { type: 'pass' },
        expectedVersion: next.version,
        alongside: { fireRow: id },
      }),
    ).rejects.toThrow(/fired twice/);
    expect((await store.getGame(gameId)).version).toBe(next.version);
    expect(await store.actionLog(gameId)).toHaveLength(next.version);
  });

  it('what a move makes due is planned in its transaction, from the game it makes', async () => {
    const { store, gameId } = await open();
    await store.schedule.plan(row('remind:old', gameId, new Date(500)));
    await store.schedule.plan(row('remind:kept', gameId, new Date(700)));
    const { seat, version } = await mover(store, gameId);
    const seen: number[] = [];
    const applied = await store.applyAction(gameId, {
      seat,
      action: { type: 'pass' },
      expectedVersion: version,
      alongside: {
        schedule: (next) => {
          seen.push(next.version);
          return {
            cancel: 'moved on',
            rows: [row(`remind:${next.version}`, gameId, new Date(4000)), row('remind:kept', gameId)],
          };
        },
      },
    });
    // Given the game after the move; a key planned before keeps its row and is not reported added.
    expect(seen).toEqual([version + 1]);
    expect(applied.planned?.map((r) => r.key)).toEqual([`remind:${version + 1}`]);
    expect((await store.schedule.find(`remind:${version + 1}`))?.dueAt).toEqual(new Date(4000));
    expect((await store.schedule.find('remind:old'))?.outcome).toBe('moved on');
    expect((await store.schedule.find('remind:kept'))?.dueAt).toEqual(new Date(700));
    // A refused move plans nothing and cancels nothing.
    const next = await mover(store, gameId);
    await expect(
      store.applyAction(gameId, {
        seat: next.seat,
        action: { type: 'pass' },
        expectedVersion: next.version + 3,
        alongside: { schedule: () => ({ cancel: 'refused', rows: [row('remind:refused', gameId)] }) },
      }),
    ).rejects.toBeInstanceOf(StaleVersionError);
    expect(await store.schedule.find('remind:refused')).toBeUndefined();
    expect((await store.schedule.find(`remind:${version + 1}`))?.doneAt).toBeNull();
    // A plan that throws (a bug) rolls the move back with it.
    await expect(
      store.applyAction(gameId, {
        seat: next.seat,
        action: { type: 'pass' },
        expectedVersion: next.version,
        alongside: {
          schedule: () => {
            throw new Error('a broken plan');
          },
        },
      }),
    ).rejects.toThrow('a broken plan');
    expect((await store.getGame(gameId)).version).toBe(next.version);
  });

  it('a person’s own move resets their run of time-outs, in the same transaction', async () => {
    const { store, gameId } = await open();
    const first = await mover(store, gameId);
    await store.absences.countTimeout(gameId, first.seat);
    expect(await store.absences.timeoutsInARow(gameId, first.seat)).toBe(1);
    await store.applyAction(gameId, {
      seat: first.seat,
      action: { type: 'pass' },
      expectedVersion: first.version,
      alongside: { timeouts: 'reset' },
    });
    expect(await store.absences.timeoutsInARow(gameId, first.seat)).toBe(0);
  });

  it('hints: counted per seat, in seat order', async () => {
    const { store, gameId } = await open();
    expect(await store.hints.used(gameId)).toEqual([0, 0]);
    expect(await store.hints.count(gameId, 1)).toBe(1);
    expect(await store.hints.count(gameId, 1)).toBe(2);
    expect(await store.hints.used(gameId)).toEqual([0, 2]);
    expect(await store.hints.count(gameId, 9)).toBe(0);
    expect(await store.hints.used(gameId + 1000)).toEqual([]);
  });

  it('a refusal is a rejected promise carrying the store’s error, and changes nothing', async () => {
    const { store, gameId } = await open();
    const { seat, version } = await mover(store, gameId);
    const stale = store.applyAction(gameId, {
      seat,
      action: { type: 'pass' },
      expectedVersion: version + 5,
      alongside: { timeouts: 'count' },
    });
    await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
    await expect(stale).rejects.toBeInstanceOf(StoreError);
    expect(await store.absences.timeoutsInARow(gameId, seat)).toBe(0);
    expect((await store.getGame(gameId)).version).toBe(version);
  });

  it('answers reads and lookups as the synchronous store does', async () => {
    const { store, gameId } = await open();
    expect(store.backend).toMatch(/^(sqlite|postgres)$/);
    expect((await store.findGame(gameId))?.id).toBe(gameId);
    expect(await store.findGame(gameId + 1000)).toBeUndefined();
    expect((await store.gamesInChannel('chan-1')).map((g) => g.id)).toEqual([gameId]);
    expect((await store.gamesOfUser('user-1')).map((g) => g.id)).toEqual([gameId]);
    expect(await store.countGames(['active'])).toBe(1);
    const cancelled = await store.cancelGame(gameId);
    expect(cancelled.status).toBe('cancelled');
    await expect(store.cancelGame(gameId)).rejects.toBeInstanceOf(StoreError);
  });
  it('lobbies: seats come and go, options, rating, turn limit and language change only in the lobby', async () => {
    const { store, gameId } = await open();
    const lobby = await store.lobbies.create({
      type: 'dice-race',
      seed: 'lobby',
      hostUserId: 'host',
      seats: [{ userId: 'host', displayName: 'Host' }],
    });
    const id = lobby.id;
    expect(await store.lobbies.join(id, { userId: 'x', displayName: 'X' })).toEqual({
      seat: 1,
      userId: 'x',
      botKind: null,
      displayName: 'X',
    });
    await expect(store.lobbies.join(id, { userId: 'x', displayName: 'X' })).rejects.toMatchObject({
      problem: 'already-seated',
    });
    expect((await store.lobbies.leave(id, 'x')).seats.map((s) => s.userId)).toEqual(['host']);
    await expect(store.lobbies.leave(id, 'x')).rejects.toBeInstanceOf(LobbyError);
    // The host leaving hands the lobby to the next person seated (computers cannot host).
    const heirs = await store.lobbies.create({
      type: 'dice-race',
      seed: 'heirs',
      hostUserId: 'host',
      seats: [
        { userId: 'host', displayName: 'Host' },
        { botKind: 'easy', displayName: 'Nefer' },
        { userId: 'y', displayName: 'Y' },
      ],
    });
    expect((await store.lobbies.leave(heirs.id, 'host')).hostUserId).toBe('y');
    expect((await store.lobbies.leave(heirs.id, 'y')).hostUserId).toBeNull();
    expect((await store.lobbies.setOptions(id, { goal: 12 })).options).toEqual({ goal: 12 });
    await expect(store.lobbies.setOptions(id, { goal: 'far' })).rejects.toBeInstanceOf(InvalidOptionsError);
    expect((await store.lobbies.setRated(id, false)).rated).toBe(false);
    await expect(store.lobbies.setTurnLimit(id, 0)).rejects.toBeInstanceOf(RangeError);
    expect((await store.lobbies.setTurnLimit(id, 60)).turnLimitMinutes).toBe(60);
    expect((await store.lobbies.setTurnLimit(id, null)).turnLimitMinutes).toBeNull();
    expect((await store.lobbies.setLanguage(id, 'fr')).language).toBe('fr');
    expect(
      (await store.lobbies.create({ type: 'dice-race', seed: 's', hostUserId: 'h' })).standIn,
    ).toBeNull();
    expect((await store.lobbies.setStandIn(id, 'hard')).standIn).toBe('hard');
    expect((await store.getGame(id)).standIn).toBe('hard');
    expect((await store.getGame(id)).hints).toBeNull();
    expect((await store.lobbies.setHints(id, false)).hints).toBe(false);
    expect((await store.getGame(id)).hints).toBe(false);
    const replaced = await store.lobbies.replaceSeat(id, 0, { botKind: 'random', displayName: 'Bot' });
    expect(replaced.handedOver).toBe(false);
    expect(await store.lobbies.seatsOf(id)).toEqual([
      { seat: 0, userId: null, botKind: 'random', displayName: 'Bot' },
    ]);
    await expect(
      store.lobbies.replaceSeat(id, 5, { botKind: 'random', displayName: 'B' }),
    ).rejects.toBeInstanceOf(NotASeatError);
    await expect(store.startGame(id)).rejects.toMatchObject({ problem: 'too-few-players' });
    await store.lobbies.join(id, { userId: 'y', displayName: 'Y' });
    await expect(store.startGame(id, [0, 0])).rejects.toMatchObject({ problem: 'bad-seat-order' });
    const started = await store.startGame(id, [1, 0]);
    expect(started).toMatchObject({ status: 'active', version: 0, options: { goal: 12, players: 2 } });
    expect(started.seats.map((s) => s.userId)).toEqual(['y', null]);
    await expect(store.startGame(id)).rejects.toBeInstanceOf(WrongStatusError);
    // Started: the lobby's settings are closed, and a person replaced during play hands the game over.
    for (const change of [
      () => store.lobbies.setRated(gameId, true),
      () => store.lobbies.setTurnLimit(gameId, 5),
      () => store.lobbies.setLanguage(gameId, 'de'),
      () => store.lobbies.setStandIn(gameId, 'easy'),
      () => store.lobbies.setHints(gameId, false),
      () => store.lobbies.join(gameId, { userId: 'late', displayName: 'Late' }),
    ])
      await expect(change()).rejects.toBeInstanceOf(WrongStatusError);
    const handed = await store.lobbies.replaceSeat(gameId, 1, { botKind: 'random', displayName: 'Bot' });
    expect(handed.handedOver).toBe(true);
    await expect(store.lobbies.seatsOf(gameId + 1000)).rejects.toBeInstanceOf(StoreError);
  });

  it('a seat handed over during play keeps its earlier holder from move 0 and the new one from the handover', async () => {
    const { store, gameId } = await open();
    for (let k = 0; k < 3; k++) {
      const { seat, version } = await mover(store, gameId);
      await store.applyAction(gameId, { seat, action: { type: 'pass' }, expectedVersion: version });
    }
    const before = await store.getGame(gameId);
    expect(before.holders).toEqual([
      { seat: 0, fromVersion: 0, userId: 'user-0', botKind: null, displayName: 'Player 0' },
      { seat: 1, fromVersion: 0, userId: 'user-1', botKind: null, displayName: 'Player 1' },
    ]);
    await store.lobbies.replaceSeat(gameId, 1, { botKind: 'random', displayName: 'Nefer' });
    const { seat, version } = await mover(store, gameId);
    await store.applyAction(gameId, { seat, action: { type: 'pass' }, expectedVersion: version });
    await store.lobbies.replaceSeat(gameId, 1, { userId: 'user-9', displayName: 'Late' });
    const after = await store.getGame(gameId);
    expect(after.seats[1]).toEqual({ seat: 1, userId: 'user-9', botKind: null, displayName: 'Late' });
    expect(after.holders).toEqual([
      { seat: 0, fromVersion: 0, userId: 'user-0', botKind: null, displayName: 'Player 0' },
      { seat: 1, fromVersion: 0, userId: 'user-1', botKind: null, displayName: 'Player 1' },
      { seat: 1, fromVersion: 3, userId: null, botKind: 'random', displayName: 'Nefer' },
      { seat: 1, fromVersion: 4, userId: 'user-9', botKind: null, displayName: 'Late' },
    ]);
    // Finished: never rated; for /stats the game is played by all three people, whole by user-0 only.
    const rng = seedRng('handover');
    for (;;) {
      const game = await store.getGame(gameId);
      const move = randomMove(getModule(game.type), game.state, rng);
      if (!move) break;
      await store.applyAction(gameId, { ...move, expectedVersion: game.version });
    }
    expect((await store.getGame(gameId)).status).toBe('finished');
    expect(await store.ratings.changesOfGame(gameId, 'global')).toEqual([]);
    const playedBy = async (userId: string) =>
      (await store.ratings.playedGames({ gameType: 'dice-race', userId, guildId: null })).map((p) => [
        p.gameId,
        p.seat,
        p.whole,
      ]);
    expect(await playedBy('user-0')).toEqual([[gameId, 0, true]]);
    expect(await playedBy('user-1')).toEqual([[gameId, 1, false]]);
    expect(await playedBy('user-9')).toEqual([[gameId, 1, false]]);
  });

  it('locations: where a game lives, and the messages it points at', async () => {
    const { store, gameId } = await open();
    expect((await store.locations.setLocation(gameId, { threadId: 't1' })).threadId).toBe('t1');
    expect((await store.getGame(gameId)).channelId).toBe('chan-1');
    expect((await store.gameInThread('t1'))?.id).toBe(gameId);
    expect(await store.gameInThread('t2')).toBeUndefined();
    expect((await store.gamesInGuild('guild-1')).map((g) => g.id)).toEqual([gameId]);
    expect((await store.listGames(['active'])).map((g) => g.id)).toEqual([gameId]);
    expect(await store.listGames(['finished'])).toEqual([]);
    await expect(store.locations.setLocation(gameId + 1000, {})).rejects.toBeInstanceOf(StoreError);
    expect(await store.locations.getMessage(gameId, 'board')).toBeUndefined();
    await store.locations.setMessage(gameId, 'board', { messageId: 'm1', channelId: 't1', version: 0 });
    await store.locations.setMessage(gameId, 'lobby', { messageId: 'm0' });
    expect(await store.locations.getMessage(gameId, 'board')).toEqual({
      messageId: 'm1',
      channelId: 't1',
      version: 0,
    });
    await store.locations.setMessage(gameId, 'lobby', null);
    expect(await store.locations.messagesOf(gameId)).toEqual({
      board: { messageId: 'm1', channelId: 't1', version: 0 },
    });
    // A lesson is one person's private game: not one of the server's games.
    await store.locations.setMessage(gameId, LESSON_MARK, { messageId: 'valley-first-game', version: 0 });
    expect(await store.gamesInGuild('guild-1')).toEqual([]);
    expect((await store.gameInThread('t1'))?.id).toBe(gameId);
  });

  it('schedule: due rows, postponing, closing once, and what fired', async () => {
    const { store, gameId } = await open();
    expect(await store.schedule.plan(row('remind:1:a', gameId, new Date(2000)))).toBe(true);
    expect(await store.schedule.plan(row('remind:1:b', gameId, new Date(1000)))).toBe(true);
    expect(await store.schedule.plan(row('vacation:x', null, new Date(3000)))).toBe(true);
    const a = (await store.schedule.find('remind:1:a'))?.id as number;
    const b = (await store.schedule.find('remind:1:b'))?.id as number;
    expect((await store.schedule.next())?.id).toBe(b);
    expect((await store.schedule.due(new Date(2000))).map((r) => r.id)).toEqual([b, a]);
    expect((await store.schedule.due(new Date(2000), 1)).map((r) => r.id)).toEqual([b]);
    expect(await store.schedule.postpone(b, new Date(5000))).toBe(true);
    expect(await store.schedule.closeIfDue(b, new Date(2000), 'fired')).toBe(false);
    expect(await store.schedule.closeIfDue(a, new Date(2000), 'fired')).toBe(true);
    expect(await store.schedule.postpone(a, new Date(9000))).toBe(false);
    expect(await store.schedule.fired('remind:1:')).toBe(true);
    expect(await store.schedule.fired('remind:1:', ':b')).toBe(false);
    expect(await store.schedule.firedKeys('remind:1:')).toEqual(['remind:1:a']);
    expect(await store.schedule.firedKeys('remind:2:')).toEqual([]);
    expect(await store.schedule.lastPlanned('remind:1:')).toBeInstanceOf(Date);
    expect(await store.schedule.lastPlanned('nothing:')).toBeUndefined();
    expect(await store.schedule.cancelGame(gameId)).toBe(1);
    expect((await store.schedule.find('remind:1:b'))?.outcome).toBe('cancelled');
    expect(await store.schedule.markDone(b, 'fired')).toBe(false);
    expect((await store.schedule.next())?.key).toBe('vacation:x');
    // Nothing closed 30 days before: nothing to prune.
    expect(await store.schedule.prune(new Date(10_000))).toBe(0);
  });

  it('schedule: a row claimed until a time is due again then; a claim is taken once and renewed by its holder', async () => {
    const { store } = await open();
    await store.schedule.plan({
      key: 'season-end:g:2026-10',
      gameId: null,
      kind: 'k',
      dueAt: new Date(1000),
      payload: { a: 1 },
    });
    const id = (await store.schedule.find('season-end:g:2026-10'))?.id as number;
    // Two processes at 2000: the first takes it until 5000, the second finds it due later.
    expect(await store.schedule.claim(id, new Date(2000), new Date(5000))).toBe(true);
    expect(await store.schedule.claim(id, new Date(2000), new Date(5000))).toBe(false);
    expect((await store.schedule.find('season-end:g:2026-10'))?.payload).toEqual({ a: 1 });
    expect(await store.schedule.due(new Date(4999))).toEqual([]);
    // Its holder renews it and writes what it did; nothing closed it.
    expect(await store.schedule.claim(id, new Date(5000), new Date(8000), { a: 2 })).toBe(true);
    expect(await store.schedule.find('season-end:g:2026-10')).toMatchObject({
      dueAt: new Date(8000),
      payload: { a: 2 },
      doneAt: null,
    });
    // A holder whose lease ran out and was taken over can no longer write.
    expect(await store.schedule.claim(id, new Date(9000), new Date(12_000))).toBe(true);
    expect(await store.schedule.claim(id, new Date(8000), new Date(20_000), { a: 3 })).toBe(false);
    expect(await store.schedule.closeIfDue(id, new Date(8000), 'fired')).toBe(false);
    expect(await store.schedule.closeIfDue(id, new Date(12_000), 'fired')).toBe(true);
    expect(await store.schedule.claim(id, new Date(99_000), new Date(100_000))).toBe(false);
  });

  it('players: defaults until changed; quiet hours need both ends', async () => {
    const { store } = await open();
    expect(await store.players.get('p')).toMatchObject({ userId: 'p', timeZone: null, turnDms: false });
    await expect(store.players.update('p', { quietStart: 60 })).rejects.toBeInstanceOf(RangeError);
    const changed = await store.players.update('p', {
      timeZone: 'Europe/Paris',
      quietStart: 60,
      quietEnd: 420,
    });
    expect(changed).toMatchObject({
      timeZone: 'Europe/Paris',
      quietStart: 60,
      quietEnd: 420,
      turnDms: false,
    });
    expect(await store.players.update('p', { turnDms: true })).toMatchObject({
      timeZone: 'Europe/Paris',
      turnDms: true,
    });
    expect(await store.players.get('p')).toEqual(await store.players.update('p', {}));
  });

  it('key moments: none until saved; saved once, a second save changes nothing', async () => {
    const { store, gameId } = await open();
    expect(await store.keyMoments.of(gameId)).toBeUndefined();
    const first = {
      gameId,
      moments: [{ seat: 1, move: 7, loss: 0.12 }],
      decisions: 31,
      computedAt: new Date(5000),
    };
    expect(await store.keyMoments.save(first)).toBe(true);
    expect(await store.keyMoments.save({ ...first, moments: [], decisions: 2 })).toBe(false);
    expect(await store.keyMoments.of(gameId)).toEqual(first);
  });

  it('servers: season settings are the defaults until changed; a change keeps the rest', async () => {
    const { store } = await open();
    expect(await store.guilds.get('g')).toEqual({
      guildId: 'g',
      seasonCadence: 'monthly',
      seasonZone: 'UTC',
      seasonChannelId: null,
      tournamentRoleId: null,
    });
    await store.guilds.update('g', { seasonCadence: 'quarterly', seasonZone: 'Europe/Madrid' });
    expect(await store.guilds.update('g', { seasonChannelId: 'c-9' })).toEqual({
      guildId: 'g',
      seasonCadence: 'quarterly',
      seasonZone: 'Europe/Madrid',
      seasonChannelId: 'c-9',
      tournamentRoleId: null,
    });
    expect(await store.guilds.update('g', { tournamentRoleId: 'r-1' })).toMatchObject({
      seasonChannelId: 'c-9',
      tournamentRoleId: 'r-1',
    });
    expect(await store.guilds.get('other')).toMatchObject({ seasonCadence: 'monthly' });
  });

  it('seasons: a rated game opens its server’s season on the server’s calendar, and the global one', async () => {
    const { store, gameId } = await open();
    await store.guilds.update('guild-1', { seasonCadence: 'quarterly', seasonZone: 'Pacific/Kiritimati' });
    const rng = seedRng('seasons');
    for (;;) {
      const game = await store.getGame(gameId);
      const move = randomMove(getModule(game.type), game.state, rng);
      if (!move) break;
      await store.applyAction(gameId, { ...move, expectedVersion: game.version });
    }
    const at = (await store.getGame(gameId)).finishedAt?.getTime() as number;
    const quarter = seasonAt(at, 'quarterly', 'Pacific/Kiritimati').name;
    const month = seasonAt(at, 'monthly', 'UTC').name;
    for (const scope of [`guild-1:${quarter}`, `global:${month}`]) {
      const board = await store.ratings.board({ gameType: 'dice-race', scope }, 1);
      expect(board.rows.map((r) => r.userId).sort(), scope).toEqual(['user-0', 'user-1']);
    }
    expect((await store.ratings.seasons('guild-1')).map((s) => s.name)).toEqual([quarter]);
    expect(await store.ratings.seasons('global')).toEqual([
      { scope: 'global', ...seasonAt(at, 'monthly', 'UTC') },
    ]);
    expect(await store.ratings.seasons('guild-2')).toEqual([]);
    // Every scope's seasons still running at a time, in one list by end; none once they have all ended.
    const ending = await store.ratings.seasonsEndingAfter(new Date(at));
    expect(ending.map((s) => s.scope).sort()).toEqual(['global', 'guild-1']);
    expect(ending.map((s) => s.endsAt)).toEqual([...ending.map((s) => s.endsAt)].sort((a, b) => a - b));
    const lastEnd = Math.max(...ending.map((s) => s.endsAt));
    expect(await store.ratings.seasonsEndingAfter(new Date(lastEnd))).toEqual([]);
    const snapshot = await store.ratings.snapshot();
    await store.ratings.recompute();
    expect(await store.ratings.snapshot()).toEqual(snapshot);
  });

  it('absences: votes per voter, cleared with the run when the person is back', async () => {
    const { store, gameId } = await open();
    expect(await store.absences.vote(gameId, 1, 'user-0', 'replace')).toEqual({ replace: 1, wait: 0 });
    expect(await store.absences.vote(gameId, 1, 'user-0', 'wait')).toEqual({ replace: 0, wait: 1 });
    expect(await store.absences.tally(gameId, 1)).toEqual({ replace: 0, wait: 1 });
    await store.absences.countTimeout(gameId, 1);
    await store.absences.reset(gameId, 1);
    expect(await store.absences.tally(gameId, 1)).toEqual({ replace: 0, wait: 0 });
    expect(await store.absences.timeoutsInARow(gameId, 1)).toBe(0);
  });

  it('ratings: a finished game rates its people in its server and globally; a recompute agrees', async () => {
    const { store, gameId } = await open();
    const rng = seedRng('contract');
    for (;;) {
      const game = await store.getGame(gameId);
      const move = randomMove(getModule(game.type), game.state, rng);
      if (!move) break;
      await store.applyAction(gameId, { ...move, expectedVersion: game.version });
    }
    expect((await store.getGame(gameId)).status).toBe('finished');
    for (const scope of ['guild-1', 'global']) {
      const q = { gameType: 'dice-race', scope };
      const board = await store.ratings.board(q, 1);
      expect(board).toMatchObject({ page: 1, pages: 1, players: 2 });
      expect(board.rows.map((r) => r.userId).sort()).toEqual(['user-0', 'user-1']);
      expect(await store.ratings.standing(q, 'user-0')).toMatchObject({
        userId: 'user-0',
        games: 1,
        players: 2,
      });
      expect(await store.ratings.standing(q, 'nobody')).toBeUndefined();
      expect((await store.ratings.history(q, 'user-1')).map((h) => h.gameId)).toEqual([gameId]);
      expect((await store.ratings.changesOfGame(gameId, scope)).map((c) => c.seat)).toEqual([0, 1]);
    }
    expect(await store.ratings.changesOfGame(gameId, 'guild-2')).toEqual([]);
    const snapshot = await store.ratings.snapshot();
    // The server's and the global scope, and the season of each that the game opened (monthly, UTC).
    const month = (await store.getGame(gameId)).finishedAt?.toISOString().slice(0, 7);
    expect([...new Set(snapshot.ratings.map((r) => r.scope))].sort()).toEqual(
      ['global', `global:${month}`, 'guild-1', `guild-1:${month}`].sort(),
    );
    expect(snapshot.changes).toHaveLength(8);
    expect(await store.ratings.recompute()).toEqual({ ratedGames: 1, ratings: 8 });
    expect(await store.ratings.snapshot()).toEqual(snapshot);
    const played = await store.ratings.playedGames({
      gameType: 'dice-race',
      userId: 'user-0',
      guildId: null,
    });
    expect(played.map((p) => [p.gameId, p.seat, p.players])).toEqual([[gameId, 0, 2]]);
    expect(
      await store.ratings.playedGames({ gameType: 'dice-race', userId: 'user-0', guildId: 'g2' }),
    ).toEqual([]);
  });

  it('a game settled as it stands: finished with the marked ranking, unrated, its rows closed, in one write', async () => {
    const { store, gameId } = await open();
    const rng = seedRng('settle');
    for (let i = 0; i < 6; i++) {
      const game = await store.getGame(gameId);
      const move = randomMove(getModule(game.type), game.state, rng);
      if (!move) throw new Error('the race ended early');
      await store.applyAction(gameId, { ...move, expectedVersion: game.version });
    }
    await store.schedule.plan(row('timeout:settle', gameId, new Date(9000)));
    const before = await store.getGame(gameId);
    const positions = (before.state as { positions: number[] }).positions;
    const ratings = await store.ratings.snapshot();
    const { game: settled, planned } = await store.settleAsItStands(gameId, (next) => ({
      rows: [row(`after:${next.status}`, gameId, new Date(9000))],
      cancel: 'game over',
    }));
    // The plan sees the finished game; its rows are added after the game's pending ones are closed.
    expect(planned.map((r) => r.key)).toEqual(['after:finished']);
    expect((await store.schedule.find('after:finished'))?.doneAt).toBeNull();
    expect(settled).toMatchObject({ status: 'finished', version: before.version, rated: false });
    expect(settled.finishedAt).toBeInstanceOf(Date);
    expect(settled.outcome?.settled).toBe('as-it-stands');
    // The furthest pawn first, equal pawns sharing a place: the module's ranking of the last position.
    expect(settled.outcome?.results.map((r) => r.rank)).toEqual(
      positions.map((p) => 1 + positions.filter((o) => o > p).length),
    );
    expect(await store.getGame(gameId)).toEqual(settled);
    expect((await store.schedule.find('timeout:settle'))?.outcome).toBe('game over');
    expect(await store.ratings.snapshot()).toEqual(ratings);
    expect(await store.ratings.changesOfGame(gameId, 'global')).toEqual([]);
    // Only an active game: a second settling, or one of a finished game, is refused and changes nothing.
    await expect(store.settleAsItStands(gameId, () => ({ rows: [] }))).rejects.toBeInstanceOf(
      WrongStatusError,
    );
    expect(await store.verifyGames()).toEqual({ checked: 1, problems: [], olderCatalogs: [] });
    await store.ratings.recompute();
    expect(await store.ratings.changesOfGame(gameId, 'global')).toEqual([]);
  });

  it('imports a game once, out of statistics and ratings unless the operator counts it; verifies every game', async () => {
    const { store } = await open();
    const played = () => store.ratings.playedGames({ gameType: 'dice-race', userId: user(0), guildId: null });
    const ratingsBefore = await store.ratings.snapshot();
    const record = finishedRecord('contract-import');
    const id = await store.importGame(prepareImport(record));
    expect(await store.getGame(id)).toMatchObject({
      status: 'finished',
      rated: false,
      seed: 'contract-import',
    });
    expect(await store.locations.getMessage(id, IMPORTED_MARK)).toMatchObject({
      messageId: String(record.game.id),
    });
    // Its seats claim a win for user(0): neither their statistics nor anyone's rating believe it.
    expect(await played()).toEqual([]);
    expect(await store.ratings.snapshot()).toEqual(ratingsBefore);
    const twice = store.importGame(prepareImport(record));
    await expect(twice).rejects.toBeInstanceOf(DuplicateGameError);
    await expect(twice).rejects.toMatchObject({
      gameId: id,
      message: expect.stringMatching(/duplicates game #/),
    });

    // On the operator's word it counts, as a game played here would.
    const counted = await store.importGame(
      prepareImport(finishedRecord('contract-counted'), { countInStats: true }),
    );
    expect((await store.getGame(counted)).rated).toBe(true);
    expect((await played()).map((g) => g.gameId)).toEqual([counted]);
    expect(await store.ratings.changesOfGame(counted, 'global')).toHaveLength(2);
    expect(await store.locations.getMessage(counted, IMPORTED_MARK)).toBeUndefined();

    const all = await store.countGames(['lobby', 'active', 'finished', 'cancelled']);
    expect(await store.verifyGames()).toEqual({ checked: all, problems: [], olderCatalogs: [] });
  });

  it('an import keeps who made each move (made_by), and refuses a mover it does not know', async () => {
    const { store } = await open();
    const record = finishedRecord('contract-made-by');
    const movers = ['holder', 'stand-in', 'auto'] as const;
    const actions = record.actions.map((a, i) => (i === 0 ? a : { ...a, madeBy: movers[i % 3] }));
    const id = await store.importGame(prepareImport({ ...record, actions }));
    const log = await store.actionLog(id);
    expect(log.map((a) => a.madeBy)).toEqual(actions.map((a) => a.madeBy ?? null));
    // Exported again, the file says it as it was given (and nothing for the move nobody knew of).
    expect(recordOf(await store.getGame(id), log).actions.map((a) => a.madeBy)).toEqual(
      actions.map((a) => a.madeBy),
    );
    const forged = { ...record, actions: actions.map((a) => ({ ...a, madeBy: 'robot' })) };
    expect(() => prepareImport(forged)).toThrow(/madeBy/);
  });

  it('a lesson (/learn) counts in nobody’s statistics or records', async () => {
    const { store } = await open();
    const played = () => store.ratings.playedGames({ gameType: 'dice-race', userId: user(0), guildId: null });
    const counted = await store.importGame(
      prepareImport(finishedRecord('contract-lesson'), { countInStats: true }),
    );
    expect((await played()).map((g) => g.gameId)).toEqual([counted]);
    await store.locations.setMessage(counted, LESSON_MARK, { messageId: 'a-lesson', version: 2 });
    expect(await played()).toEqual([]);
  });

  it('privacy: a person’s rows, refused while seated, forgotten once the seat is handed over; a server’s lobbies', async () => {
    const { store, gameId } = await open();
    await store.players.update('user-1', { turnDms: true });
    const before = await store.privacy.dataOf('user-1');
    expect(before.settings?.turnDms).toBe(true);
    expect(before.games.map((g) => g.id)).toEqual([gameId]);
    await expect(store.privacy.forget('user-1', () => 'gone')).rejects.toBeInstanceOf(PersonStillSeatedError);
    expect((await store.privacy.dataOf('user-1')).settings?.turnDms).toBe(true);
    await store.lobbies.replaceSeat(gameId, 1, { botKind: 'normal', displayName: 'Computer' });
    const report = await store.privacy.forget('user-1', (language) => `gone ${language ?? 'en'}`);
    expect(report).toMatchObject({ games: 1, gameIds: [gameId], settings: true });
    const holders = (await store.getGame(gameId)).holders ?? [];
    expect(holders.filter((h) => h.seat === 1).map((h) => [h.userId, h.botKind, h.displayName])).toEqual([
      [null, FORMER_PLAYER, 'gone en'],
      [null, 'normal', 'Computer'],
    ]);
    expect(await store.privacy.dataOf('user-1')).toMatchObject({ settings: null, games: [] });

    const lobby = await store.lobbies.create({
      type: 'dice-race',
      guildId: 'guild-9',
      seats: [{ userId: 'user-5', displayName: 'Five' }],
    });
    await store.guilds.update('guild-9', { seasonCadence: 'off' });
    expect(await store.privacy.forgetGuild('guild-9')).toEqual({ settings: true, lobbies: 1 });
    expect(await store.findGame(lobby.id)).toBeUndefined();
    expect((await store.guilds.get('guild-9')).seasonCadence).toBe('monthly');
    expect((await store.findGame(gameId))?.status).toBe('active');
  });

  it('tournaments: each write from the version it read; a round, a table’s game and a result stored once', async () => {
    const { store, gameId } = await open();
    const settings = settingsWith({ tableSize: 2, rounds: 2, checkInMs: HOUR });
    const created = await store.tournaments.create({
      guildId: 'g-t',
      channelId: 'c-t',
      createdBy: 'organiser',
      seed: 'tseed',
      settings,
      createdAt: T0,
    });
    const id = Number(created.tournament.id);
    expect(created).toMatchObject({ version: 0, messageId: null, games: {} });
    expect(created.tournament).toEqual(createTournament(String(id), 'tseed', settings, T0));
    await store.tournaments.setMessage(id, 'm-1');

    // Open, four register, one withdraws, three check in, start: round one's pairing and its intent row.
    let t = must(created.tournament, { type: 'open', at: T0 });
    for (const [i, u] of ['a', 'b', 'c', 'd'].entries())
      t = must(t, { type: 'register', userId: u, rating: 10 - i, at: T0 + i });
    t = must(t, { type: 'withdraw', userId: 'b', at: T0 + 10 });
    t = must(t, { type: 'register', userId: 'e', rating: 1.5, at: T0 + 11 });
    let stored = await store.tournaments.save(id, 0, t);
    t = must(t, { type: 'close-registration', at: T0 + HOUR });
    for (const u of ['a', 'c', 'd', 'e']) t = must(t, { type: 'check-in', userId: u, at: T0 + HOUR + 1 });
    stored = await store.tournaments.save(id, stored.version, t);
    const start = must(t, { type: 'start', at: T0 + 2 * HOUR });
    const intent = {
      key: `tournament-round:${id}:1`,
      gameId: null,
      kind: 'tournament-round',
      dueAt: new Date(T0),
      payload: { id },
    };
    const deadline = {
      key: deadlineKey(id, 1),
      gameId: null,
      kind: 'tournament-deadline',
      dueAt: new Date(start.rounds[0]?.deadline ?? 0),
      payload: { id },
    };
    stored = await store.tournaments.save(id, stored.version, start, [intent, deadline]);
    expect(stored.tournament).toEqual(start);
    expect(stored).toMatchObject({ version: 3, messageId: 'm-1', guildId: 'g-t', channelId: 'c-t' });
    expect(await store.schedule.find(intent.key)).toMatchObject({ kind: 'tournament-round', doneAt: null });

    // A second process that decided from the version before is refused, and nothing of its is written.
    const other = must(t, { type: 'cancel', at: T0 + 3 * HOUR });
    await expect(store.tournaments.save(id, 2, other, [{ ...intent, key: 'x' }])).rejects.toBeInstanceOf(
      StaleTournamentError,
    );
    expect(await store.schedule.find('x')).toBeUndefined();
    expect((await store.tournaments.get(id))?.tournament).toEqual(start);
    await expect(store.tournaments.save(999_999, 0, start)).rejects.toBeInstanceOf(TournamentNotFoundError);

    // A table's game: the first link holds; a second game made for it (a retry) is told the first.
    const table = start.rounds[0]?.tables[0];
    if (!table) throw new Error('no table');
    expect(await store.tournaments.linkGame(id, table.id, gameId)).toBe(gameId);
    const second = await store.lobbies.create({ type: 'dice-race', seed: 'again' });
    expect(await store.tournaments.linkGame(id, table.id, second.id)).toBe(gameId);
    expect(await store.tournaments.tableOfGame(gameId)).toEqual({ tournamentId: id, tableId: table.id });
    expect(await store.tournaments.tableOfGame(second.id)).toBeUndefined();
    await expect(store.tournaments.linkGame(id, '9.9', gameId)).rejects.toBeInstanceOf(
      TournamentNotFoundError,
    );

    // A result, then a pause and a resume (the deadline moves); the stored value is the reducer's throughout.
    let after = must(start, {
      type: 'report',
      tableId: table.id,
      places: table.seats.map((userId, i) => ({ userId, place: i + 1 })),
      ending: 'played',
      at: T0 + 3 * HOUR,
    });
    after = must(after, { type: 'pause', at: T0 + 4 * HOUR });
    after = must(after, { type: 'resume', at: T0 + 6 * HOUR });
    stored = await store.tournaments.save(id, stored.version, after);
    expect(stored.tournament).toEqual(after);
    // The round's deadline row moved with the deadline, in the same write (2 hours paused).
    expect(after.rounds[0]?.deadline).toBe(deadline.dueAt.getTime() + 2 * HOUR);
    expect((await store.schedule.find(deadline.key))?.dueAt).toEqual(
      new Date(after.rounds[0]?.deadline ?? 0),
    );
    expect(stored.games).toEqual({ [table.id]: gameId });
    // Rewriting a stored result is a bug, refused.
    const rewritten = JSON.parse(JSON.stringify(after)) as typeof after;
    (rewritten.rounds[0]?.results[table.id] as { ending: string }).ending = 'stand-in';
    await expect(store.tournaments.save(id, stored.version, rewritten)).rejects.toThrow(/rewritten/);
    expect((await store.tournaments.get(id))?.version).toBe(stored.version);

    // A table's game made and linked in one write: asked again (a retry after a crash), the same game.
    const other2 = start.rounds[0]?.tables[1];
    if (!other2) throw new Error('no second table');
    const lobby = { type: 'dice-race', seed: 'table-2', hostUserId: 'organiser' };
    const made = await store.tournaments.createTableGame(id, other2.id, lobby);
    expect(made).toMatchObject({ status: 'lobby', type: 'dice-race', seed: 'table-2' });
    expect(await store.tournaments.tableOfGame(made.id)).toEqual({ tournamentId: id, tableId: other2.id });
    expect((await store.tournaments.createTableGame(id, other2.id, lobby)).id).toBe(made.id);
    expect((await store.tournaments.createTableGame(id, table.id, lobby)).id).toBe(gameId);
    const lobbies = (await store.listGames(['lobby'])).length;
    await expect(store.tournaments.createTableGame(id, '9.9', lobby)).rejects.toBeInstanceOf(
      TournamentNotFoundError,
    );
    expect((await store.listGames(['lobby'])).length).toBe(lobbies);
    expect((await store.tournaments.get(id))?.games).toEqual({ [table.id]: gameId, [other2.id]: made.id });

    expect(await store.tournaments.inGuild('g-t')).toEqual([
      { id, status: 'running', game: 'valley', channelId: 'c-t', messageId: 'm-1', createdAt: T0 },
    ]);
    expect(await store.tournaments.inGuild('g-t', ['draft'])).toEqual([]);
    expect(await store.tournaments.get(999_999)).toBeUndefined();
  });

  it('privacy: a forgotten entrant leaves a registration, and is a former player in a tournament that played, points kept', async () => {
    const { store } = await open();
    const P = 'p-forgotten';
    const make = async (createdBy: string) => {
      const created = await store.tournaments.create({
        guildId: 'g-p',
        channelId: 'c-p',
        createdBy,
        seed: `seed-${createdBy === P ? 1 : 2}`,
        settings: settingsWith({ tableSize: 2, rounds: 3, checkInMs: 0 }),
        createdAt: T0,
      });
      return { id: Number(created.tournament.id), t: must(created.tournament, { type: 'open', at: T0 }) };
    };
    // Registration only: they go, the others stay.
    const waiting = await make('organiser');
    let w = waiting.t;
    for (const [i, u] of ['a', P, 'b'].entries())
      w = must(w, { type: 'register', userId: u, rating: 5 - i, at: T0 + i });
    await store.tournaments.save(waiting.id, 0, w);
    // Played: five entrants at two seats (a bye a round); round one reported, so round two is made.
    const played = await make(P);
    let t = played.t;
    for (const [i, u] of [P, 'a', 'b', 'c', 'd'].entries())
      t = must(t, { type: 'register', userId: u, rating: 10 - i, at: T0 + i });
    t = must(t, { type: 'close-registration', at: T0 + HOUR });
    t = must(t, { type: 'start', at: T0 + 2 * HOUR });
    for (const table of t.rounds[0]?.tables ?? [])
      t = must(t, {
        type: 'report',
        tableId: table.id,
        places: table.seats.map((userId, i) => ({ userId, place: i + 1 })),
        ending: 'played',
        at: T0 + 3 * HOUR,
      });
    expect(t.rounds).toHaveLength(2);
    const saved = await store.tournaments.save(played.id, 0, t);
    const inRound = (r: number) => {
      const round = t.rounds[r - 1];
      return [...(round?.byes ?? []), ...(round?.tables.flatMap((x) => x.seats) ?? [])].includes(P);
    };
    expect(inRound(1) && inRound(2)).toBe(true);

    const mine = await store.privacy.dataOf(P);
    expect(mine.tournaments.map((x) => [x.id, x.organiser, x.entrant?.rating])).toEqual([
      [waiting.id, false, 4],
      [played.id, true, 10],
    ]);
    const round1 = t.rounds[0];
    const table1 = round1?.tables.find((x) => x.seats.includes(P));
    expect(mine.tournaments[1]?.byes.length ?? 0).toBe(round1?.byes.includes(P) ? 1 : 0);
    if (table1)
      expect(mine.tournaments[1]?.tables[0]).toEqual({
        tableId: table1.id,
        round: 1,
        seat: table1.seats.indexOf(P),
        place: table1.seats.indexOf(P) + 1,
        ending: 'played',
      });

    const others = (x: typeof t) =>
      standings(x)
        .filter((r) => r.userId !== P && !r.userId.startsWith(`${FORMER_PLAYER}:`))
        .map(({ dropped: _d, ...r }) => r);
    const report = await store.privacy.forget(P, () => 'gone');
    expect([...report.tournamentIds].sort()).toEqual([waiting.id, played.id].sort());

    const left = (await store.tournaments.get(waiting.id))?.tournament;
    expect(left?.entrants.map((e) => e.userId)).toEqual(['a', 'b']);
    const after = await store.tournaments.get(played.id);
    if (!after) throw new Error('tournament gone');
    expect(after.version).toBe(saved.version + 1);
    expect(after.createdBy).toBe(FORMER_PLAYER);
    // Their id is gone from every part of the value; in its place one id of their own in this tournament.
    const former = `${FORMER_PLAYER}:1`;
    expect(JSON.stringify(after.tournament)).not.toContain(P);
    const swap = (u: string) => (u === P ? former : u);
    expect(after.tournament.rounds.map((r) => [r.byes, r.tables.map((x) => x.seats)])).toEqual(
      t.rounds.map((r) => [r.byes.map(swap), r.tables.map((x) => x.seats.map(swap))]),
    );
    // Dropped after the rounds made (they sit in no later round); their points and everyone's tie-breaks stay.
    expect(after.tournament.entrants.find((e) => e.userId === former)).toMatchObject({
      droppedAfterRound: 2,
      dropReason: 'withdrew',
      rating: 10,
    });
    expect(others(after.tournament)).toEqual(others(t));
    const points = (x: typeof t, u: string) => standings(x).find((r) => r.userId === u)?.points;
    expect(points(after.tournament, former)).toBe(points(t, P));
    expect((await store.privacy.dataOf(P)).tournaments).toEqual([]);
    // The tournament goes on from the rewritten value: the next save compares the new version.
    await expect(store.tournaments.save(played.id, saved.version, t)).rejects.toBeInstanceOf(
      StaleTournamentError,
    );
    const paused = must(after.tournament, { type: 'pause', at: T0 + 4 * HOUR });
    expect((await store.tournaments.save(played.id, after.version, paused)).tournament).toEqual(paused);
  });

  // Last: the cases above, on this backend, called every method the contract has.
  it('exercises every method of every repository of the contract', () => {
    expect(contractMethods().filter((method) => !calls.has(method))).toEqual([]);
  });
});

it('the contract names record and input types only, never a backend', () => {
  const source = readFileSync(new URL('../../src/store/store.ts', import.meta.url), 'utf8');
  const imported = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]).sort();
  expect(imported).toEqual([
    '../games/kernel/types.ts',
    '../ratings/rating-records.ts',
    './records.ts',
    './tournament-records.ts',
  ]);
});
