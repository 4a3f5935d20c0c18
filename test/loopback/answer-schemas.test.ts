import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_SCHEMAS, parseAnswerType } from '../../src/loopback/contract/answer-schemas.ts';
import { loadSpecSchemas, type SpecSchemas } from '../../src/loopback/contract/spec-schemas.ts';
import { LoopbackDiscord } from '../../src/loopback/index.ts';

/**
 * The route → response schema map against the specification itself: each mapped path, method and status
 * is in `Paths` of `discord-api-spec/build/discord-api-spec.ts` with the very type the map names, and each
 * type has its zod schema. A specification update that renames a path or a type fails here, not silently.
 */

/** `Paths` read from the specification's TypeScript text: "METHOD path status" → the type, whitespace collapsed. */
function specResponses(): Map<string, string> {
  const file = new URL('../../node_modules/discord-api-spec/build/discord-api-spec.ts', import.meta.url);
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('export interface Paths {');
  expect(start).toBeGreaterThan(0);
  const lines = text.slice(start).split('\n');
  const out = new Map<string, string>();
  let path = '';
  let method = '';
  let inResponses = false;
  let pending: { status: string; type: string } | null = null;
  for (const line of lines.slice(1)) {
    if (line === '}') break;
    let m = /^ {2}"([^"]+)": \{$/.exec(line);
    if (m?.[1]) {
      path = m[1];
      continue;
    }
    m = /^ {4}(get|post|put|patch|delete): \{$/.exec(line);
    if (m?.[1]) {
      method = m[1];
      continue;
    }
    if (/^ {6}responses: \{$/.test(line)) {
      inResponses = true;
      continue;
    }
    if (!inResponses) continue;
    if (/^ {6}\};$/.test(line)) {
      inResponses = false;
      continue;
    }
    if (pending) {
      pending.type += ` ${line.trim()}`;
    } else {
      m = /^ {8}"(\d{3}|[0-9]XX)":(.*)$/.exec(line);
      if (!m?.[1]) continue;
      pending = { status: m[1], type: m[2] ?? '' };
    }
    if (pending.type.trimEnd().endsWith(';')) {
      out.set(`${method} ${path} ${pending.status}`, normalise(pending.type.trim().slice(0, -1)));
      pending = null;
    }
  }
  return out;
}

/** `| ( | A | B )[] | null` as the generator spreads it over lines → `(A | B)[] | null`. */
function normalise(type: string): string {
  return type
    .replace(/\s+/g, ' ')
    .replace(/^\| /, '')
    .replace(/\( \| /g, '(')
    .replace(/ \)/g, ')')
    .trim();
}

let spec: Map<string, string>;
let schemas: SpecSchemas;
let loopback: LoopbackDiscord;

beforeAll(async () => {
  spec = specResponses();
  schemas = await loadSpecSchemas();
  loopback = await LoopbackDiscord.start();
});
afterAll(async () => {
  await loopback?.stop();
});

describe('the route → response schema map', () => {
  it('reads the specification (a sanity check of the reader)', () => {
    expect(spec.get('post /channels/{channel_id}/messages 200')).toBe('MessageResponse');
    expect(spec.get('get /guilds/{guild_id}/channels 200')).toBe(
      '(GuildChannelResponse | PrivateChannelResponse | PrivateGroupChannelResponse | ThreadResponse)[] | null',
    );
    expect(spec.size).toBeGreaterThan(300);
  });

  it('names, for every mapped route and status, the path and type the specification gives it', () => {
    const wrong: string[] = [];
    for (const [route, entry] of Object.entries(ANSWER_SCHEMAS)) {
      for (const [status, type] of Object.entries(entry.responses)) {
        const inSpec = spec.get(`${entry.method} ${entry.path} ${status}`);
        const expected = type ?? 'unknown';
        if (inSpec !== expected)
          wrong.push(`${route} ${status}: mapped ${expected}, the specification has ${inSpec ?? 'nothing'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has a zod schema for every type it names', () => {
    const names = Object.values(ANSWER_SCHEMAS).flatMap((entry) =>
      Object.values(entry.responses).flatMap((type) => (type === null ? [] : parseAnswerType(type).names)),
    );
    const missing = [...new Set(names)].filter((name) => typeof schemas[`${name}Schema`] !== 'object');
    expect(missing).toEqual([]);
  });

  it('covers every REST route the loopback serves, and nothing else', () => {
    expect(new Set(loopback.routes)).toEqual(new Set(Object.keys(ANSWER_SCHEMAS)));
  });

  it('reads a response type as the specification writes it', () => {
    expect(parseAnswerType('MessageResponse[] | null')).toEqual({ list: true, names: ['MessageResponse'] });
    expect(parseAnswerType('PrivateChannelResponse | PrivateGroupChannelResponse')).toEqual({
      list: false,
      names: ['PrivateChannelResponse', 'PrivateGroupChannelResponse'],
    });
    expect(parseAnswerType('(GuildChannelResponse | ThreadResponse)[] | null')).toEqual({
      list: true,
      names: ['GuildChannelResponse', 'ThreadResponse'],
    });
  });
});
