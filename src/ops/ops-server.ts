/**
 * The operator's HTTP server (node:http), off unless `OPS_PORT` is set, on 127.0.0.1 unless `OPS_HOST`
 * says otherwise: it tells a supervisor and Prometheus about the bot, never the public.
 *   GET /livez    200 while the process runs (it answered: it is alive).
 *   GET /readyz   200 {"ready":true} once ready; 503 {"ready":false,"reason":"…"} before, and while stopping.
 *   GET /metrics  Prometheus text.
 * HEAD works as GET without a body; another method on these paths is 405; any other path 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { OpsSource } from './process-ops.ts';

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface OpsServerOptions {
  /** 0: any free port (tests; the chosen one is `port`). */
  readonly port: number;
  readonly host: string;
  readonly source: OpsSource;
  readonly log: Logger;
}

export interface OpsServer {
  readonly host: string;
  /** The port it listens on (the one chosen when asked for 0). */
  readonly port: number;
  /** `http://host:port`. */
  readonly url: string;
  close(): Promise<void>;
}

const ROUTES = new Set(['/livez', '/readyz', '/metrics']);

export async function startOpsServer(o: OpsServerOptions): Promise<OpsServer> {
  const server = createServer((req, res) => {
    answer(req, res, o.source).catch((e: unknown) => {
      o.log.error({ err: e, path: req.url }, 'the operator server could not answer');
      if (!res.headersSent) send(res, req, 500, 'text/plain; charset=utf-8', 'internal error\n');
      else res.destroy();
    });
  });
  await listen(server, o.port, o.host);
  const { port } = server.address() as AddressInfo;
  const host = o.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  o.log.info({ url }, 'operator server listening (/livez, /readyz, /metrics)');
  return {
    host,
    port,
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (e: NodeJS.ErrnoException) => {
      const why =
        e.code === 'EADDRINUSE'
          ? 'the port is taken'
          : e.code === 'EADDRNOTAVAIL'
            ? 'this machine has no such address'
            : e.code === 'EACCES'
              ? 'not allowed (a port below 1024 needs privileges)'
              : e.message;
      reject(new Error(`the operator server cannot listen on ${host}:${port} (OPS_HOST, OPS_PORT): ${why}`));
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

async function answer(req: IncomingMessage, res: ServerResponse, source: OpsSource): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://ops').pathname;
  if (!ROUTES.has(path)) return send(res, req, 404, 'text/plain; charset=utf-8', 'not found\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return send(res, req, 405, 'text/plain; charset=utf-8', 'method not allowed\n');
  }
  if (path === '/livez') return send(res, req, 200, 'text/plain; charset=utf-8', 'ok\n');
  if (path === '/readyz') {
    const ready = await source.ready();
    return send(res, req, ready.ready ? 200 : 503, 'application/json', `${JSON.stringify(ready)}\n`);
  }
  return send(res, req, 200, PROMETHEUS_CONTENT_TYPE, await source.scrape());
}

function send(res: ServerResponse, req: IncomingMessage, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    // A probe or a scrape is a reading of now: never from a cache.
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
