import type { Message } from '../kernel/message.ts';
import type { Outcome, SeatResult } from '../kernel/types.ts';
import { moneyText, say, seatOf, seatsAndMessage } from './messages.ts';
import type { ArchaeologyState } from './state.ts';
import { cardsSold, moneyOf } from './zones.ts';

/**
 * "The player with the highest total wins. In the case of a tie, the tied players count the total
 * number of cards that they sold to the museum. Whoever has the lowest total is the winner."
 */
export function outcome(s: ArchaeologyState): Outcome | null {
  if (!s.finished) return null;
  const rows = s.hands.map((_, seat) => ({ seat, money: moneyOf(s, seat), cards: cardsSold(s, seat) }));
  const better = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.money > b.money || (a.money === b.money && a.cards < b.cards);
  const results: SeatResult[] = rows.map((r) => ({
    seat: r.seat,
    score: r.money,
    rank: 1 + rows.filter((o) => better(o, r)).length,
    tieBreakers: [r.cards],
  }));
  const winners = rows.filter((r) => !rows.some((o) => better(o, r)));
  const top = Math.max(...rows.map((r) => r.money));
  const tiedOnMoney = rows.filter((r) => r.money === top);
  const money = moneyText(top);
  const first = winners[0] as (typeof rows)[number];
  let summary: Message;
  if (tiedOnMoney.length === 1) summary = say('summary.wins', { seat: seatOf(first.seat), money });
  else if (winners.length === 1)
    summary = say('summary.tie-broken', { seat: seatOf(first.seat), money, cards: first.cards });
  else
    summary = say('summary.shared', {
      seats: seatsAndMessage(winners.map((w) => w.seat)),
      money,
      cards: first.cards,
    });
  return { results, summary };
}

/**
 * The places if the game ended now (a tournament round's deadline): the money of the sets sold to the
 * museum so far, as the rules count at the end; ties go to the fewest cards sold, further ties share the
 * place. Treasures still in hand count nothing: at the end every hand is empty, and what a hand is worth
 * depends on the sets it would be sold in, which nobody chose.
 */
export function outcomeAsItStands(s: ArchaeologyState): Outcome {
  return outcome(s.finished ? s : { ...s, finished: true }) as Outcome;
}
