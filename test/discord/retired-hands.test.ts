import BetterSqlite3 from 'better-sqlite3';
import { InteractionType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAND_TOKEN_LIFETIME_MS } from '../../src/discord/private-hands.ts';
import { type PositionSpec, position } from '../../src/games/valley/position.ts';
import { messageJson } from '../../src/loopback/api-json.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { bareLinks } from '../helpers/bare-links.ts';
import { controls, Driver, sleep, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * At most one private hand per player looks alive: a newer hand retires the older one, a click on a
 * hand that could not be retired points to the newest board, and the end of the game closes the hands.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
/** Discord's time runs ahead of the bot's by this much: enough makes a hand's token expire unseen. */
const discordClock = { ahead: 0, now: () => Date.now() + discordClock.ahead };

beforeAll(async () => {
  h = await startTableHarness({ loopback: { clock: discordClock } });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

/** A new game of alice (seat 0, to move) and bob, set to `spec`. */
async function prepared(spec: Omit<PositionSpec, 'players'>): Promise<{ where: string; gameId: number }> {
  const started = await startGameByLobby(d, alice, [bob]);
  const raw = new BetterSqlite3(h.dbPath);
  raw
    .prepare('update games set state = ? where id = ?')
    .run(JSON.stringify(position({ players: 2, ...spec })), started.gameId);
  raw.close();
  h.store.clearCache();
  await h.loopback.control.as(alice).slash('board', {}, { channelId: started.where }).reply();
  await h.settle();
  return started;
}

const ordinary: Omit<PositionSpec, 'players'> = {
  hands: [['urn', 'urn', 'shabti'], ['urn']],
  decks: [
    ['urn', 'urn', 'urn', 'urn', 'urn'],
    ['urn', 'urn', 'urn', 'urn', 'urn'],
  ],
  pyramid: ['boat', 'chariot', 'censer', 'shabti', 'urn', 'urn'],
  stock: ['urn', 'urn'],
};

/** The message as it is now, once `done` holds (an older hand is retired just after the newer one shows). */
async function once(m: LoopbackMessage, done: (now: LoopbackMessage) => boolean): Promise<LoopbackMessage> {
  for (let k = 0; k < 200 && !done(d.fresh(m)); k++) await sleep(10);
  return d.fresh(m);
}

const boardLink = (where: string) =>
  `https://discord.com/channels/${h.loopback.control.defaultGuild.id}/${where}/${d.latest(where, 'hand').id}`;

/** The hand's first button, whatever it does. */
const anyControl = (m: LoopbackMessage) => controls(m).find((x) => x.kind === 'button')!;

describe('at most one private hand per player looks alive', () => {
  it('opening a newer hand retires the older one: no buttons, no picture, a link to the newest board', async () => {
    const { where } = await prepared(ordinary);
    const older = await d.openHand(alice, where);
    expect(controls(older).length).toBeGreaterThan(0);
    const newer = await d.openHand(alice, where);
    expect(newer.id).not.toBe(older.id);
    const retired = await once(older, (m) => m.components.length === 0);
    expect(controls(retired)).toEqual([]);
    expect(retired.attachments).toEqual([]);
    expect(retired.text).toMatch(/This hand is no longer used/);
    expect(retired.text).toContain(`[the newest board](${boardLink(where)})`);
    expect(bareLinks(retired.text)).toEqual([]);
    // The newer one is alive, and refreshing it in place keeps it so.
    expect(controls(d.fresh(newer)).length).toBeGreaterThan(0);
    const again = await d.press(alice, newer, anyControl(newer));
    expect(again.id).toBe(newer.id);
    expect(controls(d.fresh(newer)).length).toBeGreaterThan(0);
  });

  it('a hand clicked the instant it appears, before the bot heard it was sent, is the newest: it keeps its buttons', async () => {
    const { where } = await prepared(ordinary);
    const older = await d.openHand(alice, where);
    // Discord shows the new hand while the bot still waits for the answer to its edit: she clicks then.
    const hold = h.loopback.control.faults.holdAnswer(
      'PATCH /webhooks/:applicationId/:token/messages/@original',
    );
    const board = d.latest(where, 'hand');
    const opening = h.loopback.control
      .as(alice)
      .click(board, controls(board).find((c) => c.verb === 'hand')!.customId);
    await hold.held;
    const newer = await opening.reply();
    expect(newer.id).not.toBe(older.id);
    // The bot knows this hand from an older one by what Discord says of the message (private-hands.ts): the
    // click that opened it, in interaction_metadata, here as Discord sends it (with the board clicked on).
    expect(messageJson(h.loopback.world, newer).interaction_metadata).toMatchObject({
      id: opening.id,
      type: InteractionType.MessageComponent,
      interacted_message_id: board.id,
      authorizing_integration_owners: { 0: h.loopback.control.defaultGuild.id },
    });
    const click = h.loopback.control.as(alice).click(newer, anyControl(newer).customId);
    await click.edited();
    hold.release();
    await opening.edited();
    await h.settle();
    expect(d.fresh(newer).text).not.toMatch(/This hand is no longer used/);
    expect(controls(d.fresh(newer)).length).toBeGreaterThan(0);
    // The older one is the one retired.
    expect((await once(older, (m) => m.components.length === 0)).text).toMatch(/This hand is no longer used/);
  });

  it('a click on an older hand that could not be retired points to the newest board, and changes nothing', async () => {
    const { where, gameId } = await prepared(ordinary);
    const older = await d.openHand(alice, where);
    // Fifteen minutes pass for Discord: the older hand's token expires before the bot retires it.
    discordClock.ahead += HAND_TOKEN_LIFETIME_MS;
    const newer = await d.openHand(alice, where);
    await sleep(100);
    expect(controls(d.fresh(older)).length).toBeGreaterThan(0);
    const v = h.store.getGame(gameId).version;
    const answered = await d.press(alice, older, anyControl(older));
    expect(answered.id).toBe(older.id); // answered where she clicked, not at the bottom of the thread
    expect(answered.ephemeral).toBe(true);
    expect(controls(answered)).toEqual([]);
    expect(answered.text).toMatch(/This hand is no longer used/);
    expect(answered.text).toContain(boardLink(where));
    expect(h.store.getGame(gameId).version).toBe(v);
    expect(controls(d.fresh(newer)).length).toBeGreaterThan(0);
  });

  it('when the game ends, the live hands say so with a link to the results; an older one says so when clicked', async () => {
    const { where, gameId } = await prepared({
      hands: [['urn', 'urn'], ['urn']],
      decks: [
        ['urn', 'urn', 'urn', 'urn', 'urn'],
        ['urn', 'urn', 'urn', 'urn', 'urn'],
      ],
      pyramid: [null, null, null, null, null, null],
      stock: [],
      turnsTaken: [0, 1],
    });
    const older = await d.openHand(alice, where);
    discordClock.ahead += HAND_TOKEN_LIFETIME_MS;
    const bobs = await d.openHand(bob, where);
    const alices = await d.openHand(alice, where);
    await d.endTurn(alice, alices);
    await h.quiet();
    expect(h.store.getGame(gameId).status).toBe('finished');
    const results = h.loopback.control
      .messages(where)
      .filter((m) => !m.ephemeral)
      .at(-1)!;
    const link = `https://discord.com/channels/${h.loopback.control.defaultGuild.id}/${where}/${results.id}`;
    for (const hand of [alices, bobs]) {
      const closed = await once(hand, (m) => m.components.length === 0);
      expect(closed.text).toMatch(/Game #\d+ is over: \[see the results\]/);
      expect(closed.text).toContain(`[see the results](${link})`);
      expect(bareLinks(closed.text)).toEqual([]);
      expect(closed.attachments).toEqual([]);
    }
    // Her first hand's token had expired: it still has buttons, and a click on it says the game is over there.
    const clicked = await d.press(alice, older, anyControl(older));
    expect(clicked.id).toBe(older.id);
    expect(controls(clicked)).toEqual([]);
    expect(clicked.text).toContain(`[see the results](${link})`);
  });
});
