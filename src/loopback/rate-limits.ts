import { createHash } from 'node:crypto';
import type { Clock } from './clock.ts';
import type { RestResult } from './rest-router.ts';

/** At most `limit` requests per `windowMs`, counted from the first request of a window. */
export interface RateLimitRule {
  readonly limit: number;
  readonly windowMs: number;
}

export interface RateLimitRules {
  /** `POST /channels/:id/messages`, per channel. */
  readonly messageCreate: RateLimitRule;
  /** `PATCH /channels/:id/messages/:id`, per channel. */
  readonly messageEdit: RateLimitRule;
  /** `DELETE /channels/:id/messages/:id`, per channel. */
  readonly messageDelete: RateLimitRule;
}

/**
 * What Discord answers a bot today (it publishes no table; these are the figures its headers carry):
 * 5 messages per 5 s per channel, edits the same in a counter of their own (discord-api-docs #1442:
 * an edit still goes through once the sends are spent, although both report one bucket hash), and
 * deletes of recent messages 5 per second (discord-api-docs #8330). Older messages' slower delete
 * buckets are not simulated.
 */
export const DISCORD_RATE_LIMITS: RateLimitRules = {
  messageCreate: { limit: 5, windowMs: 5_000 },
  messageEdit: { limit: 5, windowMs: 5_000 },
  messageDelete: { limit: 5, windowMs: 1_000 },
};

/** A bucket hash in Discord's format (32 hex characters); the same for every channel, as on Discord. */
function bucketHash(name: string): string {
  return createHash('md5').update(`loopback:${name}`).digest('hex');
}

interface LimitedRoute {
  readonly rule: keyof RateLimitRules;
  readonly hash: string;
}

const MESSAGES_HASH = bucketHash('channel-messages');

/** The limited routes, by route template; the major parameter is always the channel. */
const LIMITED_ROUTES: Readonly<Record<string, LimitedRoute>> = {
  'POST /channels/:channelId/messages': { rule: 'messageCreate', hash: MESSAGES_HASH },
  'PATCH /channels/:channelId/messages/:messageId': { rule: 'messageEdit', hash: MESSAGES_HASH },
  'DELETE /channels/:channelId/messages/:messageId': {
    rule: 'messageDelete',
    hash: bucketHash('channel-message-delete'),
  },
};

/** What the request log keeps of a limited request: the bucket's state after it was counted. */
export interface RateLimitRecord {
  readonly bucket: string;
  readonly rule: keyof RateLimitRules;
  readonly limit: number;
  readonly remaining: number;
  readonly resetAfterMs: number;
  /** True when the request was refused with a 429. */
  readonly limited: boolean;
}

export type RateLimitOutcome =
  | { readonly kind: 'allowed'; readonly headers: Record<string, string>; readonly record: RateLimitRecord }
  | { readonly kind: 'limited'; readonly result: RestResult; readonly record: RateLimitRecord };

interface Window {
  readonly start: number;
  count: number;
}

/**
 * Discord's per-route rate limits for the routes a game bot hammers: channel messages. A request
 * inside the limit gets the X-RateLimit-* headers Discord sends (discord.js reads them and waits
 * before it would exceed the limit); one beyond it gets Discord's 429, and never reaches its handler.
 * Time comes from the loopback's clock, so with a ManualClock a window only ends when the test
 * advances it.
 */
export class RateLimiter {
  readonly #rules: RateLimitRules;
  readonly #clock: Clock;
  readonly #windows = new Map<string, Window>();

  constructor(rules: RateLimitRules, clock: Clock) {
    this.#rules = rules;
    this.#clock = clock;
  }

  /** Counts a request against its bucket; null for a route that is not limited. */
  take(route: string, params: Readonly<Record<string, string>>): RateLimitOutcome | null {
    const limited = LIMITED_ROUTES[route];
    if (!limited) return null;
    const rule = this.#rules[limited.rule];
    const now = this.#clock.now();
    const key = `${limited.rule}:${params.channelId ?? ''}`;
    let window = this.#windows.get(key);
    if (!window || now >= window.start + rule.windowMs) {
      this.#prune(now);
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    const resetAt = window.start + rule.windowMs;
    const resetAfterMs = resetAt - now;
    const refused = window.count >= rule.limit;
    if (!refused) window.count += 1;
    const remaining = rule.limit - window.count;
    const record: RateLimitRecord = {
      bucket: limited.hash,
      rule: limited.rule,
      limit: rule.limit,
      remaining,
      resetAfterMs,
      limited: refused,
    };
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(rule.limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': (resetAt / 1000).toFixed(3),
      'X-RateLimit-Reset-After': (resetAfterMs / 1000).toFixed(3),
      'X-RateLimit-Bucket': limited.hash,
    };
    if (!refused) return { kind: 'allowed', headers, record };
    const retryAfter = Number((resetAfterMs / 1000).toFixed(3));
    return {
      kind: 'limited',
      record,
      result: {
        status: 429,
        // Discord rounds the header up to whole seconds; the body keeps the fraction.
        headers: { ...headers, 'Retry-After': String(Math.ceil(retryAfter)), 'X-RateLimit-Scope': 'user' },
        body: { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
      },
    };
  }

  /** Forgets windows that have ended, so that a long run with many channels does not grow forever. */
  #prune(now: number): void {
    if (this.#windows.size < 1_000) return;
    for (const [key, window] of this.#windows) {
      const rule = this.#rules[key.slice(0, key.indexOf(':')) as keyof RateLimitRules];
      if (now >= window.start + rule.windowMs) this.#windows.delete(key);
    }
  }
}

/**
 * Discord's rules with `overrides`, their windows `scale` times shorter (never under 1 ms); refuses rules
 * that would make the loopback answer nonsense (no request ever allowed, no window).
 */
export function resolveRateLimits(overrides: Partial<RateLimitRules> = {}, scale = 1): RateLimitRules {
  if (!Number.isFinite(scale) || scale < 1) {
    throw new RangeError(`limitScale must be a finite number ≥ 1 (1 is Discord's speed), got ${scale}`);
  }
  const rules = { ...DISCORD_RATE_LIMITS, ...overrides };
  for (const [name, rule] of Object.entries(rules)) {
    if (!Number.isInteger(rule.limit) || rule.limit < 1) {
      throw new RangeError(`rateLimits.${name}.limit must be a whole number ≥ 1, got ${rule.limit}`);
    }
    if (!Number.isFinite(rule.windowMs) || rule.windowMs <= 0) {
      throw new RangeError(
        `rateLimits.${name}.windowMs must be a positive number of ms, got ${rule.windowMs}`,
      );
    }
  }
  if (scale === 1) return rules;
  const shorter = (rule: RateLimitRule) => ({
    ...rule,
    windowMs: Math.max(1, Math.round(rule.windowMs / scale)),
  });
  return {
    messageCreate: shorter(rules.messageCreate),
    messageEdit: shorter(rules.messageEdit),
    messageDelete: shorter(rules.messageDelete),
  };
}
