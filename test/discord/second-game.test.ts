import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valleyAdapter } from '../../src/adapters/valley/index.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { type DiceRaceState, diceRace, registerDiceRace } from '../fixtures/dice-race.ts';
import { diceRaceAdapter, encodeDiceRaceAction } from '../fixtures/dice-race-adapter.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * The table layer is generic: a second game, known only to the tests (Dice Race, with its adapter in
 * test/fixtures), is hosted beside Valley of the Kings by the same bot and played to the end through
 * the loopback with the real discord.js client — lobby, boards, private hands, results and ratings.
 */
let h: TableHarness;
let d: Driver;

beforeAll(async () => {
  registerDiceRace();
  h = await startTableHarness({ adapters: [valleyAdapter(), diceRaceAdapter] });
  d = new Driver(h);
});
afterAll(async () => {
  await h?.stop();
});

const find = (m: LoopbackMessage, verb: string, arg?: string): Control => {
  const found = controls(m).find((c) => c.verb === verb && (arg === undefined || c.arg === arg));
  if (!found) throw new Error(`no '${verb}${arg === undefined ? '' : `:${arg}`}' control on: ${m.text}`);
  return found;
};

describe('a second game through the same table layer', () => {
  it('Dice Race: lobby → boards → private hands → results → ratings, beside Valley', async () => {
    const c = h.loopback.control;
    const alice = c.createUser('alice');
    const bob = c.createUser('bob');

    // The lobby, in a thread of its own, titled from the rules module.
    const opened = await c.as(alice).slash('dicerace').reply();
    expect(opened.ephemeral).toBe(true);
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    expect(where, opened.text).toBeTruthy();
    expect(where).not.toBe(c.defaultChannel.id);
    await h.settle();
    let lobby = d.latest(where, 'join');
    expect(lobby.text).toContain('**Dice Race**');
    expect(lobby.text).toMatch(/Seats \(1\/4\)/);

    lobby = await d.press(bob, lobby, find(lobby, 'join'));
    expect(lobby.text).toMatch(/Seats \(2\/4\)/);
    const rated = find(lobby, 'rated');
    if (rated.arg === '1') lobby = await d.press(alice, lobby, rated);
    expect(lobby.text).toMatch(/🏆 \*\*Rated\*\*/);
    await d.press(alice, lobby, find(lobby, 'start'));

    const gameId = h.store.gameInThread(where)?.id as number;
    expect(gameId).toBeGreaterThan(0);
    expect(h.store.getGame(gameId)).toMatchObject({ type: 'dice-race', status: 'active', rated: true });
    expect(d.fresh(lobby).text).toMatch(/Rated\*\* game/);

    // `/games` names the running game by its title.
    const list = await c.as(bob).slash('games').reply();
    expect(list.ephemeral).toBe(true);
    expect(list.text).toMatch(new RegExp(`#${gameId} · in play · Dice Race`));

    const users = h.store.getGame(gameId).seats.map((s) => [alice, bob].find((u) => u.id === s.userId));
    expect(users.every((u) => u !== undefined)).toBe(true);
    const seated = users as LoopbackUser[];

    let boards = 0;
    let othersLooked = false;
    for (let step = 0; step < 200; step++) {
      await h.settle();
      const game = h.store.getGame(gameId);
      if (game.status === 'finished') break;
      const state = game.state as DiceRaceState;
      const seat = state.turn;
      const mover = seated[seat] as LoopbackUser;
      const other = seated[1 - seat] as LoopbackUser;

      // The newest board is this turn's, new (so it pinged), and mentions the player to move.
      const board = d.latest(where, 'hand');
      expect(find(board, 'hand').version).toBe(game.version);
      expect(board.text).toContain(`**Dice Race** · game #${gameId} · turn ${state.turns + 1}`);
      expect(board.text).toContain(`<@${mover.id}>, it is your turn.`);
      expect(board.notified).toEqual([mover.id]);
      expect(board.attachments).toHaveLength(0);
      boards++;

      if (!othersLooked) {
        // The player waiting sees their own pawn and no moves; the public info view is private too.
        const theirs = await d.press(other, board, find(board, 'hand'));
        expect(theirs.ephemeral).toBe(true);
        expect(theirs.visibleTo).toBe(other.id);
        expect(controls(theirs).filter((x) => x.verb === 'act')).toHaveLength(0);
        const positions = await d.press(other, board, find(board, 'positions'));
        expect(positions.ephemeral).toBe(true);
        expect(positions.text).toMatch(/\*\*Positions\*\*/);
        othersLooked = true;
      }

      const hand = await d.press(mover, board, find(board, 'hand'));
      expect(hand.ephemeral).toBe(true);
      expect(hand.visibleTo).toBe(mover.id);
      const moves = controls(hand).filter((x) => x.verb === 'act');
      expect(moves.map((x) => x.arg).sort()).toEqual(
        diceRace.legalActions(state, seat).map(encodeDiceRaceAction).sort(),
      );
      const after = await d.press(mover, hand, find(hand, 'act', 'ab'));
      // The last move's hand closes with the game, pointing to the results.
      if (h.store.getGame(gameId).status === 'finished')
        expect(after.text).toMatch(/Game #\d+ is over: \[see the results\]\(https:/);
      else expect(after.text).toContain(`✅ Move ${state.dice[0] + state.dice[1]}`);
      expect(h.store.getGame(gameId).version).toBe(game.version + 1);
    }

    const final = h.store.getGame(gameId);
    expect(final.status).toBe('finished');
    expect(boards).toBeGreaterThanOrEqual(2);

    // The results name the winner first, show the rating changes and mention both players.
    const results = c
      .messages(where)
      .filter((m) => !m.ephemeral && m.text.includes('is over'))
      .at(-1) as LoopbackMessage;
    expect(results, 'no results message').toBeDefined();
    const outcome = final.outcome as NonNullable<typeof final.outcome>;
    const winner = outcome.results.find((r) => r.rank === 1)!;
    const winnerName = final.seats[winner.seat]!.displayName;
    expect(results.text).toContain(`**Dice Race** · game #${gameId} is over.`);
    expect(results.text).toContain(`1. **${winnerName}** — ${winner.score}`);
    expect(results.text).toMatch(/📈 Ratings \(this server\): /);
    expect([...results.notified].sort()).toEqual([alice.id, bob.id].sort());
    // The last board has no controls left and points to the results.
    const lastBoard = c
      .messages(where)
      .filter((m) => !m.ephemeral && m.text.includes('The race is over'))
      .at(-1) as LoopbackMessage;
    expect(lastBoard, 'no finished board').toBeDefined();
    expect(controls(lastBoard)).toHaveLength(0);
    // The lobby no longer says the game is in play: it is finished, and links to the results.
    const closedLobby = d.fresh(lobby);
    expect(closedLobby.text).toMatch(new RegExp(`game #${gameId} · finished`));
    expect(closedLobby.text).not.toMatch(/in play|has started/);
    expect(closedLobby.text).toContain(`/${where}/${results.id}`);

    // The game's own leaderboard lists both players; Valley's stays empty.
    const board = await c.as(alice).slash('leaderboard', { game: 'dice-race', season: 'all-time' }).reply();
    expect(board.text).toContain('**Dice Race · leaderboard**');
    expect(board.text).toContain('2 rated players');
    expect(board.text).toMatch(new RegExp(`\\d\\. \\*\\*${winnerName}\\*\\* — `));
    for (const name of ['alice', 'bob']) expect(board.text).toMatch(new RegExp(`\\*\\*${name}\\*\\* — `));
    const valleyBoard = await c.as(alice).slash('leaderboard', { season: 'all-time' }).reply();
    expect(valleyBoard.text).toContain('Valley of the Kings · leaderboard');
    expect(valleyBoard.text).toMatch(/Nobody is rated in this server yet/);

    // Valley still opens its lobbies in the same bot.
    const valleyOpened = await c.as(bob).slash('valley').reply();
    const valleyWhere = /<#(\d+)>/.exec(valleyOpened.text)?.[1] as string;
    expect(valleyWhere, valleyOpened.text).toBeTruthy();
    await h.settle();
    const valleyLobby = d.latest(valleyWhere, 'join');
    expect(valleyLobby.text).toContain('**Valley of the Kings**');
    expect(valleyLobby.text).toMatch(/Seats \(1\/6\)/);
    const after = await c.as(alice).slash('games').reply();
    expect(after.text).toMatch(/· lobby · Valley of the Kings/);
    expect(after.text).not.toContain(`#${gameId} `); // the race is over
  }, 180_000);
});
