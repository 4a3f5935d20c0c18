import { InteractionContextType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MyGameEntry, myGamesMessage } from '../../src/discord/messages/my-games-message.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { bareLinks } from '../helpers/bare-links.ts';
import { installedGames } from '../helpers/installed-games.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * `/mygames` and every board's "My games" button: the games a user is seated in, in every server the
 * bot is in, their own turns first, each with how long it has waited (a Discord timestamp, so nobody's
 * time zone is told) and a link to its board; always private to the one who asked.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let carol: LoopbackUser;
let elsewhere: { guildId: string; channelId: string };
let a: { where: string; gameId: number; board: LoopbackMessage };
let b: { gameId: number; board: LoopbackMessage };
let lobbyId: number;
let aliceMoves: number;
let aliceWaits: number;

const TIMESTAMP = /<t:\d+:R>/;
const link = (guild: string, m: LoopbackMessage) =>
  `https://discord.com/channels/${guild}/${m.channelId}/${m.id}`;
const lineOf = (text: string, gameId: number) =>
  text.split('\n').findIndex((l) => new RegExp(`#${gameId}(\\]| |$)`).test(l));

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  const c = h.loopback.control;
  // A second server the bot is in; users created afterwards are members of both.
  const other = c.createGuild('elsewhere', ['games']);
  elsewhere = { guildId: other.guild.id, channelId: other.channels[0]!.id };
  alice = c.createUser('alice');
  bob = c.createUser('bob');
  carol = c.createUser('carol');

  // Game A, in the default server, started through its lobby.
  const started = await startGameByLobby(d, alice, [bob]);
  const gameA = h.store.getGame(started.gameId);
  const moverA = h.bot.runtime.tables.waitingFor(gameA)[0]!;
  const aliceMovesInA = gameA.seats[moverA]?.userId === alice.id;
  a = { ...started, board: d.latest(started.where, 'mygames') };

  // Game B, in the other server, where the other of the two is to move: alice's turn in exactly one.
  const lobbyB = h.store.lobbies.create({
    type: 'valley',
    options: { firstSeat: aliceMovesInA ? 1 : 0 },
    guildId: elsewhere.guildId,
    channelId: elsewhere.channelId,
    hostUserId: alice.id,
    seats: [
      { userId: alice.id, displayName: 'alice' },
      { userId: bob.id, displayName: 'bob' },
    ],
    turnLimitMinutes: null,
  });
  h.store.startGame(lobbyB.id);
  const rt = h.bot.runtime;
  await rt.locks.run(lobbyB.id, () => rt.publisher.postBoard(h.store.getGame(lobbyB.id)));
  b = { gameId: lobbyB.id, board: d.latest(elsewhere.channelId, 'mygames') };
  [aliceMoves, aliceWaits] = aliceMovesInA ? [a.gameId, b.gameId] : [b.gameId, a.gameId];

  // A lobby alice sits in, and one that was cancelled (no longer listed).
  const lobby = (host: LoopbackUser) =>
    h.store.lobbies.create({
      type: 'valley',
      guildId: c.defaultGuild.id,
      channelId: c.defaultChannel.id,
      hostUserId: host.id,
      seats: [{ userId: host.id, displayName: host.username }],
      turnLimitMinutes: null,
    });
  lobbyId = lobby(alice).id;
  h.store.cancelGame(lobby(alice).id);
});
afterAll(async () => {
  await h?.stop();
});

describe('/mygames', () => {
  it('is registered for servers and DMs (it lists the games of every server)', () => {
    const commandDefinitions = installedGames().commands.map((c) => c.data);
    const mine = commandDefinitions.find((x) => x.name === 'mygames');
    expect(mine?.contexts).toEqual([InteractionContextType.Guild, InteractionContextType.BotDM]);
    const names = commandDefinitions.map((x) => x.name);
    expect(names.indexOf('mygames')).toBe(names.indexOf('games') + 1);
  });

  it('lists the games of both servers, their own turn first, with Discord timestamps and board links', async () => {
    const c = h.loopback.control;
    const reply = await c.as(alice).slash('mygames').reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.visibleTo).toBe(alice.id);
    const text = reply.text;
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/\*\*Your games\*\* \(3\) · 1 waits for you/);

    const mine = lineOf(text, aliceMoves);
    const theirs = lineOf(text, aliceWaits);
    const open = lineOf(text, lobbyId);
    expect([mine, theirs, open]).toEqual([1, 2, 3]);
    expect(lines[mine]).toMatch(/Your turn/);
    expect(lines[theirs]).toMatch(/waiting for bob since/);
    expect(lines[theirs]).not.toMatch(/Your turn/);
    expect(lines[open]).toMatch(/lobby/);
    for (const l of lines.slice(1)) expect(l).toMatch(TIMESTAMP);
    expect(lines[mine]).toContain('Valley of the Kings');

    // The game's name is the link (a masked link, whose words Discord shows), never a raw address.
    expect(lines[mine]).toMatch(/\[Valley of the Kings #\d+\]\(https:/);
    expect(text).toContain(`](${link(c.defaultGuild.id, a.board)})`);
    expect(text).toContain(`](${link(elsewhere.guildId, b.board)})`);
    expect(bareLinks(text)).toEqual([]);
    expect(lines[open]).toContain(`<#${c.defaultChannel.id}>`);
    expect(text).not.toMatch(/<@\d+>/); // names, never mentions
    expect(reply.notified).toEqual([]);

    // Bob sees the same two games from his side, and not alice's lobby.
    const bobs = (await c.as(bob).slash('mygames').reply()).text;
    expect(bobs).toMatch(/\*\*Your games\*\* \(2\) · 1 waits for you/);
    expect(lineOf(bobs, aliceWaits)).toBe(1);
    expect(bobs.split('\n')[2]).toMatch(/waiting for alice since/);
    expect(bobs).not.toContain(`#${lobbyId}`);
  });

  it('tells someone seated nowhere how to start a game', async () => {
    const reply = await h.loopback.control.as(carol).slash('mygames').reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toBe('You are not seated in any game. Start one with `/valley` or `/archaeology`.');
  });
});

