import { describe, expect, it } from 'vitest';
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
import { GameStore } from '../../src/store/game-store.ts';
import { diceRace } from '../fixtures/dice-race.ts';
import { memoryStore, playRandomAction, startedGame } from './helpers/memory-store.ts';

function counts(store: GameStore): { actions: number; version: number } {
  const row = store.database.sqlite
    .prepare('select (select count(*) from actions) as actions, (select sum(version) from games) as version')
    .get() as { actions: number; version: number };
  return row;
}

describe('lobby', () => {
  it('creates a lobby without state, with a random seed and the host seated', () => {
    const store = memoryStore();
    const game = store.lobbies.create({
      type: 'dice-race',
      channelId: 'c',
      hostUserId: 'u1',
      seats: [{ userId: 'u1', displayName: 'Ann' }],
    });
    expect(game).toMatchObject({ status: 'lobby', state: null, version: 0, hostUserId: 'u1', outcome: null });
    expect(game.seed).toMatch(/^[\w-]{12}$/);
    expect(game.seats).toEqual([{ seat: 0, userId: 'u1', botKind: null, displayName: 'Ann' }]);
    expect(store.lobbies.create({ type: 'dice-race' }).seed).not.toBe(game.seed);
  });

  it('refuses options the game does not accept, and unknown game types', () => {
    const store = memoryStore();
    expect(() => store.lobbies.create({ type: 'dice-race', options: { goal: 1 } })).toThrow(
      InvalidOptionsError,
    );
    expect(() => store.lobbies.create({ type: 'no-such-game' })).toThrow(/unknown game type 'no-such-game'/);
    expect(store.countGames()).toBe(0);
  });

  it('seats people and computer players, refuses doubles and a full table, and compacts on leave', () => {
    const store = memoryStore();
    const { id } = store.lobbies.create({ type: 'dice-race', seats: [{ userId: 'u1', displayName: 'Ann' }] });
    expect(store.lobbies.join(id, { userId: 'u2', displayName: 'Bob' }).seat).toBe(1);
    expect(() => store.lobbies.join(id, { userId: 'u2', displayName: 'Bob' })).toThrow(
      expect.objectContaining({ problem: 'already-seated' }),
    );
    store.lobbies.join(id, { botKind: 'random', displayName: 'Robot 1' });
    store.lobbies.join(id, { botKind: 'random', displayName: 'Robot 2' });
    expect(() => store.lobbies.join(id, { userId: 'u5', displayName: 'Eve' })).toThrow(LobbyError);

    store.lobbies.leave(id, 'u1');
    store.lobbies.leave(id, 1); // Robot 1, now in seat 1
    expect(store.getGame(id).seats).toEqual([
      { seat: 0, userId: 'u2', botKind: null, displayName: 'Bob' },
      { seat: 1, userId: null, botKind: 'random', displayName: 'Robot 2' },
    ]);
    expect(() => store.lobbies.leave(id, 'u1')).toThrow(expect.objectContaining({ problem: 'not-seated' }));
  });

  it('starts with the player count in the options, in the seat order asked for', () => {
    const store = memoryStore();
    const lobby = store.lobbies.create({
      type: 'dice-race',
      seed: 's',
      options: { goal: 12 },
      seats: [{ userId: 'u1', displayName: 'Ann' }],
    });
    expect(() => store.startGame(lobby.id)).toThrow(expect.objectContaining({ problem: 'too-few-players' }));
    store.lobbies.join(lobby.id, { userId: 'u2', displayName: 'Bob' });
    expect(() => store.startGame(lobby.id, [0, 0])).toThrow(
      expect.objectContaining({ problem: 'bad-seat-order' }),
    );

    const game = store.startGame(lobby.id, [1, 0]);
    expect(game.status).toBe('active');
    expect(game.options).toEqual({ players: 2, goal: 12 });
    expect(game.state).toEqual(diceRace.setup({ players: 2, goal: 12 }, 's'));
    expect(game.seats.map((s) => s.userId)).toEqual(['u2', 'u1']);
    expect(game.startedAt).toBeInstanceOf(Date);
    expect(() => store.lobbies.join(lobby.id, { userId: 'u3', displayName: 'Cy' })).toThrow(WrongStatusError);
    expect(() => store.startGame(lobby.id)).toThrow(WrongStatusError);
  });

  it('changes lobby options only in the lobby and only to valid ones', () => {
    const store = memoryStore();
    const { id } = store.lobbies.create({ type: 'dice-race' });
    expect(store.lobbies.setOptions(id, { goal: 50 }).options).toEqual({ goal: 50 });
    expect(() => store.lobbies.setOptions(id, { goal: 'far' })).toThrow(InvalidOptionsError);
    expect(store.getGame(id).options).toEqual({ goal: 50 });
  });
});

