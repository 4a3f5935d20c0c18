import { joined } from '../../kernel/message.ts';
import { ask, cardOptions, one, parseValue, seatOptions } from '../choices.ts';
import { discardFromAside } from '../effects.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import { log, opponentsInTurnOrder, player, popDeck, take } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/** The three cards are revealed to everyone, so they wait publicly in `aside` while the owner decides. */
export const statueOfSobek: CardProgram = {
  id: 'statue-of-sobek',
  ...needs(say('statue-of-sobek.needs')),
  canExecute: (s, seat) => player(s, seat).deck.length + player(s, seat).discard.length >= 3,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      const revealed = [popDeck(s, f.seat), popDeck(s, f.seat), popDeck(s, f.seat)] as number[];
      p.aside.push(...revealed);
      f.v.cards = revealed;
      const cards = joined(
        revealed.map((c) => say('option.card', { card: cardOf(s, c) })),
        'valley.rules.list.comma',
      );
      if (cards) log(s, say('statue-of-sobek.log-revealed', { seat: seatOf(f.seat), cards }));
      f.step = 1;
      return ask(
        f.seat,
        say('statue-of-sobek.ask-discard'),
        cardOptions(s, revealed),
        say('statue-of-sobek.public', { seat: seatOf(f.seat) }),
      );
    }
    const left = () => (f.v.cards as number[]).filter((c) => p.aside.includes(c));
    if (f.step === 1) {
      discardFromAside(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'statue-of-sobek');
      f.step = 2;
      return ask(
        f.seat,
        say('statue-of-sobek.ask-entomb'),
        cardOptions(s, left()),
        say('statue-of-sobek.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 2) {
      const card = parseValue(one(answers, f.seat), 'c');
      take(p.aside, card);
      p.tomb.push(card);
      log(s, say('statue-of-sobek.log-entombed', { seat: seatOf(f.seat), card: cardOf(s, card) }));
      const opponents = opponentsInTurnOrder(s, f.seat);
      const last = left()[0] as number;
      if (opponents.length > 1) {
        f.step = 3;
        return ask(
          f.seat,
          say('statue-of-sobek.ask-seat', { card: cardOf(s, last) }),
          seatOptions(opponents),
          say('statue-of-sobek.public', { seat: seatOf(f.seat) }),
        );
      }
      f.v.target = opponents[0] as number;
    } else f.v.target = parseValue(one(answers, f.seat), 'p');
    const last = left()[0] as number;
    const target = f.v.target as number;
    take(p.aside, last);
    player(s, target).discard.push(last);
    log(
      s,
      say('statue-of-sobek.log-put', { seat: seatOf(f.seat), card: cardOf(s, last), target: seatOf(target) }),
    );
    return undefined;
  },
};
