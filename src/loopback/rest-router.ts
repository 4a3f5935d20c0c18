import type { IncomingHttpHeaders } from 'node:http';
import type { UploadedFile } from './multipart.ts';

export interface RestContext {
  readonly method: string;
  readonly path: string;
  readonly route: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly json: unknown;
  readonly files: readonly UploadedFile[];
}

export interface RestResult {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RestRoute {
  readonly method: string;
  /** Segments starting with `:` are parameters: `/channels/:channelId/messages`. */
  readonly pattern: string;
  /** `bot`: needs `Authorization: Bot <token>`. `none`: interaction callbacks and webhooks (P6). */
  readonly auth: 'bot' | 'none';
  handle(context: RestContext): RestResult | Promise<RestResult>;
}

export type RouteMatch =
  | { readonly kind: 'found'; readonly route: RestRoute; readonly params: Record<string, string> }
  | { readonly kind: 'wrong-method'; readonly allowed: readonly string[] }
  | { readonly kind: 'none' };

export const json = (status: number, body: unknown): RestResult => ({ status, body });
export const ok = (body: unknown): RestResult => ({ status: 200, body });
export const noContent = (): RestResult => ({ status: 204 });

export function routeName(route: RestRoute): string {
  return `${route.method} ${route.pattern}`;
}

/**
 * Matches decoded paths against route templates. discord.js sends `@original` as `%40original`, so
 * segments are percent-decoded first (P4). A literal segment beats a parameter (`/users/@me` over
 * `/users/:userId`).
 */
export class RestRouter {
  readonly #routes: readonly { route: RestRoute; segments: string[] }[];

  constructor(routes: readonly RestRoute[]) {
    this.#routes = routes.map((route) => ({ route, segments: split(route.pattern) }));
  }

  get routes(): readonly RestRoute[] {
    return this.#routes.map((r) => r.route);
  }

  match(method: string, path: string): RouteMatch {
    let segments: string[];
    try {
      segments = split(path).map((s) => decodeURIComponent(s));
    } catch {
      // A malformed percent-escape cannot name any route: answer the JSON 404 like Discord.
      return { kind: 'none' };
    }
    let best: { route: RestRoute; params: Record<string, string>; literals: number } | undefined;
    const allowed: string[] = [];
    for (const candidate of this.#routes) {
      const params = matchSegments(candidate.segments, segments);
      if (!params) continue;
      if (candidate.route.method !== method) {
        allowed.push(candidate.route.method);
        continue;
      }
      const literals = candidate.segments.filter((s) => !s.startsWith(':')).length;
      if (!best || literals > best.literals) best = { route: candidate.route, params, literals };
    }
    if (best) return { kind: 'found', route: best.route, params: best.params };
    return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] ?? '';
    const actual = segments[i] ?? '';
    if (expected.startsWith(':')) params[expected.slice(1)] = actual;
    else if (expected !== actual) return null;
  }
  return params;
}
