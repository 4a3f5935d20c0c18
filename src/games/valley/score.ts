import { joined, type Message } from '../kernel/message.ts';
import type { Outcome, Seat } from '../kernel/types.ts';
import { say, seatOf } from './messages.ts';
import type { Instance, ValleyState } from './state.ts';
import { def } from './zones.ts';

export interface SetScore {
  set: string;
  distinct: number;
  cards: number;
  points: number;
}

export interface ScoreBreakdown {
  starters: number;
  uniques: number;
  sets: SetScore[];
  total: number;
  tombCards: number;
}

/** Starters and uniques score their VP; each set scores (different cards)², duplicates nothing. */
export function scoreTomb(s: ValleyState, tomb: readonly Instance[]): ScoreBreakdown {
  let starters = 0;
  let uniques = 0;
  const sets = new Map<string, { ids: Set<string>; cards: number }>();
  for (const c of tomb) {
    const d = def(s, c);
    if (d.kind === 'starter') starters += d.vp;
    else if (d.kind === 'unique') uniques += d.vp;
    else if (d.set) {
      const g = sets.get(d.set) ?? { ids: new Set<string>(), cards: 0 };
      g.ids.add(d.id);
      g.cards++;
      sets.set(d.set, g);
    }
  }
  const setScores = [...sets.entries()]
    .map(([set, g]) => ({ set, distinct: g.ids.size, cards: g.cards, points: g.ids.size ** 2 }))
    .sort((a, b) => b.points - a.points || a.set.localeCompare(b.set));
  const total = starters + uniques + setScores.reduce((sum, x) => sum + x.points, 0);
  return { starters, uniques, sets: setScores, total, tombCards: tomb.length };
}

export function scoreSeat(s: ValleyState, seat: Seat): ScoreBreakdown {
  return scoreTomb(s, s.players[seat]?.tomb ?? []);
}

/** scoreTomb's total: starters' and uniques' points plus (different cards)² per set, without the breakdown. */
export function tombTotal(s: ValleyState, tomb: readonly Instance[]): number {
  let points = 0;
  let sets: Map<string, Set<string>> | null = null;
  for (const c of tomb) {
    const d = def(s, c);
    if (d.kind !== 'set') points += d.vp;
    else if (d.set) {
      sets ??= new Map();
      const ids = sets.get(d.set);
      if (ids) ids.add(d.id);
      else sets.set(d.set, new Set([d.id]));
    }
  }
  if (sets) for (const ids of sets.values()) points += ids.size * ids.size;
  return points;
}

/**
 * `outcome`'s results without its summary, for the search, which reads only who won and by how much at
 * the end of every playout: the same seats, scores and ranks, with no breakdown, sorting or sentence.
 */
export function playoutOutcome(s: ValleyState): Outcome | null {
  if (!s.finished) return null;
  const n = s.players.length;
  const totals: number[] = new Array(n);
  const cards: number[] = new Array(n);
  for (let seat = 0; seat < n; seat++) {
    const tomb = s.players[seat]?.tomb ?? [];
    totals[seat] = tombTotal(s, tomb);
    cards[seat] = tomb.length;
  }
  const results = [];
  for (let seat = 0; seat < n; seat++) {
    const total = totals[seat] as number;
    let rank = 1;
    for (let other = 0; other < n; other++) {
      const t = totals[other] as number;
      if (t > total || (t === total && (cards[other] as number) < (cards[seat] as number))) rank++;
    }
    results.push({ seat, score: total, rank, tieBreakers: [total, -(cards[seat] as number)] });
  }
  return { results, summary: PLAYOUT_SUMMARY };
}

/** A playout's outcome is never shown to anyone. */
const PLAYOUT_SUMMARY = say('plain', { text: '' });

/** Most points wins; ties go to the fewest tomb cards; further ties share the place. */
export function outcome(s: ValleyState): Outcome | null {
  if (!s.finished) return null;
  const scores = s.players.map((_, seat) => ({ seat, b: scoreSeat(s, seat) }));
  const better = (x: (typeof scores)[number], y: (typeof scores)[number]) =>
    y.b.total - x.b.total || x.b.tombCards - y.b.tombCards;
  const sorted = [...scores].sort((x, y) => better(x, y) || x.seat - y.seat);
  const results = scores.map((x) => ({
    seat: x.seat,
    score: x.b.total,
    rank: 1 + scores.filter((y) => better(y, x) < 0).length,
    tieBreakers: [x.b.total, -x.b.tombCards],
  }));
  const best = sorted[0] as (typeof scores)[number];
  const tiedOnPoints = scores.filter((x) => x.b.total === best.b.total);
  const winners = results.filter((r) => r.rank === 1).map((r) => seatOf(r.seat));
  const points = best.b.total;
  const cards = best.b.tombCards;
  let summary: Message;
  if (tiedOnPoints.length === 1) summary = say('summary.wins', { seat: winners[0] as string, points });
  else if (winners.length === 1)
    summary = say('summary.tie-broken', { seat: winners[0] as string, points, cards });
  else {
    const seats = joined(
      winners.map((seat) => say('option.seat', { seat })),
      'valley.rules.list.and',
    ) as Message;
    summary = say('summary.shared', { seats, points, cards });
  }
  return { results, summary };
}

/**
 * The places if the game ended now (a tournament round's deadline): only the tomb counts, as at the end
 * ("the cards in your hand, deck, and discard pile are worthless"), ties on points go to the fewest tomb
 * cards, further ties share the place. Cards bought but not yet entombed count nothing.
 */
export function outcomeAsItStands(s: ValleyState): Outcome {
  // `outcome` reads only the tombs once the game is marked over; the copy is shallow and never written.
  return outcome(s.finished ? s : { ...s, finished: true }) as Outcome;
}
