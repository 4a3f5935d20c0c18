import { type Interaction, MessageFlags, type RepliableInteraction } from 'discord.js';
import { t, type Values } from '../../i18n/messages.ts';
import type { Payload } from '../../table-kit/payload.ts';
import { userLanguage } from '../language.ts';
import { editOptions, privateOptions } from '../send.ts';

/** The catalogue message `key`, privately, in the language of the person who clicked or typed. */
export function say(i: RepliableInteraction, key: string, values?: Values): Promise<void> {
  return tell(i, t(userLanguage(i), key, values));
}

/** An ephemeral answer to whatever state the interaction is in (new, deferred or replied). */
export async function tell(i: RepliableInteraction, text: string): Promise<void> {
  const body = { content: text, flags: MessageFlags.Ephemeral as const, allowedMentions: { parse: [] } };
  if (i.deferred || i.replied) await i.followUp(body);
  else await i.reply(body);
}

/**
 * A private answer: a deferred reply is filled; a click deferred as an update (by the bot's own ack
 * deadline: ack-deadline.ts) is answered beside its message, which stays as it was.
 */
export async function replyPrivately(i: RepliableInteraction, p: Payload): Promise<void> {
  if (i.deferred && i.ephemeral === null) await i.followUp(privateOptions(p));
  else if (i.deferred || i.replied) await i.editReply(editOptions(p));
  else await i.reply(privateOptions(p));
}

export function displayName(i: Interaction): string {
  const member = i.member;
  if (member && 'displayName' in member && typeof member.displayName === 'string') return member.displayName;
  if (member && 'nick' in member && typeof member.nick === 'string' && member.nick) return member.nick;
  return i.user.globalName ?? i.user.username;
}
