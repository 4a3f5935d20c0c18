import { joined, type Message } from '../kernel/message.ts';
import type { Seat } from '../kernel/types.ts';
import { cardOf, say, slotOf } from './messages.ts';
import type { Instance, ValleyAction, ValleyState } from './state.ts';
import { def, doubledCard, paymentGold } from './zones.ts';

/**
 * Button-sized text for a legal action, from the point of view of the seat taking it (an answer's label
 * is the option's own).
 */
export function describeAction(s: ValleyState, seat: Seat, a: ValleyAction): Message {
  const cards = (list: readonly Instance[], key: string) =>
    joined(
      list.map((c) => say('option.card', { card: cardOf(s, c) })),
      key,
    ) as Message;
  switch (a.type) {
    case 'buy': {
      const card = s.pyramid[a.slot] as number;
      const doubled = doubledCard(s, seat, a.pay);
      return say('action.buy', {
        card: cardOf(s, card),
        cost: def(s, card).cost,
        slot: slotOf(a.slot),
        paid: cards(a.pay, 'valley.rules.list.plus'),
        gold: paymentGold(s, seat, a.pay),
        ring: doubled === null ? '' : say('action.ring', { card: cardOf(s, doubled) }),
      });
    }
    case 'play':
      return say('action.play', { card: cardOf(s, a.card) });
    case 'entomb':
      return say('action.entomb', { card: cardOf(s, a.card) });
    case 'end-turn':
      if (a.top === null) return say('action.end');
      return say('action.end-leaving', {
        cards: cards([a.top, ...(a.beneath ?? [])], 'valley.rules.list.then'),
      });
    case 'answer': {
      const ask = s.stack.at(-1)?.q?.asks.find((x) => x.seat === seat);
      const o = ask?.options.find((x) => x.value === a.value);
      return o?.label ?? say('plain', { text: a.value });
    }
  }
}
