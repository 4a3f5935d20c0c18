import { nextInt, type RngState, seedRng, shuffleInPlace } from '../kernel/rng.ts';
import type { Seat } from '../kernel/types.ts';
import { CHAMBERS } from './catalog.ts';
import type { ArchaeologyState, Instance } from './state.ts';
import { view } from './view.ts';

/** Every card of the game is in exactly one place. Returns a description of the first violation. */
export function conservationError(s: ArchaeologyState): string | null {
  const seen = new Uint8Array(s.cards.length);
  const count = (zone: readonly Instance[] | null) => {
    for (const c of zone ?? []) seen[c] = (seen[c] as number) + 1;
  };
  count(s.dig);
  count(s.market);
  for (const ch of CHAMBERS) count(s.chambers[ch]);
  for (const h of s.hands) count(h);
  for (const sets of s.sold) for (const set of sets) count(set.cards);
  count(s.thieves);
  count(s.sandstorms);
  count(s.out);
  if (s.pending?.type === 'sandstorm') for (const a of s.pending.aside) count(a);
  for (let i = 0; i < seen.length; i++)
    if (seen[i] !== 1) return `card ${i} (${s.cards[i]}) is in ${seen[i]} places`;
  for (const [seat, h] of s.hands.entries())
    for (const c of h)
      if (['thief', 'sandstorm', 'pyramid'].includes(s.cards[c] as string))
        return `seat ${seat} holds a ${s.cards[c]}`;
  for (const [seat, sets] of s.sold.entries())
    for (const set of sets) {
      if (set.cards.some((c) => s.cards[c] !== set.kind)) return `seat ${seat} sold a mixed set`;
      if (set.cards.length > s.numbers[set.kind].prices.length) return `seat ${seat} sold an oversized set`;
    }
  return null;
}

/**
 * The same game as `viewer` knows it, with everything hidden from them dealt anew: the dig site in
 * another order, and the treasures in other players' hands, the chambers, the dig site and others'
 * sandstorm choices swapped among those places (every place keeps its size). If a view of this state
 * differs from the real one, the view shows something the viewer cannot know.
 */
export function redealHidden(s: ArchaeologyState, viewer: Seat | null, seed: string): ArchaeologyState {
  const rng: RngState = seedRng(seed);
  const r: ArchaeologyState = structuredClone(s);
  shuffleInPlace(rng, r.dig);
  const slots: { zone: Instance[]; i: number }[] = [];
  const hidden = (zone: Instance[] | null | undefined) => {
    if (!zone) return;
    zone.forEach((c, i) => {
      if (r.cards[c] !== 'thief' && r.cards[c] !== 'sandstorm') slots.push({ zone, i });
    });
  };
  hidden(r.dig);
  for (const ch of CHAMBERS) hidden(r.chambers[ch]);
  r.hands.forEach((h, seat) => {
    if (seat !== viewer) hidden(h);
  });
  if (r.pending?.type === 'sandstorm')
    r.pending.aside.forEach((a, seat) => {
      if (seat !== viewer) hidden(a);
    });
  const cards = slots.map(({ zone, i }) => zone[i] as Instance);
  shuffleInPlace(rng, cards);
  slots.forEach(({ zone, i }, j) => {
    zone[i] = cards[j] as Instance;
  });
  // The generator's future is hidden too (a thief's random take): give it another state.
  r.rng = [nextInt(rng, 2 ** 32), nextInt(rng, 2 ** 32), nextInt(rng, 2 ** 32), nextInt(rng, 2 ** 32)];
  return r;
}

/** Null if `viewer`'s view is the same whatever the hidden cards are; otherwise what differs. */
export function leakError(s: ArchaeologyState, viewer: Seat | null, seed = 'redeal'): string | null {
  // The log is not part of the state: what each seat may read of it is `readableBy`'s filter, tested on its own.
  const shown = (x: ArchaeologyState) => JSON.stringify(view(x, viewer));
  const real = shown(s);
  const other = shown(redealHidden(s, viewer, seed));
  if (real === other) return null;
  let i = 0;
  while (i < real.length && real[i] === other[i]) i++;
  return `the view of ${viewer === null ? 'the public' : `seat ${viewer}`} depends on hidden cards near: ${real.slice(Math.max(0, i - 60), i + 40)}`;
}
