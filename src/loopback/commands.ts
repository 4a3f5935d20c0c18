import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type RESTPostAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { discordErrors } from './errors.ts';
import type { SnowflakeGenerator } from './snowflake.ts';

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** The locales Discord accepts as keys of `name_localizations` and `description_localizations`. */
export const DISCORD_LOCALES = new Set([
  'id',
  'da',
  'de',
  'en-GB',
  'en-US',
  'es-ES',
  'es-419',
  'fr',
  'hr',
  'it',
  'lt',
  'hu',
  'nl',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'fi',
  'sv-SE',
  'vi',
  'tr',
  'cs',
  'el',
  'bg',
  'ru',
  'uk',
  'hi',
  'th',
  'zh-CN',
  'ja',
  'zh-TW',
  'ko',
]);

/**
 * Localized names and descriptions obey the rules of the English ones: Discord refuses an unknown
 * locale, a localized command or option name that is not a valid name (or not lower case), and a
 * description (or choice name) outside 1 to 100 characters.
 */
function validateLocalizations(
  map: unknown,
  at: string,
  kind: 'name' | 'description' | 'choice',
  problems: string[],
): void {
  if (map === undefined || map === null) return;
  if (typeof map !== 'object') {
    problems.push(`${at}: must be an object of locales`);
    return;
  }
  for (const [locale, text] of Object.entries(map)) {
    const here = `${at}.${locale}`;
    if (!DISCORD_LOCALES.has(locale)) problems.push(`${here}: "${locale}" is not a valid locale`);
    if (typeof text !== 'string') problems.push(`${here}: must be a string`);
    else if (
      kind === 'name' ? !NAME.test(text) || text !== text.toLowerCase() : text.length < 1 || text.length > 100
    )
      problems.push(
        `${here}: "${text}" is not a valid ${kind === 'name' ? 'name' : `${kind} (1 to 100 characters)`}`,
      );
  }
}

/**
 * Registered application commands, global and per guild. A bulk overwrite keeps the id of a command
 * whose name and type did not change, as Discord does, so ids stay stable across restarts of the bot.
 */
export class CommandRegistry {
  readonly #ids: SnowflakeGenerator;
  readonly #applicationId: string;
  readonly #onChange: (guildId: string | null) => void;
  readonly #scopes = new Map<string, Map<string, APIApplicationCommand>>();

  constructor(ids: SnowflakeGenerator, applicationId: string, onChange: (guildId: string | null) => void) {
    this.#ids = ids;
    this.#applicationId = applicationId;
    this.#onChange = onChange;
  }

  list(guildId: string | null): APIApplicationCommand[] {
    return [...(this.#scopes.get(scopeKey(guildId))?.values() ?? [])];
  }

  get(guildId: string | null, id: string): APIApplicationCommand | undefined {
    return this.#scopes.get(scopeKey(guildId))?.get(id);
  }

  /** What a user in `guildId` sees under `name`: a guild command shadows a global one. */
  find(name: string, guildId: string | null): APIApplicationCommand | undefined {
    const matches = (c: APIApplicationCommand) =>
      c.name === name && c.type === ApplicationCommandType.ChatInput;
    return (guildId === null ? undefined : this.list(guildId).find(matches)) ?? this.list(null).find(matches);
  }

  /** Every command a user in `guildId` can run, guild ones first. */
  available(guildId: string | null): APIApplicationCommand[] {
    return guildId === null ? this.list(null) : [...this.list(guildId), ...this.list(null)];
  }

  overwrite(guildId: string | null, bodies: unknown): APIApplicationCommand[] {
    if (!Array.isArray(bodies))
      throw discordErrors.invalidFormBody(['the body must be an array of commands']);
    const validated = bodies.map((body, i) => validateCommand(body, `[${i}]`));
    const keys = validated.map((b) => `${b.type ?? ApplicationCommandType.ChatInput}:${b.name}`);
    const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
    if (duplicate)
      throw discordErrors.invalidFormBody([`application command names must be unique (${duplicate})`]);
    const previous = this.list(guildId);
    const next = new Map<string, APIApplicationCommand>();
    for (const body of validated) {
      const same = previous.find(
        (c) => c.name === body.name && c.type === (body.type ?? ApplicationCommandType.ChatInput),
      );
      const command = this.#build(guildId, body, same?.id);
      next.set(command.id, command);
    }
    this.#scopes.set(scopeKey(guildId), next);
    this.#onChange(guildId);
    return [...next.values()];
  }

  upsert(guildId: string | null, body: unknown): { command: APIApplicationCommand; created: boolean } {
    const validated = validateCommand(body, '');
    const scope = this.#scope(guildId);
    const type = validated.type ?? ApplicationCommandType.ChatInput;
    const same = [...scope.values()].find((c) => c.name === validated.name && c.type === type);
    const command = this.#build(guildId, validated, same?.id);
    scope.set(command.id, command);
    this.#onChange(guildId);
    return { command, created: same === undefined };
  }

  /** PATCH: the command keeps its id even if the patch renames it. */
  update(guildId: string | null, id: string, patch: unknown): APIApplicationCommand | undefined {
    const scope = this.#scope(guildId);
    const existing = scope.get(id);
    if (!existing) return undefined;
    const { id: _id, version: _version, application_id: _app, guild_id: _guild, ...body } = existing;
    const merged = validateCommand(
      { ...body, ...(typeof patch === 'object' && patch !== null ? patch : {}) },
      '',
    );
    const command = this.#build(guildId, merged, id);
    scope.set(id, command);
    this.#onChange(guildId);
    return command;
  }

  delete(guildId: string | null, id: string): boolean {
    const removed = this.#scope(guildId).delete(id);
    if (removed) this.#onChange(guildId);
    return removed;
  }

  #scope(guildId: string | null): Map<string, APIApplicationCommand> {
    const key = scopeKey(guildId);
    let scope = this.#scopes.get(key);
    if (!scope) {
      scope = new Map();
      this.#scopes.set(key, scope);
    }
    return scope;
  }

  #build(guildId: string | null, body: RESTPostAPIApplicationCommandsJSONBody, id: string | undefined) {
    const command: APIApplicationCommand = {
      id: id ?? this.#ids.next(),
      application_id: this.#applicationId,
      type: body.type ?? ApplicationCommandType.ChatInput,
      name: body.name,
      name_localizations: body.name_localizations ?? null,
      description: 'description' in body && body.description !== undefined ? body.description : '',
      description_localizations: body.description_localizations ?? null,
      default_member_permissions: body.default_member_permissions ?? null,
      nsfw: body.nsfw ?? false,
      version: this.#ids.next(),
      ...('options' in body && body.options ? { options: body.options } : {}),
      ...(guildId !== null ? { guild_id: guildId } : {}),
      ...(body.contexts ? { contexts: body.contexts } : {}),
      ...(body.integration_types ? { integration_types: body.integration_types } : {}),
    };
    return command;
  }
}

