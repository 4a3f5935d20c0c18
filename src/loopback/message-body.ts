import {
  type APIAllowedMentions,
  type APIEmbed,
  type APIMessageTopLevelComponent,
  MessageFlags,
} from 'discord-api-types/v10';
import { makeAttachment } from './attachments.ts';
import { attachmentReferences, validateMessageComponents } from './components.ts';
import { discordErrors, type FormPath, type FormProblem, fieldProblem } from './errors.ts';
import type { World } from './model.ts';
import type { LoopbackAttachment } from './model-types.ts';
import type { UploadedFile } from './multipart.ts';

/** The fields of a message body that channel sends, edits, webhooks and interaction callbacks share. */
export interface MessageBody {
  readonly content?: string;
  readonly embeds?: APIEmbed[];
  readonly components?: APIMessageTopLevelComponent[];
  readonly flags?: number;
  readonly allowed_mentions?: APIAllowedMentions;
  readonly attachments?: readonly {
    readonly id: string | number;
    readonly filename?: string;
    readonly description?: string;
  }[];
  readonly tts?: boolean;
  readonly message_reference?: { readonly message_id?: string; readonly channel_id?: string };
  readonly sticker_ids?: readonly string[];
  readonly poll?: unknown;
}

export interface MessageFields {
  readonly content?: string;
  readonly embeds?: readonly APIEmbed[];
  readonly components?: readonly APIMessageTopLevelComponent[];
  readonly attachments?: readonly LoopbackAttachment[];
  readonly flags?: number;
  readonly allowedMentions?: APIAllowedMentions;
  readonly tts?: boolean;
}

const KEYS: Record<string, string> = {
  content: 'string',
  embeds: 'array',
  components: 'array',
  flags: 'number',
  allowed_mentions: 'object',
  attachments: 'array',
  message_reference: 'object',
  sticker_ids: 'array',
};

/** Shape checks only: discord.js is trusted to send Discord's shapes, but a null or a typo must not pass. */
export function readMessageBody(json: unknown, at = ''): MessageBody {
  if (json === undefined) return {};
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw discordErrors.invalidFormBody([`${at || 'body'}: expected an object`]);
  }
  const problems: string[] = [];
  for (const [key, value] of Object.entries(json)) {
    const expected = KEYS[key];
    if (expected === undefined || value === null || value === undefined) continue;
    const actual = Array.isArray(value) ? 'array' : typeof value;
    if (actual !== expected) problems.push(`${at}${key}: expected ${expected}, got ${actual}`);
  }
  if (problems.length > 0) throw discordErrors.invalidFormBody(problems);
  return json as MessageBody;
}

/**
 * Turns a body (and its uploads) into model fields, enforcing the limits Discord enforces. `existing`
 * is the message being edited: on an edit, `attachments` lists what to keep by id and which new
 * uploads (by their `files[n]` index) to add; without it, every upload is added.
 */
export function messageFields(
  world: World,
  channelId: string,
  body: MessageBody,
  files: readonly UploadedFile[],
  options: {
    mode: 'create' | 'edit';
    existing?: readonly LoopbackAttachment[];
    /** The message an edit changes: its flags and legacy fields decide what the edit may do. */
    previous?: { readonly flags: number; readonly content: string; readonly embeds: readonly APIEmbed[] };
    sizeLimit: number;
    /** Where the message sits in the request: `['data']` in an interaction callback. */
    at?: FormPath;
  },
): MessageFields {
  const problems: FormProblem[] = [];
  const at = options.at ?? [];
  const previousFlags = options.previous?.flags ?? 0;
  const wasV2 = (previousFlags & MessageFlags.IsComponentsV2) !== 0;
  // An edit that leaves out flags keeps the message's: a Components V2 message stays one.
  const flags = body.flags ?? (options.mode === 'edit' ? previousFlags : 0);
  const v2 = (flags & MessageFlags.IsComponentsV2) !== 0;
  if (wasV2 && !v2) {
    problems.push(fieldProblem([...at, 'flags'], 'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG', V2_FOR_GOOD));
  }
  if (body.content !== undefined && body.content !== null && body.content.length > 2000) {
    // The specification says 4,000 (what Nitro users may send); a bot gets 2,000, with Discord's code.
    problems.push(
      fieldProblem(
        [...(options.at ?? []), 'content'],
        'BASE_TYPE_MAX_LENGTH',
        'Must be 2000 or fewer in length.',
      ),
    );
  }
  if (body.embeds) validateEmbeds(body.embeds, problems);
  if (body.allowed_mentions)
    checkAllowedMentions(body.allowed_mentions, [...(options.at ?? []), 'allowed_mentions'], problems);
  if (body.components)
    validateMessageComponents(body.components, flags, problems, [...(options.at ?? []), 'components']);
  if (v2) {
    // Discord's code: a Components V2 message has no content or embeds, including any an edit would keep.
    const content = body.content ?? (wasV2 ? '' : (options.previous?.content ?? ''));
    const embeds = body.embeds ?? (wasV2 ? [] : (options.previous?.embeds ?? []));
    if (content) problems.push(fieldProblem([...at, 'content'], LEGACY_WITH_V2, legacyWithV2('content')));
    if (embeds.length > 0)
      problems.push(fieldProblem([...at, 'embeds'], LEGACY_WITH_V2, legacyWithV2('embeds')));
  }
  // Since April 2025 Discord checks the limit per file, not on the message's total
  // (https://discord.com/developers/docs/reference#uploading-files).
  for (const file of files) {
    if (file.bytes.byteLength > options.sizeLimit) throw discordErrors.entityTooLarge();
  }
  const attachments = resolveAttachments(world, channelId, body, files, options.existing ?? [], problems);
  if (v2 && body.components) {
    // A picture is shown only where a component names it, so a name with no attachment shows nothing.
    const names = new Set((attachments ?? options.existing ?? []).map((a) => a.filename));
    for (const ref of attachmentReferences(body.components, [...at, 'components']))
      if (!names.has(ref.name))
        problems.push(
          fieldProblem(ref.path, 'UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND', missingAttachment(ref.name)),
        );
  }
  if (problems.length > 0) throw discordErrors.invalidFormBody(problems);
  const fields: MessageFields = {
    ...(body.content !== undefined && body.content !== null ? { content: body.content } : {}),
    ...(body.embeds ? { embeds: body.embeds } : {}),
    ...(body.components ? { components: body.components } : {}),
    ...(attachments ? { attachments } : {}),
    ...(body.flags !== undefined && body.flags !== null ? { flags: body.flags } : {}),
    ...(body.allowed_mentions ? { allowedMentions: body.allowed_mentions } : {}),
    // An edit has no tts: Discord ignores one sent (the specification of edits has no such field).
    ...(options.mode === 'create' && body.tts !== undefined ? { tts: body.tts } : {}),
  };
  if (options.mode === 'create' && isEmpty(fields, body)) throw discordErrors.emptyMessage();
  return fields;
}

