import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOptionsFor, tournamentCommand } from '../../commands/tournament.ts';
import { ManualClock } from '../../src/clock.ts';
import { localizeCommand } from '../../src/i18n/command-localizations.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * `/tournament create` through the loopback and the real bot. The game's options: the organiser picks
 * Valley's card pool as its lobby offers it; the game checks it; the tournament's message says it, in the
 * server's language; every table's game starts with it. A game without a pool refuses one, in the
 * organiser's language. Who organises: people with the role the server named (`/tournament role`) without
 * Manage Server create and start; people with neither are refused with the sentence that names the role.
 */
const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
let h: TableHarness;
let mod: LoopbackUser;
let alice: LoopbackUser;
let bob: LoopbackUser;

const c = () => h.loopback.control;
const idle = () => h.bot.runtime.tournaments.idle();
async function slash(
  user: LoopbackUser,
  sub: string,
  options: Record<string, string | number | boolean> = {},
) {
  const reply = await c().as(user).slash(`tournament ${sub}`, options).reply();
  expect(reply.ephemeral).toBe(true);
  await idle();
  return reply.text;
}

beforeAll(async () => {
  h = await startTableHarness({ clock });
  mod = c().createUser({ username: 'mod', grants: ['ManageGuild'] });
  alice = c().createUser('alice');
  bob = c().createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

describe("/tournament create: the game's options", () => {
  it('the pool is offered as the lobby offers it (Discord checks the value), in both languages', async () => {
    interface Option {
      name: string;
      choices?: unknown[];
      options?: Option[];
      name_localizations?: unknown;
    }
    const poolOf = (command: { options?: unknown }) =>
      (command.options as Option[]).find((o) => o.name === 'create')?.options?.find((o) => o.name === 'pool');
    const [registered] = await c().waitForCommands(['tournament']);
    // Registered as shipped: the command list localizes it.
    expect(poolOf(registered as { options?: unknown })?.choices).toMatchObject([
      { name: 'Base', value: 'base', name_localizations: { 'es-ES': 'Base' } },
      {
        name: 'Base + Afterlife',
        value: 'base-afterlife',
        name_localizations: { 'es-ES': 'Base + Más allá' },
      },
    ]);
    const spanish = localizeCommand(
      tournamentCommand(h.bot.runtime.tables.adapters).data,
      'cmd.tournament',
      () => ({
        title: 'Valley',
      }),
    );
    const pool = poolOf(spanish);
    expect(pool?.name_localizations).toMatchObject({ 'es-ES': 'cartas' });
    expect(pool?.choices).toMatchObject([
      { value: 'base', name_localizations: { 'es-ES': 'Base' } },
      { value: 'base-afterlife', name_localizations: { 'es-ES': 'Base + Más allá' } },
    ]);
  });

  it('Base + Afterlife: stored, shown on the message (English, then Spanish), and every table’s game has it', async () => {
    const text = await slash(mod, 'create', {
      game: 'valley',
      'table-size': 2,
      rounds: 1,
      'registration-hours': 2,
      pool: 'base-afterlife',
    });
    const [summary] = h.store.tournaments.inGuild(c().defaultGuild.id);
    if (!summary?.messageId) throw new Error(`no tournament: ${text}`);
    const id = summary.id;
    const message = () => c().message(summary.messageId as string) as LoopbackMessage;
    expect(h.store.tournaments.get(id)?.tournament.settings.gameOptions).toEqual({ pool: 'base-afterlife' });
    expect(message().text).toMatch(/🃏 Cards: Base \+ Afterlife \(\d+ cards beside the starters/);

    c().setGuildLocale(c().defaultGuild.id, 'es-ES');
    await h.settle();
    expect(await slash(mod, 'open')).toBe(`Tournament #${id}: registration is open.`);
    expect(message().text).toMatch(/🃏 Cartas: Base \+ Más allá \(\d+ cartas además de las iniciales/);

    for (const u of [alice, bob]) {
      const register = controls(message()).find((x) => x.verb === 'register');
      if (!register) throw new Error(`no Register on: ${message().text}`);
      await c().as(u).click(message(), register.customId).reply();
      await idle();
    }
    expect(await slash(mod, 'start')).toBe(`Tournament #${id}: started.`);
    await h.quiet();
    await idle();
    const gameId = h.store.tournaments.get(id)?.games['1.1'];
    if (gameId === undefined) throw new Error('no game for table 1.1');
    const game = h.store.getGame(gameId);
    expect(game.status).toBe('active');
    expect(game.options).toMatchObject({ pool: 'base-afterlife' });
    c().setGuildLocale(c().defaultGuild.id, 'en-US');
    await h.settle();
    expect(await slash(mod, 'cancel')).toBe(`Tournament #${id}: cancelled.`);
  });

  it('round robin: the organiser sets the groups’ size; the message says it', async () => {
    const text = await slash(mod, 'create', { format: 'round-robin', 'group-size': 4 });
    const [summary] = h.store.tournaments.inGuild(c().defaultGuild.id);
    if (!summary?.messageId) throw new Error(`no tournament: ${text}`);
    expect(h.store.tournaments.get(summary.id)?.tournament.settings).toMatchObject({
      format: 'round-robin',
      groupSize: 4,
    });
    expect(c().message(summary.messageId)?.text).toMatch(/groups of up to 4/);
    expect(await slash(mod, 'cancel')).toBe(`Tournament #${summary.id}: cancelled.`);
  });

  it('a game without a card pool refuses one, in the organiser’s language; nothing is created', async () => {
    const before = h.store.tournaments.inGuild(c().defaultGuild.id).length;
    expect(await slash(mod, 'create', { game: 'archaeology', pool: 'base' })).toBe(
      'Archaeology has no card pool to choose.',
    );
    c().setUserLocale(mod.id, 'es-ES');
    expect(await slash(mod, 'create', { game: 'archaeology', pool: 'base-afterlife' })).toBe(
      'Archaeology no tiene un mazo de cartas que elegir.',
    );
    c().setUserLocale(mod.id, 'en-US');
    expect(h.store.tournaments.inGuild(c().defaultGuild.id)).toHaveLength(before);
    // Without a pool, Valley's tables deal the base game (its default options).
    await slash(mod, 'create', { game: 'valley', 'table-size': 3 });
    const [newest] = h.store.tournaments.inGuild(c().defaultGuild.id);
    expect(h.store.tournaments.get(newest?.id as number)?.tournament.settings.gameOptions).toEqual({});
    expect(c().message(newest?.messageId as string)?.text).toMatch(/🃏 Cards: Base \(\d+ cards/);
  });
  it('the game checks the options at every table size a round may have, as at a lobby’s start', () => {
    const valley = h.bot.runtime.tables.adapters.find('valley');
    const settings = valley?.lobbySettings;
    if (!valley || !settings) throw new Error('no Valley lobby settings');
    expect(gameOptionsFor(valley, 'base-afterlife', { min: 2, max: 6 }, 'en')).toEqual({
      pool: 'base-afterlife',
    });
    expect(gameOptionsFor(valley, null, { min: 2, max: 6 }, 'en')).toEqual({});
    // A pool the game refuses (no card at all): the organiser is told why, in their language.
    const empty = {
      ...valley,
      lobbySettings: { ...settings, choose: () => ({ pool: { sets: [], uniques: [] } }) },
    };
    expect(gameOptionsFor(empty, 'base', { min: 3, max: 4 }, 'en')).toMatch(
      /^The game refuses those options: invalid card pool/,
    );
    expect(gameOptionsFor(empty, 'base', { min: 3, max: 4 }, 'es')).toMatch(
      /^El juego no acepta esas opciones: /,
    );
  });
});

describe('/tournament: the organiser role', () => {
  it('a member with the role the server named creates and starts; one with neither the role nor Manage Server is refused', async () => {
    const guildId = c().defaultGuild.id;
    const organisers = c().createRole(guildId, { name: 'Tournament organisers' });
    const carol = c().createUser('carol');
    const dave = c().createUser('dave');
    c().setMemberRole(guildId, carol.id, organisers.id);
    const refusal = `Only people with Manage Server or the role <@&${organisers.id}> may run tournaments.`;

    // Before the server names it, the role is nothing.
    expect(await slash(carol, 'create')).toBe('Only people with Manage Server may run tournaments.');
    // Naming it takes Manage Server, which the role does not give.
    expect(await slash(carol, 'role', { role: organisers.id })).toBe(
      'Only people with Manage Server may run tournaments.',
    );
    expect(await slash(mod, 'role', { role: organisers.id })).toBe(
      `People with <@&${organisers.id}> may run tournaments now.`,
    );
    expect(h.store.guilds.get(guildId).tournamentRoleId).toBe(organisers.id);

    const before = h.store.tournaments.inGuild(guildId).length;
    expect(await slash(dave, 'create', { game: 'valley', 'table-size': 2 })).toBe(refusal);
    expect(h.store.tournaments.inGuild(guildId)).toHaveLength(before);

    const created = await slash(carol, 'create', { game: 'valley', 'table-size': 2, rounds: 1 });
    const [newest] = h.store.tournaments.inGuild(guildId);
    if (!newest?.messageId) throw new Error(`not created: ${created}`);
    expect(created).toBe(`Tournament #${newest.id} is a draft: \`/tournament open\` opens registration.`);
    expect(h.store.tournaments.get(newest.id)?.createdBy).toBe(carol.id);
    expect(await slash(carol, 'open', { tournament: newest.id })).toBe(
      `Tournament #${newest.id}: registration is open.`,
    );
    const message = () => c().message(newest.messageId as string) as LoopbackMessage;
    for (const u of [alice, bob]) {
      const register = controls(message()).find((x) => x.verb === 'register');
      if (!register) throw new Error(`no Register on: ${message().text}`);
      await c().as(u).click(message(), register.customId).reply();
      await idle();
    }
    expect(await slash(dave, 'start', { tournament: newest.id })).toBe(refusal);
    expect(h.store.tournaments.get(newest.id)?.tournament.status).toBe('registration');
    expect(await slash(carol, 'start', { tournament: newest.id })).toBe(`Tournament #${newest.id}: started.`);
    expect(h.store.tournaments.get(newest.id)?.tournament.rounds).toHaveLength(1);

    // The role taken away, carol is refused like anyone else.
    c().setMemberRole(guildId, carol.id, organisers.id, false);
    expect(await slash(carol, 'cancel', { tournament: newest.id })).toBe(refusal);
    expect(await slash(mod, 'cancel', { tournament: newest.id })).toBe(
      `Tournament #${newest.id}: cancelled.`,
    );
  });
});
