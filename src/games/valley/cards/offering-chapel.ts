import type { Seat } from '../../kernel/types.ts';
import { askMany, cardValue } from '../choices.ts';
import type { Ask } from '../state.ts';
import { log, nameOf, player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

const PASS = 'pass';

/**
 * Every participant decides at once (the tops of discard piles are public, so nothing is revealed);
 * the answers are carried out in turn order from the player of the Chapel.
 */
export const offeringChapel: CardProgram = {
  id: 'offering-chapel',
  needs: 'a player must have a card in their discard pile',
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
            prompt: `Offering Chapel (@${f.seat}): you may entomb the top card of your discard pile, ${nameOf(s, top)}.`,
            options: [
              { value: cardValue(top), label: `Entomb ${nameOf(s, top)}`, card: s.cards[top] as string },
              { value: PASS, label: 'Pass' },
            ],
          };
        });
      return askMany(
        asks,
        'Each player may entomb the top card of their discard pile (Offering Chapel)',
        false,
      );
    }
    for (const seat of order) {
      const value = answers?.[String(seat)];
      if (value === undefined || value === PASS) continue;
      const p = player(s, seat);
      const card = p.discard.pop() as number;
      p.tomb.push(card);
      log(s, `@${seat} entombed ${nameOf(s, card)} from their discard pile (Offering Chapel)`);
    }
    return undefined;
  },
};
