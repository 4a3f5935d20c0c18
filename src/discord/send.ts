import type { BaseMessageOptions } from 'discord.js';
import type { Payload } from '../table-kit/payload.ts';

/** discord.js options for a payload: only the listed users are pinged, never roles or everyone. */
export function messageOptions(p: Payload): BaseMessageOptions {
  return {
    content: p.content,
    components: p.components,
    files: p.files.map((f) => ({ attachment: f.attachment, name: f.name, description: f.description })),
    allowedMentions: { parse: [], users: p.mentionUsers },
  };
}

/** For edits: replaces the attachments instead of adding to them. */
export function editOptions(p: Payload): BaseMessageOptions & { attachments: [] } {
  return { ...messageOptions(p), attachments: [] };
}