describe('the boards’ My games button', () => {
  it('is on every board, beside the game’s own controls', () => {
    for (const board of [a.board, b.board]) {
      const cs = controls(board);
      expect(cs.find((x) => x.verb === 'mygames')?.label).toBe('My games');
      expect(cs.some((x) => x.verb === 'hand')).toBe(true);
    }
  });

  it('answers privately with the presser’s own list, seated at that table or not; nothing public changes', async () => {
    const c = h.loopback.control;
    const publicNow = () =>
      [a.where, elsewhere.channelId].flatMap((ch) =>
        c
          .messages(ch)
          .filter((m) => !m.ephemeral)
          .map((m) => {
            const now = c.message(m.id);
            return { id: m.id, content: now?.text, components: JSON.stringify(now?.components ?? null) };
          }),
      );
    const before = publicNow();
    const versions = [a.gameId, b.gameId].map((id) => h.store.getGame(id).version);
    const press = async (user: LoopbackUser, board: LoopbackMessage) => {
      const reply = await d.press(user, board, controls(board).find((x) => x.verb === 'mygames')!);
      expect(reply.ephemeral).toBe(true);
      expect(reply.visibleTo).toBe(user.id);
      expect(reply.id).not.toBe(board.id);
      return reply.text;
    };

    const listed = (await c.as(alice).slash('mygames').reply()).text;
    expect(await press(alice, a.board)).toBe(listed);
    expect(await press(alice, b.board)).toBe(listed); // from the other server's board
    expect(await press(bob, b.board)).toBe((await c.as(bob).slash('mygames').reply()).text);
    expect(await press(carol, a.board)).toMatch(/^You are not seated in any game/);

    expect(publicNow()).toEqual(before);
    expect([a.gameId, b.gameId].map((id) => h.store.getGame(id).version)).toEqual(versions);
  });
});

describe('myGamesMessage', () => {
  const entry = (n: number, o: Partial<MyGameEntry> = {}): MyGameEntry => ({
    gameId: n,
    title: 'Valley of the Kings',
    status: 'active',
    link: `https://discord.com/channels/1${n}/2${n}/3${n}`,
    where: '',
    yourTurn: false,
    waitingFor: ['someone'],
    since: 1_700_000_000_000 + n * 60_000,
    ...o,
  });

  it('puts their own turns first, then the longest waiting, then lobbies', () => {
    const text = myGamesMessage(
      [
        entry(1, { status: 'lobby', waitingFor: [], since: 0 }),
        entry(2),
        entry(3, { yourTurn: true }),
        entry(4, { since: 1 }),
        entry(5, { yourTurn: true, since: 2 }),
      ],
      ['valley'],
    ).content;
    const order = text
      .split('\n')
      .slice(1)
      .map((l) => Number(/#(\d+)/.exec(l)?.[1]));
    expect(order).toEqual([5, 3, 4, 2, 1]);
    expect(text).toContain(`<t:${Math.floor((1_700_000_000_000 + 2 * 60_000) / 1000)}:R>`);
  });

  it('shows at most 25 games within 2000 characters and says how many more there are', () => {
    const many = Array.from({ length: 40 }, (_, k) => entry(k + 1));
    const text = myGamesMessage(many, ['valley']).content;
    expect(text.length).toBeLessThanOrEqual(2000);
    const shown = text.split('\n').filter((l) => l.startsWith('⏳')).length;
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThanOrEqual(25);
    expect(text).toMatch(new RegExp(`…and ${40 - shown} more\\.$`));
    const short = myGamesMessage(
      many.map((e) => ({ ...e, link: null })),
      ['valley'],
    ).content;
    expect(short.split('\n').filter((l) => l.startsWith('⏳'))).toHaveLength(25);
    expect(short).toMatch(/…and 15 more\.$/);
  });

  it('names the lobby commands of every hosted game when there is nothing to list', () => {
    expect(myGamesMessage([], ['valley', 'dicerace']).content).toBe(
      'You are not seated in any game. Start one with `/valley` or `/dicerace`.',
    );
  });
});