function scopeKey(guildId: string | null): string {
  return guildId ?? 'global';
}

/** The limits Discord enforces at registration, so a command that Discord would refuse fails here too. */
function validateCommand(body: unknown, at: string): RESTPostAPIApplicationCommandsJSONBody {
  const problems: string[] = [];
  if (typeof body !== 'object' || body === null)
    throw discordErrors.invalidFormBody([`${at}: not an object`]);
  const command = body as RESTPostAPIApplicationCommandsJSONBody;
  const chatInput = (command.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput;
  if (
    typeof command.name !== 'string' ||
    (chatInput
      ? !NAME.test(command.name) || command.name !== command.name.toLowerCase()
      : command.name.length < 1 || command.name.length > 32)
  ) {
    problems.push(`${at}.name: "${String(command.name)}" is not a valid command name`);
  }
  if (chatInput) {
    const description = 'description' in command ? command.description : undefined;
    if (typeof description !== 'string' || description.length < 1 || description.length > 100) {
      problems.push(`${at}.description: must be 1 to 100 characters`);
    }
    const options = 'options' in command ? command.options : undefined;
    validateOptions(options ?? [], `${at}.options`, problems);
  }
  validateLocalizations(
    command.name_localizations,
    `${at}.name_localizations`,
    chatInput ? 'name' : 'choice',
    problems,
  );
  validateLocalizations(
    'description_localizations' in command ? command.description_localizations : undefined,
    `${at}.description_localizations`,
    'description',
    problems,
  );
  if (problems.length > 0) throw discordErrors.invalidFormBody(problems);
  return command;
}

function validateOptions(
  options: readonly APIApplicationCommandOption[],
  at: string,
  problems: string[],
): void {
  if (options.length > 25) problems.push(`${at}: at most 25 options`);
  let seenOptional = false;
  const names = new Set<string>();
  options.forEach((option, i) => {
    const here = `${at}[${i}]`;
    if (!NAME.test(option.name) || option.name !== option.name.toLowerCase()) {
      problems.push(`${here}.name: "${option.name}" is not a valid option name`);
    }
    if (names.has(option.name)) problems.push(`${here}.name: duplicate option "${option.name}"`);
    names.add(option.name);
    if (
      typeof option.description !== 'string' ||
      option.description.length < 1 ||
      option.description.length > 100
    ) {
      problems.push(`${here}.description: must be 1 to 100 characters`);
    }
    validateLocalizations(option.name_localizations, `${here}.name_localizations`, 'name', problems);
    validateLocalizations(
      option.description_localizations,
      `${here}.description_localizations`,
      'description',
      problems,
    );
    if ('choices' in option)
      for (const [k, choice] of (option.choices ?? []).entries())
        validateLocalizations(
          choice.name_localizations,
          `${here}.choices[${k}].name_localizations`,
          'choice',
          problems,
        );
    if (
      option.type === ApplicationCommandOptionType.Subcommand ||
      option.type === ApplicationCommandOptionType.SubcommandGroup
    ) {
      validateOptions(option.options ?? [], `${here}.options`, problems);
      return;
    }
    if (option.required) {
      if (seenOptional) problems.push(`${here}: required options must be placed before non-required options`);
    } else {
      seenOptional = true;
    }
    if ('choices' in option && option.choices && option.choices.length > 25) {
      problems.push(`${here}.choices: at most 25 choices`);
    }
    if ('autocomplete' in option && option.autocomplete && 'choices' in option && option.choices?.length) {
      problems.push(`${here}: autocomplete and choices are mutually exclusive`);
    }
  });
}
