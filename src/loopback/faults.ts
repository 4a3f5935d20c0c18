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
  | { readonly kind: 'drop-connection' };

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
