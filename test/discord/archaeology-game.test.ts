import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardMessage } from '../../src/adapters/archaeology/board-message.ts';
import { describeTable } from '../../src/adapters/archaeology/pictures/picture-text.ts';
import type { ArchaeologyPictures } from '../../src/adapters/archaeology/pictures.ts';
import { en } from '../../src/adapters/english.ts';
import { archaeologyBotMove } from '../../src/games/archaeology/bots/index.ts';
import { TREASURES } from '../../src/games/archaeology/catalog.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../../src/games/archaeology/state.ts';
import { collectLines, type LogLine } from '../../src/games/kernel/log.ts';
import type { LoopbackEvent, LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { wordsOnlyAdapters } from '../helpers/words-only-pictures.ts';
import { type Control, controls, Driver, sleep } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Archaeology through the real discord.js client: /archaeology opens a lobby, two people and a computer
 * play to the end by clicking their private hands (sales from the menu, trades in two menus, the
 * pyramid's buttons, sandstorm losses and thieves' victims chosen privately), the bot restarts in the
 * middle, and every public message is checked to be drawn from the public view alone.
 */
let h: TableHarness;
let d: Driver;
const seen: LoopbackMessage[] = [];

beforeAll(async () => {
  h = await startTableHarness({ adapters: wordsOnlyAdapters() });
  d = new Driver(h);
  h.loopback.control.subscribe((e: LoopbackEvent) => {
    if ((e.type === 'message-create' || e.type === 'message-update') && !e.message.ephemeral)
      seen.push(e.message);
  });
});
afterAll(async () => {
  await h?.stop();
});

const find = (m: LoopbackMessage, verb: string, arg?: string) =>
  controls(m).find((c) => c.verb === verb && (arg === undefined || c.arg === arg)) as Control;

/** Menu values naming `counts` copy by copy (`coin.1`, `coin.2`…), as the hand's menus list them. */
const copies = (counts: Partial<Record<string, number>>) =>
  TREASURES.flatMap((k) => Array.from({ length: counts[k] ?? 0 }, (_, i) => `${k}.${i + 1}`));

/**
 * The game at each version, replayed from its seed and actions, with the lines said on the way (setup's
 * first): replayed once, in order, and kept, rather than from the start for each of hundreds of messages.
 */
function replayOf(gameId: number): (version: number) => { s: ArchaeologyState; log: LogLine[] } {
  const g = h.store.getGame(gameId);
  const setup = collectLines(() => archaeology.setup(archaeology.parseOptions(g.options), g.seed));
  const states = [{ s: setup.value, log: [...setup.lines] }];
  const actions = h.store.actionLog(gameId);
  return (version) => {
    while (states.length <= version) {
      const before = states.at(-1) as (typeof states)[number];
      const a = actions[states.length - 1];
      if (!a) {
        states.push(before);
        continue;
      }
      const r = archaeology.apply(before.s, a.seat, a.action);
      if (!r.ok) throw new Error(en(r.error.msg));
      states.push({ s: r.state, log: [...before.log, ...r.log] });
    }
    return states[version] as (typeof states)[number];
  };
}

describe('Archaeology on Discord', () => {
  it('lobby → two people and a computer play to the end by clicks, with a restart → results; nothing hidden is public', async () => {
    const c = h.loopback.control;
    const alice = c.createUser('alice');
    const bob = c.createUser('bob');
    const opened = await c.as(alice).slash('archaeology', { computers: 1 }).reply();
    expect(opened.ephemeral).toBe(true);
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    let lobby = d.latest(where, 'join');
    expect(lobby.text).toContain('**Archaeology**');
    lobby = await d.press(bob, lobby, find(lobby, 'join'));
    expect(lobby.text).toMatch(/Seats \(3\/4\)/);
    await d.press(alice, lobby, find(lobby, 'start'));
    const gameId = h.store.gameInThread(where)?.id as number;
    expect(h.store.getGame(gameId)).toMatchObject({ type: 'archaeology', status: 'active' });
    const users = h.store
      .getGame(gameId)
      .seats.map((s) => [alice, bob].find((u) => u.id === s.userId) ?? null) as (LoopbackUser | null)[];

    const board = d.latest(where, 'hand');
    expect(board.attachments[0]?.contentType).toBe('image/png');
    expect(board.attachments[0]?.description).toContain('Marketplace:');
    expect(board.text).toContain(`**Archaeology** · game #${gameId}`);

    const used = new Set<string>();
    let restarted = false;
    const waitForMove = async (version: number) => {
      while (h.store.getGame(gameId).version === version && h.store.getGame(gameId).status === 'active')
        await sleep(20);
    };
    for (let step = 0; step < 3000; step++) {
      await h.settle();
      const game = h.store.getGame(gameId);
      if (game.status === 'finished') break;
      const s = game.state as ArchaeologyState;
      if (!restarted && s.turn.number >= 12) {
        await h.restart();
        restarted = true;
        continue;
      }
      const people = archaeology.waitingFor(s).filter((seat) => users[seat]);
      if (people.length === 0) {
        await waitForMove(game.version);
        continue;
      }
      const seat = people[0] as number;
      const user = users[seat] as LoopbackUser;
      // What this person does is what the heuristic player would do in their seat; done by clicking.
      const action: ArchaeologyAction = archaeologyBotMove(s, seat, 'heuristic');
      const hand =
        s.pending?.type === 'sandstorm' && seat !== s.turn.seat
          ? await d.press(user, d.latest(where, 'respond'), find(d.latest(where, 'respond'), 'respond'))
          : await d.openHand(user, where);
      expect(hand.ephemeral).toBe(true);
      expect(hand.visibleTo).toBe(user.id);
      const cs = controls(hand);
      used.add(action.type);
      switch (action.type) {
        case 'sell': {
          const menu = cs.find((x) => x.verb === 'sell') as Control;
          await d.choose(
            user,
            hand,
            menu,
            `s${{ parchment: 'p', 'pot-shard': 's', coin: 'c', 'broken-cup': 'u', talisman: 't', mask: 'm', map: 'a' }[action.kind]}${action.count}`,
          );
          break;
        }
        case 'trade': {
          const take = cs.find((x) => x.verb === 'take') as Control;
          const next = await d.chooseMany(user, hand, take, copies(action.take));
          const give = controls(next).find((x) => x.verb === 'give') as Control;
          expect(next.text).toContain('Now choose cards of your hand');
          await d.chooseMany(user, next, give, copies(action.give));
          break;
        }
        case 'discard': {
          const lose = cs.find((x) => x.verb === 'lose') as Control;
          expect(hand.text).toContain('A sandstorm!');
          await d.chooseMany(user, hand, lose, copies(action.cards));
          break;
        }
        default: {
          const code =
            action.type === 'end'
              ? 'e'
              : action.type === 'explore'
                ? `x${action.chamber[0]}`
                : `r${action.from}`;
          const button = cs.find((x) => x.verb === 'act' && x.arg === code);
          if (!button) throw new Error(`no '${code}' button in: ${hand.text}`);
          await d.press(user, hand, button);
        }
      }
      if (h.store.getGame(gameId).version === game.version) throw new Error(`the ${action.type} did nothing`);
    }
    const final = h.store.getGame(gameId);
    expect(final.status).toBe('finished');
    expect(restarted).toBe(true);
    expect([...used].sort()).toEqual(expect.arrayContaining(['discard', 'end', 'sell', 'trade']));
    const results = c
      .messages(where)
      .filter((m) => m.text.includes('is over'))
      .at(-1) as LoopbackMessage;
    expect(results.attachments[0]?.contentType).toBe('image/png');
    expect([...results.notified].sort()).toEqual([alice.id, bob.id].sort());
    for (const r of final.outcome?.results ?? []) expect(results.text).toContain(`$${r.score}`);

    // Leak scan: every public board is what the public view of its version draws, word for word.
    const none: ArchaeologyPictures = {
      table: (v, { names }) => ({ png: Buffer.alloc(0), alt: describeTable(v, names) }),
      hand: () => null,
      results: () => ({ png: Buffer.alloc(0), alt: '' }),
    };
    const names = final.seats.map((s) => s.displayName);
    // The computer's level beside its name, as the table writes it.
    const levels = h.bot.runtime.tables.context(final).levels;
    const privateLines = (log: readonly LogLine[]) => log.filter((l) => l.to).map((l) => en(l.text));
    const stateAt = replayOf(gameId);
    let checked = 0;
    for (const m of seen) {
      if (m.channelId !== where || m.ephemeral) continue;
      const version = controls(m).find((x) => x.verb === 'hand')?.version;
      if (version === undefined) continue;
      const { s, log } = stateAt(version);
      const pub = archaeology.view(s, null);
      const users = final.seats.map((x) => x.userId);
      const ctx = { gameId, version, names, users, levels, language: 'en', log };
      const expected = boardMessage(pub, ctx, none, {});
      expect(m.attachments[0]?.description).toBe(expected.files[0]?.description);
      // The board's facts (dig site, marketplace, pyramid, players) are the public view's.
      for (const line of expected.content.split('\n').slice(2, 6))
        if (!line.startsWith('⏳')) expect(m.text).toContain(line);
      for (const line of privateLines(log)) expect(m.text).not.toContain(line.replace(/@\d+/g, ''));
      expect(m.text).not.toMatch(/You dug up|Your thief|Your hand/);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);

    // Ratings and leaderboards are per game: Archaeology's lists these players, Valley's nobody.
    const arch = await c.as(alice).slash('leaderboard', { game: 'archaeology', season: 'all-time' }).reply();
    expect(arch.text).toContain('Archaeology · leaderboard');
    const valleyBoard = await c
      .as(alice)
      .slash('leaderboard', { game: 'valley', season: 'all-time' })
      .reply();
    expect(valleyBoard.text).toMatch(/Nobody is rated in this server yet/);
    const stats = await c.as(alice).slash('stats', { game: 'archaeology' }).reply();
    expect(stats.text).toContain('**alice** · Archaeology');
    expect(stats.text).toContain('Finished games: 1');
    const valleyStats = await c.as(alice).slash('stats', { game: 'valley' }).reply();
    expect(valleyStats.text).toMatch(/alice has not finished a game of Valley of the Kings/);
  }, 600_000);
});
