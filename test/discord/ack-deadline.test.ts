import { InteractionResponseType } from 'discord-api-types/v10';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { ACK_DEADLINE_MS } from '../../src/discord/ack-deadline.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import type { Store } from '../../src/store/store.ts';
import { type Control, controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Discord fails a click not acknowledged within 3 s. A click whose work is held (a store under load,
 * here) past the bot's ack deadline is deferred by the bot itself, and its answer still lands where the
 * handler meant it to: a new private hand, a hand redrawn in place, a lobby updated.
 */
const clock = new ManualClock(Date.parse('2026-01-12T12:00:00Z'));
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness({ clock });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

/** The bot's store reads of games wait for `release` once `hold` was called; `reached` when one waits. */
let restore: (() => void) | null = null;
function holdGameReads(): { reached: Promise<void>; release: () => void } {
  const store = h.bot.runtime.tables.store as Store;
  const own = store.findGame;
  const findGame = own.bind(store);
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let reached!: () => void;
  const waiting = new Promise<void>((r) => {
    reached = r;
  });
  store.findGame = async (id: number) => {
    reached();
    await gate;
    return findGame(id);
  };
  restore = () => {
    store.findGame = own;
    release();
  };
  return { reached: waiting, release };
}
afterEach(() => {
  restore?.();
  restore = null;
});

const hand = (m: Parameters<typeof controls>[0]) => controls(m).find((c) => c.verb === 'hand') as Control;

describe('a click held past the ack deadline', () => {
  it('on a public board is deferred privately by the bot, and the hand still opens there', async () => {
    const { where } = await startGameByLobby(d, alice, [bob]);
    const board = d.latest(where, 'hand');
    const held = holdGameReads();
    const click = h.loopback.control.as(alice).click(board, hand(board).customId);
    await held.reached;
    expect(click.acknowledgement).toBeNull();
    clock.advance(ACK_DEADLINE_MS);
    const ack = await click.acknowledged({ timeoutMs: 5_000 });
    expect(ack.callbackType).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    held.release();
    const shown = await click.edited();
    expect(shown.ephemeral).toBe(true);
    expect(controls(shown).length).toBeGreaterThan(0);
    expect(d.fresh(board).text).toBe(board.text);
  });

  it('on a private hand is deferred in place, and the hand is redrawn in place', async () => {
    const { where } = await startGameByLobby(d, alice, [bob]);
    const mine = await d.openHand(alice, where);
    const control = controls(mine).find((c) => c.verb === 'hand' || c.kind === 'button') as Control;
    const held = holdGameReads();
    const click = h.loopback.control.as(alice).click(mine, control.customId);
    await held.reached;
    clock.advance(ACK_DEADLINE_MS);
    const ack = await click.acknowledged({ timeoutMs: 5_000 });
    expect(ack.callbackType).toBe(InteractionResponseType.DeferredMessageUpdate);
    held.release();
    const redrawn = await click.edited();
    expect(redrawn.id).toBe(mine.id);
    expect(controls(redrawn).length).toBeGreaterThan(0);
    expect(click.followUps()).toEqual([]);
  });

  it('on a lobby is deferred as its update, and the lobby still shows who joined', async () => {
    const opened = await h.loopback.control.as(alice).slash('valley').reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const lobby = d.latest(where, 'join');
    const held = holdGameReads();
    const click = h.loopback.control
      .as(bob)
      .click(lobby, (controls(lobby).find((c) => c.verb === 'join') as Control).customId);
    await held.reached;
    clock.advance(ACK_DEADLINE_MS);
    const ack = await click.acknowledged({ timeoutMs: 5_000 });
    expect(ack.callbackType).toBe(InteractionResponseType.DeferredMessageUpdate);
    held.release();
    const updated = await click.edited();
    expect(updated.id).toBe(lobby.id);
    expect(updated.text).toContain(`2. <@${bob.id}>`);
  });
});

describe('under load', () => {
  it('drops the request queue of an interaction token within a minute of its last use, not an hour', () => {
    // One queue per clicked interaction: an hour of them was the load benchmark's growing heap.
    expect(h.bot.client.rest.options.handlerSweepInterval).toBeLessThanOrEqual(60_000);
  });
});
