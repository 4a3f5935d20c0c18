import type { AdapterSet } from '../adapters/adapter-set.ts';
import type { AnyAdapter } from '../adapters/game-adapter.ts';
import type { Seat, TableView } from '../games/kernel/types.ts';
import { t } from '../i18n/messages.ts';
import type { GameRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { levelOf } from '../table-kit/computer-levels.ts';
import type { GameContext } from '../table-kit/context.ts';
import { hintsOffered } from './hints.ts';
import { gameLanguage } from './language.ts';
import { recentWithTheirNames } from './seat-names.ts';

/**
 * A stored game as the table layer sees it: its adapter, its seats' names and its views. Every
 * decision above the rules is taken from views, which the rules library has stripped of hidden cards.
 */
export class Tables {
  /**
   * Views by state and seat: a state is never changed once stored (a move makes a new one), so its views
   * are computed once and shared by everything that answers a click (the reply, the publisher, the timers,
   * the hands). Frozen, since they are shared; dropped with their state.
   */
  readonly #views = new WeakMap<object, Map<Seat | null, TableView<unknown>>>();

  constructor(
    readonly store: Store,
    readonly adapters: AdapterSet,
  ) {}

  adapterOf(game: GameRecord): AnyAdapter {
    return this.adapters.of(game.type);
  }

  /** What messages about `game` need; in the game's language unless `language` (a reader's own) is given. */
  context(game: GameRecord, language?: string): GameContext {
    const lang = language ?? gameLanguage(game);
    return {
      gameId: game.id,
      version: game.version,
      names: game.seats.map((s) => s.displayName),
      users: game.seats.map((s) => s.userId),
      levels: game.seats.map((s) => {
        const level = s.userId ? null : levelOf(s.botKind);
        return level ? t(lang, `computer.level.${level}`) : null;
      }),
      language: lang,
      // A line said before a seat changed hands names whoever held it then (seat-names.ts).
      log: recentWithTheirNames(game),
      hints: hintsOffered(game),
    };
  }

  /** What `seat` may see (null: the public board). */
  view(game: GameRecord, seat: Seat | null): TableView<unknown> {
    const state = game.state;
    if (state === null || typeof state !== 'object') throw new Error(`game #${game.id} has not started`);
    // A settled game's state may be the one its last active view was drawn from: its views are not memoized.
    if (game.outcome?.settled)
      return deepFreeze(settledView(game, this.adapterOf(game).game.view(state, seat)));
    let bySeat = this.#views.get(state);
    if (!bySeat) {
      bySeat = new Map();
      this.#views.set(state, bySeat);
    }
    const known = bySeat.get(seat);
    if (known) return known;
    const view: TableView<unknown> = deepFreeze(this.adapterOf(game).game.view(state, seat));
    bySeat.set(seat, view);
    return view;
  }

  /**
   * Seats the game waits for now: the rules' own verb. Not for telling people: in a reaction window
   * it lists only the seats that have not answered yet, and since seats that can only pass are passed
   * automatically, the rest would reveal who can react. Public texts use the public view's `waiting`.
   */
  waitingFor(game: GameRecord): readonly Seat[] {
    // A game settled as it stands is over where its rules would still wait for someone.
    if (game.state === null || game.status === 'finished') return [];
    return this.adapterOf(game).game.waitingFor(game.state);
  }

  /**
   * The running games a command typed in `channelId` may mean: in a game's thread, that game alone;
   * in a channel, every game played in it or in its threads (what /board and /nudge act on).
   */
  async activeGamesIn(channelId: string): Promise<GameRecord[]> {
    const thread = await this.store.gameInThread(channelId);
    const here = thread
      ? [thread]
      : (await this.store.gamesInChannel(channelId)).filter((g) => g.status === 'active');
    const games: GameRecord[] = [];
    // Oldest first, the order they were opened in.
    for (const g of [...here].reverse())
      if (g.status === 'active') games.push(await this.store.getGame(g.id));
    return games;
  }

  seatOf(game: GameRecord, userId: string): Seat | null {
    return game.seats.find((s) => s.userId === userId)?.seat ?? null;
  }
}

/** Freezes `value` and everything it holds (a view is plain data: arrays and objects). */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/**
 * A game settled as it stands (a tournament deadline, ../store/settled-outcome.ts) is over where its rules
 * say it goes on: its views are the rules' with the stored outcome, nobody awaited and nothing to do, so the
 * table shows and treats it as any finished game.
 */
function settledView(game: GameRecord, view: TableView<unknown>): TableView<unknown> {
  if (game.status !== 'finished' || !game.outcome?.settled || view.finished) return view;
  return {
    ...view,
    finished: true,
    outcome: game.outcome,
    waiting: { ...view.waiting, seats: [], window: false },
    decision: null,
    questionId: null,
    actions: [],
    autoPass: null,
  };
}
