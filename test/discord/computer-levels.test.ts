import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Each computer seat's level (Easy, Normal, Hard) through the real client: chosen privately from the lobby,
 * stored with the seat, shown in the lobby and on the board beside the name; a Hard computer thinks on the
 * thinking pool and plays its turns.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let carol: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  carol = h.loopback.control.createUser('carol');
});
afterAll(async () => {
  await h?.stop();
});

const verb = (m: LoopbackMessage, v: string) => controls(m).find((c) => c.verb === v) as Control;

async function openLobby(
  command: string,
  computers: number,
): Promise<{ where: string; lobby: LoopbackMessage }> {
  const opened = await h.loopback.control.as(alice).slash(command, { computers }).reply();
  const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await h.settle();
  return { where, lobby: d.latest(where, 'join') };
}

describe('computer levels', () => {
  it('a new computer plays Normal; a seated player makes it Hard privately; lobby and store say so', async () => {
    const { where, lobby } = await openLobby('valley', 1);
    expect(lobby.text).toMatch(/2\. 🤖 .+ \(computer, Normal\)/);
    const menu = await d.press(alice, lobby, verb(lobby, 'levels'));
    expect(menu.ephemeral).toBe(true);
    expect(menu.text).toContain('Choose the level of a computer player in game #');
    const level = verb(menu, 'level');
    expect(level.values).toEqual(['1:easy', '1:hard', 'stand-in:easy', 'stand-in:hard']);
    const done = await d.choose(alice, menu, level, '1:hard');
    expect(done.text).toMatch(/^.+ now plays at Hard\.$/);
    expect(d.fresh(lobby).text).toMatch(/2\. 🤖 .+ \(computer, Hard\)/);
    const game = h.store.gameInThread(where);
    expect(h.store.getGame(game?.id as number).seats[1]?.botKind).toBe('hard');
  }, 60_000);

  it('the host chooses the stand-in’s level; a seated player may not; the lobby says which plays', async () => {
    const { where, lobby } = await openLobby('valley', 0);
    expect(lobby.text).toContain('🤖 A computer at **Normal** level plays the turns of people away');
    await d.press(carol, lobby, verb(lobby, 'join'));
    const refused = await d.press(carol, d.fresh(lobby), verb(d.fresh(lobby), 'levels'));
    const no = await d.choose(carol, refused, verb(refused, 'level'), 'stand-in:hard');
    expect(no.text).toMatch(
      /Only the host .* can choose the level of the computer that plays for absent players/,
    );
    const menu = await d.press(alice, d.fresh(lobby), verb(d.fresh(lobby), 'levels'));
    expect(verb(menu, 'level').values).toEqual(['stand-in:easy', 'stand-in:hard']);
    const done = await d.choose(alice, menu, verb(menu, 'level'), 'stand-in:hard');
    expect(done.text).toBe('The turns of people away or out of time are now played at Hard.');
    expect(d.fresh(lobby).text).toContain('🤖 A computer at **Hard** level plays the turns');
    expect(h.store.gameInThread(where)?.id).toBeDefined();
    expect(h.store.getGame(h.store.gameInThread(where)?.id as number).standIn).toBe('hard');
  }, 60_000);

  it('someone neither seated nor host may not change a level; nothing changes', async () => {
    const { where, lobby } = await openLobby('valley', 1);
    const menu = await d.press(carol, lobby, verb(lobby, 'levels'));
    const refused = await d.choose(carol, menu, verb(menu, 'level'), '1:easy');
    expect(refused.text).toMatch(/Only players seated in this lobby \(or the host\) can change/);
    const game = h.store.gameInThread(where);
    expect(h.store.getGame(game?.id as number).seats[1]?.botKind).toBe('normal');
  }, 60_000);

  it('in Spanish too, and a Hard computer plays its turns on the board, its level beside its name', async () => {
    const { where, lobby } = await openLobby('archaeology', 1);
    const menu = await d.press(alice, lobby, verb(lobby, 'levels'));
    await d.choose(alice, menu, verb(menu, 'level'), '1:hard');
    await d.press(alice, d.fresh(lobby), verb(d.fresh(lobby), 'lang'));
    expect(d.fresh(lobby).text).toMatch(/🤖 .+ \(máquina, Difícil\)/);
    // Every move the computer makes, and its board, goes out with thinking computers holding back.
    const computers = h.bot.runtime.computers;
    const answering = computers.answering.bind(computers);
    const heldMoves: boolean[] = [];
    computers.answering = <T>(work: () => Promise<T>) =>
      answering(async () => {
        const result = await work();
        if (result && typeof result === 'object' && 'ok' in result) heldMoves.push(result.ok === true);
        return result;
      });
    await d.press(alice, d.fresh(lobby), verb(d.fresh(lobby), 'start'));
    const game = h.store.gameInThread(where)?.id as number;
    // The computer thinks on its own thread: Alice ends her turns until it has moved. `quiet` waits for
    // every move due, a thought included, so the loop counts Alice's turns, not time.
    for (let turns = 0; turns < 10 && h.store.actionLog(game).every((a) => a.seat !== 1); turns++) {
      await h.quiet();
      const g = h.store.getGame(game);
      if (g.status === 'active' && h.bot.runtime.tables.waitingFor(g).includes(0)) {
        const hand = await d.openHand(alice, where);
        const end = controls(hand).find((c) => c.verb === 'act' && /End turn|Terminar/.test(c.label ?? ''));
        if (end) await d.press(alice, hand, end);
      }
    }
    expect(h.store.actionLog(game).some((a) => a.seat === 1)).toBe(true);
    // Committed is not yet posted: the move's board goes out before its hold ends.
    await h.settle();
    computers.answering = answering;
    expect(heldMoves).toContain(true);
    // Thought on the pool's thread, not in the bot's.
    expect(h.bot.runtime.computers.thoughts).toBeGreaterThan(0);
    const board = d.latest(where, 'hand');
    expect(board.text).toMatch(/\(Difícil\)/);
  }, 120_000);
});
