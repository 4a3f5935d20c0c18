import { InteractionResponseType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { GLOBAL_SCOPE } from '../../src/ratings/scopes.ts';
import type { GameStore } from '../../src/store/game-store.ts';
import type { Participant } from '../../src/store/records.ts';
import { playedValley, player, playerId } from '../helpers/played-valley.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let guild: string;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
  guild = h.loopback.control.defaultGuild.id;
});
afterAll(async () => {
  await h?.stop();
});

const playValley = (store: GameStore, seats: readonly Participant[], guildId: string, rng: RngState) =>
  playedValley(store, seats, { guildId, channelId: h.loopback.control.defaultChannel.id }, rng);

const button = (m: LoopbackMessage, label: RegExp): Control => {
  const found = controls(m).find((c) => label.test(c.label));
  if (!found) throw new Error(`no button ${label} on: ${m.text}`);
  return found;
};
/** "3. **Player 7** — 4.2 · ..." → [3, 'Player 7', 4.2]. */
const boardLines = (m: LoopbackMessage) =>
  m.text
    .split('\n')
    .map((line) => /^(\d+)\. \*\*(.+?)\*\* — (−?\d+\.\d)/.exec(line))
    .filter((x): x is RegExpExecArray => x !== null)
    .map((x) => [Number(x[1]), x[2], Number(x[3]!.replace('−', '-'))] as const);

describe('rated or casual, in the lobby', () => {
  it('is rated by default when every seat is a person, says so, and only the host may change it', async () => {
    const c = h.loopback.control;
    const opened = await c.as(alice).slash('valley').reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    let lobby = d.latest(where, 'join');
    expect(lobby.text).toMatch(/Casual\*\*: a rated game needs at least two people/);
    expect(button(lobby, /Rated needs two people/).disabled).toBe(true);

    lobby = await d.press(bob, lobby, button(lobby, /^Join$/));
    expect(lobby.text).toMatch(
      /Rated\*\*: every seat is a person, so the result changes ratings \(the default\)/,
    );
    lobby = await d.press(alice, lobby, button(lobby, /Add computer player/));
    expect(lobby.text).toMatch(
      /Casual\*\*: a computer player is seated, so ratings are unchanged \(the default\)/,
    );

    const refused = await d.press(bob, lobby, button(lobby, /Make rated/));
    expect(refused.text).toMatch(/Only the host .* can choose between rated and casual/);
    lobby = d.fresh(lobby);
    lobby = await d.press(alice, lobby, button(lobby, /Make rated/));
    expect(lobby.text).toMatch(/Rated\*\* \(the host’s choice\): computer players, if any, are left out/);
    const id = h.store.gameInThread(where)!.id;
    expect(h.store.getGame(id).rated).toBe(true);

    lobby = await d.press(alice, lobby, button(lobby, /Make casual/));
    expect(lobby.text).toMatch(/Casual\*\* \(the host’s choice\)/);
    lobby = await d.press(alice, lobby, button(lobby, /^Start$/));
    expect(h.store.getGame(id)).toMatchObject({ status: 'active', rated: false });
    expect(d.fresh(lobby).text).toMatch(/Casual\*\* game: ratings are unchanged/);
    await c.as(alice).slash('manage cancel', { game: id }).reply();
    await h.settle();
  });
});

