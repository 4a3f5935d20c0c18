/**
 * Key moments (README.md, "Key moments"): once a game ends, each person's moves that lowered their estimated
 * chance to win most against the Hard player's best move, at most three each, only those clear of the
 * estimate's noise (`MoveCost.notable`, src/games/search/analysis.ts). Computed in the thinking pool's
 * background lane, so a live game's moves always go first; stored once; a schedule row planned in the
 * finishing move's own transaction is the intent, so a restart or a kill between the end and the analysis
 * still gets it done, once.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Analysis, AnalysisRequest, MoveCost } from '../games/kernel/analysis.ts';
import type { Seat } from '../games/kernel/types.ts';
import { type AnyGame, getGame, playersOf } from '../games/registry.ts';
import { dealtOptions } from '../store/catalog-pins.ts';
import {
  type ActionRecord,
  type GameRecord,
  isLesson,
  type PlannedRow,
  type ScheduledRow,
} from '../store/records.ts';
import { holderAt, holdersOf } from '../store/seat-history.ts';
import type { Store } from '../store/store.ts';
import type { Scheduler } from './scheduler.ts';

/** The schedule row's kind, and the results' button verb. */
export const KEY_MOMENTS_KIND = 'key-moments';
export const KEY_MOMENTS_VERB = 'moments';
/** Shown to each person at most. */
export const MOMENTS_PER_PERSON = 3;
/** A claimed row falls due again this long after (the holder died): the analysis is done again. */
export const KEY_MOMENTS_LEASE_MS = 5 * 60_000;
/** Tries before a row whose analysis keeps failing is closed (logged). */
const TRIES = 3;
/** A background analysis's limit, counted from when a thread takes it. */
export const KEY_MOMENTS_JOB_MS = 120_000;

/** One move a person would gain most by learning from, as stored. */
export interface KeyMoment {
  readonly seat: Seat;
  /** Moves made before the decision: the replay's position `move` is where it was taken. */
  readonly move: number;
  readonly played: unknown;
  /** The Hard player's choice from the same view. */
  readonly best: unknown;
  readonly bestWinChance: number;
  readonly playedWinChance: number;
  /** Mean of (best's win − played's win) over `duels` paired playouts, and its standard error. */
  readonly loss: number;
  readonly stderr: number;
  readonly duels: number;
}

/**
 * How much a game's analysis spends. Every decision of a person is first **screened** with a small search
 * and a few paired playouts; a decision where their move is the small search's own choice is passed. The
 * worst `confirm` of each person are then **confirmed** with the Hard player's own search and
 * `confirmDuels` paired playouts, and only a confirmed `notable` loss is kept: the screen decides what is
 * looked at closely, never what is shown.
 */
export interface KeyMomentsBudget {
  readonly screenPlayouts: number;
  readonly screenDuels: number;
  readonly confirm: number;
  readonly confirmDuels: number;
  /** The confirming search's playouts; undefined: the Hard player's own budget. */
  readonly confirmPlayouts?: number;
}

/**
 * The bot's: the screen's search is the smallest sequential halving there is (one world per candidate and
 * round: about twice as many playouts as candidates, whatever smaller budget is asked), so its duels are
 * few too; a confirmation is the Hard player's search and the analysis's default 200 duels.
 */
export const KEY_MOMENTS_BUDGET: KeyMomentsBudget = {
  screenPlayouts: 16,
  screenDuels: 8,
  confirm: 5,
  confirmDuels: 200,
};

/** One analysis, asked of the thinking pool's background lane (tests may answer in their own thread). */
export type Analyser = (
  game: string,
  state: unknown,
  seat: Seat,
  request: AnalysisRequest<unknown>,
) => Promise<Analysis<unknown> | null>;

/** A decision a person took: the position before it, and what they played. */
export interface Decision {
  readonly seat: Seat;
  readonly move: number;
  readonly state: unknown;
  readonly played: unknown;
}

export interface GameMoments {
  readonly moments: readonly KeyMoment[];
  /** The people's decisions looked at (more than one legal move). */
  readonly decisions: number;
}

/** Whether the game's type has a search player to analyse with. */
export function analysable(type: string): boolean {
  try {
    return playersOf(type).analyse !== undefined;
  } catch {
    return false;
  }
}

/** The intent row of a finished game with people and a search player: due at once, planned once. */
export function keyMomentsRows(game: GameRecord, now: number): PlannedRow[] {
  if (game.status !== 'finished' || !analysable(game.type)) return [];
  // A lesson's moves were the steps it asked for: nothing to learn from them against the best move.
  if (isLesson(game)) return [];
  if (!holdersOf(game).some((h) => h.userId !== null)) return [];
  return [
    {
      key: `${KEY_MOMENTS_KIND}:${game.id}`,
      gameId: game.id,
      kind: KEY_MOMENTS_KIND,
      dueAt: new Date(now),
      payload: { tries: 0 },
    },
  ];
}

