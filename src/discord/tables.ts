import type { AdapterSet } from '../adapters/adapter-set.ts';
import type { AnyAdapter } from '../adapters/game-adapter.ts';
import type { Seat, TableView } from '../games/kernel/types.ts';
import type { GameRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { gameLanguage } from './language.ts';
import type { GameContext } from './messages/context.ts';

/**
 * A stored game as the table layer sees it: its adapter, its seats' names and its views. Every
 * decision above the rules is taken from views, which the rules library has stripped of hidden cards.
 */
export class Tables {
  constructor(
    readonly store: Store,
    readonly adapters: AdapterSet,
  ) {}

  adapterOf(game: GameRecord): AnyAdapter {
    return this.adapters.of(game.type);
  }

  /** What messages about `game` need; in the game's language unless `language` (a reader's own) is given. */
  context(game: GameRecord, language?: string): GameContext {
    return {
      gameId: game.id,
      version: game.version,
      names: game.seats.map((s) => s.displayName),
      users: game.seats.map((s) => s.userId),
      language: language ?? gameLanguage(game),
    };
  }

  /** What `seat` may see (null: the public board). */
  view(game: GameRecord, seat: Seat | null): TableView<unknown> {
    if (game.state === null) throw new Error(`game #${game.id} has not started`);
    return this.adapterOf(game).game.view(game.state, seat);
  }

  /**
   * Seats the game waits for now: the rules' own verb. Not for telling people: in a reaction window
   * it lists only the seats that have not answered yet, and since seats that can only pass are passed
   * automatically, the rest would reveal who can react. Public texts use the public view's `waiting`.
   */
  waitingFor(game: GameRecord): readonly Seat[] {
    if (game.state === null) return [];
    return this.adapterOf(game).game.waitingFor(game.state);
  }

  /** The game being played in a channel or thread, if any (what /board and /nudge act on). */
  async activeGameIn(channelId: string): Promise<GameRecord | undefined> {
    const here =
      (await this.store.gameInThread(channelId)) ??
      (await this.store.gamesInChannel(channelId)).find((g) => g.status === 'active');
    return here?.status === 'active' ? await this.store.getGame(here.id) : undefined;
  }

  seatOf(game: GameRecord, userId: string): Seat | null {
    return game.seats.find((s) => s.userId === userId)?.seat ?? null;
  }
}
