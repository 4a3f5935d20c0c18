import type { SlashCommand } from './slash-command.ts';

/** Every slash command by name: the router dispatches through this map. */
export function slashCommands(commands: readonly SlashCommand[]): Map<string, SlashCommand> {
  const map = new Map<string, SlashCommand>();
  for (const c of commands) {
    if (map.has(c.data.name)) throw new Error(`two slash commands are named /${c.data.name}`);
    map.set(c.data.name, c);
  }
  return map;
}