/** The seats a person held at some move of `game` (a spectator: none). */
export function seatsHeldBy(game: GameRecord, userId: string): Seat[] {
  return [...new Set(holdersOf(game).flatMap((h) => (h.userId === userId ? [h.seat] : [])))];
}

/** The moments that are `userId`'s: made by them, whoever holds the seat now. */
export function momentsOf(game: GameRecord, moments: readonly KeyMoment[], userId: string): KeyMoment[] {
  return moments.filter((m) => holderAt(game, m.seat, m.move)?.userId === userId);
}

/**
 * Whether a person made this move of their seat themselves: the computer standing in for them (a time-out,
 * an absence) or passing for them made it otherwise, and the log says so (`madeBy`). A move stored before
 * that was recorded (null) is taken as theirs: the schedule's rows of past turns are pruned and an absence
 * leaves none, so nothing else can tell.
 */
export function madeByHolder(a: Pick<ActionRecord, 'madeBy'>): boolean {
  return a.madeBy === null || a.madeBy === 'holder';
}

/**
 * How many moves of `userId`'s seats, while they held them, the computer made for them (a time-out, an
 * absence): key moments never count those as theirs, and say so.
 */
export function movesMadeFor(game: GameRecord, log: readonly ActionRecord[], userId: string): number {
  return log.filter((a, k) => a.madeBy === 'stand-in' && holderAt(game, a.seat, k)?.userId === userId).length;
}

/**
 * Every decision a person took in `game`, replayed from its log (the truth): the position before each of
 * their moves where they had more than one legal move. A move the computer made for them is no decision
 * of theirs (`madeByHolder`).
 */
export async function peopleDecisions(game: GameRecord, log: readonly ActionRecord[]): Promise<Decision[]> {
  const module: AnyGame = getGame(game.type);
  const options: unknown = JSON.parse(
    dealtOptions(module, JSON.stringify(game.options), game.seed, game.state),
  );
  let state: unknown = module.setup(module.parseOptions(options), game.seed);
  const decisions: Decision[] = [];
  for (const [k, a] of log.entries()) {
    if (madeByHolder(a) && holderAt(game, a.seat, k)?.userId && module.legalActions(state, a.seat).length > 1)
      decisions.push({ seat: a.seat, move: k, state, played: a.action });
    const next = module.apply(state, a.seat, a.action);
    if (!next.ok) throw new Error(`move ${k + 1} of game ${game.id} does not replay (${next.error.code})`);
    state = next.state;
    // The replay runs on the bot's thread: a long game lets clicks through now and then.
    if (k % 32 === 31) await new Promise((r) => setImmediate(r));
  }
  return decisions;
}

const costOf = (a: Analysis<unknown> | null): MoveCost<unknown> | null => a?.cost ?? null;

/**
 * The key moments of `decisions` (README.md, "Key moments"): screened cheaply, the worst of each person
 * confirmed with the Hard player's search, only notable losses kept, at most `MOMENTS_PER_PERSON` a seat,
 * worst first.
 */
export async function findKeyMoments(
  type: string,
  decisions: readonly Decision[],
  analyse: Analyser,
  budget: KeyMomentsBudget = KEY_MOMENTS_BUDGET,
): Promise<GameMoments> {
  const screened = await Promise.all(
    decisions.map(async (d) => {
      const cost = costOf(
        await analyse(type, d.state, d.seat, {
          top: 1,
          played: d.played,
          duels: budget.screenDuels,
          playouts: budget.screenPlayouts,
        }),
      );
      // Their move was the small search's own choice (no duels), or no worse than it: nothing to confirm.
      return cost && cost.duels > 0 && cost.loss > 0 ? { d, loss: cost.loss } : null;
    }),
  );
  const bySeat = new Map<Seat, { d: Decision; loss: number }[]>();
  for (const s of screened) if (s) bySeat.set(s.d.seat, [...(bySeat.get(s.d.seat) ?? []), s]);
  const toConfirm = [...bySeat.values()].flatMap((list) =>
    list
      .sort((a, b) => b.loss - a.loss || a.d.move - b.d.move)
      .slice(0, budget.confirm)
      .map((s) => s.d),
  );
  const confirmed = await Promise.all(
    toConfirm.map(async (d): Promise<KeyMoment | null> => {
      const cost = costOf(
        await analyse(type, d.state, d.seat, {
          top: 1,
          played: d.played,
          duels: budget.confirmDuels,
          ...(budget.confirmPlayouts !== undefined ? { playouts: budget.confirmPlayouts } : {}),
        }),
      );
      if (!cost?.notable) return null;
      return {
        seat: d.seat,
        move: d.move,
        played: d.played,
        best: cost.best,
        bestWinChance: cost.bestWinChance,
        playedWinChance: cost.playedWinChance,
        loss: cost.loss,
        stderr: cost.stderr,
        duels: cost.duels,
      };
    }),
  );
  const kept = new Map<Seat, KeyMoment[]>();
  for (const m of confirmed) if (m) kept.set(m.seat, [...(kept.get(m.seat) ?? []), m]);
  const moments = [...kept.values()].flatMap((list) =>
    list.sort((a, b) => b.loss - a.loss || a.move - b.move).slice(0, MOMENTS_PER_PERSON),
  );
  return {
    moments: moments.sort((a, b) => a.seat - b.seat || b.loss - a.loss),
    decisions: decisions.length,
  };
}

