/**
 * Fault injection for the REST side, per route or global: 429 with Retry-After, 5xx, slow answers
 * and connections cut without an answer. Gateway faults (dropped connection, RECONNECT, invalid
 * session, ignored heartbeats) live on the gateway, see `LoopbackControl.gateway`.
 */
export type FaultEffect =
  | { readonly kind: 'rate-limit'; readonly retryAfterMs: number; readonly global?: boolean }
  | { readonly kind: 'server-error'; readonly status?: number }
  | { readonly kind: 'delay'; readonly ms: number }
  /** The request is carried out, then its answer waits: a send that reached Discord, its answer lost on the way. */
  | { readonly kind: 'delay-answer'; readonly ms: number }
  | { readonly kind: 'drop-connection' }
  /** The request is handled, but its answer waits for `until` (in-process only: a test's hold). */
  | { readonly kind: 'hold-answer'; readonly until: Promise<void>; readonly reached: () => void };

/** An answer held back by `holdAnswer`: what the request did is visible, its sender still waits. */
export interface HeldAnswer {
  readonly fault: ActiveFault;
  /** Resolves once a matching request was handled and its answer is held. */
  readonly held: Promise<void>;
  /** Sends the held answer (and lets any later matching request through). */
  release(): void;
}

export interface FaultTarget {
  readonly method: string;
  readonly path: string;
  /** The route template, e.g. `POST /channels/:channelId/messages`. */
  readonly route: string;
}

export interface FaultRule {
  /** A route template such as `POST /channels/:channelId/messages`; omitted or `*` means every route. */
  readonly route?: string;
  readonly match?: (target: FaultTarget) => boolean;
  readonly effect: FaultEffect;
  /** How many requests it affects before it removes itself (default: until removed). */
  readonly times?: number;
}

export interface ActiveFault {
  readonly id: number;
  readonly rule: FaultRule;
  /** Requests it has affected so far. */
  readonly hits: number;
  remove(): void;
}

interface Entry {
  readonly id: number;
  readonly rule: FaultRule;
  hits: number;
}

export class Faults {
  readonly #entries: Entry[] = [];
  #nextId = 1;
  readonly #releases = new Set<() => void>();

  add(rule: FaultRule): ActiveFault {
    const entry: Entry = { id: this.#nextId++, rule, hits: 0 };
    this.#entries.push(entry);
    const entries = this.#entries;
    return {
      id: entry.id,
      rule,
      get hits() {
        return entry.hits;
      },
      remove: () => {
        const i = entries.indexOf(entry);
        if (i >= 0) entries.splice(i, 1);
      },
    };
  }

  rateLimit(route: string, retryAfterMs: number, times = 1, global = false): ActiveFault {
    return this.add({ route, effect: { kind: 'rate-limit', retryAfterMs, global }, times });
  }

  serverError(route: string, status = 500, times = 1): ActiveFault {
    return this.add({ route, effect: { kind: 'server-error', status }, times });
  }

  delay(route: string, ms: number, times?: number): ActiveFault {
    return this.add(
      times === undefined
        ? { route, effect: { kind: 'delay', ms } }
        : { route, effect: { kind: 'delay', ms }, times },
    );
  }

  /** Carries out `times` requests on `route` and holds each answer `ms`. */
  delayAnswer(route: string, ms: number, times = 1): ActiveFault {
    return this.add({ route, effect: { kind: 'delay-answer', ms }, times });
  }

  dropConnection(route: string, times = 1): ActiveFault {
    return this.add({ route, effect: { kind: 'drop-connection' }, times });
  }

  /**
   * The next `times` matching requests are handled at once, but their answers are held until
   * `release()`: a test can act between what the bot sent and the bot's learning that it was sent.
   */
  holdAnswer(route: string, times = 1): HeldAnswer {
    let release!: () => void;
    const until = new Promise<void>((r) => {
      release = r;
    });
    let reached!: () => void;
    const held = new Promise<void>((r) => {
      reached = r;
    });
    const fault = this.add({ route, effect: { kind: 'hold-answer', until, reached }, times });
    this.#releases.add(release);
    return {
      fault,
      held,
      release: () => {
        fault.remove();
        this.#releases.delete(release);
        release();
      },
    };
  }

  /** Sends every held answer (the server is stopping). */
  releaseAll(): void {
    for (const release of this.#releases) release();
    this.#releases.clear();
  }

  clear(): void {
    this.#entries.length = 0;
  }

  get active(): readonly FaultRule[] {
    return this.#entries.map((e) => e.rule);
  }

  /** The effects that apply to this request, in the order they were added; consumes their `times`. */
  take(target: FaultTarget): FaultEffect[] {
    const effects: FaultEffect[] = [];
    for (const entry of [...this.#entries]) {
      const { rule } = entry;
      const routeMatches = rule.route === undefined || rule.route === '*' || rule.route === target.route;
      if (!routeMatches || (rule.match && !rule.match(target))) continue;
      entry.hits += 1;
      effects.push(rule.effect);
      if (rule.times !== undefined && entry.hits >= rule.times) {
        this.#entries.splice(this.#entries.indexOf(entry), 1);
      }
    }
    return effects;
  }
}
