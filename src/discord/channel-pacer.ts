/**
 * Discord limits how fast a bot may write in one channel (observed: about 5 new messages per 5 s, and
 * 5 edits per 5 s, per channel). discord.js then queues the request, and a game's lock would be held
 * while it waits, so a person's click in that game would wait behind computer players' moves. The
 * pacer remembers the bot's own writes per channel, and the autopilot waits until a channel has room
 * before it lets a computer player move there: computer-only turns slow down instead of queueing.
 */
export type WriteKind = 'send' | 'edit' | 'delete';

export interface PaceLimit {
  readonly count: number;
  readonly windowMs: number;
}

export const DISCORD_CHANNEL_LIMITS: Readonly<Record<WriteKind, PaceLimit>> = {
  send: { count: 5, windowMs: 5_000 },
  edit: { count: 5, windowMs: 5_000 },
  delete: { count: 5, windowMs: 1_000 },
};

/**
 * Discord's channel limits with windows `scale` times shorter (counts unchanged). Production keeps 1; a
 * test whose subject is not the limits runs the bot's pacer and the loopback's limiter at one scale
 * (`limitScale` of both), so a bot that overran a limit would still meet the 429.
 */
export function scaledChannelLimits(scale = 1): Readonly<Record<WriteKind, PaceLimit>> {
  if (!Number.isFinite(scale) || scale < 1) {
    throw new RangeError(`limitScale must be a finite number ≥ 1 (1 is Discord's speed), got ${scale}`);
  }
  if (scale === 1) return DISCORD_CHANNEL_LIMITS;
  const shorter = (limit: PaceLimit) => ({
    ...limit,
    windowMs: Math.max(1, Math.round(limit.windowMs / scale)),
  });
  return {
    send: shorter(DISCORD_CHANNEL_LIMITS.send),
    edit: shorter(DISCORD_CHANNEL_LIMITS.edit),
    delete: shorter(DISCORD_CHANNEL_LIMITS.delete),
  };
}

/**
 * What one computer move may need at once: a new board, and the old one's buttons removed. Board edits
 * within a turn are coalesced by the publisher (the latest state wins), so they need no room here.
 */
const MOVE_NEEDS: Readonly<Record<WriteKind, number>> = { send: 1, edit: 1, delete: 1 };

export class ChannelPacer {
  readonly #writes = new Map<string, Record<WriteKind, number[]>>();

  constructor(
    private readonly limits: Readonly<Record<WriteKind, PaceLimit>> = DISCORD_CHANNEL_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a write from now, so that concurrent moves see it at once. Call the returned `answered` when
   * Discord has answered (or failed): the write then counts from that moment instead. Discord counted it
   * somewhere between the two, and a request can wait long before it reaches Discord (a picture's upload, a
   * bot short of CPU), so counting from the answer never ends a window before Discord's does.
   */
  record(channelId: string, kind: WriteKind): () => void {
    const log = this.#log(channelId);
    const at = this.now();
    log[kind].push(at);
    this.#trim(log, kind);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const times = this.#log(channelId)[kind];
      const i = times.indexOf(at);
      if (i >= 0) times.splice(i, 1);
      const later = this.now();
      let j = times.length;
      while (j > 0 && (times[j - 1] as number) > later) j--;
      times.splice(j, 0, later);
    };
  }

  /** Runs `write`, counted as `record` says: from now, then from Discord's answer or failure. */
  async counted<T>(channelId: string, kind: WriteKind, write: () => Promise<T>): Promise<T> {
    const answered = this.record(channelId, kind);
    try {
      return await write();
    } finally {
      answered();
    }
  }

  /** Milliseconds until `channelId` has room for one more computer move (0: now). */
  waitForMove(channelId: string): number {
    let wait = 0;
    for (const kind of Object.keys(MOVE_NEEDS) as WriteKind[])
      wait = Math.max(wait, this.waitFor(channelId, kind, MOVE_NEEDS[kind]));
    return wait;
  }

  /** Milliseconds until `channelId` has room for `need` more writes of `kind` (0: now). */
  waitFor(channelId: string, kind: WriteKind, need = 1): number {
    const log = this.#writes.get(channelId);
    if (!log) return 0;
    this.#trim(log, kind);
    const { count, windowMs } = this.limits[kind];
    const times = log[kind];
    // Room for `need` more writes once the oldest ones leave the window.
    const excess = times.length + need - count;
    if (excess <= 0) {
      if (Object.values(log).every((t) => t.length === 0)) this.#writes.delete(channelId);
      return 0;
    }
    return Math.max(0, (times[excess - 1] as number) + windowMs - this.now());
  }

  #log(channelId: string): Record<WriteKind, number[]> {
    let log = this.#writes.get(channelId);
    if (!log) {
      log = { send: [], edit: [], delete: [] };
      this.#writes.set(channelId, log);
    }
    return log;
  }

  #trim(log: Record<WriteKind, number[]>, kind: WriteKind): void {
    const horizon = this.now() - this.limits[kind].windowMs;
    const times = log[kind];
    while (times.length > 0 && (times[0] as number) <= horizon) times.shift();
  }
}
