import {
  type ChannelType,
  Constants,
  DiscordAPIError,
  PermissionFlagsBits,
  type PermissionsBitField,
} from 'discord.js';
import { has, t } from '../i18n/messages.ts';

/** Discord's answers when the bot may not see a channel, or may see it but not do what it asked. */
export const MISSING_ACCESS = 50001;
export const MISSING_PERMISSIONS = 50013;

const NAMES = new Map<bigint, string>([
  [PermissionFlagsBits.ViewChannel, 'View Channel'],
  [PermissionFlagsBits.SendMessages, 'Send Messages'],
  [PermissionFlagsBits.SendMessagesInThreads, 'Send Messages in Threads'],
  [PermissionFlagsBits.AttachFiles, 'Attach Files'],
  [PermissionFlagsBits.CreatePrivateThreads, 'Create Private Threads'],
]);

const isThread = (type: ChannelType) => (Constants.ThreadChannelTypes as ChannelType[]).includes(type);

/** What a game needs in the channel it is played in: boards are pictures, so Attach Files too. */
export function missingForGame(channelType: ChannelType, perms: Readonly<PermissionsBitField>): string[] {
  const send = isThread(channelType)
    ? PermissionFlagsBits.SendMessagesInThreads
    : PermissionFlagsBits.SendMessages;
  const needed = [PermissionFlagsBits.ViewChannel, send, PermissionFlagsBits.AttachFiles];
  return needed.filter((p) => !perms.has(p)).map((p) => NAMES.get(p) as string);
}

/** A thread of its own needs both creating it and writing in it; otherwise the game stays in the channel. */
export function mayOpenThread(perms: Readonly<PermissionsBitField>): boolean {
  return (
    perms.has(PermissionFlagsBits.CreatePublicThreads) && perms.has(PermissionFlagsBits.SendMessagesInThreads)
  );
}

/**
 * What a lesson (`/learn`) needs in a text channel: a private thread of its own for one person, written in
 * with pictures. Without it the lesson is refused with the permissions named, never played in public.
 */
export function missingForLesson(perms: Readonly<PermissionsBitField>): string[] {
  const needed = [
    PermissionFlagsBits.ViewChannel,
    PermissionFlagsBits.CreatePrivateThreads,
    PermissionFlagsBits.SendMessagesInThreads,
    PermissionFlagsBits.AttachFiles,
  ];
  return needed.filter((p) => !perms.has(p)).map((p) => NAMES.get(p) as string);
}

export function isAccessRefusal(e: unknown): e is DiscordAPIError {
  return e instanceof DiscordAPIError && (e.code === MISSING_ACCESS || e.code === MISSING_PERMISSIONS);
}

/** A sentence for the user naming what Discord refused. */
export function refusalText(e: DiscordAPIError, where: string, language: string): string {
  return t(language, e.code === MISSING_ACCESS ? 'access.missing-access' : 'access.missing-permissions', {
    where,
  });
}

/** Permission names as Discord shows them in `language` ("View Channel", "Ver canal"), as one list. */
export function listPermissions(names: readonly string[], language: string): string {
  const key = (name: string) => `perm.${name.toLowerCase().replaceAll(' ', '-')}`;
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(
    names.map((n) => (has('en', key(n)) ? t(language, key(n)) : n)),
  );
}