describe('applying actions', () => {
  it('appends to the log and bumps the version in one step', () => {
    const store = memoryStore();
    const id = startedGame(store);
    const before = store.getGame(id);
    const seat = diceRace.waitingFor(before.state as never)[0] as number;
    const applied = store.applyAction(id, {
      seat,
      action: { type: 'move', die: 'both' },
      expectedVersion: 0,
    });
    expect(applied).toMatchObject({ seq: 1, finished: false });
    expect(applied.game.version).toBe(1);
    expect(store.getGame(id)).toBe(applied.game);
    expect(store.actionLog(id)).toEqual([
      { seq: 1, seat, action: { type: 'move', die: 'both' }, createdAt: expect.any(Date) },
    ]);
    // The record handed out before is a snapshot, untouched by the move.
    expect(before.version).toBe(0);
  });

  it('refuses a stale version with the current one, writing nothing', () => {
    const store = memoryStore();
    const id = startedGame(store);
    const rng = seedRng('stale');
    playRandomAction(store, id, rng);
    const game = store.getGame(id);
    const seat = diceRace.waitingFor(game.state as never)[0] as number;
    const before = counts(store);
    const error = (() => {
      try {
        store.applyAction(id, { seat, action: { type: 'pass' }, expectedVersion: 0 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(StaleVersionError);
    expect(error).toMatchObject({
      expectedVersion: 0,
      currentVersion: 1,
      status: 'active',
      code: 'stale-version',
    });
    expect((error as Error).message).toMatch(/board changed/);
    expect(counts(store)).toEqual(before);
  });

  it("passes the rules module's refusal on, writing nothing", () => {
    const store = memoryStore();
    const id = startedGame(store);
    const game = store.getGame(id);
    const notToMove = 1 - (diceRace.waitingFor(game.state as never)[0] as number);
    const before = counts(store);
    expect(() =>
      store.applyAction(id, { seat: notToMove, action: { type: 'pass' }, expectedVersion: 0 }),
    ).toThrow(
      expect.objectContaining({
        constructor: RuleRefusedError,
        ruleError: { code: 'not-your-turn', message: 'It is not your turn.' },
        message: 'It is not your turn.',
      }),
    );
    expect(() => store.applyAction(id, { seat: 7, action: { type: 'pass' }, expectedVersion: 0 })).toThrow(
      NotASeatError,
    );
    expect(() => store.applyAction(id, { seat: 0, action: undefined, expectedVersion: 0 })).toThrow(
      InvalidActionError,
    );
    expect(() => store.applyAction(999, { seat: 0, action: {}, expectedVersion: 0 })).toThrow(
      GameNotFoundError,
    );
    expect(counts(store)).toEqual(before);
    expect(store.getGame(id).version).toBe(0);
  });

  it('finishes the game when the rules produce an outcome, then refuses further actions', () => {
    const store = memoryStore();
    const id = startedGame(store, 3, 'to-the-end');
    const rng = seedRng('end');
    let last = playRandomAction(store, id, rng);
    while (last && !last.finished) last = playRandomAction(store, id, rng);
    const game = store.getGame(id);
    expect(game.status).toBe('finished');
    expect(game.finishedAt).toBeInstanceOf(Date);
    expect(game.outcome).toEqual(diceRace.outcome(game.state as never));
    expect(() =>
      store.applyAction(id, { seat: 0, action: { type: 'pass' }, expectedVersion: game.version }),
    ).toThrow(
      expect.objectContaining({
        constructor: WrongStatusError,
        status: 'finished',
        message: 'This game is over.',
      }),
    );
    // A click drawn before the last move hears that the board changed, and that the game is over.
    expect(() =>
      store.applyAction(id, { seat: 0, action: { type: 'pass' }, expectedVersion: game.version - 1 }),
    ).toThrow(
      expect.objectContaining({
        constructor: StaleVersionError,
        status: 'finished',
        message: 'The board changed since this was shown. This game is over.',
      }),
    );
    // A fresh store (a restart) reads the same finished game back.
    const again = new GameStore(store.database).getGame(id);
    expect(again).toEqual(game);
  });

  it('keeps the database and the cache unchanged when a module throws', () => {
    const store = memoryStore();
    const explosive: GameModule<unknown, { n: number }, unknown, unknown> = {
      ...(diceRace as unknown as GameModule<unknown, { n: number }, unknown, unknown>),
      id: 'explosive',
      parseOptions: () => ({}),
      setup: () => ({ n: 0 }),
      waitingFor: () => [0],
      outcome: () => null,
      apply: (state, _seat, action) => {
        if (action === 'boom') throw new Error('bug in the rules');
        return { ok: true, state: { n: state.n + 1 } };
      },
    };
    registerGame(explosive);
    const lobby = store.lobbies.create({
      type: 'explosive',
      seats: [
        { botKind: 'x', displayName: 'A' },
        { botKind: 'x', displayName: 'B' },
      ],
    });
    const id = store.startGame(lobby.id).id;
    store.applyAction(id, { seat: 0, action: 'tick', expectedVersion: 0 });
    expect(() => store.applyAction(id, { seat: 0, action: 'boom', expectedVersion: 1 })).toThrow(
      'bug in the rules',
    );
    expect(store.getGame(id)).toMatchObject({ version: 1, state: { n: 1 } });
    expect(store.actionLog(id)).toHaveLength(1);
    expect(store.applyAction(id, { seat: 0, action: 'tick', expectedVersion: 1 }).game.state).toEqual({
      n: 2,
    });
  });
});

describe('cancelling and seats', () => {
  it('cancels lobbies and running games, not finished ones', () => {
    const store = memoryStore();
    const lobby = store.lobbies.create({ type: 'dice-race' });
    expect(store.cancelGame(lobby.id).status).toBe('cancelled');
    const id = startedGame(store);
    expect(store.cancelGame(id)).toMatchObject({ status: 'cancelled', finishedAt: expect.any(Date) });
    expect(() => store.applyAction(id, { seat: 0, action: { type: 'pass' }, expectedVersion: 0 })).toThrow(
      expect.objectContaining({ status: 'cancelled', message: 'This game was cancelled.' }),
    );
    expect(() => store.cancelGame(id)).toThrow(WrongStatusError);
  });

  it('hands a seat to a computer player without touching the game', () => {
    const store = memoryStore();
    const id = startedGame(store);
    const before = store.getGame(id);
    const after = store.lobbies.replaceSeat(id, 1, { botKind: 'heuristic', displayName: 'Robot' });
    expect(after.seats[1]).toEqual({ seat: 1, userId: null, botKind: 'heuristic', displayName: 'Robot' });
    expect(after.state).toEqual(before.state);
    expect(after.version).toBe(before.version);
    expect(store.gamesOfUser('user-1')).toEqual([]);
    expect(() => store.lobbies.replaceSeat(id, 0, { userId: 'user-0', displayName: 'x' })).not.toThrow();
    expect(() => store.lobbies.replaceSeat(id, 1, { userId: 'user-0', displayName: 'x' })).toThrow(
      LobbyError,
    );
  });
});

describe('lookups', () => {
  it('finds games by channel, thread, guild and player', () => {
    const store = memoryStore();
    const a = store.lobbies.create({
      type: 'dice-race',
      guildId: 'g1',
      channelId: 'c1',
      seats: [{ userId: 'u1', displayName: 'Ann' }],
    });
    const b = startedGame(store);
    store.locations.setLocation(b, { guildId: 'g1', channelId: 'c1', threadId: 't1' });
    const c = startedGame(store);
    store.cancelGame(c);

    expect(store.gamesInChannel('c1').map((g) => g.id)).toEqual([b, a.id]);
    expect(store.gamesInChannel('t1').map((g) => g.id)).toEqual([b]);
    expect(store.gameInThread('t1')?.id).toBe(b);
    expect(store.gameInThread('nope')).toBeUndefined();
    expect(store.gamesInGuild('g1', ['active']).map((g) => g.id)).toEqual([b]);
    expect(store.gamesOfUser('u1').map((g) => g.id)).toEqual([a.id]);
    expect(store.gamesOfUser('user-0').map((g) => g.id)).toEqual([b]);
    expect(store.gamesOfUser('user-0', ['cancelled']).map((g) => g.id)).toEqual([c]);
    expect(store.lobbies.seatsOf(b).map((s) => s.userId)).toEqual(['user-0', 'user-1']);
    expect(store.listGames(['lobby', 'active', 'cancelled'])).toHaveLength(3);
    expect(store.countGames(['cancelled'])).toBe(1);
    // Summaries carry no state, so listing never parses a game.
    expect(store.listGames()[0]).not.toHaveProperty('state');
  });

  it('loads games on first touch only', () => {
    const store = memoryStore();
    const ids = [startedGame(store), startedGame(store), startedGame(store)];
    const restarted = new GameStore(store.database);
    expect(restarted.cachedGames).toBe(0);
    expect(restarted.countGames()).toBe(3);
    expect(restarted.gamesOfUser('user-0')).toHaveLength(3);
    expect(restarted.cachedGames).toBe(0);
    expect(restarted.getGame(ids[1] as number)).toEqual(store.getGame(ids[1] as number));
    expect(restarted.cachedGames).toBe(1);
    expect(restarted.findGame(12345)).toBeUndefined();
  });

  it('drops the least recently used games beyond its capacity', () => {
    const store = memoryStore({ cacheCapacity: 2 });
    const [a, b, c] = [startedGame(store), startedGame(store), startedGame(store)] as [
      number,
      number,
      number,
    ];
    expect(store.cachedGames).toBe(2);
    store.getGame(b);
    store.getGame(a); // c is now the oldest
    store.getGame(b);
    expect(store.cachedGames).toBe(2);
    const rng = seedRng('lru');
    for (const id of [a, b, c]) expect(playRandomAction(store, id, rng)?.seq).toBe(1);
  });

  it('stamps times from the clock it is given', () => {
    let now = Date.UTC(2030, 0, 1);
    const store = memoryStore({ now: () => new Date(now) });
    const id = startedGame(store);
    now += 60_000;
    const game = playRandomAction(store, id, seedRng('t'))?.game;
    expect(game?.createdAt.getTime()).toBe(Date.UTC(2030, 0, 1));
    expect(game?.updatedAt.getTime()).toBe(Date.UTC(2030, 0, 1, 0, 1));
    expect(store.actionLog(id)[0]?.createdAt.getTime()).toBe(Date.UTC(2030, 0, 1, 0, 1));
  });
});

describe('Discord messages', () => {
  it('remembers the latest message of each kind per game', () => {
    const store = memoryStore();
    const id = startedGame(store);
    expect(store.locations.getMessage(id, 'board')).toBeUndefined();
    store.locations.setMessage(id, 'board', { messageId: 'm1', channelId: 't1', version: 0 });
    store.locations.setMessage(id, 'board', { messageId: 'm2', channelId: 't1', version: 3 });
    store.locations.setMessage(id, 'lobby', { messageId: 'm0' });
    expect(store.locations.getMessage(id, 'board')).toEqual({ messageId: 'm2', channelId: 't1', version: 3 });
    expect(store.locations.messagesOf(id)).toEqual({
      board: { messageId: 'm2', channelId: 't1', version: 3 },
      lobby: { messageId: 'm0', channelId: null, version: null },
    });
    store.locations.setMessage(id, 'lobby', null);
    expect(Object.keys(store.locations.messagesOf(id))).toEqual(['board']);
    expect(() => store.locations.setMessage(999, 'board', { messageId: 'x' })).toThrow(/FOREIGN KEY/);
  });
});
