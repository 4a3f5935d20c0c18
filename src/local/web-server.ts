import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { fromRoot } from '../paths.ts';
import type { LocalApi } from './api.ts';
import { sendError } from './http-json.ts';
import type { LocalWorld } from './local-world.ts';

const PAGE_DIR = fromRoot('src', 'local', 'page');
const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

export interface WebServer {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface WebServerParts {
  api: LocalApi;
  world: LocalWorld;
  /** Ends the page's event streams, so that closing the server does not wait for them. */
  closeStreams(): void;
}

/**
 * The page's server, on 127.0.0.1 only: the page itself (`page/`), its JSON API and feed (`/api`),
 * and the bot's images (`/attachments`). It listens before the rest of the table starts so that a
 * port in use is reported at once; until `ready` is given, requests answer 503.
 */
export async function startWebServer(
  port: number,
  log: Logger,
): Promise<WebServer & { ready(parts: WebServerParts): void }> {
  let parts: WebServerParts | null = null;
  let allowedHosts = new Set<string>();
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error({ err: error, url: request.url }, 'local table: a web request failed');
      if (!response.headersSent) sendError(response, 500, `internal error: ${String(error)}`);
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Another site's page resolving its own name to 127.0.0.1 (DNS rebinding) would send its own Host.
    if (!allowedHosts.has(request.headers.host ?? '')) {
      sendError(response, 421, `this server answers only at ${[...allowedHosts].join(' or ')}`);
      return;
    }
    const url = new URL(request.url ?? '/', 'http://local');
    if (!parts) {
      sendError(response, 503, 'the local table is still starting; try again in a moment');
      return;
    }
    if (url.pathname.startsWith('/api/')) return parts.api.handle(request, response, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendError(response, 405, `${request.method} is not allowed on ${url.pathname}`);
      return;
    }
    if (url.pathname.startsWith('/attachments/')) return attachment(parts.world, response, url);
    return page(response, url.pathname === '/' ? 'index.html' : url.pathname.slice(1));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is in use on 127.0.0.1; set PORT to another port (PORT=3001 npm start)`)
          : error,
      );
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  allowedHosts = new Set([`127.0.0.1:${actual}`, `localhost:${actual}`]);
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    ready(p) {
      parts = p;
    },
    async stop() {
      parts?.closeStreams();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** Only plain file names from page/: nothing above it can be asked for. */
async function page(response: ServerResponse, name: string): Promise<void> {
  const match = /^[a-z0-9-]+\.(html|js|css|svg)$/.exec(name);
  const type = match ? TYPES[match[1] ?? ''] : undefined;
  if (!match || !type) {
    sendError(response, 404, `no page file /${name}`);
    return;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(join(PAGE_DIR, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    sendError(response, 404, `no page file /${name}`);
    return;
  }
  response.writeHead(200, {
    'Content-Type': type,
    'Content-Length': bytes.byteLength,
    'Cache-Control': 'no-cache',
  });
  response.end(bytes);
}

/** `/attachments/{channel}/{id}/{name}`, as the loopback's CDN serves them. */
function attachment(world: LocalWorld, response: ServerResponse, url: URL): void {
  const [, , , id] = url.pathname.split('/');
  const file = id === undefined ? undefined : world.loopback.world.attachment(id);
  if (!file) {
    sendError(response, 404, `no attachment ${id ?? ''}`);
    return;
  }
  response.writeHead(200, {
    'Content-Type': file.contentType ?? 'application/octet-stream',
    'Content-Length': file.size,
    // An attachment never changes: an edited message gets new attachment ids.
    'Cache-Control': 'private, max-age=86400, immutable',
  });
  response.end(file.bytes);
}
