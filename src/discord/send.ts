import { type BaseMessageOptions, MessageFlags } from 'discord.js';
import { splitAlt } from '../table-kit/alt-text.ts';
import { v2Components } from '../table-kit/components-v2.ts';
import type { Payload } from '../table-kit/payload.ts';

/**
 * discord.js options for a payload, always as a Components V2 message (text displays, a gallery with
 * each picture's alt text, the controls): a message sent so keeps the flag for good, so every edit of
 * it must be one too, and one form for all of the bot's messages rules out mixing them up. Only the
 * listed users are pinged, never roles or everyone.
 */
export function messageOptions(p: Payload): BaseMessageOptions & { flags: MessageFlags.IsComponentsV2 } {
  return {
    components: v2Components(p),
    files: p.files.map((f) => ({
      attachment: f.attachment,
      name: f.name,
      // The attachment's own description is held to the same limit; the message says the rest.
      description: splitAlt(f.description).alt,
    })),
    allowedMentions: { parse: [], users: p.mentionUsers },
    flags: MessageFlags.IsComponentsV2,
  };
}

/** For edits: replaces the attachments instead of adding to them. */
export function editOptions(p: Payload): ReturnType<typeof messageOptions> & { attachments: [] } {
  return { ...messageOptions(p), attachments: [] };
}

/** A private (ephemeral) reply or follow-up. */
export function privateOptions(p: Payload): BaseMessageOptions & { flags: number } {
  return { ...messageOptions(p), flags: MessageFlags.Ephemeral | MessageFlags.IsComponentsV2 };
}

/**
 * Discord's refusal to edit a plain message (one with content, from before Components V2) into a V2
 * one: the caller posts a new message instead.
 */
export function isPlainMessageClash(e: unknown): boolean {
  const errors = (e as { rawError?: { errors?: { content?: { _errors?: { code?: string }[] } } } })?.rawError
    ?.errors;
  return (
    errors?.content?._errors?.some((x) => x.code === 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2') ??
    false
  );
}
