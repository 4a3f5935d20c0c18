import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommandRegistry } from './commands.ts';
import { AnswerCheck } from './contract/answer-check.ts';
import { checkRequestBody, loadSpecification, violationsOf } from './contract/request-check.ts';
import { assertMapped } from './contract/spec-routes.ts';
import { loadSpecSchemas, type SpecSchemas } from './contract/spec-schemas.ts';
import { ContractLog } from './contract/violations.ts';
import { LoopbackControl } from './control-api.ts';
import { ControlHttp } from './control-http.ts';
import { DiscordError, discordErrors } from './errors.ts';
import { type FaultEffect, Faults } from './faults.ts';
import { Gateway } from './gateway.ts';
import { InteractionStore } from './interaction-record.ts';
import { InteractionResponder } from './interaction-responder.ts';
import { World } from './model.ts';
import { parseRequestBody } from './multipart.ts';
import { type LoopbackOptions, type ResolvedOptions, resolveOptions } from './options.ts';
import { RateLimiter, type RateLimitRecord } from './rate-limits.ts';
import { type RecordedRequest, RequestLog } from './request-log.ts';
import { type RestResult, RestRouter, routeName } from './rest-router.ts';
import { channelRoutes } from './routes-channels.ts';
import { interactionRoutes } from './routes-interactions.ts';
import { miscRoutes } from './routes-misc.ts';
import { ShardingSettings } from './sharding.ts';
import { SnowflakeGenerator } from './snowflake.ts';
import { Waiters } from './waiters.ts';

/**
 * A Discord-compatible server on 127.0.0.1 that the unmodified discord.js client logs into:
 * `new Client({ intents, rest: { api: loopback.restApi } })` then `client.login(loopback.token)`.
 * REST lives under /api/v10, the gateway at /gateway, uploaded files under /attachments and the
 * control API over HTTP under /_loopback.
 */
export class LoopbackDiscord {
  readonly options: ResolvedOptions;
  readonly world: World;
  readonly control: LoopbackControl;
  readonly #server: Server;
  readonly #router: RestRouter;
  readonly #gateway: Gateway;
  readonly #faults = new Faults();
  readonly #rateLimits: RateLimiter;
  readonly #waiters: Waiters;
  readonly #requests: RequestLog;
  readonly #controlHttp: ControlHttp;
  readonly #internalErrors: unknown[] = [];
  /** What broke Discord's published contract, in either direction (`contract/violations.ts`). */
  readonly contract = new ContractLog();
  /** Checks 2xx answers and dispatched objects against the specification's response schemas; null when off. */
  readonly #answerCheck: AnswerCheck | null;
  readonly #delays = new Set<NodeJS.Timeout>();
  #port = 0;
  #stopped = false;

  static async start(options: LoopbackOptions = {}): Promise<LoopbackDiscord> {
    const resolved = resolveOptions(options);
    // The specification's schemas (one import per process, `spec-schemas.ts`) load before any request:
    // the request check always needs them, the answer check when it is on.
    await loadSpecification();
    const loopback = new LoopbackDiscord(resolved, resolved.checkAnswers ? await loadSpecSchemas() : null);
    await loopback.#listen();
    return loopback;
  }

