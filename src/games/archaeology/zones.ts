import { refuse } from '../kernel/errors.ts';
import { writeLine } from '../kernel/log.ts';
import type { Message } from '../kernel/message.ts';
import type { Seat } from '../kernel/types.ts';
import { TREASURES, type Treasure } from './catalog.ts';
import type { ArchaeologyState, CardKind, Counts, Instance } from './state.ts';

/** A log line of the move being made (kernel/log.ts), as its message (see messages.ts); `to`: only these seats may read it. */
export function log(_s: ArchaeologyState, text: Message, to?: Seat[]): void {
  writeLine(to ? { text, to } : { text });
}

const KIND_INDEX: Readonly<Record<string, number>> = Object.fromEntries(TREASURES.map((k, i) => [k, i]));

/** How many cards of each treasure `cards` holds, listing only types present, in catalog order. */
export function countsOf(s: ArchaeologyState, cards: readonly Instance[]): Counts {
  // Counted by index and written in catalog order: this runs in every move of every playout.
  // Thieves and sandstorms are no treasure: never counted.
  const n = tally(s, cards, scratch);
  const counts: Counts = {};
  for (let i = 0; i < TREASURES.length; i++)
    if ((n[i] as number) > 0) counts[TREASURES[i] as Treasure] = n[i];
  return counts;
}
/** countsOf's tally, reused: it never leaves the function, which nothing interrupts. */
const scratch = new Int32Array(TREASURES.length);

/**
 * How many cards of each treasure `cards` holds, into `into` by catalog index (TREASURES): countsOf
 * without building an object, for the rules' checks that run in every move of every playout.
 */
export function tally(s: ArchaeologyState, cards: readonly Instance[], into: Int32Array): Int32Array {
  into.fill(0);
  const codes = kindCodes(s.cards);
  for (const c of cards) {
    const i = codes[c] as number;
    if (i >= 0) into[i] = (into[i] as number) + 1;
  }
  return into;
}

/** Codes of KIND_CODE by instance. */
const codesByCards = new WeakMap<readonly CardKind[], Int8Array>();

/**
 * Each instance's kind as a number: its catalog index (TREASURES) for a treasure, else THIEF, SANDSTORM or
 * PYRAMID. Worked out once per game's card list, which never changes and every copy of the state shares.
 */
export function kindCodes(cards: readonly CardKind[]): Int8Array {
  let codes = codesByCards.get(cards);
  if (!codes) {
    codes = Int8Array.from(cards, (k) => KIND_CODE[k]);
    codesByCards.set(cards, codes);
  }
  return codes;
}
export const THIEF = -1;
export const SANDSTORM = -2;
export const PYRAMID = -3;
const KIND_CODE: Readonly<Record<CardKind, number>> = {
  ...(KIND_INDEX as Record<Treasure, number>),
  thief: THIEF,
  sandstorm: SANDSTORM,
  pyramid: PYRAMID,
};

/** The same counts with keys in catalog order and no zeros, so equal counts serialise equally. */
export function normalise(counts: Counts): Counts {
  const out: Counts = {};
  for (const k of TREASURES) {
    const n = counts[k] ?? 0;
    if (n > 0) out[k] = n;
  }
  return out;
}

export function total(counts: Counts): number {
  let n = 0;
  for (const k of TREASURES) n += counts[k] ?? 0;
  return n;
}

export function tradeValue(s: ArchaeologyState, counts: Counts): number {
  let v = 0;
  for (const k of TREASURES) v += (counts[k] ?? 0) * s.numbers[k].trade;
  return v;
}

/** What a set of `count` cards of `kind` earns at the museum (0 beyond the largest set). */
export function setValue(s: ArchaeologyState, kind: Treasure, count: number): number {
  return s.numbers[kind].prices[count - 1] ?? 0;
}

export function maxSet(s: ArchaeologyState, kind: Treasure): number {
  return s.numbers[kind].prices.length;
}

/**
 * Removes `counts` from `zone` (the last-placed copies of each type first) and returns them, or
 * refuses with `why` if the zone does not hold them.
 */
export function removeCounts(
  s: ArchaeologyState,
  zone: Instance[],
  counts: Counts,
  why: (kind: Treasure, have: number, want: number) => Message,
): Instance[] {
  const have = tally(s, zone, held);
  for (let t = 0; t < TREASURES.length; t++) {
    const k = TREASURES[t] as Treasure;
    const want = counts[k] ?? 0;
    if (want > (have[t] as number)) {
      refuse('not-held', why(k, have[t] as number, want));
    }
  }
  const taken: Instance[] = [];
  for (const k of TREASURES) {
    let want = counts[k] ?? 0;
    for (let i = zone.length - 1; i >= 0 && want > 0; i--) {
      const card = zone[i] as Instance;
      if (s.cards[card] === k) {
        taken.push(card);
        zone.splice(i, 1);
        want--;
      }
    }
  }
  return taken;
}

/** removeCounts's tally, reused: `why` runs after it is read. */
const held = new Int32Array(TREASURES.length);

export function moneyOf(s: ArchaeologyState, seat: Seat): number {
  let money = 0;
  for (const set of s.sold[seat] ?? []) money += setValue(s, set.kind, set.cards.length);
  return money;
}

export function cardsSold(s: ArchaeologyState, seat: Seat): number {
  let n = 0;
  for (const set of s.sold[seat] ?? []) n += set.cards.length;
  return n;
}
