/**
 * A move's log lines as the `actions.log` column stores them. Every move keeps its lines for good, so
 * they are written compactly (well under half their plain JSON):
 * - a message is `[key]` or `[key, values]`, the game's own `<type>.rules.` prefix written `.`;
 * - a list the rules joined pairwise (`joined`: `{a: {a: x, b: y}, b: z}` under one key) is
 *   `["*key", x, y, z]`, or `["*key", itemKey, name, v1, v2, v3]` when every item is `itemKey` with the
 *   one value `name` (a price paid with three cards);
 * - a number in the list sets the turn of the lines after it (null: lines without a turn);
 * - a line only some seats may read is `{"to": [...], "m": message}`.
 * An action that said nothing stores null. Where the game has a dictionary (log-dictionaries.ts), that JSON
 * is stored deflated with it, as `<version>:<base64url>`: a move's lines are then about a seventh of the
 * JSON (~2 kB for a whole Valley game), still text; `npm run games -- export` shows them readable.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { LogLine } from '../games/kernel/log.ts';
import type { Message, MessageValues } from '../games/kernel/message.ts';
import { dictionary, newestDictionary } from './log-dictionaries.ts';

type Coded = [string, ...unknown[]];
type CodedLine = number | null | Coded | { to: number[]; m: Coded };

/** `plain`: the JSON alone, never deflated (the dictionary's own maker). */
export function encodeLines(
  type: string,
  lines: readonly LogLine[],
  options: { readonly plain?: boolean } = {},
): string | null {
  if (lines.length === 0) return null;
  const prefix = `${type}.rules.`;
  const out: CodedLine[] = [];
  let turn: number | undefined;
  for (const line of lines) {
    if (line.turn !== turn) {
      out.push(line.turn ?? null);
      turn = line.turn;
    }
    const m = encodeMessage(line.text, prefix);
    out.push(line.to ? { to: [...line.to], m } : m);
  }
  const json = JSON.stringify(out);
  const dict = options.plain ? undefined : newestDictionary(type);
  if (!dict) return json;
  const deflated = `${dict.version}:${deflateRawSync(json, { dictionary: dict.bytes }).toString('base64url')}`;
  return deflated.length < json.length ? deflated : json;
}

export function decodeLines(type: string, text: string): LogLine[] {
  const prefix = `${type}.rules.`;
  const coded = JSON.parse(text.startsWith('[') ? text : inflated(type, text)) as CodedLine[];
  const lines: LogLine[] = [];
  let turn: number | undefined;
  for (const c of coded) {
    if (c === null || typeof c === 'number') turn = c ?? undefined;
    else {
      const [text, to] = Array.isArray(c)
        ? [decodeMessage(c, prefix), undefined]
        : [decodeMessage(c.m, prefix), c.to];
      lines.push({ text, ...(to ? { to } : {}), ...(turn === undefined ? {} : { turn }) });
    }
  }
  return lines;
}

function inflated(type: string, text: string): string {
  const colon = text.indexOf(':');
  const version = Number(text.slice(0, colon));
  if (colon < 1 || !Number.isInteger(version)) throw new Error(`not a stored log line: ${text.slice(0, 40)}`);
  const { bytes } = dictionary(type, version);
  return inflateRawSync(Buffer.from(text.slice(colon + 1), 'base64url'), { dictionary: bytes }).toString();
}

function encodeMessage(m: Message, prefix: string): Coded {
  const key = m.key.startsWith(prefix) ? `.${m.key.slice(prefix.length)}` : m.key;
  if (!m.values) return [key];
  const chain = chainOf(m);
  if (chain) {
    const shared = sharedShape(chain);
    if (shared) {
      const itemKey = shared.key.startsWith(prefix) ? `.${shared.key.slice(prefix.length)}` : shared.key;
      return [`*${key}`, itemKey, shared.name, ...chain.map((item) => item.values?.[shared.name])];
    }
    return [`*${key}`, ...chain.map((item) => encodeMessage(item, prefix))];
  }
  const values: { [name: string]: string | number | Coded } = {};
  for (const [name, v] of Object.entries(m.values))
    values[name] = typeof v === 'object' ? encodeMessage(v, prefix) : v;
  return [key, values];
}

function decodeMessage(c: Coded, prefix: string): Message {
  const chained = c[0].startsWith('*');
  const written = chained ? c[0].slice(1) : c[0];
  const key = written.startsWith('.') ? `${prefix}${written.slice(1)}` : written;
  if (chained) {
    const items =
      typeof c[1] === 'string'
        ? c.slice(3).map((v) => decodeMessage([c[1] as string, { [c[2] as string]: v }], prefix))
        : (c.slice(1) as Coded[]).map((item) => decodeMessage(item, prefix));
    return items.reduce((a, b) => ({ key, values: { a, b } }));
  }
  if (c.length === 1) return { key };
  const values: { [name: string]: string | number | Message } = {};
  for (const [name, v] of Object.entries(c[1] as object))
    values[name] = Array.isArray(v) ? decodeMessage(v as Coded, prefix) : (v as string | number);
  return { key, values: values as MessageValues };
}

/** The items (two or more) of a left-nested pair `{a: {a: x, b: y}, b: z}` under one key, or null. */
function chainOf(m: Message): Message[] | null {
  const items: Message[] = [];
  let at: Message = m;
  while (isPair(at, m.key)) {
    const { a, b } = at.values as { a: Message; b: Message };
    items.unshift(b);
    at = a;
  }
  items.unshift(at);
  return items.length >= 2 ? items : null;
}

/** The key and the one value's name every item has, when they all have one plain value of one name. */
function sharedShape(items: readonly Message[]): { key: string; name: string } | null {
  const first = items[0];
  const names = first?.values ? Object.keys(first.values) : [];
  const name = names[0];
  if (!first || names.length !== 1 || name === undefined) return null;
  const plain = (m: Message) => {
    const keys = m.values ? Object.keys(m.values) : [];
    return (
      m.key === first.key && keys.length === 1 && keys[0] === name && typeof m.values?.[name] !== 'object'
    );
  };
  return items.every(plain) ? { key: first.key, name } : null;
}

function isPair(m: Message, key: string): boolean {
  if (m.key !== key || !m.values) return false;
  const names = Object.keys(m.values);
  return (
    names.length === 2 &&
    names[0] === 'a' &&
    names[1] === 'b' &&
    typeof m.values.a === 'object' &&
    typeof m.values.b === 'object'
  );
}
