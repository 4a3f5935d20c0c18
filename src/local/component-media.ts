import type { APIMessageTopLevelComponent } from 'discord-api-types/v10';

/** One of a message's attachments, as the resolver needs it: where the page serves it, and what it is. */
export interface MediaAttachment {
  readonly id: string;
  readonly filename: string;
  readonly contentType: string | null;
  readonly size: number;
  readonly width: number | null;
  readonly height: number | null;
  /** The page's own address for it (`/attachments/{channel}/{id}/{name}`). */
  readonly pageUrl: string;
}

/**
 * A Components V2 message names its pictures and files by `attachment://<filename>`, and Discord answers
 * with the media resolved: the attachment's address, its size, type and id (an unfurled media object),
 * and on a File component its `name` and `size`. The page gets the same, at the page's own address, so
 * it draws urls and never looks an attachment up itself. A media url may also already be an
 * attachment's address (a loopback that resolves as Discord does, or a restored world whose host
 * changed): it is matched by `attachment_id`, or by the attachment's id and name at the end of its path.
 * A reference to no attachment of the message is left as it is, for the page to say so.
 *
 * Returns new objects; the loopback's frozen records are not touched.
 */
export function resolveComponentMedia(
  components: readonly APIMessageTopLevelComponent[],
  attachments: readonly MediaAttachment[],
): APIMessageTopLevelComponent[] {
  // Nothing to resolve against: a reference stays as it is either way.
  if (attachments.length === 0) return [...components];
  return components.map((c) => resolveNode(c, attachments)) as APIMessageTopLevelComponent[];
}

type Node = Record<string, unknown>;

function resolveNode(value: unknown, attachments: readonly MediaAttachment[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const node = value as Node;
  const out: Node = { ...node };
  for (const key of ['components', 'items'] as const) {
    const list = node[key];
    if (Array.isArray(list)) out[key] = list.map((child) => resolveNode(child, attachments));
  }
  for (const key of ['component', 'accessory'] as const) {
    if (node[key] !== undefined) out[key] = resolveNode(node[key], attachments);
  }
  // A thumbnail's and a gallery item's `media`; a File component's `file`.
  if (isMedia(node.media)) out.media = unfurl(node.media, attachments);
  if (isMedia(node.file)) {
    const attachment = find(node.file, attachments);
    out.file = unfurl(node.file, attachments);
    if (attachment) {
      out.name = attachment.filename;
      out.size = attachment.size;
    }
  }
  return out;
}

function isMedia(value: unknown): value is Node & { url: string } {
  return typeof value === 'object' && value !== null && typeof (value as Node).url === 'string';
}

function unfurl(media: Node & { url: string }, attachments: readonly MediaAttachment[]): Node {
  const attachment = find(media, attachments);
  if (!attachment) return { ...media };
  return {
    ...media,
    url: attachment.pageUrl,
    proxy_url: attachment.pageUrl,
    width: attachment.width,
    height: attachment.height,
    content_type: attachment.contentType,
    attachment_id: attachment.id,
  };
}

function find(
  media: Node & { url: string },
  attachments: readonly MediaAttachment[],
): MediaAttachment | undefined {
  const { url } = media;
  if (url.startsWith('attachment://')) {
    const name = url.slice('attachment://'.length);
    return attachments.find((a) => a.filename === name);
  }
  if (typeof media.attachment_id === 'string') {
    const byId = attachments.find((a) => a.id === media.attachment_id);
    if (byId) return byId;
  }
  let path: string;
  try {
    path = new URL(url, 'http://page.invalid').pathname;
  } catch {
    // Not a url at all: it names none of the message's attachments, and the page shows it unresolved.
    return undefined;
  }
  return attachments.find((a) => path.endsWith(`/${a.id}/${encodeURIComponent(a.filename)}`));
}
