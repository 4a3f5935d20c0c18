import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seat } from '../../src/games/kernel/types.ts';
import { valley } from '../../src/games/valley/index.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * One click asks the rules for each view it needs once: the reply, the publisher, the turn timers and the
 * hands share the views of a state (Tables.view), where a click used to compute the public view of the
 * same position many times over.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness({});
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

describe('the views of a position', () => {
  it('are the same objects for the same state and seat, frozen, and new for a new state', async () => {
    const { gameId } = await startGameByLobby(d, alice, [bob]);
    await h.settle();
    const tables = h.bot.runtime.tables;
    const game = h.store.getGame(gameId);
    expect(tables.view(game, null)).toBe(tables.view(game, null));
    expect(tables.view(game, 0)).toBe(tables.view(game, 0));
    expect(tables.view(game, 0)).not.toBe(tables.view(game, 1));
    expect(Object.isFrozen(tables.view(game, 0).actions)).toBe(true);
    const moved = { ...game, state: structuredClone(game.state) };
    expect(tables.view(moved, 0)).not.toBe(tables.view(game, 0));
    expect(tables.view(moved, 0)).toEqual(tables.view(game, 0));
  });

  it('are computed once each, and the turn timers plan once, while a click is answered and published', async () => {
    const { gameId, where } = await startGameByLobby(d, bob, [alice]);
    await h.settle();
    const game = h.store.getGame(gameId);
    const seat = h.bot.runtime.tables.view(game, null).turn.seat;
    const mover = game.seats[seat]?.userId === alice.id ? alice : bob;
    const hand = await d.openHand(mover, where);

    const scheduler = h.bot.runtime.scheduler;
    const plan = scheduler.plan.bind(scheduler);
    const armed = scheduler.planned.bind(scheduler);
    const outside: string[] = [];
    const planned: string[] = [];
    scheduler.plan = (row) => {
      outside.push(row.key);
      return plan(row);
    };
    scheduler.planned = (rows) => {
      planned.push(...rows.map((r) => r.key));
      return armed(rows);
    };
    const describeAction = valley.describe;
    let described = 0;
    (valley as { describe: typeof valley.describe }).describe = (...a) => {
      described++;
      return describeAction(...a);
    };
    const real = valley.view;
    const asked = new Map<object, (Seat | null)[]>();
    const repeated: string[] = [];
    (valley as { view: typeof valley.view }).view = (state, viewer) => {
      const seats = asked.get(state) ?? [];
      if (seats.includes(viewer)) repeated.push(`seat ${viewer} of a state seen before`);
      asked.set(state, [...seats, viewer]);
      return real(state, viewer);
    };
    try {
      await d.playFirstAction(mover, hand);
      await h.settle();
    } finally {
      (valley as { view: typeof valley.view }).view = real;
      (valley as { describe: typeof valley.describe }).describe = describeAction;
      scheduler.plan = plan;
      scheduler.planned = armed;
    }
    expect(h.store.getGame(gameId).version).toBeGreaterThan(game.version);
    expect(asked.size).toBeGreaterThan(0);
    expect(repeated).toEqual([]);
    // The reply says what the move did from the move's own result (the rules said it as they applied
    // it): nothing asks the rules to describe the move on the old position again.
    expect(described).toBe(0);
    // Boards, hands and pings were posted and edited: discord.js kept none of those messages in memory.
    const client = h.bot.client;
    const kept = [...client.channels.cache.values()].reduce(
      (n, channel) => n + ('messages' in channel ? channel.messages.cache.size : 0),
      0,
    );
    expect(client.channels.cache.size).toBeGreaterThan(0);
    expect(kept).toBe(0);
    // The turn timers plan the next reminder once, in the move's transaction; nothing more after it.
    expect(planned.length).toBeGreaterThan(0);
    expect(planned).toEqual([...new Set(planned)]);
    expect(outside).toEqual([]);
  });
});
