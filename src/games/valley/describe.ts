import type { Seat } from '../kernel/types.ts';
import { SLOT_NAMES } from './pyramid.ts';
import type { ValleyAction, ValleyState } from './state.ts';
import { def, doubledCard, nameOf, paymentGold } from './zones.ts';

/** Button-sized text for a legal action, from the point of view of the seat taking it. */
export function describeAction(s: ValleyState, seat: Seat, a: ValleyAction): string {
  switch (a.type) {
    case 'buy': {
      const card = s.pyramid[a.slot] as number;
      const gold = paymentGold(s, seat, a.pay);
      const doubled = doubledCard(s, seat, a.pay);
      const ring = doubled === null ? '' : `, Ring doubles ${nameOf(s, doubled)}`;
      return `Buy ${nameOf(s, card)} (cost ${def(s, card).cost}, ${SLOT_NAMES[a.slot]}) with ${a.pay.map((c) => nameOf(s, c)).join(' + ')} (${gold} gold${ring})`;
    }
    case 'play':
      return `Play ${nameOf(s, a.card)} for its action`;
    case 'entomb':
      return `Entomb ${nameOf(s, a.card)}`;
    case 'end-turn':
      if (a.top === null) return 'End turn';
      if (a.beneath?.length)
        return `End turn, leaving ${[a.top, ...a.beneath].map((c) => nameOf(s, c)).join(', then ')} on top of your discard pile`;
      return `End turn, leaving ${nameOf(s, a.top)} on top of your discard pile`;
    case 'answer': {
      const ask = s.stack.at(-1)?.q?.asks.find((x) => x.seat === seat);
      return ask?.options.find((o) => o.value === a.value)?.label ?? a.value;
    }
  }
}

/** Replaces `@N` seat references in engine text with names. */
export function withNames(text: string, names: readonly string[]): string {
  return text.replace(/@(\d+)/g, (m, n: string) => names[Number(n)] ?? m);
}
