import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { KeyMomentsBudget } from '../../src/discord/key-moments.ts';
import type { Seat } from '../../src/games/kernel/types.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Who made each move, as the bot stores it through the real client: a turn that timed out is the
 * stand-in's (and so is the rest of that turn, which the computer plays for the person), a click is the
 * seat's holder's, a computer seat's own move its holder's. A person whose every move the stand-in made has
 * no key moments of their own, and is told why.
 */
const HOUR = 3_600_000;
const BUDGET: KeyMomentsBudget = { screenPlayouts: 4, screenDuels: 4, confirm: 2, confirmDuels: 20 };
const clock = new ManualClock();
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness({ clock, keyMoments: BUDGET });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

describe('moves made for a person', () => {
  it('a timed-out turn is stored as the stand-in’s, a click as the person’s own', async () => {
    const { where, gameId } = await startGameByLobby(d, alice, [bob]);
    const rt = h.bot.runtime;
    const late = rt.tables.view(h.store.getGame(gameId), null).turn.seat;
    const before = h.store.getGame(gameId).version;
    clock.advance(24 * HOUR);
    await rt.scheduler.tick();
    await h.quiet();
    const timedOut = h.store.actionLog(gameId).slice(before);
    expect(timedOut.length).toBeGreaterThan(0);
    expect(timedOut.filter((a) => a.seat === late).map((a) => a.madeBy)).toEqual(
      timedOut.filter((a) => a.seat === late).map(() => 'stand-in'),
    );
    // Nothing in that stretch was anybody's own move: another seat's could only be an automatic pass.
    expect(timedOut.every((a) => a.madeBy === 'stand-in' || a.madeBy === 'auto')).toBe(true);

    const next = rt.tables.view(h.store.getGame(gameId), null).turn.seat;
    expect(next).not.toBe(late);
    const mover = h.store.getGame(gameId).seats[next]?.userId === alice.id ? alice : bob;
    const clicked = h.store.getGame(gameId).version;
    await d.playFirstAction(mover, await d.openHand(mover, where));
    await h.quiet();
    const own = h.store.actionLog(gameId).slice(clicked);
    expect(own[0]).toMatchObject({ seat: next, madeBy: 'holder' });
  }, 120_000);

  it('a computer seat’s own moves are its holder’s; a pass the table makes for a person is automatic', async () => {
    const c = h.loopback.control;
    const where = c.createChannel({ name: 'computer-own-moves' }).id;
    const lobby = h.store.lobbies.create({
      type: 'valley',
      guildId: c.defaultGuild.id,
      channelId: where,
      hostUserId: alice.id,
      seed: 'computer-own-moves',
      seats: [
        { userId: alice.id, displayName: 'alice' },
        { botKind: 'normal', displayName: 'Computer' },
      ],
    });
    const gameId = h.store.startGame(lobby.id).id;
    const rt = h.bot.runtime;
    const adapter = rt.tables.adapterOf(h.store.getGame(gameId));
    const aliceSeat = h.store.getGame(gameId).seats.findIndex((s) => s.userId === alice.id);
    // alice plays her turns herself until the computer has moved a few times.
    const computerMoves = () => h.store.actionLog(gameId).filter((a) => a.seat !== aliceSeat).length;
    for (let k = 0; k < 200 && computerMoves() < 3; k++) {
      const game = h.store.getGame(gameId);
      if (game.status !== 'active') break;
      if (rt.tables.waitingFor(game).includes(aliceSeat) && !rt.tables.view(game, aliceSeat).autoPass) {
        const action = adapter.computers.move(game.state, aliceSeat, 'normal');
        expect((await rt.table.move(gameId, aliceSeat, action, game.version)).ok).toBe(true);
      } else await rt.table.rearm(game);
      await h.quiet();
    }
    const log = h.store.actionLog(gameId);
    expect(computerMoves()).toBeGreaterThanOrEqual(3);
    const computer = log.filter((a) => a.seat !== aliceSeat);
    expect(computer.map((a) => a.madeBy)).toEqual(computer.map(() => 'holder'));
    // alice's own moves are hers; a pass the table made for her (her only answer) is automatic.
    for (const a of log.filter((x) => x.seat === aliceSeat))
      if (a.madeBy === 'auto') expect(a.action).toMatchObject({ type: 'answer', value: 'pass' });
      else expect(a.madeBy).toBe('holder');
  }, 120_000);

  it('a person whose every move the stand-in made has no key moments, and is told so', async () => {
    const c = h.loopback.control;
    const where = c.createChannel({ name: 'away-all-game' }).id;
    const lobby = h.store.lobbies.create({
      type: 'valley',
      guildId: c.defaultGuild.id,
      channelId: where,
      hostUserId: alice.id,
      seed: 'away-all-game',
      seats: [
        { userId: alice.id, displayName: 'alice' },
        { botKind: 'normal', displayName: 'Computer' },
      ],
    });
    const gameId = h.store.startGame(lobby.id).id;
    const rt = h.bot.runtime;
    const adapter = rt.tables.adapterOf(h.store.getGame(gameId));
    const aliceSeat = h.store.getGame(gameId).seats.findIndex((s) => s.userId === alice.id);
    let madeForHer = 0;
    for (;;) {
      const game = h.store.getGame(gameId);
      const seat = adapter.game.waitingFor(game.state)[0] as Seat;
      const action = adapter.computers.move(game.state, seat, 'random');
      const madeBy = seat === aliceSeat ? 'stand-in' : 'holder';
      if (seat === aliceSeat) madeForHer++;
      const after = adapter.game.apply(game.state, seat, action);
      if (after.ok && adapter.game.outcome(after.state) !== null) {
        // The last move through the one move path, as the bot makes it: it plans the key moments.
        await rt.locks.run(gameId, () => rt.publisher.postBoard(game));
        expect((await rt.table.move(gameId, seat, action, game.version, { madeBy })).ok).toBe(true);
        break;
      }
      h.store.applyAction(gameId, { seat, action, expectedVersion: game.version, madeBy });
    }
    await h.quiet();
    await rt.keyMoments.idle();
    const stored = await rt.tables.store.keyMoments.of(gameId);
    expect(stored?.decisions).toBe(0);
    const results = d.latest(where, 'moments');
    const button = controls(results).find((x) => x.verb === 'moments');
    const shown = await d.press(alice, results, button as NonNullable<typeof button>);
    expect(shown.ephemeral).toBe(true);
    expect(shown.text).toContain(`Nothing to regret in your own moves of game #${gameId}`);
    expect(shown.text).toContain(`${madeForHer} moves were played by the computer for you`);
  }, 120_000);
});
