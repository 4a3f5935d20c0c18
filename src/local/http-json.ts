import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalInputError } from './local-errors.ts';

export type JsonBody = Readonly<Record<string, unknown>>;

const BODY_LIMIT = 64 * 1024;

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

export function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { error: message });
}

/**
 * The JSON object a POST carries. Requiring `Content-Type: application/json` also keeps other web
 * sites out: a browser sends that header cross-site only after a preflight this server never grants.
 */
export async function readJson(request: IncomingMessage): Promise<JsonBody> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new LocalInputError(415, `send a JSON object with Content-Type: application/json (got "${type}")`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > BODY_LIMIT) throw new LocalInputError(413, `the body is over ${BODY_LIMIT / 1024} KiB`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new LocalInputError(400, `the body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new LocalInputError(400, 'the body must be a JSON object');
  return value as JsonBody;
}

export function requireString(body: JsonBody, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '')
    throw new LocalInputError(400, `"${key}" is required and must be a non-empty string`);
  return value;
}

export function requireStringArray(body: JsonBody, key: string): string[] {
  const value = body[key];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    throw new LocalInputError(400, `"${key}" is required and must be an array of strings`);
  return value;
}

/** Slash command options: `{ computers: 1, name: "urn" }`. */
export function optionValues(body: JsonBody, key: string): Record<string, string | number | boolean> {
  const value = body[key] ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new LocalInputError(400, `"${key}" must be an object of option names to values`);
  const out: Record<string, string | number | boolean> = {};
  for (const [name, v] of Object.entries(value)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      throw new LocalInputError(400, `option "${name}" must be a string, a number or a boolean`);
    out[name] = v;
  }
  return out;
}

/** Modal answers: input id → text, or → chosen values for a select inside a label. */
export function modalValues(body: JsonBody, key: string): Record<string, string | string[]> {
  const value = body[key];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new LocalInputError(400, `"${key}" is required: an object of input ids to text`);
  const out: Record<string, string | string[]> = {};
  for (const [id, v] of Object.entries(value)) {
    if (typeof v === 'string') out[id] = v;
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[id] = v;
    else throw new LocalInputError(400, `input "${id}" must be text or an array of chosen values`);
  }
  return out;
}
