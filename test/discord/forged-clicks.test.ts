import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardCustomId } from '../../src/discord/leaderboard-id.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { decodeCustomId, encodeCustomId } from '../../src/table-kit/custom-id.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Discord does not promise that a clicked custom_id is one of the clicked message's components: a
 * modified client can send any id on any message it can see. Every kind of id Scarab draws is sent on
 * every kind of message Scarab posts, by every seat and by an onlooker: nothing public may change,
 * every answer is private, and the game does not move.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let dave: LoopbackUser;
let where: string;
let gameId: number;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  const c = h.loopback.control;
  alice = c.createUser('alice');
  bob = c.createUser('bob');
  dave = c.createUser('dave');
  ({ where, gameId } = await startGameByLobby(d, alice, [bob]));
});
afterAll(async () => {
  await h?.stop();
});

const sameControl = (a: string, b: string) => {
  const [x, y] = [decodeCustomId(a), decodeCustomId(b)];
  return (
    a === b ||
    (!!x && !!y && x.scope === y.scope && x.gameId === y.gameId && x.verb === y.verb && x.arg === y.arg)
  );
};

const snapshot = (messages: readonly LoopbackMessage[]) =>
  messages.map((m) => {
    const now = h.loopback.control.message(m.id);
    return { id: m.id, content: now?.text, components: JSON.stringify(now?.components ?? null) };
  });

describe('forged clicks', () => {
  it('any id on any message, by anyone: answered privately, nothing public changes, the game stays put', async () => {
    const c = h.loopback.control;
    const game = () => h.store.getGame(gameId);
    const s = game().state as ValleyState;
    const mover = game().seats[s.turn.seat]?.userId === alice.id ? alice : bob;
    const other = mover === alice ? bob : alice;

    // Message kinds: the lobby, the board, a private hand of each seat, a leaderboard.
    const lobby = c.messages(where).find((m) => !m.ephemeral && m.text.includes('Seats'))!;
    const board = d.latest(where, 'hand');
    const moverHand = await d.openHand(mover, where);
    const otherHand = await d.openHand(other, where);
    const leaderboard = await c.as(alice).slash('leaderboard', {}, { channelId: where }).reply();
    await h.settle();

    // Id kinds: every control these messages carry, and every verb Scarab draws, for this game and another.
    const v = game().version;
    const gameIds = ['hand', 'respond', 'tombs', 'log', 'buyslot:0', 'pay:0', 'act:t-', 'ans:1:pass'].flatMap(
      (x) => {
        const [verb, ...arg] = x.split(':');
        return [gameId, gameId + 1].map((g) =>
          encodeCustomId({ scope: 'game', gameId: g, version: v, verb: verb!, arg: arg.join(':') }),
        );
      },
    );
    const lobbyIds = ['join', 'leave', 'bot', 'start', 'cancel', 'rated'].map((verb) =>
      encodeCustomId({ scope: 'lobby', gameId, version: 0, verb, arg: verb === 'rated' ? '1' : '' }),
    );
    const ids = new Set([
      ...gameIds,
      ...lobbyIds,
      leaderboardCustomId({ global: true, page: 2 }),
      's1:g:1:0:zzz',
      'not-ours',
      ...[board, moverHand, otherHand, leaderboard].flatMap((m) => controls(m).map((x) => x.customId)),
    ]);

    const publicMessages = [lobby, board, leaderboard];
    const targets = [lobby, board, leaderboard, moverHand, otherHand];
    const before = snapshot(publicMessages);
    const version = game().version;
    let sent = 0;
    for (const target of targets)
      for (const user of [alice, bob, dave]) {
        if (
          !c
            .as(user)
            .visibleMessages(target.channelId)
            .some((m) => m.id === target.id)
        )
          continue;
        for (const id of ids) {
          // A control the message carries (in any version) is a real or a stale click, not a forgery.
          if (controls(target).some((x) => sameControl(x.customId, id))) continue;
          const handle = c.as(user).forgeSelect(target, id, ['t-']);
          const reply = await handle.reply();
          await h.settle();
          expect(reply.ephemeral, `${id} on ${target.id} by ${user.username}`).toBe(true);
          expect(reply.text).toMatch(/not on this message|older version|does not know/);
          const clicked = c.as(user).forgeClick(target, id);
          expect((await clicked.reply()).ephemeral).toBe(true);
          await h.settle();
          sent += 2;
        }
      }
    expect(sent).toBeGreaterThan(200);
    expect(snapshot(publicMessages)).toEqual(before);
    expect(game().version).toBe(version);
  }, 120_000);

  it('a click on a board edited meanwhile still opens the hand (its control is the same, only the version moved)', async () => {
    const c = h.loopback.control;
    const board = d.latest(where, 'hand');
    const current = controls(board).find((x) => x.verb === 'hand')!;
    const older = encodeCustomId({
      scope: 'game',
      gameId,
      version: current.version + 50,
      verb: 'hand',
      arg: '',
    });
    const reply = await c.as(alice).forgeClick(board, older).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toMatch(/\*\*Your hand\*\*/);
  });
});