  private constructor(options: ResolvedOptions, schemas: SpecSchemas | null) {
    this.options = options;
    const answerCheck = schemas === null ? null : new AnswerCheck(schemas, this.contract);
    this.#answerCheck = answerCheck;
    const onError = (error: unknown) => this.#internalError(error);
    const ids = new SnowflakeGenerator(options.clock);
    this.world = new World({ clock: options.clock, ids, botName: options.botName, onError });
    this.#waiters = new Waiters(options.waitTimeoutMs);
    const changed = () => this.#waiters.notify();
    this.world.events.on(changed);
    const commands = new CommandRegistry(ids, this.world.applicationId, (guildId) =>
      this.world.events.emit({ type: 'commands-update', guildId, audience: { kind: 'everyone' } }),
    );
    const store = new InteractionStore(options.tokenLifetimeMs);
    const responder = new InteractionResponder(this.world, store, options, changed);
    const sharding = new ShardingSettings(options.recommendedShards, options.maxGuildsPerShard);
    this.#gateway = new Gateway(
      this.world,
      {
        token: options.token,
        heartbeatIntervalMs: options.heartbeatIntervalMs,
        backlogSize: options.backlogSize,
        resumeWindowMs: options.resumeWindowMs,
        gatewayUrl: () => this.gatewayUrl,
        sharding,
        checkDispatch: answerCheck ? (event, data) => answerCheck.dispatch(event, data) : null,
      },
      onError,
      changed,
    );
    this.#requests = new RequestLog(options.requestLogSize);
    this.#rateLimits = new RateLimiter(options.rateLimits, options.clock);
    this.#router = new RestRouter([
      ...miscRoutes(this.world, commands, () => this.gatewayUrl, sharding),
      ...channelRoutes(this.world, options),
      ...interactionRoutes(this.world, responder),
    ]);
    assertMapped(this.#router.routes.map(routeName));
    this.control = new LoopbackControl({
      world: this.world,
      commands,
      store,
      responder,
      gateway: this.#gateway,
      sharding,
      faults: this.#faults,
      waiters: this.#waiters,
      options,
      requests: () => this.#requests.all(),
      internalErrors: () => this.#internalErrors,
      contract: this.contract,
    });
    this.#controlHttp = new ControlHttp(this.control, this.world, onError);
    if (options.defaultGuild) {
      const { guild, channels } = this.control.createGuild(options.defaultGuild.name, [
        options.defaultGuild.channelName,
      ]);
      const channel = channels[0];
      if (channel) this.control.setDefaults(guild.id, channel.id);
    }
    this.#server = createServer((request, response) => {
      this.#handle(request, response).catch((error: unknown) => {
        this.#internalError(error);
        if (!response.headersSent)
          sendJson(response, 500, { message: '500: Internal Server Error', code: 0 });
        else response.destroy();
      });
    });
    // Node closes an idle connection after 5 s; Discord keeps one much longer. A bot whose event loop lags
    // (under load) would otherwise write to a connection closed meanwhile: EPIPE, "other side closed".
    this.#server.keepAliveTimeout = 65_000;
    this.#server.on('upgrade', (request, socket, head) => {
      if (new URL(request.url ?? '/', 'http://x').pathname === '/gateway') {
        this.#gateway.handleUpgrade(request, socket, head);
      } else {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      }
    });
  }

  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `http://${this.options.host}:${this.#port}`;
  }

  /** What discord.js takes as `rest.api` (it appends /v10 itself). */
  get restApi(): string {
    return `${this.url}/api`;
  }

  get gatewayUrl(): string {
    return `ws://${this.options.host}:${this.#port}/gateway`;
  }

  get token(): string {
    return this.options.token;
  }

  /** The REST routes served, by name (`POST /channels/:channelId/messages`). */
  get routes(): string[] {
    return this.#router.routes.map(routeName);
  }

  /** Options to spread into `new Client({...})`. */
  clientOptions(): { rest: { api: string } } {
    return { rest: { api: this.restApi } };
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.control.shutdown();
    this.#controlHttp.close();
    this.#waiters.close('the loopback server stopped');
    for (const timer of this.#delays) clearTimeout(timer);
    this.#delays.clear();
    this.#faults.releaseAll();
    await this.#gateway.close();
    await new Promise<void>((resolve, reject) => {
      this.#server.close((error) => (error ? reject(error) : resolve()));
      this.#server.closeAllConnections();
    });
    this.world.events.clear();
  }

  // ── HTTP ───────────────────────────────────────────────────────────────────────────────────────

  async #listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.options.port, this.options.host, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    this.#port = (this.#server.address() as AddressInfo).port;
    this.world.baseUrl = this.url;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    if (url.pathname.startsWith('/api/')) return this.#rest(request, response, url);
    if (url.pathname.startsWith('/attachments/')) return this.#attachment(request, response, url);
    if (url.pathname.startsWith('/_loopback/')) return this.#controlHttp.handle(request, response, url);
    sendJson(response, 404, { message: '404: Not Found', code: 0 });
  }

  async #rest(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const method = (request.method ?? 'GET').toUpperCase();
    const versioned = /^\/api\/v\d+(\/.*)$/.exec(url.pathname);
    const path = safeDecode(versioned?.[1] ?? url.pathname.slice('/api'.length));
    const authorization = request.headers.authorization;
    const auth: RecordedRequest['auth'] =
      authorization === undefined
        ? 'none'
        : authorization === `Bot ${this.options.token}`
          ? 'bot'
          : 'invalid';
    const applied: FaultEffect['kind'][] = [];
    /** Waits before the answer of a request already carried out (`delay-answer`, `hold-answer`). */
    const answerWaits: (() => Promise<void>)[] = [];
    let json: unknown;
    let files: RecordedRequest['files'] = [];
    let route: string | null = null;
    let result: RestResult;
    let rateLimit: RateLimitRecord | null = null;
    // Discord sends a limited route's headers with every answer, errors included.
    let rateLimitHeaders: Record<string, string> = {};
    try {
      const raw = await readBody(request, this.options.attachmentSizeLimit * 10 + 8 * 1024 * 1024);
      const match = this.#router.match(method, versioned ? (versioned[1] ?? '/') : '/');
      if (match.kind === 'found') route = routeName(match.route);
      // Parsed before faults so that the log shows what a refused request carried; a parse error
      // is only reported if the request gets as far as its handler.
      const parsed = await parseRequestBody(request.headers['content-type'], raw).then(
        (body) => ({ body, error: null }),
        (error: unknown) => ({ body: null, error }),
      );
      json = parsed.body?.json;
      files = (parsed.body?.files ?? []).map((f) => ({
        field: f.field,
        filename: f.filename,
        contentType: f.contentType,
        size: f.bytes.byteLength,
      }));
      const fault =
        route === null ? null : await this.#applyFaults({ method, path, route }, applied, answerWaits);
      if (fault === 'dropped') {
        request.socket.destroy();
        this.#record({
          method,
          path,
          url,
          route,
          auth,
          json,
          files,
          status: 0,
          code: null,
          applied,
          rateLimit,
          started,
        });
        return;
      }
      if (fault) {
        result = fault;
      } else if (match.kind === 'none') {
        result = { status: 404, body: { message: '404: Not Found', code: 0 } };
      } else if (match.kind === 'wrong-method') {
        result = { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };
      } else if (match.route.auth === 'bot' && auth !== 'bot') {
        // Only a missing or wrong bot token earns a 401: discord.js forgets its token on one (P6).
        throw discordErrors.unauthorized();
      } else {
        // Counted before the body is read, as Discord does: a malformed request still spends a slot.
        const limit = this.#rateLimits.take(routeName(match.route), match.params);
        rateLimit = limit?.record ?? null;
        if (limit?.kind === 'limited') {
          result = limit.result;
        } else {
          rateLimitHeaders = limit?.headers ?? {};
          if (parsed.error !== null || parsed.body === null) throw parsed.error;
          // Discord checks the body against its published schema before the route does anything.
          const problems = await checkRequestBody(routeName(match.route), parsed.body.json);
          if (problems !== null) this.contract.checked('request');
          if (problems !== null && problems.length > 0) throw discordErrors.invalidFormBody(problems);
          result = await match.route.handle({
            method,
            path,
            route: route ?? '',
            params: match.params,
            query: url.searchParams,
            headers: request.headers,
            json: parsed.body.json,
            files: parsed.body.files,
          });
        }
      }
    } catch (error) {
      if (error instanceof DiscordError) {
        result = { status: error.status, body: error.toJSON() };
        // A refused body is kept too: a bot may shrug a 400 off, the suite's guard does not.
        if (route !== null)
          for (const violation of violationsOf(route, error)) this.contract.record(violation);
      } else {
        this.#internalError(error);
        result = { status: 500, body: { message: '500: Internal Server Error', code: 0 } };
      }
    }
    for (const wait of answerWaits) await wait();
    if (route !== null) this.#answerCheck?.answer(route, result.status, result.body);
    sendJson(response, result.status, result.body, { ...rateLimitHeaders, ...result.headers });
    const code =
      typeof result.body === 'object' && result.body !== null && 'code' in result.body && result.status >= 400
        ? Number(result.body.code)
        : null;
    this.#record({
      method,
      path,
      url,
      route,
      auth,
      json,
      files,
      status: result.status,
      code,
      applied,
      rateLimit,
      started,
    });
  }

  /** Applies matching faults: waits for delays, and returns an answer (or 'dropped') if one replaces the real one. */
  async #applyFaults(
    target: { method: string; path: string; route: string },
    applied: FaultEffect['kind'][],
    answerWaits: (() => Promise<void>)[],
  ): Promise<RestResult | 'dropped' | null> {
    for (const effect of this.#faults.take(target)) {
      applied.push(effect.kind);
      switch (effect.kind) {
        case 'delay':
          await this.#wait(effect.ms);
          break;
        case 'delay-answer':
          answerWaits.push(() => this.#wait(effect.ms));
          break;
        case 'rate-limit': {
          const seconds = effect.retryAfterMs / 1000;
          return {
            status: 429,
            // Discord sends whole seconds in the header; fractions keep tests fast and @discordjs/rest reads them.
            headers: {
              'Retry-After': String(seconds),
              'X-RateLimit-Scope': effect.global ? 'global' : 'user',
              ...(effect.global ? { 'X-RateLimit-Global': 'true' } : {}),
            },
            body: {
              message: 'You are being rate limited.',
              retry_after: seconds,
              global: effect.global ?? false,
              code: 0,
            },
          };
        }
        case 'server-error': {
          const status = effect.status ?? 500;
          return { status, body: { message: `${status}: Internal Server Error`, code: 0 } };
        }
        case 'drop-connection':
          return 'dropped';
        case 'hold-answer':
          answerWaits.push(async () => {
            effect.reached();
            await effect.until;
          });
          break;
      }
    }
    return null;
  }

  /** A fault's wait; stopping the server abandons it. */
  #wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#delays.delete(timer);
        resolve();
      }, ms);
      this.#delays.add(timer);
    });
  }

  #attachment(request: IncomingMessage, response: ServerResponse, url: URL): void {
    const [, , , attachmentId] = url.pathname.split('/');
    const attachment = attachmentId === undefined ? undefined : this.world.attachment(attachmentId);
    if (!attachment || request.method !== 'GET') {
      sendJson(response, 404, { message: '404: Not Found', code: 0 });
      return;
    }
    response.writeHead(200, {
      'Content-Type': attachment.contentType ?? 'application/octet-stream',
      'Content-Length': attachment.size,
    });
    response.end(attachment.bytes);
  }

  #record(entry: {
    method: string;
    path: string;
    url: URL;
    route: string | null;
    auth: RecordedRequest['auth'];
    json: unknown;
    files: RecordedRequest['files'];
    status: number;
    code: number | null;
    applied: FaultEffect['kind'][];
    rateLimit: RateLimitRecord | null;
    started: number;
  }): void {
    this.#requests.add({
      at: this.options.clock.now(),
      method: entry.method,
      path: entry.path,
      query: entry.url.search,
      route: entry.route,
      auth: entry.auth,
      json: entry.json,
      files: entry.files,
      status: entry.status,
      code: entry.code,
      faults: entry.applied,
      rateLimit: entry.rateLimit,
      durationMs: performance.now() - entry.started,
    });
    this.#waiters.notify();
  }

  #internalError(error: unknown): void {
    this.#internalErrors.push(error);
    this.options.onInternalError(error);
  }
}

/** Every JSON answer carries Content-Type: application/json, or discord.js reads an ArrayBuffer (P5). */
export function sendJson(
  response: ServerResponse,
  status: number,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (body === undefined || status === 204) {
    response.writeHead(status, headers);
    response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > limit) throw discordErrors.entityTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function safeDecode(path: string): string {
  try {
    return path.split('/').map(decodeURIComponent).join('/');
  } catch {
    // Only for the request log; the router answers such a path with a 404.
    return path;
  }
}
