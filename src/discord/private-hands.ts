import type { RepliableInteraction } from 'discord.js';
import type { Seat } from '../games/kernel/types.ts';

/**
 * The latest private hand each seat was shown, with the interaction that drew it. An ephemeral message
 * can only be edited through its interaction's token, which Discord honours for 15 minutes; so a hand
 * can be redrawn without a click while the token lasts (a margin is kept for a slow edit), and the
 * caller falls back to a public mention after that. Kept in memory only: after a restart the fallback
 * applies, and nothing is lost but the convenience.
 *
 * Which message is the seat's newest hand is remembered past its token, for as long as the game runs:
 * a click on any other (older) hand of the seat is a click on a retired hand (see hand-retirement.ts).
 * A new hand is known as the newest from before it is sent, by the interaction that opens it (which
 * Discord names on the message): a click on it the instant it shows, before the bot heard that it was
 * sent, is a click on the newest hand.
 */
export interface LiveHand {
  readonly interaction: RepliableInteraction;
  /** The ephemeral message the hand is drawn on. */
  readonly messageId: string;
  /** The game version the hand was drawn from. */
  readonly version: number;
  /** Whether it offered the seat anything to do (so its buttons go stale when the game moves on). */
  readonly controls: boolean;
  readonly at: number;
}

interface Entry extends LiveHand {
  /** False once an edit through the token failed: the message is still the newest hand, just not editable. */
  readonly usable: boolean;
}

export const HAND_TOKEN_LIFETIME_MS = 15 * 60_000;
const MARGIN_MS = 60_000;
/** How long the newest hand of a seat is known once its token lapsed, in a long-running bot with many games. */
const NEWEST_KEPT_MS = 24 * 60 * 60_000;

/** A clicked message as far as hands go: its id, and the interaction that created it when Discord says. */
export interface HandMessage {
  readonly id: string;
  readonly interactionMetadata?: { readonly id: string } | null;
}

export class PrivateHands {
  readonly #hands = new Map<string, Entry>();
  /** Per seat, the interactions opening a new hand whose message the bot has not heard of yet. */
  readonly #opening = new Map<string, Set<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The seat's hand is now `hand`. Returns the hand it replaces when that is another message whose
   * token may still be used, for the caller to retire (at most one hand per seat looks alive).
   */
  remember(gameId: number, seat: Seat, hand: Omit<LiveHand, 'at'>): LiveHand | undefined {
    const now = this.now();
    // Sweeping now and then keeps a long-running bot's memory flat; a forgotten hand is merely not retired.
    if (this.#hands.size >= 1_000)
      for (const [key, h] of this.#hands) if (now - h.at > NEWEST_KEPT_MS) this.#hands.delete(key);
    const before = this.live(gameId, seat);
    this.#hands.set(`${gameId}:${seat}`, { ...hand, at: now, usable: true });
    return before && before.messageId !== hand.messageId ? before : undefined;
  }

  /** The seat's hand while its token may still be used. */
  live(gameId: number, seat: Seat): LiveHand | undefined {
    const hand = this.#hands.get(`${gameId}:${seat}`);
    if (!hand?.usable || this.now() - hand.at > HAND_TOKEN_LIFETIME_MS - MARGIN_MS) return undefined;
    return hand;
  }

  /** Every hand of the game whose token may still be used. */
  liveHands(gameId: number): { seat: Seat; hand: LiveHand }[] {
    const out: { seat: Seat; hand: LiveHand }[] = [];
    for (const key of this.#hands.keys()) {
      const [game, seat] = key.split(':').map(Number) as [number, Seat];
      const hand = game === gameId ? this.live(game, seat) : undefined;
      if (hand) out.push({ seat, hand });
    }
    return out;
  }

  /**
   * Interaction `origin` is opening a new hand for the seat: until `opened`, a message it created is the
   * seat's newest hand. Call before the hand is sent, and `opened` however the sending ends.
   */
  opening(gameId: number, seat: Seat, origin: string): void {
    const key = `${gameId}:${seat}`;
    const set = this.#opening.get(key) ?? new Set<string>();
    set.add(origin);
    this.#opening.set(key, set);
  }

  /** The hand opened by `origin` is sent (and remembered), or could not be. */
  opened(gameId: number, seat: Seat, origin: string): void {
    const key = `${gameId}:${seat}`;
    const set = this.#opening.get(key);
    set?.delete(origin);
    if (set?.size === 0) this.#opening.delete(key);
  }

  /** Whether `message` is an older hand of the seat: a newer one is known, and it is not one being opened. */
  isRetired(gameId: number, seat: Seat, message: HandMessage): boolean {
    const key = `${gameId}:${seat}`;
    const hand = this.#hands.get(key);
    if (hand === undefined || hand.messageId === message.id) return false;
    const origin = message.interactionMetadata?.id;
    return origin === undefined || !this.#opening.get(key)?.has(origin);
  }

  /**
   * `hand` was redrawn at `version`, through the same token (whose age is unchanged). False when the seat
   * has another hand meanwhile (opened while the redraw was on its way): that one stays the newest, and
   * the caller retires this one. A click on the same hand meanwhile drew it anew: that drawing stands.
   */
  redrawn(gameId: number, seat: Seat, hand: LiveHand, version: number, controls: boolean): boolean {
    const key = `${gameId}:${seat}`;
    const current = this.#hands.get(key);
    if (!current) return true;
    if (current.messageId !== hand.messageId) return false;
    if (current.interaction === hand.interaction) this.#hands.set(key, { ...current, version, controls });
    return true;
  }

  /** The seat's hand could not be edited (its token lapsed early): it stays the newest, not redrawn. */
  lapsed(gameId: number, seat: Seat): void {
    const key = `${gameId}:${seat}`;
    const hand = this.#hands.get(key);
    if (hand) this.#hands.set(key, { ...hand, usable: false });
  }

  forget(gameId: number, seat?: Seat): void {
    if (seat !== undefined) {
      this.#hands.delete(`${gameId}:${seat}`);
      return;
    }
    for (const key of this.#hands.keys()) if (key.startsWith(`${gameId}:`)) this.#hands.delete(key);
  }

  /** Hands being opened now (none once every sending ended: the map does not grow). */
  get openingNow(): number {
    let n = 0;
    for (const set of this.#opening.values()) n += set.size;
    return n;
  }

  get size(): number {
    return this.#hands.size;
  }
}
