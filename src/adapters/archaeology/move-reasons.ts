/**
 * Why a move is worth making, in short sentences a person can check (`GameAdapter.moveReasons`): money a
 * sale brings, trading value a trade loses, maps spent, what a hand risks from thieves and sandstorms
 * still in the dig site. Read from the seat's own view only (`archaeology.view`), so a reason never rests
 * on a card the seat cannot see; each kind is a fact first (tested against the game after the move,
 * test/adapters/archaeology/move-reasons.test.ts), then a sentence.
 */
import { type Chamber, TREASURES, type Treasure } from '../../games/archaeology/catalog.ts';
import { archaeology } from '../../games/archaeology/index.ts';
import type { ArchaeologyAction, ArchaeologyState, Counts } from '../../games/archaeology/state.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import { t } from '../../i18n/messages.ts';
import { chamberTitle, treasureNameOf } from './summary.ts';

export type ArchaeologyReason =
  /** Selling `count` `treasure` brings `value`: money from `before` to `before + value`. */
  | { kind: 'sale'; treasure: Treasure; count: number; value: number; before: number }
  /** A larger set of the same treasure would pay `value` for `count` (the hand holds them). */
  | { kind: 'bigger-set'; treasure: Treasure; count: number; value: number }
  /** The trade gives `gives` trading value for `takes`: the difference is lost. */
  | { kind: 'trade-loss'; gives: number; takes: number }
  /** After the trade the hand holds `count` `treasure`, a set the museum pays `value` for now. */
  | { kind: 'trade-set'; treasure: Treasure; count: number; value: number }
  /** Exploring spends `maps` maps for the chamber's `cards` treasures. */
  | { kind: 'explore'; chamber: Chamber; maps: number; cards: number }
  /** Ending the turn with `cards` in hand while `sandstorms` sandstorms and `thieves` thieves are still to be dug. */
  | { kind: 'hand-at-risk'; cards: number; sandstorms: number; thieves: number }
  /** Ending the turn without the best sale the hand holds now. */
  | { kind: 'unsold'; treasure: Treasure; count: number; value: number }
  /** Robbing a player who holds `cards` cards. */
  | { kind: 'rob'; cards: number };

const heldAfter = (hand: Counts, give: Counts, take: Counts, k: Treasure) =>
  (hand[k] ?? 0) - (give[k] ?? 0) + (take[k] ?? 0);

/** The facts behind a move of `view.viewer`, from that view alone. */
export function archaeologyReasonFacts(v: ArchaeologyView, action: ArchaeologyAction): ArchaeologyReason[] {
  const seat = v.viewer;
  const me = v.me;
  if (seat === null || !me) return [];
  const price = (k: Treasure, n: number) => v.numbers[k].prices[n - 1] ?? 0;
  const largest = (k: Treasure) => v.numbers[k].prices.length;
  const money = v.seats[seat]?.money ?? 0;
  const out: ArchaeologyReason[] = [];
  switch (action.type) {
    case 'sell': {
      const value = price(action.kind, action.count);
      out.push({ kind: 'sale', treasure: action.kind, count: action.count, value, before: money });
      const more = Math.min(me.hand[action.kind] ?? 0, largest(action.kind));
      if (more > action.count && price(action.kind, more) > value)
        out.push({ kind: 'bigger-set', treasure: action.kind, count: more, value: price(action.kind, more) });
      return out;
    }
    case 'trade': {
      const worth = (c: Counts) => TREASURES.reduce((sum, k) => sum + (c[k] ?? 0) * v.numbers[k].trade, 0);
      const gives = worth(action.give);
      const takes = worth(action.take);
      if (gives > takes) out.push({ kind: 'trade-loss', gives, takes });
      for (const k of TREASURES) {
        if ((action.take[k] ?? 0) === 0) continue;
        const count = heldAfter(me.hand, action.give, action.take, k);
        const set = Math.min(count, largest(k));
        out.push({ kind: 'trade-set', treasure: k, count, value: price(k, set) });
      }
      return out;
    }
    case 'explore': {
      const chamber = v.chambers.find((c) => c.id === action.chamber);
      if (!chamber) return [];
      out.push({ kind: 'explore', chamber: chamber.id, maps: chamber.maps, cards: chamber.cards });
      return out;
    }
    case 'end': {
      const cards = TREASURES.reduce((sum, k) => sum + (me.hand[k] ?? 0), 0);
      const sandstorms = v.sandstorms.total - v.sandstorms.drawn;
      const thieves = v.thieves.total - v.thieves.drawn;
      if (cards > 0 && (sandstorms > 0 || thieves > 0))
        out.push({ kind: 'hand-at-risk', cards, sandstorms, thieves });
      const best = [...me.sales].sort((a, b) => b.value - a.value)[0];
      if (best && best.value > 0)
        out.push({ kind: 'unsold', treasure: best.kind, count: best.count, value: best.value });
      return out;
    }
    case 'steal': {
      const cards = v.seats[action.from]?.handSize;
      if (cards !== undefined) out.push({ kind: 'rob', cards });
      return out;
    }
    default:
      return [];
  }
}

export function archaeologyReasonText(r: ArchaeologyReason, language: string): string {
  const name = (k: Treasure, n: number) => treasureNameOf(k, n, language);
  switch (r.kind) {
    case 'sale':
      return t(language, 'archaeology.reason.sale', {
        count: r.count,
        name: name(r.treasure, r.count),
        value: r.value,
        before: r.before,
        after: r.before + r.value,
      });
    case 'bigger-set':
      return t(language, 'archaeology.reason.bigger-set', {
        count: r.count,
        name: name(r.treasure, r.count),
        value: r.value,
      });
    case 'trade-loss':
      return t(language, 'archaeology.reason.trade-loss', {
        gives: r.gives,
        takes: r.takes,
        lost: r.gives - r.takes,
      });
    case 'trade-set':
      return t(language, 'archaeology.reason.trade-set', {
        count: r.count,
        name: name(r.treasure, r.count),
        value: r.value,
      });
    case 'explore':
      return t(language, 'archaeology.reason.explore', {
        maps: r.maps,
        chamber: chamberTitle(r.chamber, language),
        cards: r.cards,
      });
    case 'hand-at-risk':
      return t(language, 'archaeology.reason.hand-at-risk', {
        cards: r.cards,
        sandstorms: r.sandstorms,
        thieves: r.thieves,
      });
    case 'unsold':
      return t(language, 'archaeology.reason.unsold', {
        count: r.count,
        name: name(r.treasure, r.count),
        value: r.value,
      });
    case 'rob':
      return t(language, 'archaeology.reason.rob', { cards: r.cards });
  }
}

/** `GameAdapter.moveReasons` for Archaeology: the state is read only through the seat's view. */
export function archaeologyMoveReasons(
  state: unknown,
  seat: number,
  action: unknown,
  language: string,
): readonly string[] {
  const v = archaeology.view(state as ArchaeologyState, seat);
  return archaeologyReasonFacts(v, action as ArchaeologyAction).map((r) =>
    archaeologyReasonText(r, language),
  );
}
