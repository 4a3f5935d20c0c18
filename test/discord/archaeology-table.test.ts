import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import type { ArchaeologyState } from '../../src/games/archaeology/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * The table's commands and async features with Archaeology: /card and /rules know both games, /games,
 * /board and /manage work for it, and a turn limit reminds the player to move, then lets the computer
 * play the turn out when time runs out.
 */
const HOUR = 3_600_000;
const clock = new ManualClock();
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

async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  await h.bot.runtime.scheduler.tick();
  await h.quiet();
}

describe('/card and /rules know both games', () => {
  it('/card finds Archaeology treasures by name, with the seed’s numbers and the provisional ones marked', async () => {
    const c = h.loopback.control;
    const choices = await c.as(alice).autocomplete('card', { name: 'tali' }, 'name').choices();
    expect(choices.map((x) => x.name)).toContain('Talisman (Archaeology)');
    const talisman = await c.as(alice).slash('card', { name: 'Talisman (Archaeology)' }).reply();
    expect(talisman.ephemeral).toBe(true);
    expect(talisman.text).toContain('**Talisman** — Archaeology treasure, 8 in the game');
    expect(talisman.text).toContain('Trading value 3\n');
    expect(talisman.text).toContain(
      '1: $3 (provisional) · 2: $7 · 3: $14 (provisional) · 4: $24 · 5: $36 (provisional)',
    );
    expect(talisman.attachments[0]?.contentType).toBe('image/png');
    expect(talisman.attachments[0]?.description).toContain('4 for $24');
    const cup = await c.as(alice).slash('card', { name: 'archaeology:broken-cup' }).reply();
    expect(cup.text).toContain('Trading value 2 (from a review)');
    expect(cup.text).toContain('must be fully assembled');
    const thief = await c.as(alice).slash('card', { name: 'Thief (Archaeology)' }).reply();
    expect(thief.text).toMatch(/takes one card from their hand at random/);
    // Valley's cards are still there.
    const isis = await c.as(alice).slash('card', { name: 'Statue of Isis' }).reply();
    expect(isis.text).toMatch(/Take a card with a cost of 6 or less/);
  });

  it('/rules takes a game; in a game’s thread it explains that game', async () => {
    const c = h.loopback.control;
    const arch = await c.as(alice).slash('rules', { game: 'archaeology' }).reply();
    expect(arch.text).toMatch(/\*\*Archaeology\*\* \(2–4 players\)/);
    expect(arch.text).toMatch(/the first to pass must sell at least one card/);
    const valley = await c.as(alice).slash('rules', { game: 'valley' }).reply();
    expect(valley.text).toMatch(/Rebuild the pyramid/);
  });
});

describe('an Archaeology game with a turn limit', () => {
  let where: string;
  let gameId: number;
  const state = () => h.store.getGame(gameId).state as ArchaeologyState;
  const posted = () => h.loopback.control.messages(where).filter((m) => !m.ephemeral);
  const userOf = (seat: number) =>
    [alice, bob].find((u) => u.id === h.store.getGame(gameId).seats[seat]?.userId) as LoopbackUser;

  it('opens from /archaeology; /games, /rules and /board know it', async () => {
    const c = h.loopback.control;
    const opened = await c.as(alice).slash('archaeology').reply();
    where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.quiet();
    let lobby = d.latest(where, 'join');
    expect(lobby.text).toContain('Turn limit: 24 h per turn');
    lobby = await d.press(
      bob,
      lobby,
      controls(lobby).find((x) => x.verb === 'join') as ReturnType<typeof controls>[number],
    );
    await d.press(
      alice,
      lobby,
      controls(lobby).find((x) => x.verb === 'start') as ReturnType<typeof controls>[number],
    );
    await h.quiet();
    gameId = h.store.gameInThread(where)?.id as number;
    expect(h.store.getGame(gameId)).toMatchObject({ type: 'archaeology', status: 'active' });
    const list = await c.as(bob).slash('games').reply();
    expect(list.text).toMatch(new RegExp(`#${gameId} · in play · Archaeology`));
    const rules = await c.as(bob).slash('rules', {}, { channelId: where }).reply();
    expect(rules.text).toMatch(/\*\*Archaeology\*\*/);
    const board = await c.as(alice).slash('board', {}, { channelId: where }).reply();
    expect(board.ephemeral).toBe(true);
    await h.quiet();
    const latest = d.latest(where, 'hand');
    expect(latest.text).toContain(`**Archaeology** · game #${gameId}`);
    expect(latest.attachments[0]?.description).toContain('Marketplace:');
  }, 60_000);

  it('reminds the player to move at half the limit, and at the limit the computer plays their turn out', async () => {
    // Those awaited: the player to move, or everyone owing cards to a sandstorm on the first dig.
    const mover = state().turn.seat;
    const turn = state().turn.number;
    const awaited = archaeology.waitingFor(state()).map((seat) => `<@${userOf(seat).id}>`);
    await advance(12 * HOUR);
    const reminders = posted().filter((m) => m.text.includes('is waiting for you'));
    expect(reminders.length).toBeGreaterThanOrEqual(1);
    for (const r of reminders) expect(awaited.some((u) => r.text.includes(u))).toBe(true);
    for (let k = 0; k < 4 && state().turn.number === turn; k++) await advance(12 * HOUR);
    expect(state().turn.number).toBeGreaterThan(turn);
    expect(posted().some((m) => /time ran out: the computer played for them\./.test(m.text))).toBe(true);
    expect(state().turn.seat).not.toBe(mover);
  }, 120_000);

  it('/manage cancel ends it', async () => {
    const c = h.loopback.control;
    const cancelled = await c.as(alice).slash('manage cancel', { game: gameId }).reply();
    expect(cancelled.text).toMatch(/cancel/i);
    await h.quiet();
    expect(h.store.getGame(gameId).status).toBe('cancelled');
  }, 60_000);
});
