/**
 * Why a move is worth making, in short sentences a person can check (`GameAdapter.moveReasons`): what it
 * changes in points, gold and the pyramid. Read from the seat's own view only (`valley.view`), so a
 * reason never rests on a card the seat cannot see; each kind is a fact first (tested against the game
 * after the move, test/adapters/valley/move-reasons.test.ts), then a sentence.
 */
import { valley } from '../../games/valley/index.ts';
import type { CardDef, CardId, ValleyAction, ValleyState } from '../../games/valley/state.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import { t } from '../../i18n/messages.ts';
import { cardName, setName } from './card-names.ts';

export type ValleyReason =
  /** Entombing `card` takes the seat's tomb from `before` to `after` points. */
  | { kind: 'tomb-points'; card: CardId; before: number; after: number }
  /** …and its set from `distinct` different cards to one more. */
  | { kind: 'set-grows'; card: CardId; set: string; distinct: number }
  /** Buying `card` (cost `cost`) with `paid` gold: `paid − cost` is lost. */
  | { kind: 'gold-wasted'; card: CardId; cost: number; paid: number }
  /** After paying, the hand still holds `gold`. */
  | { kind: 'gold-left'; gold: number }
  /** `card` would add `gain` points to `opponents` other tombs (their set lacks it): buying it denies them. */
  | { kind: 'denies'; card: CardId; set: string; opponents: number; gain: number }
  /** `card` would add `gain` points to the seat's own tomb once entombed. */
  | { kind: 'fits-tomb'; card: CardId; gain: number }
  /** Ring's doubling is spent on a card not paid for gold. */
  | { kind: 'ring-lost'; card: CardId }
  /** Ending the turn with `gold` in hand unspent. */
  | { kind: 'gold-unspent'; gold: number }
  /** Ending the turn without entombing, though a card could be: the hand goes to the discard pile. */
  | { kind: 'no-entomb'; cards: number }
  /** The pyramid did not change this turn: ending it asks for a sacrifice. */
  | { kind: 'sacrifice' };

interface TombCard {
  readonly card: CardId;
}

/** Points of a tomb as the rules count them (score.ts): VP of starters and uniques, a set's different cards squared. */
export function tombPoints(defs: Record<CardId, CardDef>, tomb: readonly TombCard[]): number {
  let points = 0;
  const sets = new Map<string, Set<string>>();
  for (const { card } of tomb) {
    const d = defs[card];
    if (!d) continue;
    if (d.kind !== 'set') points += d.vp;
    else if (d.set) {
      const ids = sets.get(d.set) ?? new Set<string>();
      ids.add(d.id);
      sets.set(d.set, ids);
    }
  }
  for (const ids of sets.values()) points += ids.size ** 2;
  return points;
}

const withCard = (tomb: readonly TombCard[], card: CardId) => [...tomb, { card }];