const LEGACY_WITH_V2 = 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2';
/** Discord's wording (reported by bots that hit it); the codes below it are the loopback's own. */
const legacyWithV2 = (field: string) =>
  `The '${field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`;
const V2_FOR_GOOD = 'A message sent with MessageFlags.IS_COMPONENTS_V2 cannot lose the flag.';
const missingAttachment = (name: string) => `attachment://${name} names no attachment of this message.`;

function isEmpty(fields: MessageFields, body: MessageBody): boolean {
  return (
    !fields.content &&
    (fields.embeds?.length ?? 0) === 0 &&
    (fields.components?.length ?? 0) === 0 &&
    (fields.attachments?.length ?? 0) === 0 &&
    (body.sticker_ids?.length ?? 0) === 0 &&
    body.poll === undefined
  );
}

function resolveAttachments(
  world: World,
  channelId: string,
  body: MessageBody,
  files: readonly UploadedFile[],
  existing: readonly LoopbackAttachment[],
  problems: FormProblem[],
): LoopbackAttachment[] | undefined {
  const upload = (file: UploadedFile, meta?: { filename?: string; description?: string }) => {
    const attachment = makeAttachment(world.ids.next(), channelId, world.baseUrl, {
      filename: meta?.filename ?? file.filename,
      bytes: file.bytes,
      contentType: file.contentType,
      description: meta?.description ?? null,
    });
    world.addAttachment(attachment);
    return attachment;
  };
  if (body.attachments === undefined || body.attachments === null) {
    if (files.length === 0) return undefined;
    return [...existing, ...files.map((f) => upload(f))];
  }
  const result: LoopbackAttachment[] = [];
  const used = new Set<UploadedFile>();
  body.attachments.forEach((entry, i) => {
    const id = String(entry.id);
    const kept = existing.find((a) => a.id === id);
    if (kept) {
      result.push(kept);
      return;
    }
    const file = files.find((f) => f.index !== null && String(f.index) === id);
    if (!file) {
      problems.push(`attachments[${i}].id: "${id}" is neither a current attachment nor an uploaded files[n]`);
      return;
    }
    used.add(file);
    result.push(upload(file, entry));
  });
  // Discord attaches uploads the attachments array forgot to mention.
  for (const file of files) if (!used.has(file)) result.push(upload(file));
  if (result.length > 10) problems.push(`attachments: at most 10 files, got ${result.length}`);
  return result;
}

/**
 * What the specification cannot say of `allowed_mentions`: `parse` may not name "users" (or "roles") when
 * the `users` (or `roles`) list is given too. Discord's code and wording.
 */
function checkAllowedMentions(mentions: APIAllowedMentions, at: FormPath, problems: FormProblem[]): void {
  for (const kind of ['users', 'roles'] as const) {
    if (mentions.parse?.includes(kind as never) && Array.isArray(mentions[kind])) {
      problems.push(
        fieldProblem(
          at,
          'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
          `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
        ),
      );
    }
  }
}

function validateEmbeds(embeds: readonly APIEmbed[], problems: FormProblem[]): void {
  if (embeds.length > 10) problems.push(`embeds: at most 10, got ${embeds.length}`);
  let total = 0;
  embeds.forEach((embed, i) => {
    const at = `embeds[${i}]`;
    const check = (value: string | undefined, max: number, field: string) => {
      if (value === undefined) return;
      total += value.length;
      if (value.length > max)
        problems.push(`${at}.${field}: must be ${max} or fewer in length (got ${value.length})`);
    };
    check(embed.title, 256, 'title');
    check(embed.description, 4096, 'description');
    check(embed.footer?.text, 2048, 'footer.text');
    check(embed.author?.name, 256, 'author.name');
    if ((embed.fields?.length ?? 0) > 25) problems.push(`${at}.fields: at most 25 fields`);
    embed.fields?.forEach((field, j) => {
      check(field.name, 256, `fields[${j}].name`);
      check(field.value, 1024, `fields[${j}].value`);
    });
  });
  if (total > 6000)
    problems.push(`embeds: the combined text of all embeds must be 6000 or fewer characters (got ${total})`);
}
