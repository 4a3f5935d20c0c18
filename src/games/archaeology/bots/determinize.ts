import { nextUint32, type RngState } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import { dealt } from '../../search/deal.ts';
import { CHAMBERS } from '../catalog.ts';
import { clone } from '../clone.ts';
import type { ArchaeologyState, Instance } from '../state.ts';

/**
 * A world `seat` cannot tell from the real one: a copy of `s` in which every card hidden from that seat
 * is dealt again from `rng`, for the search player (search-bot.ts).
 *
 * What stays: the marketplace, every sold set, the thieves and sandstorms drawn, what is out of the game,
 * the seat's own hand, the turn. What is dealt again, as one pool: the other players' hands, the
 * treasures still face down in the chambers and the dig site's cards; each place keeps its size, the
 * chambers get no maps (none were put there) and the thieves and sandstorms not yet drawn stay in the dig
 * site, at new places in it. The game's own generator is replaced (it decides future thefts).
 *
 * Meant for a position where nothing is pending (a thief's victim or a sandstorm's discards): the search
 * plays the seat's own turn. The deal depends only on what the seat may know: the pool is sorted before it
 * is shuffled, so real games the seat cannot tell apart give the same world for the same `rng`.
 */
export function determinize(s: ArchaeologyState, seat: Seat, rng: RngState): ArchaeologyState {
  const w = clone(s);
  const kind = (c: Instance) => s.cards[c];
  const treasures: Instance[] = [];
  const specials: Instance[] = [];
  for (const c of s.dig) (kind(c) === 'thief' || kind(c) === 'sandstorm' ? specials : treasures).push(c);
  for (const ch of CHAMBERS) treasures.push(...(s.chambers[ch] ?? []));
  s.hands.forEach((h, i) => {
    if (i !== seat) treasures.push(...h);
  });
  const pool = dealt(treasures, rng);
  // Chambers first, from the first cards that are not maps; then hands; the dig site takes the rest.
  for (const ch of CHAMBERS) {
    const size = s.chambers[ch]?.length;
    if (size === undefined) continue;
    const chosen: Instance[] = [];
    for (let i = 0; i < pool.length && chosen.length < size; )
      if (kind(pool[i] as Instance) === 'map') i++;
      else chosen.push(...pool.splice(i, 1));
    w.chambers[ch] = chosen;
  }
  w.hands = s.hands.map((h, i) => (i === seat ? h.slice() : pool.splice(0, h.length)));
  w.dig = dealt([...pool, ...specials], rng);
  w.rng = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng)];
  return w;
}
