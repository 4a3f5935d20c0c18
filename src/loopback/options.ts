import { type Clock, systemClock } from './clock.ts';
import { type RateLimitRules, resolveRateLimits } from './rate-limits.ts';
import { DISCORD_SHARDING } from './sharding.ts';

/** Discord's own values; tests shorten the deadlines (or pass a ManualClock) instead of waiting. */
export const DISCORD_TIMINGS = {
  ackDeadlineMs: 3_000,
  tokenLifetimeMs: 15 * 60_000,
  heartbeatIntervalMs: 41_250,
  /** Per file, for bots in a server without boosts, since January 2025 (checked per file since April 2025). */
  attachmentSizeLimit: 10 * 1024 * 1024,
} as const;

export interface LoopbackOptions {
  /** Default 127.0.0.1: the loopback must never be reachable from another machine. */
  readonly host?: string;
  /** Default 0: any free port. */
  readonly port?: number;
  /** The bot token the gateway and authenticated routes accept. */
  readonly token?: string;
  readonly botName?: string;
  readonly clock?: Clock;
  readonly ackDeadlineMs?: number;
  readonly tokenLifetimeMs?: number;
  readonly heartbeatIntervalMs?: number;
  readonly attachmentSizeLimit?: number;
  /**
   * Per-channel message rate limits, Discord's by default (`DISCORD_RATE_LIMITS`). Only a test about
   * something else may change them, and it should say why; each rule given replaces Discord's.
   */
  readonly rateLimits?: Partial<RateLimitRules>;
  /**
   * The rate limits' windows, `rateLimits` included, made this many times shorter (counts unchanged).
   * Default 1, Discord's speed. A test whose subject is not the limits gives the bot's pacer the same scale
   * (the bot's `limitScale`), so a bot that overran a limit still meets the 429.
   */
  readonly limitScale?: number;
  /**
   * The `shards` that `GET /gateway/bot` recommends. Default: Discord's rule, one shard per 1,000
   * guilds and at least 1. `control.gateway.setRecommendedShards` changes it while running.
   */
  readonly recommendedShards?: number;
  /**
   * Guilds one gateway session may hold; IDENTIFY with a shard holding more closes with 4011
   * "Sharding required". Discord's is 2,500; a test sets 2 to see it with few guilds.
   */
  readonly maxGuildsPerShard?: number;
  /** Default timeout of every wait in the control API. */
  readonly waitTimeoutMs?: number;
  readonly backlogSize?: number;
  readonly resumeWindowMs?: number;
  /** Requests kept in the log. */
  readonly requestLogSize?: number;
  /** Create a guild with one text channel at start (default true). */
  readonly defaultGuild?: false | { readonly name?: string; readonly channelName?: string };
  /**
   * Where internal errors go (a handler crash answered 500, a gateway send that failed). They are
   * also kept in `internalErrors`. Default: console.error.
   */
  readonly onInternalError?: (error: unknown) => void;
  /**
   * Check every 2xx REST answer and every dispatched object against Discord's published response schemas,
   * recording what is missing in `loopback.contract` (`contract/answer-check.ts`). Default true; costs one
   * import of the specification's schemas per process (about a second) and a parse per answer.
   */
  readonly checkAnswers?: boolean;
}

export interface ResolvedOptions {
  readonly host: string;
  readonly port: number;
  readonly token: string;
  readonly botName: string;
  readonly clock: Clock;
  readonly ackDeadlineMs: number;
  readonly tokenLifetimeMs: number;
  readonly heartbeatIntervalMs: number;
  readonly attachmentSizeLimit: number;
  readonly rateLimits: RateLimitRules;
  readonly recommendedShards: number | null;
  readonly maxGuildsPerShard: number;
  readonly waitTimeoutMs: number;
  readonly backlogSize: number;
  readonly resumeWindowMs: number;
  readonly requestLogSize: number;
  readonly defaultGuild: false | { readonly name: string; readonly channelName: string };
  readonly onInternalError: (error: unknown) => void;
  readonly checkAnswers: boolean;
}

export function resolveOptions(options: LoopbackOptions): ResolvedOptions {
  return {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    token: options.token ?? 'loopback-bot-token',
    botName: options.botName ?? 'Scarab',
    clock: options.clock ?? systemClock,
    ackDeadlineMs: options.ackDeadlineMs ?? DISCORD_TIMINGS.ackDeadlineMs,
    tokenLifetimeMs: options.tokenLifetimeMs ?? DISCORD_TIMINGS.tokenLifetimeMs,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? DISCORD_TIMINGS.heartbeatIntervalMs,
    attachmentSizeLimit: options.attachmentSizeLimit ?? DISCORD_TIMINGS.attachmentSizeLimit,
    rateLimits: resolveRateLimits(options.rateLimits, options.limitScale),
    recommendedShards: options.recommendedShards ?? null,
    maxGuildsPerShard: options.maxGuildsPerShard ?? DISCORD_SHARDING.maxGuildsPerShard,
    waitTimeoutMs: options.waitTimeoutMs ?? 5_000,
    backlogSize: options.backlogSize ?? 1_000,
    resumeWindowMs: options.resumeWindowMs ?? 5 * 60_000,
    requestLogSize: options.requestLogSize ?? 10_000,
    defaultGuild:
      options.defaultGuild === false
        ? false
        : {
            name: options.defaultGuild?.name ?? 'Loopback',
            channelName: options.defaultGuild?.channelName ?? 'general',
          },
    onInternalError:
      options.onInternalError ?? ((error) => console.error('[loopback] internal error:', error)),
    checkAnswers: options.checkAnswers ?? true,
  };
}
