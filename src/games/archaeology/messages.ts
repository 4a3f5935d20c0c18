import { cardRef, joined, type Message, type MessageValues, seatRef, termRef } from '../kernel/message.ts';
import { type Chamber, TREASURES, type Treasure } from './catalog.ts';
import type { Counts } from './state.ts';

/**
 * The rules' sentences as catalogue messages (keys `archaeology.rules.*` in assets/i18n): the log, what
 * the game waits for, the actions' labels and the outcome. The rules render none of them: the table
 * writes each message in its reader's language.
 *
 * A treasure's name is `treasureOf(id)` ('#id': the catalog's name, or the reader's language's); its
 * plural and the article of "a Coin" are catalogue messages of their own (`archaeology.rules.plural.*`,
 * `archaeology.rules.a.*`), so a language words them as its grammar needs ("una Moneda", "un Mapa").
 */
// Said at every move of every playout of the search: no spread of a temporary object.
export const say = (key: string, values?: MessageValues): Message =>
  values ? { key: `archaeology.rules.${key}`, values } : { key: `archaeology.rules.${key}` };

export const seatOf = seatRef;
/** A treasure's name: singular. */
export const treasureOf = (id: Treasure): string => cardRef(id);
/** A treasure's name: plural ("Coins"). */
export const treasuresOf = (id: Treasure): string => termRef(`archaeology.rules.plural.${id}`);
/** A chamber's name in a sentence ("small chamber"). */
export const chamberOf = (id: Chamber): string => termRef(`archaeology.rules.chamber.${id}`);
/** Money, written as a string so that no language groups its digits ("$1000", never "$1,000"). */
export const moneyText = (value: number): string => String(value);

/** "a Coin": one card of a treasure, with the article its name takes. */
export const oneOf = (id: Treasure): Message =>
  say('counts.one', { a: termRef(`archaeology.rules.a.${id}`), name: treasureOf(id) });

/** "2 Coins and a Talisman", "nothing": counts in catalog order. */
export function countsMessage(counts: Counts): Message {
  const items = TREASURES.filter((k) => (counts[k] ?? 0) > 0).map((k) => {
    const n = counts[k] as number;
    return n === 1 ? oneOf(k) : say('counts.many', { count: n, name: treasuresOf(k) });
  });
  const last = items.pop();
  if (!last) return say('counts.nothing');
  const first = joined(items, 'archaeology.rules.list.comma');
  return first ? say('list.and', { a: first, b: last }) : last;
}

/** Seats as a list, `key` joining each two ("alice, bob"). */
export function seatsMessage(seats: readonly number[], key: 'list.comma' | 'list.also'): Message {
  return (
    joined(
      seats.map((seat) => say('seat', { seat: seatOf(seat) })),
      `archaeology.rules.${key}`,
    ) ?? say('seat', { seat: '' })
  );
}

/** "alice and bob and carol" in English, "alice, bob y carol" in Spanish: `list.also` then `list.and`. */
export function seatsAndMessage(seats: readonly number[]): Message {
  const last = seats.at(-1) as number;
  if (seats.length === 1) return say('seat', { seat: seatOf(last) });
  return say('list.and', {
    a: seatsMessage(seats.slice(0, -1), 'list.also'),
    b: say('seat', { seat: seatOf(last) }),
  });
}
