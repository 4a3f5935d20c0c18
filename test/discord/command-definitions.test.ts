import { InteractionContextType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/index.ts';

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
