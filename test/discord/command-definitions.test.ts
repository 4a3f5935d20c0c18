import { type APIApplicationCommandOption, InteractionContextType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { CommandRegistry } from '../../src/loopback/commands.ts';
import { SnowflakeGenerator } from '../../src/loopback/snowflake.ts';
import { installedGames } from '../helpers/installed-games.ts';

/** The commands as registered with Discord for the installed games (what `npm run deploy-commands` sends). */
const commandDefinitions = installedGames().commands.map((c) => c.data);

describe('slash command definitions', () => {
  it('say where they may be used with contexts, never the deprecated dm_permission', () => {
    for (const c of commandDefinitions) {
      expect(c, c.name).not.toHaveProperty('dm_permission');
      expect(c.contexts, c.name).toBeDefined();
    }
  });

  it('games and their management exist only in servers; /card and /rules also answer in DMs', () => {
    const contexts = Object.fromEntries(commandDefinitions.map((c) => [c.name, c.contexts]));
    for (const name of ['valley', 'games', 'board', 'manage', 'leaderboard', 'stats'])
      expect(contexts[name], name).toEqual([InteractionContextType.Guild]);
    for (const name of ['card', 'rules'])
      expect(contexts[name], name).toEqual([InteractionContextType.Guild, InteractionContextType.BotDM]);
  });
});

interface Localized {
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: APIApplicationCommandOption[];
  choices?: { name: string; name_localizations?: Record<string, string> | null }[];
}

/** Every command, option, subcommand and choice, with where it is. */
function nodes(): [string, Localized][] {
  const out: [string, Localized][] = [];
  const walk = (node: Localized, at: string) => {
    out.push([at, node]);
    for (const o of node.options ?? []) walk(o as Localized, `${at} ${o.name}`);
    for (const c of node.choices ?? []) out.push([`${at} = ${c.name}`, c]);
  };
  for (const c of commandDefinitions) walk(c as Localized, `/${c.name}`);
  return out;
}

describe('slash commands in Spanish', () => {
  it('every command, option and choice has a Spanish name and description for es-ES and es-419', () => {
    const all = nodes();
    expect(all.length).toBeGreaterThan(30);
    for (const [at, node] of all) {
      const names = node.name_localizations ?? {};
      expect(names['es-ES'], `${at}: name`).toBeTruthy();
      expect(names['es-419'], `${at}: name`).toBe(names['es-ES']);
      if (node.description === undefined) continue;
      const descriptions = node.description_localizations ?? {};
      expect(descriptions['es-ES'], `${at}: description`).toBeTruthy();
      expect(descriptions['es-419'], `${at}: description`).toBe(descriptions['es-ES']);
      expect(descriptions['es-ES'], `${at}: description`).not.toBe(node.description);
    }
    const valley = commandDefinitions.find((c) => c.name === 'valley');
    expect(valley?.name_localizations?.['es-ES']).toBe('valle');
    expect(valley?.description_localizations?.['es-ES']).toBe(
      'Abre una sala para una nueva partida de Valle de los Reyes',
    );
  });

  it('/learn offers both games, each named in Spanish, and asks which one', () => {
    const learn = commandDefinitions.find((c) => c.name === 'learn') as Localized;
    const game = learn.options?.[0] as Localized & { required?: boolean };
    expect(game.required).toBe(true);
    expect(game.choices?.map((c) => [c.name, c.name_localizations?.['es-ES']])).toEqual([
      ['Valley of the Kings', 'Valle de los Reyes'],
      ['Archaeology', 'Arqueología'],
    ]);
  });

  it('Discord’s loopback accepts them, and refuses a localization Discord would refuse', () => {
    const registry = new CommandRegistry(new SnowflakeGenerator(systemClock), 'app', () => {});
    expect(registry.overwrite(null, commandDefinitions)).toHaveLength(commandDefinitions.length);
    const base = { name: 'ping', description: 'Ping' };
    for (const bad of [
      { ...base, name_localizations: { 'es-ES': 'Con Mayúsculas' } },
      { ...base, name_localizations: { 'xx-YY': 'ping' } },
      { ...base, description_localizations: { 'es-ES': '' } },
      { ...base, description_localizations: { 'es-ES': 'x'.repeat(101) } },
      {
        ...base,
        options: [{ type: 3, name: 'o', description: 'O', name_localizations: { 'es-419': 'dos palabras' } }],
      },
    ])
      expect(() => registry.overwrite(null, [bad]), JSON.stringify(bad)).toThrow(
        /Invalid Form Body|not a valid/,
      );
  });
});
