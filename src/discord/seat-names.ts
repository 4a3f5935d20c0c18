/**
 * A game's seats as they were at a move, and as its results credit them, read from the store's history of
 * who held each seat (src/store/seat-history.ts): a seat handed over during play shows its earlier holder
 * for the moves they made.
 */
import type { LogLine } from '../games/kernel/log.ts';
import type { Message, MessageValues } from '../games/kernel/message.ts';
import { t } from '../i18n/messages.ts';
import type { GameRecord, SeatRecord } from '../store/records.ts';
import { creditOf, holderAt } from '../store/seat-history.ts';

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
  return said.slice(0, move).flatMap((lines, k) => {
    const then = seatsAt(game, k).map((s) => s.displayName);
    const renamed = new Map<string, string>();
    then.forEach((name, seat) => {
      // A name read as a card or a seat reference ('#…', '@…', '~…') is left to the seat it is now.
      if (name !== now[seat] && !/^[@#~]/.test(name)) renamed.set(`@${seat}`, name);
    });
    return renamed.size === 0 ? lines : lines.map((l) => ({ ...l, text: rename(l.text, renamed) }));
  });
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
