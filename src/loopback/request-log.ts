import type { FaultEffect } from './faults.ts';
import type { RateLimitRecord } from './rate-limits.ts';

export interface RecordedFile {
  readonly field: string;
  readonly filename: string;
  readonly contentType: string | null;
  readonly size: number;
}

/** One REST request as the loopback received and answered it. */
export interface RecordedRequest {
  readonly at: number;
  readonly method: string;
  /** Decoded path under /api/v10, e.g. `/webhooks/…/messages/@original`. */
  readonly path: string;
  readonly query: string;
  /** The matched route template (`POST /channels/:channelId/messages`), or null if none matched. */
  readonly route: string | null;
  readonly auth: 'bot' | 'invalid' | 'none';
  readonly json: unknown;
  readonly files: readonly RecordedFile[];
  readonly status: number;
  /** The error code of a Discord error answer. */
  readonly code: number | null;
  readonly faults: readonly FaultEffect['kind'][];
  /**
   * The rate-limit bucket after this request, on limited routes. A run of `remaining: 0` followed by
   * a request in a fresh window is discord.js waiting on its own; `limited: true` is a 429.
   */
  readonly rateLimit: RateLimitRecord | null;
  readonly durationMs: number;
}

export class RequestLog {
  readonly #entries: RecordedRequest[] = [];
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  add(entry: RecordedRequest): void {
    this.#entries.push(entry);
    if (this.#entries.length > this.#limit) this.#entries.splice(0, this.#entries.length - this.#limit);
  }

  all(): readonly RecordedRequest[] {
    return this.#entries;
  }
}
