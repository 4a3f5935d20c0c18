import { PermissionFlagsBits } from 'discord-api-types/v10';

export type PermissionName = keyof typeof PermissionFlagsBits;

const ALL = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

/** Every permission: a guild's owner's, and anyone's whose roles include Administrator. */
export const ALL_PERMISSIONS = ALL;

/**
 * What @everyone may do. Administrator is left out on purpose: it bypasses channel overwrites, and
 * the bot must be refusable per channel (a channel where it may not create threads, for instance).
 */
export const EVERYONE_PERMISSIONS = ALL & ~PermissionFlagsBits.Administrator;

/**
 * What an ordinary member may do: Discord's defaults for @everyone in a new server. Members get no
 * moderation rights (Manage Server, Manage Messages …) unless a test grants them (`createUser`).
 */
export const MEMBER_PERMISSIONS = [
  'ViewChannel',
  'SendMessages',
  'SendMessagesInThreads',
  'CreatePublicThreads',
  'CreatePrivateThreads',
  'EmbedLinks',
  'AttachFiles',
  'AddReactions',
  'UseExternalEmojis',
  'ReadMessageHistory',
  'UseApplicationCommands',
  'ChangeNickname',
  'CreateInstantInvite',
  'Connect',
  'Speak',
] as const satisfies readonly (keyof typeof PermissionFlagsBits)[];

export function permissionBits(names: readonly PermissionName[]): bigint {
  return names.reduce((bits, name) => bits | PermissionFlagsBits[name], 0n);
}

export function permissionNames(bits: bigint): PermissionName[] {
  return (Object.keys(PermissionFlagsBits) as PermissionName[]).filter(
    (name) => (bits & PermissionFlagsBits[name]) !== 0n,
  );
}
