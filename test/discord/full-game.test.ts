import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valley } from '../../src/games/valley/index.ts';
import type { ValleyAction, ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackEvent, LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, sleep } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Three people play a whole game through Discord: lobby, every turn by clicking the hand's controls,
 * a reaction window answered by hand while the others pass automatically, a restart of the bot in
 * the middle, and the results. Every public message is then checked for cards hidden at the time.
 */
let h: TableHarness;
let d: Driver;
const seen: LoopbackMessage[] = [];

beforeAll(async () => {
  h = await startTableHarness({ timing: { autoPassMinMs: 150, autoPassMaxMs: 300 } });
  d = new Driver(h);
  h.loopback.control.subscribe((e: LoopbackEvent) => {
    if ((e.type === 'message-create' || e.type === 'message-update') && !e.message.ephemeral)
      seen.push(e.message);
  });
});
afterAll(async () => {
  await h?.stop();
});

const cardNames = () => Object.values(valley.setup({ players: 2 }, 'names').defs).map((c) => c.name);

function stateAt(gameId: number, version: number): ValleyState {
  const g = h.store.getGame(gameId);
  let s = valley.setup(valley.parseOptions(g.options), g.seed) as ValleyState;
  for (const a of h.store.actionLog(gameId).slice(0, version)) {
    const r = valley.apply(s, a.seat, a.action as ValleyAction);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

describe('a full game on Discord', () => {
  it('lobby → every turn by clicks → reactions → restart → results, without leaking hidden cards', async () => {
    const c = h.loopback.control;
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => c.createUser(n)) as [
      LoopbackUser,
      LoopbackUser,
      LoopbackUser,
    ];
    const opened = await c.as(alice).slash('valley').reply();
    expect(opened.ephemeral).toBe(true);
    const where = /<#(\d+)>/.exec(opened.content)?.[1] as string;
    expect(where).toBeTruthy();
    expect(where).not.toBe(c.defaultChannel.id); // a thread of its own
    await h.settle();

    let lobby = d.latest(where, 'join');
    const join = (m: LoopbackMessage) => controls(m).find((x) => x.verb === 'join')!;
    lobby = await d.press(bob, lobby, join(lobby));
    lobby = await d.press(carol, lobby, join(lobby));
    expect(lobby.content).toMatch(/Seats \(3\/4\)/);
    const start = controls(lobby).find((x) => x.verb === 'start')!;
    expect((await d.press(bob, lobby, start)).content).toBeDefined();
    expect(h.store.listGames(['active'])).toHaveLength(0); // only the host may start
    await d.press(alice, lobby, start);
    const [summary] = h.store.listGames(['active']);
    const gameId = summary!.id;
    const firstBoard = d.latest(where, 'hand');
    const mover = (h.store.getGame(gameId).state as ValleyState).turn.seat;
    const users = h.store
      .getGame(gameId)
      .seats.map((s) => [alice, bob, carol].find((u) => u.id === s.userId)!);
    expect(firstBoard.notified).toEqual([users[mover]!.id]);

    let windowsAnsweredByHand = 0;
    let autoPasses = 0;
    let restarted = false;
    let boughtOnTurn = -1;
    for (let step = 0; step < 4000; step++) {
      await h.settle();
      const game = h.store.getGame(gameId);
      if (game.status === 'finished') break;
      const s = game.state as ValleyState;
      if (!restarted && s.turn.number >= 12) {
        await h.restart();
        restarted = true;
        continue;
      }
      const q = s.stack.at(-1)?.q;
      const waiting = valley.waitingFor(s);
      if (q?.window) {
        const onlyPass = (seat: number) => valley.legalActions(s, seat).length === 1;
        const canReact = waiting.find((seat) => !onlyPass(seat));
        const byHand = canReact ?? (windowsAnsweredByHand === 0 ? waiting[0] : undefined);
        if (byHand === undefined) {
          const before = game.version;
          while (h.store.getGame(gameId).version === before) await sleep(20);
          autoPasses++;
          continue;
        }
        // Respond shows on the board once its edit goes out (edits are paced); My hand does the same.
        const note = d.latest(where, 'hand');
        const respond = controls(note).find((x) => x.verb === 'respond' || x.verb === 'hand')!;
        const hand = await d.press(users[byHand]!, note, respond);
        const answers = controls(hand).filter((x) => x.verb === 'ans');
        const pick = answers.find((x) => x.arg.endsWith(':react')) ?? answers[0]!;
        await d.press(users[byHand]!, hand, pick);
        windowsAnsweredByHand++;
        continue;
      }
      const seat = waiting[0]!;
      const user = users[seat]!;
      let hand = await d.openHand(user, where);
      expect(hand.ephemeral).toBe(true);
      expect(
        hand.attachments[0]?.contentType,
        JSON.stringify({ c: hand.content, l: hand.loading, a: hand.attachments.length }),
      ).toBe('image/png');
      const cs = controls(hand);
      const answer = cs.find((x) => x.verb === 'ans');
      if (answer) {
        if (answer.kind === 'select') await d.choose(user, hand, answer, answer.values[0]!);
        else await d.press(user, hand, answer);
        continue;
      }
      const buy = cs.find((x) => x.verb === 'buyslot');
      if (buy && boughtOnTurn !== s.turn.number) {
        hand = await d.press(user, hand, buy);
        const pay = controls(hand).find((x) => x.verb === 'act' && x.kind === 'select');
        if (pay) await d.choose(user, hand, pay, pay.values[0]!);
        else {
          // More ways to pay than one menu lists: pick the cards of a legal payment.
          const cards = controls(hand).find((x) => x.verb === 'pay');
          if (!cards) throw new Error(`no way to pay in: ${hand.content}`);
          const legal = valley
            .legalActions(h.store.getGame(gameId).state as ValleyState, seat)
            .find((a) => a.type === 'buy' && a.slot === Number(buy.arg));
          if (legal?.type !== 'buy') throw new Error('the buy is no longer legal');
          await c.as(user).select(hand, cards.customId, legal.pay.map(String)).reply();
          await h.settle();
        }
        boughtOnTurn = s.turn.number;
        continue;
      }
      const entomb = cs.find((x) => x.kind === 'select' && x.label.startsWith('Entomb'));
      if (entomb && !s.turn.entombed) {
        await d.choose(user, hand, entomb, entomb.values[0]!);
        continue;
      }
      await d.endTurn(user, hand);
    }

    const final = h.store.getGame(gameId);
    expect(final.status).toBe('finished');
    expect(restarted).toBe(true);
    expect(windowsAnsweredByHand).toBeGreaterThan(0);
    expect(autoPasses).toBeGreaterThan(0);
    const results = c
      .messages(where)
      .filter((m) => m.content.includes('is over'))
      .at(-1)!;
    expect(results.attachments[0]?.contentType).toBe('image/png');
    expect([...results.notified].sort()).toEqual([alice.id, bob.id, carol.id].sort());
    for (const r of final.outcome!.results) expect(results.content).toContain(`${r.score} VP`);

    // Every public message names only cards the public could see at the version it was drawn from.
    const names = cardNames();
    let checked = 0;
    for (const m of seen) {
      if (m.channelId !== where) continue;
      const version =
        controls(m).find((x) => x.verb === 'hand' || x.verb === 'respond')?.version ??
        (m.content.includes('is over') ? final.version : null);
      if (version === null) continue;
      const pub = valley.view(stateAt(gameId, version), null);
      const json = JSON.stringify({ ...pub, defs: undefined });
      // Names the public may read at this version: cards it can see, and its log.
      const visible =
        [...json.matchAll(/"card":"([a-z-]+)"/g)].map((m) => pub.defs[m[1] as string]?.name).join('|') + json;
      const text = [m.content, ...m.attachments.map((a) => a.description ?? '')].join('\n');
      for (const n of names)
        if (new RegExp(`\\b${n}\\b`).test(text))
          expect(visible, `${n} in a public message at v${version}`).toContain(n);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  }, 420_000);
});
