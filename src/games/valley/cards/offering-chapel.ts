import type { Seat } from '../../kernel/types.ts';
import { askMany, cardValue, option } from '../choices.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import type { Ask } from '../state.ts';
import { log, player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

const PASS = 'pass';

/**
 * Every participant decides at once (the tops of discard piles are public, so nothing is revealed);
 * the answers are carried out in turn order from the player of the Chapel.
 */
export const offeringChapel: CardProgram = {
  id: 'offering-chapel',
  ...needs(say('offering-chapel.needs')),
  canExecute: (s) => s.players.some((p) => p.discard.length > 0),
  run(s, f, answers) {
    const n = s.players.length;
    const order: Seat[] = Array.from({ length: n }, (_, k) => (f.seat + k) % n);
    if (f.step === 0) {
      f.step = 1;
      const asks = order
        .filter((seat) => player(s, seat).discard.length > 0)
        .map((seat): Ask => {
          const top = player(s, seat).discard.at(-1) as number;
          return {
            seat,
            prompt: say('offering-chapel.ask', { seat: seatOf(f.seat), card: cardOf(s, top) }),
            options: [
              option(
                cardValue(top),
                say('offering-chapel.entomb', { card: cardOf(s, top) }),
                s.cards[top] as string,
              ),
              option(PASS, say('option.pass')),
            ],
          };
        });
      return askMany(asks, say('offering-chapel.public'), false);
    }
    for (const seat of order) {
      const value = answers?.[String(seat)];
      if (value === undefined || value === PASS) continue;
      const p = player(s, seat);
      const card = p.discard.pop() as number;
      p.tomb.push(card);
      log(s, say('offering-chapel.log', { seat: seatOf(seat), card: cardOf(s, card) }));
    }
    return undefined;
  },
};