/** The analysis itself, as the runner calls it (the bot: the pool's background lane). */
export interface KeyMomentsOptions {
  readonly analyse: Analyser;
  readonly budget?: Partial<KeyMomentsBudget>;
}

/**
 * Runs the `key-moments` rows: claims the row for a lease (so the scheduler goes on with other rows, and
 * another shard or a restart leaves it while it is held), analyses the game in the background, stores
 * the moments once, then closes the row. A holder that dies leaves the row to fall due again when its lease
 * runs out; a row whose analysis failed `TRIES` times is closed as failed, logged.
 */
export class KeyMomentsRunner {
  private readonly running = new Map<number, Promise<void>>();
  private stopped = false;
  private readonly budget: KeyMomentsBudget;
  /** Told of each game's moments as they are stored (the benchmark's clock). */
  stored: ((gameId: number, at: number) => void) | null = null;

  constructor(
    private readonly store: Store,
    scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly options: KeyMomentsOptions,
  ) {
    this.budget = { ...KEY_MOMENTS_BUDGET, ...options.budget };
    scheduler.on(KEY_MOMENTS_KIND, (row) => this.fire(row));
  }

  /** Games being analysed now. */
  get pending(): number {
    return this.running.size;
  }

  /** Resolves once every analysis under way has ended (stored, failed or given up). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** Starts nothing more; what runs ends when the pool refuses its jobs, leaving its row to a restart. */
  stop(): void {
    this.stopped = true;
  }

  private async fire(row: ScheduledRow): Promise<void> {
    const gameId = row.gameId;
    const now = this.clock.now();
    if (gameId === null) {
      await this.store.schedule.markDone(row.id, 'failed');
      return;
    }
    // Stored by an earlier holder that died before closing the row: nothing to do again.
    if (await this.store.keyMoments.of(gameId)) {
      await this.store.schedule.markDone(row.id, 'fired');
      return;
    }
    const tries = Number(row.payload.tries ?? 0);
    if (tries >= TRIES) {
      this.log.error({ gameId, tries }, 'key moments could not be computed; given up');
      await this.store.schedule.markDone(row.id, 'failed');
      return;
    }
    const lease = new Date(now + KEY_MOMENTS_LEASE_MS);
    const payload = { ...row.payload, tries: tries + 1 };
    if (!(await this.store.schedule.claim(row.id, new Date(now), lease, payload))) return;
    if (this.stopped || this.running.has(gameId)) return;
    const work = this.analyse(gameId, row.id).finally(() => this.running.delete(gameId));
    this.running.set(gameId, work);
  }

  private async analyse(gameId: number, rowId: number): Promise<void> {
    try {
      const game = await this.store.getGame(gameId);
      const decisions = await peopleDecisions(game, await this.store.actionLog(gameId));
      const found = await findKeyMoments(game.type, decisions, this.options.analyse, this.budget);
      if (this.stopped) return;
      const at = this.clock.now();
      await this.store.keyMoments.save({
        gameId,
        moments: found.moments,
        decisions: found.decisions,
        computedAt: new Date(at),
      });
      await this.store.schedule.markDone(rowId, 'fired');
      this.stored?.(gameId, at);
      const counts = { gameId, decisions: found.decisions, moments: found.moments.length };
      this.log.info(counts, 'key moments computed');
    } catch (e) {
      // Left to its lease: the row falls due again and the next try starts from the log.
      if (!this.stopped) this.log.warn({ err: e, gameId }, 'key moments failed; they will be tried again');
    }
  }
}

/** The stored moments of a game, read back (null: not computed yet). */
export async function storedMoments(store: Store, gameId: number): Promise<readonly KeyMoment[] | null> {
  const record = await store.keyMoments.of(gameId);
  return record ? (record.moments as KeyMoment[]) : null;
}
