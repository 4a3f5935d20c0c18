import type {
  APIApplicationCommandOption,
  LocalizationMap,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { DEFAULT_LANGUAGE, DISCORD_LOCALES } from './locales.ts';
import { has, LANGUAGES, t, type Values } from './messages.ts';

type Command = RESTPostAPIChatInputApplicationCommandsJSONBody;
interface Node {
  name: string;
  description?: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
  options?: APIApplicationCommandOption[];
  choices?: { name: string; value: string | number; name_localizations?: LocalizationMap | null }[];
}

/**
 * A slash command's texts from the catalogues: its English description, and in every other language
 * its name and description as Discord's `name_localizations` / `description_localizations` (each
 * language for each of its Discord locales), options and choices included.
 *
 * Keys: `cmd.<command>.name|description`, `cmd.<command>.<option>[.<option>].name|description`; the
 * lobby commands share `cmd.lobby.…` but for their names; a `game` option's choices are the games'
 * titles, `title.<game>`, other choices `cmd.<command>.<option>.choice.<value>`. `values(language)` fills the messages' placeholders. A text without a key
 * (a game only tests host) keeps the code's English.
 */
export function localizeCommand(
  command: Command,
  base: string,
  values: (language: string) => Values,
): Command {
  const copy = structuredClone(command) as Command & Node;
  const nameKey = `cmd.${command.name}.name`;
  visit(copy, base, values, nameKey);
  return copy;
}

function visit(node: Node, key: string, values: (language: string) => Values, nameKey = `${key}.name`) {
  for (const language of LANGUAGES) {
    const vals = values(language);
    if (language === DEFAULT_LANGUAGE) {
      if (has(language, `${key}.description`) && node.description !== undefined)
        node.description = t(language, `${key}.description`, vals);
      continue;
    }
    for (const locale of DISCORD_LOCALES[language] ?? []) {
      if (has(language, nameKey))
        node.name_localizations = { ...node.name_localizations, [locale]: t(language, nameKey) };
      if (has(language, `${key}.description`) && node.description !== undefined)
        node.description_localizations = {
          ...node.description_localizations,
          [locale]: t(language, `${key}.description`, vals),
        };
    }
  }
  for (const option of node.options ?? []) visit(option as Node, `${key}.${option.name}`, values);
  for (const choice of node.choices ?? []) {
    // An option's own names for its choices (`<option>.choice.<value>`), else a game's title.
    const own = `${key}.choice.${choice.value}`;
    for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
      const choiceKey = has(language, own) ? own : `title.${choice.value}`;
      for (const locale of DISCORD_LOCALES[language] ?? [])
        if (has(language, choiceKey))
          choice.name_localizations = { ...choice.name_localizations, [locale]: t(language, choiceKey) };
    }
  }
}

/** A game's title in `language` (its catalogue's `title.<game>`), else the rules module's own. */
export function gameTitle(language: string, gameId: string, fallback: string): string {
  return has(language, `title.${gameId}`) || has(DEFAULT_LANGUAGE, `title.${gameId}`)
    ? t(language, `title.${gameId}`)
    : fallback;
}

/** A slash command's name as a `language` reader's Discord shows it (its localized name, if any). */
export function commandName(language: string, name: string): string {
  return has(language, `cmd.${name}.name`) ? t(language, `cmd.${name}.name`) : name;
}

/** "`/valley` or `/archaeology`", in `language`'s words and with its localized command names. */
export function commandList(language: string, names: readonly string[]): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(
    names.map((n) => `\`/${commandName(language, n)}\``),
  );
}
