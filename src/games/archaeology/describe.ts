import type { Seat } from '../kernel/types.ts';
import { CHAMBER_NAMES, mapsNeeded, treasureNames } from './engine.ts';
import type { ArchaeologyAction, ArchaeologyState } from './state.ts';
import { countsText, setValue, tradeValue } from './zones.ts';

const say = (c: Parameters<typeof countsText>[0]) => countsText(c, treasureNames);

/** A short label for a legal action (a button, a log line); `@N` stands for seat N's name. */
export function describeAction(s: ArchaeologyState, _seat: Seat, a: ArchaeologyAction): string {
  switch (a.type) {
    case 'trade': {
      const lost = tradeValue(s, a.give) - tradeValue(s, a.take);
      return `Trade ${say(a.give)} for ${say(a.take)}${lost > 0 ? ` (lose ${lost})` : ''}`;
    }
    case 'explore': {
      const n = mapsNeeded(a.chamber);
      return `Explore the ${CHAMBER_NAMES[a.chamber]} (${n} map${n > 1 ? 's' : ''})`;
    }
    case 'sell':
      return `Sell ${say({ [a.kind]: a.count })} for $${setValue(s, a.kind, a.count)}`;
    case 'end':
      // With the dig site empty, a turn that does nothing is a pass, which the end-game counts.
      return s.turn.dug || s.turn.acted ? 'End turn' : 'Pass';
    case 'steal':
      return `Rob @${a.from}`;
    case 'discard':
      return `Lose ${say(a.cards)}`;
  }
}