/** The facts behind a move of `view.viewer`, from that view alone. */
export function valleyReasonFacts(v: ValleyView, action: ValleyAction): ValleyReason[] {
  const seat = v.viewer;
  if (seat === null || !v.me || v.questionId !== null) return [];
  const mine = v.players[seat]?.tomb ?? [];
  const hand = v.me.hand;
  const ring = v.turn.ring === true && v.turn.seat === seat;
  const out: ValleyReason[] = [];
  switch (action.type) {
    case 'entomb': {
      const card = hand.find((h) => h.instance === action.card)?.card;
      if (!card) return [];
      const before = tombPoints(v.defs, mine);
      out.push({ kind: 'tomb-points', card, before, after: tombPoints(v.defs, withCard(mine, card)) });
      const d = v.defs[card];
      if (d?.kind === 'set' && d.set) {
        const ids = new Set(mine.filter((c) => v.defs[c.card]?.set === d.set).map((c) => c.card));
        if (!ids.has(card)) out.push({ kind: 'set-grows', card, set: d.set, distinct: ids.size });
      }
      if (ring) out.push({ kind: 'ring-lost', card });
      // Said where gold still matters this turn: a purchase is open to the hand now.
      const left = hand.filter((h) => h.instance !== action.card).reduce((sum, h) => sum + h.gold, 0);
      if (left > 0 && v.actions.some((a) => a.action.type === 'buy'))
        out.push({ kind: 'gold-left', gold: left });
      return out;
    }
    case 'play': {
      const card = hand.find((h) => h.instance === action.card)?.card;
      if (card && ring) out.push({ kind: 'ring-lost', card });
      return out;
    }
    case 'buy': {
      const card = v.pyramid[action.slot]?.card;
      const cost = card ? v.defs[card]?.cost : undefined;
      const paidCards = hand.filter((h) => action.pay.includes(h.instance));
      if (!card || cost === undefined || paidCards.length !== action.pay.length) return [];
      // Ring doubles the most valuable card laid out (zones.ts, doubledCard).
      const best = paidCards.reduce((m, h) => Math.max(m, h.gold), 0);
      const paid = paidCards.reduce((sum, h) => sum + h.gold, 0) + (ring && paidCards.length > 0 ? best : 0);
      if (paid > cost) out.push({ kind: 'gold-wasted', card, cost, paid });
      const left = hand.filter((h) => !action.pay.includes(h.instance)).reduce((sum, h) => sum + h.gold, 0);
      if (left > 0) out.push({ kind: 'gold-left', gold: left });
      const gainFor = (tomb: readonly TombCard[]) =>
        tombPoints(v.defs, withCard(tomb, card)) - tombPoints(v.defs, tomb);
      const d = v.defs[card];
      // Only a set card is "wanted": a unique or starter scores the same in any tomb.
      if (d?.kind === 'set' && d.set) {
        const wanting = v.players
          .filter((p) => p.seat !== seat)
          .filter((p) => p.tomb.some((c) => v.defs[c.card]?.set === d.set) && gainFor(p.tomb) > 1)
          .map((p) => gainFor(p.tomb));
        if (wanting.length > 0)
          out.push({
            kind: 'denies',
            card,
            set: d.set,
            opponents: wanting.length,
            gain: Math.max(...wanting),
          });
      }
      const own = gainFor(mine);
      if (own > 0) out.push({ kind: 'fits-tomb', card, gain: own });
      return out;
    }
    case 'end-turn': {
      const gold = hand.reduce((sum, h) => sum + h.gold, 0);
      if (gold > 0 && v.actions.some((a) => a.action.type === 'buy'))
        out.push({ kind: 'gold-unspent', gold });
      if (!v.turn.entombed && v.actions.some((a) => a.action.type === 'entomb'))
        out.push({ kind: 'no-entomb', cards: hand.length });
      if (v.prompt?.values?.unchanged === 'yes') out.push({ kind: 'sacrifice' });
      return out;
    }
    default:
      return [];
  }
}

export function valleyReasonText(r: ValleyReason, language: string): string {
  const card = (id: CardId) => cardName(id, language);
  switch (r.kind) {
    case 'tomb-points':
      return t(language, 'valley.reason.tomb-points', {
        card: card(r.card),
        before: r.before,
        after: r.after,
      });
    case 'set-grows':
      return t(language, 'valley.reason.set-grows', {
        set: setName(r.set, language),
        distinct: r.distinct,
        next: r.distinct + 1,
      });
    case 'gold-wasted':
      return t(language, 'valley.reason.gold-wasted', {
        card: card(r.card),
        cost: r.cost,
        paid: r.paid,
        lost: r.paid - r.cost,
      });
    case 'gold-left':
      return t(language, 'valley.reason.gold-left', { gold: r.gold });
    case 'denies':
      return t(language, 'valley.reason.denies', {
        card: card(r.card),
        set: setName(r.set, language),
        opponents: r.opponents,
        gain: r.gain,
      });
    case 'fits-tomb':
      return t(language, 'valley.reason.fits-tomb', { card: card(r.card), gain: r.gain });
    case 'ring-lost':
      return t(language, 'valley.reason.ring-lost', { ring: card('ring'), card: card(r.card) });
    case 'gold-unspent':
      return t(language, 'valley.reason.gold-unspent', { gold: r.gold });
    case 'no-entomb':
      return t(language, 'valley.reason.no-entomb', { cards: r.cards });
    case 'sacrifice':
      return t(language, 'valley.reason.sacrifice');
  }
}

/** `GameAdapter.moveReasons` for Valley: the state is read only through the seat's view. */
export function valleyMoveReasons(
  state: unknown,
  seat: number,
  action: unknown,
  language: string,
): readonly string[] {
  const v = valley.view(state as ValleyState, seat);
  return valleyReasonFacts(v, action as ValleyAction).map((r) => valleyReasonText(r, language));
}
