import {
  type APIApplicationCommand,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
} from 'discord-api-types/v10';

export type SlashOptionValue = string | number | boolean;
export type SlashOptions = Readonly<Record<string, SlashOptionValue>>;

export interface ResolvedCommandOptions {
  readonly options: APIApplicationCommandInteractionDataOption[];
  readonly userIds: readonly string[];
  readonly channelIds: readonly string[];
  /** Roles named by role options (resolved in the interaction's `data.resolved.roles`). */
  readonly roleIds: readonly string[];
}

export interface OptionLookups {
  userExists(id: string): boolean;
  channelType(id: string): number | undefined;
  /** Whether a role with that id exists in the guild where the command is used (@everyone included). */
  roleExists(id: string): boolean;
}

/**
 * Turns `('game start', { players: 3 })` into the option tree Discord would send, checked against
 * the command the bot registered, so a test cannot send what the Discord client would never let a
 * user type (an unknown option, a missing required one, a value outside its choices or range).
 */
export function resolveCommandOptions(
  command: APIApplicationCommand,
  subcommandPath: readonly string[],
  values: SlashOptions,
  lookups: OptionLookups,
  focused: string | null,
): ResolvedCommandOptions {
  const label = `/${[command.name, ...subcommandPath].join(' ')}`;
  const userIds: string[] = [];
  const channelIds: string[] = [];
  const roleIds: string[] = [];

  const leaf = (schema: readonly APIApplicationCommandOption[]) => {
    const basics = schema.filter(isBasic);
    const known = new Set(basics.map((o) => o.name));
    for (const name of Object.keys(values)) {
      if (!known.has(name)) {
        throw new Error(
          `${label} has no option "${name}"; it has ${[...known].map((n) => `"${n}"`).join(', ') || 'none'}`,
        );
      }
    }
    if (focused !== null) {
      const target = basics.find((o) => o.name === focused);
      if (!target || !('autocomplete' in target) || !target.autocomplete) {
        throw new Error(`${label}: option "${focused}" does not use autocomplete`);
      }
    }
    const out: APIApplicationCommandInteractionDataBasicOption[] = [];
    for (const option of basics) {
      const value = values[option.name];
      if (value === undefined) {
        if (option.required && focused === null)
          throw new Error(`${label}: option "${option.name}" is required`);
        continue;
      }
      if (option.name === focused) {
        // The Discord client sends whatever the user has typed so far, as a string, whatever the type.
        out.push({
          name: option.name,
          type: option.type,
          value: String(value),
          focused: true,
        } as APIApplicationCommandInteractionDataBasicOption);
        continue;
      }
      out.push(checkValue(label, option, value, lookups, userIds, channelIds, roleIds));
    }
    return out;
  };

  let options: APIApplicationCommandInteractionDataOption[];
  const top = command.options ?? [];
  const [first, second, ...rest] = subcommandPath;
  if (rest.length > 0) throw new Error(`${label}: commands nest at most two levels deep`);
  if (first === undefined) {
    if (top.some((o) => !isBasic(o))) throw new Error(`/${command.name} needs a subcommand`);
    options = leaf(top);
  } else {
    const firstOption = top.find((o) => o.name === first);
    if (firstOption?.type === ApplicationCommandOptionType.SubcommandGroup) {
      const sub = (firstOption.options ?? []).find((o) => o.name === second);
      if (!sub) throw new Error(`${label}: no subcommand "${String(second)}" in group "${first}"`);
      options = [
        {
          name: first,
          type: ApplicationCommandOptionType.SubcommandGroup,
          options: [
            {
              name: sub.name,
              type: ApplicationCommandOptionType.Subcommand,
              options: leaf(sub.options ?? []),
            },
          ],
        },
      ];
    } else if (firstOption?.type === ApplicationCommandOptionType.Subcommand && second === undefined) {
      options = [
        {
          name: first,
          type: ApplicationCommandOptionType.Subcommand,
          options: leaf(firstOption.options ?? []),
        },
      ];
    } else {
      throw new Error(`/${command.name} has no subcommand "${subcommandPath.join(' ')}"`);
    }
  }
  return { options, userIds, channelIds, roleIds };
}

function isBasic(option: APIApplicationCommandOption): option is APIApplicationCommandBasicOption {
  return (
    option.type !== ApplicationCommandOptionType.Subcommand &&
    option.type !== ApplicationCommandOptionType.SubcommandGroup
  );
}

function checkValue(
  label: string,
  option: APIApplicationCommandBasicOption,
  value: SlashOptionValue,
  lookups: OptionLookups,
  userIds: string[],
  channelIds: string[],
  roleIds: string[],
): APIApplicationCommandInteractionDataBasicOption {
  const fail = (why: string): never => {
    throw new Error(`${label}: option "${option.name}" ${why}, got ${JSON.stringify(value)}`);
  };
  const base = { name: option.name, type: option.type };
  switch (option.type) {
    case ApplicationCommandOptionType.String: {
      if (typeof value !== 'string') return fail('must be a string');
      if (option.min_length !== undefined && value.length < option.min_length)
        fail(`needs at least ${option.min_length} characters`);
      if (option.max_length !== undefined && value.length > option.max_length)
        fail(`takes at most ${option.max_length} characters`);
      checkChoices(option, value, fail);
      return { ...base, type: option.type, value };
    }
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number: {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('must be a number');
      if (option.type === ApplicationCommandOptionType.Integer && !Number.isInteger(value))
        fail('must be an integer');
      if (option.min_value !== undefined && value < option.min_value)
        fail(`must be at least ${option.min_value}`);
      if (option.max_value !== undefined && value > option.max_value)
        fail(`must be at most ${option.max_value}`);
      checkChoices(option, value, fail);
      return { ...base, type: option.type, value } as APIApplicationCommandInteractionDataBasicOption;
    }
    case ApplicationCommandOptionType.Boolean:
      if (typeof value !== 'boolean') return fail('must be a boolean');
      return { ...base, type: option.type, value };
    case ApplicationCommandOptionType.User:
    case ApplicationCommandOptionType.Mentionable:
      if (typeof value !== 'string' || !lookups.userExists(value))
        return fail('must be the id of a known user');
      userIds.push(value);
      return { ...base, type: option.type, value };
    case ApplicationCommandOptionType.Channel: {
      const type = typeof value === 'string' ? lookups.channelType(value) : undefined;
      if (typeof value !== 'string' || type === undefined) return fail('must be the id of a known channel');
      if (option.channel_types && !option.channel_types.some((t) => t === type))
        fail(`must be a channel of types ${option.channel_types.join(', ')}`);
      channelIds.push(value);
      return { ...base, type: option.type, value };
    }
    case ApplicationCommandOptionType.Role:
      // Discord's client offers the roles of the server the command is typed in, and nothing else.
      if (typeof value !== 'string' || !lookups.roleExists(value))
        return fail("must be the id of one of this server's roles");
      roleIds.push(value);
      return { ...base, type: option.type, value };
    case ApplicationCommandOptionType.Attachment:
      return fail('is of a type the loopback does not simulate (attachment)');
  }
}

function checkChoices(
  option: APIApplicationCommandBasicOption,
  value: string | number,
  fail: (why: string) => never,
) {
  if (!('choices' in option) || !option.choices || option.choices.length === 0) return;
  if (!option.choices.some((c) => c.value === value)) {
    fail(`must be one of ${option.choices.map((c) => JSON.stringify(c.value)).join(', ')}`);
  }
}
