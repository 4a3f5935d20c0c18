import { DiscordError, discordErrors } from './errors.ts';

export interface UploadedFile {
  /** The form field, e.g. `files[0]`. */
  readonly field: string;
  /** The n in `files[n]`: what `attachments[].id` refers to in the JSON payload. */
  readonly index: number | null;
  readonly filename: string;
  readonly contentType: string | null;
  readonly bytes: Uint8Array;
}

export interface ParsedBody {
  readonly json: unknown;
  readonly files: readonly UploadedFile[];
}

const FILE_FIELD = /^files?(?:\[(\d+)\])?$/;

/**
 * Reads a REST body as @discordjs/rest sends it: JSON, or multipart with one `files[n]` part per file
 * and the JSON in `payload_json`. Node's own Request parses multipart, so no dependency is needed.
 */
export async function parseRequestBody(contentType: string | undefined, raw: Buffer): Promise<ParsedBody> {
  if (raw.byteLength === 0) return { json: undefined, files: [] };
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return parseMultipart(contentType ?? '', raw);
  if (type.startsWith('application/json') || type === '')
    return { json: parseJson(raw.toString('utf8')), files: [] };
  throw new DiscordError(400, 50035, `Invalid Form Body: unsupported Content-Type "${contentType}"`);
}

export async function parseMultipart(contentType: string, raw: Buffer): Promise<ParsedBody> {
  let form: FormData;
  try {
    form = await new Request('http://loopback.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: raw,
    }).formData();
  } catch (error) {
    throw new DiscordError(400, 50035, `Invalid Form Body: unreadable multipart body (${String(error)})`);
  }
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let json: unknown;
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      if (field === 'payload_json') json = parseJson(value);
      else fields[field] = value;
      continue;
    }
    const match = FILE_FIELD.exec(field);
    if (!match) throw new DiscordError(400, 50035, `Invalid Form Body: unexpected file field "${field}"`);
    files.push({
      field,
      index: match[1] === undefined ? null : Number(match[1]),
      filename: value.name,
      contentType: value.type === '' ? null : value.type,
      bytes: new Uint8Array(await value.arrayBuffer()),
    });
  }
  // Without payload_json, Discord reads plain form fields as the JSON body's top-level keys.
  return { json: json ?? (Object.keys(fields).length > 0 ? fields : undefined), files };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw discordErrors.invalidJson();
  }
}
