import { nextUint32, type RngState } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import { dealt } from '../../search/deal.ts';
import { clone } from '../clone.ts';
import type { Instance, ValleyState } from '../state.ts';
import { def } from '../zones.ts';

/**
 * A world `seat` cannot tell from the real one: a copy of `s` in which every card hidden from that seat
 * is dealt again from `rng`, for the search player to play out (search-bot.ts).
 *
 * What stays where it is: everything public (pyramid, tombs, cards in play and aside, the top of every
 * discard pile and of the boneyard, the turn's record), the seat's own hand and discard pile, and a hand
 * shown to it alone this turn (Senet Game). What is dealt again:
 * - the seat's own deck, in a new order: the seat knows its own cards (its view counts its Urns);
 * - every card an opponent holds unseen: each opponent's hand, deck and discard pile below its top, all
 *   opponents together, each place keeping its size. Which opponent holds which is not certain (one may
 *   slip a card into another's deck face down), so they are mixed as one;
 * - the stock, level II cards above level III as it was built, each level in a new order: which cards
 *   are still in it is public record (each card leaving it is shown);
 * - the boneyard below its top (every card went there face up): a new order.
 * The game's own generator is replaced too (it decides future shuffles, which nobody knows).
 *
 * Meant for a position where no question is open (the seat's main phase, where the search plays): an
 * open question's options and frames may name hidden cards, which a new deal would leave stale.
 *
 * The new deal depends only on what the seat may know: each group's cards are sorted before they are
 * shuffled, so two real states the seat cannot tell apart give the same world for the same `rng`. That
 * is what makes the search honest (its test deals hidden cards differently and expects the same move).
 */
export function determinize(s: ValleyState, seat: Seat, rng: RngState): ValleyState {
  const w = clone(s);
  const known = new Set((s.turn.shown ?? []).filter((h) => h.to === seat).map((h) => h.from));
  const hidden: Instance[] = [];
  w.players.forEach((p, i) => {
    if (i === seat) return;
    hidden.push(...p.deck);
    if (!known.has(i)) hidden.push(...p.hand);
    hidden.push(...p.discard.slice(0, -1));
  });
  const pool = dealt(hidden, rng);
  let at = 0;
  const take = (n: number) => {
    at += n;
    return pool.slice(at - n, at);
  };
  w.players.forEach((p, i) => {
    if (i === seat) {
      p.deck = dealt(p.deck, rng);
      return;
    }
    p.deck = take(p.deck.length);
    if (!known.has(i)) p.hand = take(p.hand.length);
    const top = p.discard.at(-1);
    if (top !== undefined) p.discard = [...take(p.discard.length - 1), top];
  });
  const levelIII = w.stock.filter((c) => def(w, c).level === 3);
  const levelII = w.stock.filter((c) => def(w, c).level !== 3);
  w.stock = [...dealt(levelIII, rng), ...dealt(levelII, rng)];
  const boneTop = w.boneyard.at(-1);
  if (boneTop !== undefined) w.boneyard = [...dealt(w.boneyard.slice(0, -1), rng), boneTop];
  // A hand shown to someone else is the hand the opponent now holds in this world.
  if (w.turn.shown)
    w.turn.shown = w.turn.shown.map((h) =>
      h.to === seat ? h : { ...h, cards: [...(w.players[h.from]?.hand ?? [])] },
    );
  w.rng = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng)];
  return w;
}
