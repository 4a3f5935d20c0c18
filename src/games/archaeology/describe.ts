import type { Message } from '../kernel/message.ts';
import type { Seat } from '../kernel/types.ts';
import { mapsNeeded } from './engine.ts';
import { chamberOf, countsMessage, moneyText, say, seatOf } from './messages.ts';
import type { ArchaeologyAction, ArchaeologyState } from './state.ts';
import { setValue, tradeValue } from './zones.ts';

/** A short label for a legal action (a button, a log line), as a catalogue message. */
export function describeAction(s: ArchaeologyState, _seat: Seat, a: ArchaeologyAction): Message {
  switch (a.type) {
    case 'trade': {
      const lost = tradeValue(s, a.give) - tradeValue(s, a.take);
      return say('action.trade', {
        give: countsMessage(a.give),
        take: countsMessage(a.take),
        lost: Math.max(0, lost),
      });
    }
    case 'explore':
      return say('action.explore', { chamber: chamberOf(a.chamber), maps: mapsNeeded(a.chamber) });
    case 'sell':
      return say('action.sell', {
        cards: countsMessage({ [a.kind]: a.count }),
        money: moneyText(setValue(s, a.kind, a.count)),
      });
    case 'end':
      // With the dig site empty, a turn that does nothing is a pass, which the end-game counts.
      return say(s.turn.dug || s.turn.acted ? 'action.end' : 'action.pass');
    case 'steal':
      return say('action.rob', { seat: seatOf(a.from) });
    case 'discard':
      return say('action.lose', { cards: countsMessage(a.cards) });
  }
}
