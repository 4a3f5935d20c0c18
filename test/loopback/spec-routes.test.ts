/**
 * The loopback's map from its routes to Discord's specification (`contract/spec-routes.ts`), checked
 * against the installed `discord-api-spec` itself: each path exists for its method in `pathsList`, the
 * request body is the one `Paths` names in `build/discord-api-spec.ts` (read as text), and each name has
 * its zod schema. A specification update that renames or moves one of them fails here: a finding to
 * follow, not noise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specSchema } from '../../src/loopback/contract/request-check.ts';
import { SPEC_ROUTES, type SpecBody, specBodyText } from '../../src/loopback/contract/spec-routes.ts';

const typesFile = new URL('../../node_modules/discord-api-spec/build/discord-api-spec.ts', import.meta.url);
const specText = readFileSync(typesFile, 'utf8');

/** `Paths[path][method].requestBody` as the file writes it, spaces and a leading `|` removed. */
function requestBodyText(path: string, method: string): string | null {
  const start = specText.indexOf('export interface Paths {');
  const open = specText.indexOf(`\n  ${JSON.stringify(path)}: {\n`, start);
  if (start < 0 || open < 0) return null;
  const close = specText.indexOf('\n  };\n', open);
  const block = specText.slice(open, close);
  const operation = new RegExp(
    `\\n    ${method}: \\{[\\s\\S]*?\\n      requestBody\\??:([\\s\\S]*?);\\n      responses`,
  ).exec(block);
  return operation?.[1] === undefined ? null : normalise(operation[1]);
}

const normalise = (text: string): string => text.replace(/\s+/g, '').replace(/^\|/, '');

/** The names a mapped body uses. */
const names = (body: SpecBody): string[] =>
  body.kind === 'one-of' ? [...body.types] : body.kind === 'list-of' ? [body.type] : [];

/** `/channels/:channelId` and `/channels/{channel_id}` have the same shape. */
const shape = (path: string): string =>
  path
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment.startsWith('{') ? '{}' : segment))
    .join('/');

const entries = Object.entries(SPEC_ROUTES);

/**
 * `pathsList` from the package's JavaScript. A literal `import 'discord-api-spec'` would make tsc compile
 * the package's own .ts types file, which it refuses in this project's module settings.
 */
const specPackage = 'discord-api-spec';
const { pathsList } = (await import(/* @vite-ignore */ specPackage)) as {
  pathsList: Readonly<Record<string, readonly string[]>>;
};

describe("the loopback's routes in Discord's specification (discord-api-spec)", () => {
  it.each(entries)('%s is in pathsList, with the same shape', (route, spec) => {
    const [method, pattern = ''] = route.split(' ');
    expect(spec.method).toBe(method?.toLowerCase());
    expect(pathsList[spec.method]).toContain(spec.path);
    expect(shape(spec.path)).toBe(shape(pattern));
  });

  it.each(entries)('%s checks the request body Paths names for it', (_route, spec) => {
    expect(requestBodyText(spec.path, spec.method)).toBe(normalise(specBodyText(spec.body)));
  });

  it('every body named has its zod schema', async () => {
    const schemas = (await import('discord-api-spec/zod')) as unknown as Record<string, unknown>;
    const all = [...new Set(entries.flatMap(([, spec]) => names(spec.body)))];
    expect(all.length).toBeGreaterThan(10);
    for (const name of all) expect(() => specSchema(schemas, name), name).not.toThrow();
  });

  it('the reading of Paths finds what is there and nothing that is not', () => {
    expect(requestBodyText('/channels/{channel_id}/messages', 'post')).toBe('MessageCreateRequest');
    expect(requestBodyText('/channels/{channel_id}/messages', 'get')).toBe('undefined');
    expect(requestBodyText('/channels/{channel_id}/no-such-route', 'post')).toBeNull();
  });
});