describe('/leaderboard and /stats', () => {
  it('an empty board says how to get on it, and /stats of a user with no games says so', async () => {
    const c = h.loopback.control;
    // By default the current season's board, which ranks a player after 3 rated games in it.
    const season = await c.as(alice).slash('leaderboard').reply();
    expect(season.text).toMatch(/ season\*\*|season/);
    expect(season.text).toMatch(
      /Nobody is ranked in this season yet: a player is ranked after 3 rated games/,
    );
    const board = await c.as(alice).slash('leaderboard', { season: 'all-time' }).reply();
    expect(board.ephemeral).toBe(false);
    expect(board.text).toMatch(/Nobody is rated in this server yet/);
    expect(board.attachments).toHaveLength(0);
    expect(button(board, /Previous/).disabled).toBe(true);
    expect(button(board, /Next/).disabled).toBe(true);

    const stats = await c.as(alice).slash('stats', { user: bob.id }).reply();
    expect(stats.text).toMatch(/\*\*bob\*\* · Valley of the Kings/);
    expect(stats.text).toMatch(/bob has not finished a game of Valley of the Kings in this server yet/);
    expect(stats.attachments).toHaveLength(0);
  });

  it('orders the board by rating and pages it with the buttons; the global board counts every server', async () => {
    const rng = seedRng('board');
    // 13 people here, in 4-player games with a rotating table; 2 of them also play in another server.
    const here = [...Array(13).keys()].map(player);
    for (let g = 0; g < 8; g++) {
      const table = [0, 1, 2, 3].map((k) => here[(g * 3 + k) % here.length] as Participant);
      playValley(h.store, table, guild, rng);
    }
    playValley(h.store, [player(0), player(1), player(50)], 'another-server', rng);
    const server = h.store.ratings.board({ gameType: 'valley', scope: guild }, 1);
    expect(server.players).toBe(13);

    const c = h.loopback.control;
    const page1 = await c.as(alice).slash('leaderboard', { season: 'all-time' }).reply();
    expect(page1.text).toMatch(/page 1 of 2 \(13 rated players\)/);
    const lines1 = boardLines(page1);
    expect(lines1).toHaveLength(10);
    expect(lines1.map(([place, name]) => [place, name])).toEqual(
      server.rows.map((r) => [r.place, r.displayName]),
    );
    const ratings1 = lines1.map(([, , rating]) => rating);
    expect([...ratings1].sort((a, b) => b - a)).toEqual(ratings1);
    expect(page1.attachments[0]?.contentType).toBe('image/png');
    expect(page1.attachments[0]?.description).toMatch(
      /leaderboard, .*page 1 of 2 \(13 rated players\)\. 1\. /,
    );
    expect(button(page1, /Previous/).disabled).toBe(true);

    const next = c.as(bob).click(page1, button(page1, /Next/).customId);
    // Acknowledged before the page is drawn: a slow picture cannot make Discord give up on the click.
    expect((await next.acknowledged()).callbackType).toBe(InteractionResponseType.DeferredMessageUpdate);
    await next.reply();
    await h.settle();
    const page2 = d.fresh(page1);
    expect(page2.id).toBe(page1.id); // the same message, now showing page 2
    expect(page2.text).toMatch(/page 2 of 2/);
    const lines2 = boardLines(page2);
    expect(lines2.map(([place]) => place)).toEqual([11, 12, 13]);
    expect(lines2[0]![2]).toBeLessThanOrEqual(ratings1.at(-1)!);
    expect(new Set([...lines1, ...lines2].map(([, name]) => name)).size).toBe(13);
    expect(button(page2, /Next/).disabled).toBe(true);
    expect(page2.attachments[0]?.description).toMatch(/page 2 of 2/);

    const back = await d.press(alice, page2, button(page2, /Previous/));
    expect(boardLines(back)).toEqual(lines1);

    const global = await d.press(alice, back, button(back, /All servers/));
    expect(global.text).toMatch(/All servers · page 1 of 2 \(14 rated players\)/);
    expect(h.store.ratings.standing({ gameType: 'valley', scope: GLOBAL_SCOPE }, playerId(0))?.games).toBe(
      h.store.ratings.standing({ gameType: 'valley', scope: guild }, playerId(0))!.games + 1,
    );
    const direct = await c.as(alice).slash('leaderboard', { global: true, season: 'all-time' }).reply();
    expect(boardLines(direct)).toEqual(boardLines(global));
    const home = await d.press(alice, global, button(global, /This server/));
    expect(boardLines(home)).toEqual(lines1);
  });

  it('/stats shows games, wins, scores, favourite sets, ratings here and globally, and a rating chart', async () => {
    const rng = seedRng('alice');
    const me: Participant = { userId: alice.id, displayName: 'alice' };
    playValley(h.store, [me, player(0)], guild, rng);
    playValley(h.store, [player(1), me, player(2)], guild, rng);
    // Casual (a computer player is seated): counted in the games, not in the rating.
    const casual = playValley(h.store, [me, { botKind: 'heuristic', displayName: 'Khufu' }], guild, rng);
    expect(h.store.getGame(casual).rated).toBe(false);
    const stats = await h.loopback.control.as(alice).slash('stats').reply();
    expect(stats.text).toMatch(/\*\*alice\*\* · Valley of the Kings · /);
    expect(stats.text).toMatch(
      /Rating: \*\*−?\d+\.\d\*\* \(#\d+ of 14\) · μ \d+\.\d, σ \d\.\d · 2 rated games/,
    );
    expect(stats.text).toMatch(/Global rating: \*\*−?\d+\.\d\*\* \(#\d+ of 15\)/);
    expect(stats.text).toMatch(/Finished games: 3 · wins \d \(\d+%\) · average score \d+\.\d · best \d+/);
    expect(stats.text).toMatch(
      /Favourite sets: (Amulets|Books|Canopic Jars|Sarcophagi|Statues) \(\d games?\)/,
    );
    expect(stats.attachments[0]?.contentType).toBe('image/png');
    expect(stats.attachments[0]?.description).toMatch(
      /Rating of alice, .* over 2 rated games: from 0\.0 to /,
    );
  });

  it('the results of a rated game show each person’s rating change', async () => {
    const rng = seedRng('results');
    const id = playValley(h.store, [player(7), player(8)], guild, rng);
    await h.bot.runtime.publisher.postResults(h.store.getGame(id));
    const results = h.loopback.control
      .messages(h.loopback.control.defaultChannel.id)
      .filter((m) => m.text.includes(`game #${id} is over`))
      .at(-1);
    const changes = h.store.ratings.changesOfGame(id, guild);
    expect(changes).toHaveLength(2);
    expect(results?.text).toMatch(
      /📈 Ratings \(this server\): Player 7 −?\d+\.\d → −?\d+\.\d \([+−±]\d+\.\d\) · Player 8 /,
    );
  });
});
