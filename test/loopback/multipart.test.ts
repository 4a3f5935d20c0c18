import { describe, expect, it } from 'vitest';
import { DiscordError } from '../../src/loopback/index.ts';
import { parseRequestBody } from '../../src/loopback/multipart.ts';
import { TINY_PNG } from './harness.ts';

async function encode(form: FormData): Promise<{ type: string; body: Buffer }> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { type: request.headers.get('content-type') ?? '', body: Buffer.from(await request.arrayBuffer()) };
}

describe('request bodies', () => {
  it('multipart: payload_json plus files[n] parts, bytes intact', async () => {
    const form = new FormData();
    form.append('files[1]', new Blob([Buffer.from('text')]), 'b.txt');
    form.append('files[0]', new Blob([TINY_PNG], { type: 'image/png' }), 'a.png');
    form.append('payload_json', JSON.stringify({ content: 'hi', attachments: [{ id: '0' }, { id: '1' }] }));
    const { type, body } = await encode(form);
    const parsed = await parseRequestBody(type, body);
    expect(parsed.json).toEqual({ content: 'hi', attachments: [{ id: '0' }, { id: '1' }] });
    expect(parsed.files.map((f) => [f.field, f.index, f.filename, f.contentType])).toEqual([
      ['files[1]', 1, 'b.txt', 'application/octet-stream'],
      ['files[0]', 0, 'a.png', 'image/png'],
    ]);
    expect(Buffer.from(parsed.files[1]?.bytes ?? []).equals(TINY_PNG)).toBe(true);
  });

  it('JSON, empty bodies, and a Discord error for broken JSON', async () => {
    expect((await parseRequestBody('application/json', Buffer.from('{"a":1}'))).json).toEqual({ a: 1 });
    expect((await parseRequestBody(undefined, Buffer.alloc(0))).json).toBeUndefined();
    await expect(parseRequestBody('application/json', Buffer.from('{'))).rejects.toBeInstanceOf(DiscordError);
    await expect(parseRequestBody('application/json', Buffer.from('{'))).rejects.toMatchObject({
      status: 400,
      code: 50109,
    });
  });
});
