/**
 * A game's seats as they were at a move, and as its results credit them, read from the store's history of
 * who held each seat (src/store/seat-history.ts): a seat handed over during play shows its earlier holder
 * for the moves they made.
 */
import type { LogLine } from '../games/kernel/log.ts';
import type { Message, MessageValues } from '../games/kernel/message.ts';
import { t } from '../i18n/messages.ts';
import type { GameRecord, SeatRecord } from '../store/records.ts';
import { changedHands, creditOf, holderAt } from '../store/seat-history.ts';

/** The game with its seats as held once `version` moves were made (its record otherwise unchanged). */
export function gameAtMove(game: GameRecord, version: number): GameRecord {
  return { ...game, seats: seatsAt(game, version) };
}

function seatsAt(game: GameRecord, version: number): SeatRecord[] {
  return game.seats.map((s) => {
    const h = holderAt(game, s.seat, version);
    return h ? { seat: s.seat, userId: h.userId, botKind: h.botKind, displayName: h.displayName } : s;
  });
}

/** Each seat as the results credit it: "Alice (until move 24), then Nefer" for a seat handed over. */
export function creditedNames(game: GameRecord, language: string): string[] {
  const say = {
    until: (name: string, move: string) => t(language, 'seat.until', { name, move }),
    followedBy: (earlier: string, name: string) => t(language, 'seat.then', { earlier, name }),
    unknown: t(language, 'seat.unknown'),
  };
  return game.seats.map((s) => creditOf(game, s.seat, say));
}

/**
 * What the first `move` moves said, each line naming the seats as they were held when it was said: a line
 * of Alice's turns still says Alice once a computer holds her seat. `said[k]` is what move k + 1 said.
 */
export function linesWithTheirNames(
  game: GameRecord,
  said: readonly (readonly LogLine[])[],
  move: number,
): LogLine[] {
  const now = seatsAt(game, move).map((s) => s.displayName);
  return said.slice(0, move).flatMap((lines, k) => namedAsAt(game, lines, k, now));
}

/**
 * The game's recent log (`GameRecord.log`) with each line naming the seats as they were held when it was
 * said (`logMoves`): the live board's and the Log button's lines, once a seat changed hands.
 */
export function recentWithTheirNames(game: GameRecord): readonly LogLine[] {
  const log = game.log ?? [];
  const moves = game.logMoves;
  if (!changedHands(game) || !moves || moves.length !== log.length) return log;
  const now = game.seats.map((s) => s.displayName);
  return log.flatMap((line, i) => namedAsAt(game, [line], Math.max(0, (moves[i] ?? 0) - 1), now));
}

/** `lines` said once `version` moves were made, seats whose holder's name changed since named as then. */
function namedAsAt(game: GameRecord, lines: readonly LogLine[], version: number, now: readonly string[]) {
  const renamed = new Map<string, string>();
  seatsAt(game, version).forEach((s, seat) => {
    // A name read as a card or a seat reference ('#…', '@…', '~…') is left to the seat it is now.
    if (s.displayName !== now[seat] && !/^[@#~]/.test(s.displayName)) renamed.set(`@${seat}`, s.displayName);
  });
  return renamed.size === 0 ? lines : lines.map((l) => ({ ...l, text: rename(l.text, renamed) }));
}

function rename(message: Message, names: ReadonlyMap<string, string>): Message {
  if (!message.values) return message;
  const values: Record<string, MessageValues[string]> = {};
  for (const [key, value] of Object.entries(message.values))
    values[key] =
      typeof value === 'object'
        ? rename(value, names)
        : typeof value === 'string'
          ? (names.get(value) ?? value)
          : value;
  return { ...message, values };
}
