import type { LoopbackAttachment } from './model-types.ts';

export interface AttachmentInput {
  readonly filename: string;
  readonly bytes: Uint8Array;
  readonly contentType?: string | null;
  readonly description?: string | null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Stores an upload the way Discord's CDN would serve it: under the channel, the attachment id and the
 * file name. Width and height are read for PNGs because discord.js exposes them and board images are PNG.
 */
export function makeAttachment(
  id: string,
  channelId: string,
  baseUrl: string,
  input: AttachmentInput,
): LoopbackAttachment {
  const bytes = Uint8Array.from(input.bytes);
  const size = pngSize(bytes);
  const url = `${baseUrl}/attachments/${channelId}/${id}/${encodeURIComponent(input.filename)}`;
  return Object.freeze({
    id,
    filename: input.filename,
    description: input.description ?? null,
    contentType: input.contentType || sniffContentType(bytes),
    size: bytes.byteLength,
    bytes,
    url,
    width: size?.width ?? null,
    height: size?.height ?? null,
  });
}

export function sniffContentType(bytes: Uint8Array): string | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return 'image/gif';
  return null;
}

function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.byteLength < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
