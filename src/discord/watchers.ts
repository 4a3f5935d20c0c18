import type { RepliableInteraction } from 'discord.js';
import { t } from '../i18n/messages.ts';
import type { GameRecord } from '../store/records.ts';
import type { Payload } from '../table-kit/payload.ts';
import { HAND_TOKEN_LIFETIME_MS } from './private-hands.ts';
import type { Tables } from './tables.ts';

/** The board's button that opens a private, current view of the public table. */
export const WATCH_VERB = 'watch';
/** Edits stop a minute before Discord stops honouring the token, so a slow edit still lands. */
const MARGIN_MS = 60_000;

interface Watcher {
  readonly interaction: RepliableInteraction;
  readonly at: number;
}

/**
 * People watching a game without a seat: each has a private copy of the public board (a hand that holds no
 * cards), redrawn after every move through its interaction's token, which Discord honours for 15 minutes;
 * after that it stays as it was, and Watch opens a new one. In memory only: a restart ends the watching.
 */
export class Watchers {
  readonly #watching = new Map<number, Map<string, Watcher>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** `userId` now watches `gameId` through `interaction` (their newest Watch replaces an older one). */
  remember(gameId: number, userId: string, interaction: RepliableInteraction): void {
    const game = this.#watching.get(gameId) ?? new Map<string, Watcher>();
    game.set(userId, { interaction, at: this.now() });
    this.#watching.set(gameId, game);
  }

  /** The watchers of the game whose view may still be redrawn; the others are forgotten. */
  live(gameId: number): { userId: string; interaction: RepliableInteraction }[] {
    const game = this.#watching.get(gameId);
    if (!game) return [];
    const out: { userId: string; interaction: RepliableInteraction }[] = [];
    for (const [userId, w] of game) {
      if (this.now() - w.at > HAND_TOKEN_LIFETIME_MS - MARGIN_MS) game.delete(userId);
      else out.push({ userId, interaction: w.interaction });
    }
    if (game.size === 0) this.#watching.delete(gameId);
    return out;
  }

  /** Stops redrawing one watcher's view (its edit failed) or, without a user, the whole game's. */
  forget(gameId: number, userId?: string): void {
    if (userId === undefined) this.#watching.delete(gameId);
    else this.#watching.get(gameId)?.delete(userId);
  }

  /** How many views are being kept current, in every game. */
  get size(): number {
    let n = 0;
    for (const game of this.#watching.values()) n += game.size;
    return n;
  }
}

/**
 * What a watcher sees: the public board as everyone sees it, in the watcher's language, mentioning nobody
 * and with no controls (nothing in it is theirs to do), under a line saying it follows the game.
 */
export function watchView(tables: Tables, game: GameRecord, language: string): Payload {
  const ctx = tables.context(game, language);
  const board = tables.adapterOf(game).messages.board(tables.view(game, null), ctx, { ping: false });
  return {
    content: `${t(language, 'watch.heading', { id: game.id })}\n${board.content}`.slice(0, 2000),
    components: [],
    files: board.files,
    mentionUsers: [],
  };
}
