import { afterEach, describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import type { GameModule } from '../../src/games/kernel/types.ts';
import { registerGame } from '../../src/games/registry.ts';
import {
  GameNotFoundError,
  InvalidActionError,
  InvalidOptionsError,
  LobbyError,
  NotASeatError,
  RuleRefusedError,
  StaleVersionError,
  WrongStatusError,
} from '../../src/store/errors.ts';
import { RECENT_LINES } from '../../src/store/recent-log.ts';
import { diceRace, plain } from '../fixtures/dice-race.ts';
import {
  availableBackends,
  backendOpener,
  countsOn,
  playRandomActionOn,
  startedGameOn as startedGame,
} from './helpers/backends.ts';

/** Registered once for the file: the registry refuses a second registration, and each backend runs the case. */
const explosive: GameModule<unknown, { n: number }, unknown, unknown> = {
  ...(diceRace as unknown as GameModule<unknown, { n: number }, unknown, unknown>),
  id: 'explosive',
  parseOptions: () => ({}),
  setup: () => ({ n: 0 }),
  waitingFor: () => [0],
  outcome: () => null,
  apply: (state, _seat, action) => {
    if (action === 'boom') throw new Error('bug in the rules');
    return { ok: true, state: { n: state.n + 1 }, label: plain('One more'), log: [] };
  },
};
registerGame(explosive);

/** An error's message with its cause's: drizzle on PostgreSQL puts the server's words in the cause. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause === undefined ? error.message : `${error.message} ${errorText(error.cause)}`;
}

describe.each(availableBackends())('the game store on $name', (backend) => {
  const backends = backendOpener(backend);
  afterEach(() => backends.closeOpened());
  const open = async (options?: Parameters<typeof backends.open>[0]) => (await backends.open(options)).store;

  describe('lobby', () => {
    it('creates a lobby without state, with a random seed and the host seated', async () => {
      const store = await open();
      const game = await store.lobbies.create({
        type: 'dice-race',
        channelId: 'c',
        hostUserId: 'u1',
        seats: [{ userId: 'u1', displayName: 'Ann' }],
      });
      expect(game).toMatchObject({
        status: 'lobby',
        state: null,
        version: 0,
        hostUserId: 'u1',
        outcome: null,
      });
      expect(game.seed).toMatch(/^[\w-]{12}$/);
      expect(game.seats).toEqual([{ seat: 0, userId: 'u1', botKind: null, displayName: 'Ann' }]);
      expect((await store.lobbies.create({ type: 'dice-race' })).seed).not.toBe(game.seed);
    });

    it('refuses options the game does not accept, and unknown game types', async () => {
      const store = await open();
      await expect(store.lobbies.create({ type: 'dice-race', options: { goal: 1 } })).rejects.toThrow(
        InvalidOptionsError,
      );
      await expect(store.lobbies.create({ type: 'no-such-game' })).rejects.toThrow(
        /unknown game type 'no-such-game'/,
      );
      expect(await store.countGames()).toBe(0);
    });

    it('seats people and computer players, refuses doubles and a full table, and compacts on leave', async () => {
      const store = await open();
      const { id } = await store.lobbies.create({
        type: 'dice-race',
        seats: [{ userId: 'u1', displayName: 'Ann' }],
      });
      expect((await store.lobbies.join(id, { userId: 'u2', displayName: 'Bob' })).seat).toBe(1);
      await expect(store.lobbies.join(id, { userId: 'u2', displayName: 'Bob' })).rejects.toThrow(
        expect.objectContaining({ problem: 'already-seated' }),
      );
      await store.lobbies.join(id, { botKind: 'random', displayName: 'Robot 1' });
      await store.lobbies.join(id, { botKind: 'random', displayName: 'Robot 2' });
      await expect(store.lobbies.join(id, { userId: 'u5', displayName: 'Eve' })).rejects.toThrow(LobbyError);

      await store.lobbies.leave(id, 'u1');
      await store.lobbies.leave(id, 1); // Robot 1, now in seat 1
      expect((await store.getGame(id)).seats).toEqual([
        { seat: 0, userId: 'u2', botKind: null, displayName: 'Bob' },
        { seat: 1, userId: null, botKind: 'random', displayName: 'Robot 2' },
      ]);
      await expect(store.lobbies.leave(id, 'u1')).rejects.toThrow(
        expect.objectContaining({ problem: 'not-seated' }),
      );
    });

    it('starts with the player count in the options, in the seat order asked for', async () => {
      const store = await open();
      const lobby = await store.lobbies.create({
        type: 'dice-race',
        seed: 's',
        options: { goal: 12 },
        seats: [{ userId: 'u1', displayName: 'Ann' }],
      });
      await expect(store.startGame(lobby.id)).rejects.toThrow(
        expect.objectContaining({ problem: 'too-few-players' }),
      );
      await store.lobbies.join(lobby.id, { userId: 'u2', displayName: 'Bob' });
      await expect(store.startGame(lobby.id, [0, 0])).rejects.toThrow(
        expect.objectContaining({ problem: 'bad-seat-order' }),
      );

      const game = await store.startGame(lobby.id, [1, 0]);
      expect(game.status).toBe('active');
      expect(game.options).toEqual({ players: 2, goal: 12 });
      expect(game.state).toEqual(diceRace.setup({ players: 2, goal: 12 }, 's'));
      expect(game.seats.map((s) => s.userId)).toEqual(['u2', 'u1']);
      expect(game.startedAt).toBeInstanceOf(Date);
      await expect(store.lobbies.join(lobby.id, { userId: 'u3', displayName: 'Cy' })).rejects.toThrow(
        WrongStatusError,
      );
      await expect(store.startGame(lobby.id)).rejects.toThrow(WrongStatusError);
    });

    it('changes lobby options only in the lobby and only to valid ones', async () => {
      const store = await open();
      const { id } = await store.lobbies.create({ type: 'dice-race' });
      expect((await store.lobbies.setOptions(id, { goal: 50 })).options).toEqual({ goal: 50 });
      await expect(store.lobbies.setOptions(id, { goal: 'far' })).rejects.toThrow(InvalidOptionsError);
      expect((await store.getGame(id)).options).toEqual({ goal: 50 });
    });
  });

  describe('applying actions', () => {
    it('appends to the log and bumps the version in one step', async () => {
      const store = await open();
      const id = await startedGame(store);
      const before = await store.getGame(id);
      const seat = diceRace.waitingFor(before.state as never)[0] as number;
      const applied = await store.applyAction(id, {
        seat,
        action: { type: 'move', die: 'both' },
        expectedVersion: 0,
        madeBy: 'stand-in',
      });
      expect(applied).toMatchObject({ seq: 1, finished: false });
      expect(applied.game.version).toBe(1);
      expect(await store.getGame(id)).toBe(applied.game);
      expect(await store.actionLog(id)).toEqual([
        {
          seq: 1,
          seat,
          action: { type: 'move', die: 'both' },
          createdAt: expect.any(Date),
          said: applied.game.log,
          // Who made it, written with it.
          madeBy: 'stand-in',
        },
      ]);
      // What the move said is stored with it and read back with the game, never kept in its state.
      expect(applied.game.log).toHaveLength(1);
      expect(JSON.stringify(applied.game.state)).not.toContain('kernel.rules');
      // The record handed out before is a snapshot, untouched by the move.
      expect(before.version).toBe(0);
    });

    it("reads back the newest lines of the game's log as it kept them move by move", async () => {
      const store = await open();
      const id = await startedGame(store);
      const rng = seedRng('recent-lines');
      const said: unknown[] = [];
      for (let k = 0; k < 30; k++) {
        const before = await store.getGame(id);
        if (before.status !== 'active') break;
        await playRandomActionOn(store, id, rng);
        said.push(...((await store.actionLog(id)).at(-1)?.said ?? []));
      }
      const kept = (await store.getGame(id)).log;
      expect(kept).toEqual(said.slice(-RECENT_LINES));
      // As a restarted bot reads it: from the actions' rows, not from memory.
      store.clearCache();
      expect((await store.getGame(id)).log).toEqual(kept);
    });

    it('refuses a stale version with the current one, writing nothing', async () => {
      const store = await open();
      const id = await startedGame(store);
      await playRandomActionOn(store, id, seedRng('stale'));
      const game = await store.getGame(id);
      const seat = diceRace.waitingFor(game.state as never)[0] as number;
      const before = await countsOn(store);
      const error = await store.applyAction(id, { seat, action: { type: 'pass' }, expectedVersion: 0 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StaleVersionError);
      expect(error).toMatchObject({
        expectedVersion: 0,
        currentVersion: 1,
        status: 'active',
        code: 'stale-version',
      });
      expect((error as Error).message).toMatch(/board changed/);
      expect(await countsOn(store)).toEqual(before);
    });

    it("passes the rules module's refusal on, writing nothing", async () => {
      const store = await open();
      const id = await startedGame(store);
      const game = await store.getGame(id);
      const notToMove = 1 - (diceRace.waitingFor(game.state as never)[0] as number);
      const before = await countsOn(store);
      await expect(
        store.applyAction(id, { seat: notToMove, action: { type: 'pass' }, expectedVersion: 0 }),
      ).rejects.toThrow(
        expect.objectContaining({
          constructor: RuleRefusedError,
          ruleError: { code: 'not-your-turn', msg: plain('It is not your turn.') },
          message: 'the rules refused it (not-your-turn)',
        }),
      );
      await expect(
        store.applyAction(id, { seat: 7, action: { type: 'pass' }, expectedVersion: 0 }),
      ).rejects.toThrow(NotASeatError);
      await expect(store.applyAction(id, { seat: 0, action: undefined, expectedVersion: 0 })).rejects.toThrow(
        InvalidActionError,
      );
      await expect(store.applyAction(999, { seat: 0, action: {}, expectedVersion: 0 })).rejects.toThrow(
        GameNotFoundError,
      );
      expect(await countsOn(store)).toEqual(before);
      expect((await store.getGame(id)).version).toBe(0);
    });

    it('finishes the game when the rules produce an outcome, then refuses further actions', async () => {
      const opened = await backends.open();
      const { store } = opened;
      const id = await startedGame(store, 3, 'to-the-end');
      const rng = seedRng('end');
      let last = await playRandomActionOn(store, id, rng);
      while (last && !last.finished) last = await playRandomActionOn(store, id, rng);
      const game = await store.getGame(id);
      expect(game.status).toBe('finished');
      expect(game.finishedAt).toBeInstanceOf(Date);
      expect(game.outcome).toEqual(diceRace.outcome(game.state as never));
      await expect(
        store.applyAction(id, { seat: 0, action: { type: 'pass' }, expectedVersion: game.version }),
      ).rejects.toThrow(
        expect.objectContaining({
          constructor: WrongStatusError,
          status: 'finished',
          message: 'This game is over.',
        }),
      );
      // A click drawn before the last move hears that the board changed, and that the game is over.
      await expect(
        store.applyAction(id, { seat: 0, action: { type: 'pass' }, expectedVersion: game.version - 1 }),
      ).rejects.toThrow(
        expect.objectContaining({
          constructor: StaleVersionError,
          status: 'finished',
          message: 'The board changed since this was shown. This game is over.',
        }),
      );
      // A fresh store (a restart) reads the same finished game back.
      const again = await (await opened.another()).getGame(id);
      expect(again).toEqual(game);
    });

    it('keeps the database and the cache unchanged when a module throws', async () => {
      const store = await open();
      const lobby = await store.lobbies.create({
        type: 'explosive',
        seats: [
          { botKind: 'x', displayName: 'A' },
          { botKind: 'x', displayName: 'B' },
        ],
      });
      const id = (await store.startGame(lobby.id)).id;
      await store.applyAction(id, { seat: 0, action: 'tick', expectedVersion: 0 });
      await expect(store.applyAction(id, { seat: 0, action: 'boom', expectedVersion: 1 })).rejects.toThrow(
        'bug in the rules',
      );
      expect(await store.getGame(id)).toMatchObject({ version: 1, state: { n: 1 } });
      expect(await store.actionLog(id)).toHaveLength(1);
      expect(
        (await store.applyAction(id, { seat: 0, action: 'tick', expectedVersion: 1 })).game.state,
      ).toEqual({
        n: 2,
      });
    });
  });

  describe('cancelling and seats', () => {
    it('cancels lobbies and running games, not finished ones', async () => {
      const store = await open();
      const lobby = await store.lobbies.create({ type: 'dice-race' });
      expect((await store.cancelGame(lobby.id)).status).toBe('cancelled');
      const id = await startedGame(store);
      expect(await store.cancelGame(id)).toMatchObject({ status: 'cancelled', finishedAt: expect.any(Date) });
      await expect(
        store.applyAction(id, { seat: 0, action: { type: 'pass' }, expectedVersion: 0 }),
      ).rejects.toThrow(
        expect.objectContaining({ status: 'cancelled', message: 'This game was cancelled.' }),
      );
      await expect(store.cancelGame(id)).rejects.toThrow(WrongStatusError);
    });

    it('hands a seat to a computer player without touching the game', async () => {
      const store = await open();
      const id = await startedGame(store);
      const before = await store.getGame(id);
      const after = await store.lobbies.replaceSeat(id, 1, { botKind: 'heuristic', displayName: 'Robot' });
      expect(after.seats[1]).toEqual({ seat: 1, userId: null, botKind: 'heuristic', displayName: 'Robot' });
      expect(after.state).toEqual(before.state);
      expect(after.version).toBe(before.version);
      expect(await store.gamesOfUser('user-1')).toEqual([]);
      await expect(
        store.lobbies.replaceSeat(id, 0, { userId: 'user-0', displayName: 'x' }),
      ).resolves.toBeDefined();
      await expect(store.lobbies.replaceSeat(id, 1, { userId: 'user-0', displayName: 'x' })).rejects.toThrow(
        LobbyError,
      );
    });
  });

  describe('lookups', () => {
    it('finds games by channel, thread, guild and player', async () => {
      const store = await open();
      const a = await store.lobbies.create({
        type: 'dice-race',
        guildId: 'g1',
        channelId: 'c1',
        seats: [{ userId: 'u1', displayName: 'Ann' }],
      });
      const b = await startedGame(store);
      await store.locations.setLocation(b, { guildId: 'g1', channelId: 'c1', threadId: 't1' });
      const c = await startedGame(store);
      await store.cancelGame(c);

      const ids = (games: readonly { id: number }[]) => games.map((g) => g.id);
      expect(ids(await store.gamesInChannel('c1'))).toEqual([b, a.id]);
      expect(ids(await store.gamesInChannel('t1'))).toEqual([b]);
      expect((await store.gameInThread('t1'))?.id).toBe(b);
      expect(await store.gameInThread('nope')).toBeUndefined();
      expect(ids(await store.gamesInGuild('g1', ['active']))).toEqual([b]);
      expect(ids(await store.gamesOfUser('u1'))).toEqual([a.id]);
      expect(ids(await store.gamesOfUser('user-0'))).toEqual([b]);
      expect(ids(await store.gamesOfUser('user-0', ['cancelled']))).toEqual([c]);
      expect((await store.lobbies.seatsOf(b)).map((s) => s.userId)).toEqual(['user-0', 'user-1']);
      expect(await store.listGames(['lobby', 'active', 'cancelled'])).toHaveLength(3);
      expect(await store.countGames(['cancelled'])).toBe(1);
      // Summaries carry no state, so listing never parses a game.
      expect((await store.listGames())[0]).not.toHaveProperty('state');
    });

    it('loads games on first touch only', async () => {
      const opened = await backends.open();
      const { store } = opened;
      const ids = [await startedGame(store), await startedGame(store), await startedGame(store)];
      const restarted = await opened.another();
      expect(restarted.cachedGames).toBe(0);
      expect(await restarted.countGames()).toBe(3);
      expect(await restarted.gamesOfUser('user-0')).toHaveLength(3);
      expect(restarted.cachedGames).toBe(0);
      expect(await restarted.getGame(ids[1] as number)).toEqual(await store.getGame(ids[1] as number));
      expect(restarted.cachedGames).toBe(1);
      expect(await restarted.findGame(12345)).toBeUndefined();
    });

    it('drops the least recently used games beyond its capacity', async () => {
      const store = await open({ cacheCapacity: 2 });
      const [a, b, c] = [await startedGame(store), await startedGame(store), await startedGame(store)];
      expect(store.cachedGames).toBe(2);
      await store.getGame(b);
      await store.getGame(a); // c is now the oldest
      await store.getGame(b);
      expect(store.cachedGames).toBe(2);
      const rng = seedRng('lru');
      for (const id of [a, b, c]) expect((await playRandomActionOn(store, id, rng))?.seq).toBe(1);
    });

    it('stamps times from the clock it is given', async () => {
      let now = Date.UTC(2030, 0, 1);
      const store = await open({ now: () => new Date(now) });
      const id = await startedGame(store);
      now += 60_000;
      const game = (await playRandomActionOn(store, id, seedRng('t')))?.game;
      expect(game?.createdAt.getTime()).toBe(Date.UTC(2030, 0, 1));
      expect(game?.updatedAt.getTime()).toBe(Date.UTC(2030, 0, 1, 0, 1));
      expect((await store.actionLog(id))[0]?.createdAt.getTime()).toBe(Date.UTC(2030, 0, 1, 0, 1));
    });
  });

  describe('Discord messages', () => {
    it('remembers the latest message of each kind per game', async () => {
      const store = await open();
      const id = await startedGame(store);
      expect(await store.locations.getMessage(id, 'board')).toBeUndefined();
      await store.locations.setMessage(id, 'board', { messageId: 'm1', channelId: 't1', version: 0 });
      await store.locations.setMessage(id, 'board', { messageId: 'm2', channelId: 't1', version: 3 });
      await store.locations.setMessage(id, 'lobby', { messageId: 'm0' });
      expect(await store.locations.getMessage(id, 'board')).toEqual({
        messageId: 'm2',
        channelId: 't1',
        version: 3,
      });
      expect(await store.locations.messagesOf(id)).toEqual({
        board: { messageId: 'm2', channelId: 't1', version: 3 },
        lobby: { messageId: 'm0', channelId: null, version: null },
      });
      await store.locations.setMessage(id, 'lobby', null);
      expect(Object.keys(await store.locations.messagesOf(id))).toEqual(['board']);
      const orphan = await store.locations.setMessage(999, 'board', { messageId: 'x' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(errorText(orphan)).toMatch(/FOREIGN KEY/i);
    });
  });
});
