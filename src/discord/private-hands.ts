import type { RepliableInteraction } from 'discord.js';
import type { Seat } from '../games/kernel/types.ts';

/**
 * The latest private hand each seat was shown, with the interaction that drew it. An ephemeral message
 * can only be edited through its interaction's token, which Discord honours for 15 minutes; so a hand
 * can be redrawn without a click while the token lasts (a margin is kept for a slow edit), and the
 * caller falls back to a public mention after that. Kept in memory only: after a restart the fallback
 * applies, and nothing is lost but the convenience.
 */
export interface LiveHand {
  readonly interaction: RepliableInteraction;
  /** The game version the hand was drawn from. */
  readonly version: number;
  /** Whether it offered the seat anything to do (so its buttons go stale when the game moves on). */
  readonly controls: boolean;
  readonly at: number;
}

export const HAND_TOKEN_LIFETIME_MS = 15 * 60_000;
const MARGIN_MS = 60_000;

export class PrivateHands {
  readonly #hands = new Map<string, LiveHand>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(gameId: number, seat: Seat, hand: Omit<LiveHand, 'at'>): void {
    const now = this.now();
    // Expired tokens are useless; sweeping them now and then keeps a long-running bot's memory flat.
    if (this.#hands.size >= 1_000)
      for (const [key, h] of this.#hands) if (now - h.at > HAND_TOKEN_LIFETIME_MS) this.#hands.delete(key);
    this.#hands.set(`${gameId}:${seat}`, { ...hand, at: now });
  }

  /** The seat's hand while its token may still be used; an expired one is forgotten. */
  live(gameId: number, seat: Seat): LiveHand | undefined {
    const key = `${gameId}:${seat}`;
    const hand = this.#hands.get(key);
    if (hand && this.now() - hand.at > HAND_TOKEN_LIFETIME_MS - MARGIN_MS) {
      this.#hands.delete(key);
      return undefined;
    }
    return hand;
  }

  forget(gameId: number, seat?: Seat): void {
    if (seat !== undefined) {
      this.#hands.delete(`${gameId}:${seat}`);
      return;
    }
    for (const key of this.#hands.keys()) if (key.startsWith(`${gameId}:`)) this.#hands.delete(key);
  }

  get size(): number {
    return this.#hands.size;
  }
}
