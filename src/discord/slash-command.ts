import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import {
  type APIApplicationCommandOptionChoice,
  type APIApplicationCommandStringOption,
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { AdapterSet } from '../adapters/adapter-set.ts';
import type { Runtime } from './runtime.ts';

/** A slash command as registered (`data`) and what it does (the discord.js guide's shape). */
export interface SlashCommand {
  readonly data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(rt: Runtime, i: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(rt: Runtime, i: AutocompleteInteraction): Promise<void>;
}

/** Choices for a `game` option: one per hosted game. Offered only when the bot hosts more than one. */
export function gameChoices(adapters: AdapterSet): APIApplicationCommandOptionChoice<string>[] {
  return adapters.list.map((a) => ({ name: a.game.title, value: a.game.id }));
}

/**
 * A `game` option naming which hosted game a command is about, when the bot hosts more than one
 * (none otherwise, so a one-game bot's commands stay as simple as before). Left out: `fallback`.
 */
export function gameOption(adapters: AdapterSet, fallback: string): APIApplicationCommandStringOption[] {
  if (adapters.list.length < 2) return [];
  return [
    {
      type: ApplicationCommandOptionType.String,
      name: 'game',
      description: `Which game (${fallback} if left out)`.slice(0, 100),
      required: false,
      choices: gameChoices(adapters),
    },
  ];
}
