import type { Seat } from '../../games/kernel/types.ts';
import type { ValleyView } from '../../games/valley/view.ts';

/** What message builders need to know about a game besides its view. */
export interface GameContext {
  gameId: number;
  version: number;
  /** Display names in seat order. */
  names: string[];
  /** Discord user id per seat; null for a computer player. */
  users: (string | null)[];
}

/** Pictures of views. Implemented with @napi-rs/canvas in src/render; alt text comes with each. */
export interface Pictures {
  table(view: ValleyView, names: string[]): Picture;
  hand(view: ValleyView, names: string[]): Picture;
  /** One picture per seat's tomb. */
  tombs(view: ValleyView, names: string[]): Picture[];
  results(view: ValleyView, names: string[]): Picture;
  card(cardId: string): Picture;
}

export interface Picture {
  png: Buffer;
  /** A text equivalent of the picture for screen readers (attachment description, ≤ 1024 chars). */
  alt: string;
}

export const seatName = (ctx: GameContext, seat: Seat): string => ctx.names[seat] ?? `Seat ${seat + 1}`;

/** A mention for humans, the plain name for computer players. */
export function seatMention(ctx: GameContext, seat: Seat): string {
  const user = ctx.users[seat];
  return user ? `<@${user}>` : `**${seatName(ctx, seat)}**`;
}
