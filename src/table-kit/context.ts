import { type LogLine, readableBy } from '../games/kernel/log.ts';
import type { Seat } from '../games/kernel/types.ts';
import { t } from '../i18n/messages.ts';

/** What message builders need to know about a game besides its view. */
export interface GameContext {
  gameId: number;
  version: number;
  /** Display names in seat order. */
  names: string[];
  /** Discord user id per seat; null for a computer player. */
  users: (string | null)[];
  /** A computer seat's level as the board shows it beside its name ("Hard"); null for people. Absent: none. */
  levels?: (string | null)[];
  /**
   * The language to write in (a catalogue of assets/i18n): the game's own for public messages, the
   * reader's for private ones.
   */
  language: string;
  /**
   * The game's newest log lines, every seat's (the store's `GameRecord.log`): shown only through
   * `recentLines`, which keeps to what the reader may read. Absent: none (a context written by hand).
   */
  log?: readonly LogLine[];
  /**
   * The table offers hints (a casual game whose host allows them): a hand owing a decision shows the
   * Hint button (hint-button.ts). Absent: no.
   */
  hints?: boolean;
}

/** The newest `count` lines of the log that `viewer` may read (null: the public board), oldest first. */
export function recentLines(ctx: GameContext, viewer: Seat | null, count: number): LogLine[] {
  return readableBy(ctx.log ?? [], viewer).slice(-count);
}

/**
 * A picture to attach, with the text equivalent screen readers read: all of it, however long; the message
 * puts what fits in the picture's description (1024 characters) and the rest under the picture.
 */
export interface Picture {
  png: Buffer;
  alt: string;
}

export const seatName = (ctx: GameContext, seat: Seat): string =>
  ctx.names[seat] ?? t(ctx.language, 'table.seat-fallback', { seat: seat + 1 });

/** The name with a computer's level beside it ("Nefer (Hard)"), as the board's players line shows seats. */
export function seatLabel(ctx: GameContext, seat: Seat): string {
  const level = ctx.levels?.[seat];
  const name = seatName(ctx, seat);
  return level ? t(ctx.language, 'table.computer-level', { name, level }) : name;
}

/** A mention for humans, the plain name for computer players. */
export function seatMention(ctx: GameContext, seat: Seat): string {
  const user = ctx.users[seat];
  return user ? `<@${user}>` : `**${seatName(ctx, seat)}**`;
}
