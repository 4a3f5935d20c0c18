import type { Message } from '../kernel/message.ts';
import type { LabelledAction, Outcome, Seat, TableView } from '../kernel/types.ts';
import { CHAMBERS, type Chamber, TREASURES, type Treasure } from './catalog.ts';
import { describeAction } from './describe.ts';
import { mapsNeeded } from './engine.ts';
import { legalActions } from './legal-actions.ts';
import { say, seatOf, seatsMessage } from './messages.ts';
import { outcome } from './score.ts';
import type { ArchaeologyAction, ArchaeologyState, CardKind, Counts, TreasureNumbers } from './state.ts';
import { cardsSold, countsOf, maxSet, moneyOf, setValue } from './zones.ts';

export interface SoldView {
  kind: Treasure;
  count: number;
  value: number;
}

export interface SeatView {
  seat: Seat;
  handSize: number;
  sold: SoldView[];
  money: number;
  cardsSold: number;
  /** Cards still owed to a sandstorm; null when none is blowing or this seat owes nothing. */
  owes: number | null;
}

export interface ChamberView {
  id: Chamber;
  maps: number;
  /** Treasures left in it (face down); 0 once explored. */
  cards: number;
  explored: boolean;
}

/** What a sale of each treasure the viewer holds would earn now: the largest set it may sell. */
export interface SaleView {
  kind: Treasure;
  count: number;
  value: number;
}

export interface MeView {
  seat: Seat;
  hand: Counts;
  /** Everyone passed since this player's pass: they must sell before ending the turn. */
  mustSell: boolean;
  /** A sandstorm asks this player for cards: how many more, and those already chosen (not yet public). */
  sandstorm: { owed: number; chosen: Counts } | null;
  /** A thief this player dug: the opponents it may rob. */
  steal: Seat[] | null;
  sales: SaleView[];
}

export interface ArchaeologyView extends TableView<ArchaeologyAction> {
  players: number;
  /** Trading values and museum prices as this game uses them. */
  numbers: Record<Treasure, TreasureNumbers>;
  digSite: number;
  thieves: { drawn: number; total: number };
  sandstorms: { drawn: number; total: number };
  market: Counts;
  chambers: ChamberView[];
  seats: SeatView[];
  /** The turn's player dug this turn (false once the dig site is empty: a pass is then possible). */
  dug: boolean;
  /** The seat whose pass began a run of passes still unbroken, and the run's length. */
  passes: { first: Seat; count: number } | null;
  me: MeView | null;
}

function waiting(s: ArchaeologyState): ArchaeologyView['waiting'] {
  const waitingFor = (seats: Seat[], text: Message) => ({ seats, text, window: false });
  if (s.finished) return waitingFor([], say('waiting.over'));
  const p = s.pending;
  if (p?.type === 'thief') return waitingFor([p.seat], say('waiting.thief', { seat: seatOf(p.seat) }));
  if (p?.type === 'sandstorm') {
    const seats = p.owed.flatMap((n, seat) => (n > 0 ? [seat] : []));
    // Two keys with the same English, so that a language may agree its verb with one or several seats.
    const key = seats.length === 1 ? 'waiting.sandstorm-one' : 'waiting.sandstorm-many';
    return waitingFor(seats, say(key, { seats: seatsMessage(seats, 'list.comma') }));
  }
  const t = s.turn;
  return waitingFor(
    [t.seat],
    say(t.mustSell ? 'waiting.must-sell' : 'waiting.to-play', { seat: seatOf(t.seat) }),
  );
}

/** The label of actions in a view built for a computer player (`labelled` false), which reads none. */
const UNLABELLED: Message = { key: 'archaeology.unlabelled' };

/** A game's thieves, counted once per card list (a game's never changes; playouts ask at every move). */
const thieves = new WeakMap<readonly CardKind[], number>();
export function thievesIn(cards: readonly CardKind[]): number {
  let n = thieves.get(cards);
  if (n === undefined) {
    n = cards.filter((k) => k === 'thief').length;
    thieves.set(cards, n);
  }
  return n;
}

/** What `viewer` may see: the only place hidden information (hands, chambers, the dig site) is removed. */
export function view(s: ArchaeologyState, viewer: Seat | null, labelled = true): ArchaeologyView {
  const p = s.pending;
  const out: Outcome | null = outcome(s);
  const actions: LabelledAction<ArchaeologyAction>[] =
    viewer === null
      ? []
      : legalActions(s, viewer).map((action) => ({
          action,
          label: labelled ? describeAction(s, viewer, action) : UNLABELLED,
        }));
  let me: MeView | null = null;
  if (viewer !== null && viewer >= 0 && viewer < s.hands.length) {
    const hand = countsOf(s, s.hands[viewer] ?? []);
    me = {
      seat: viewer,
      hand,
      mustSell: s.turn.seat === viewer && s.turn.mustSell && !s.turn.sold && !s.finished,
      sandstorm:
        p?.type === 'sandstorm' && ((p.owed[viewer] ?? 0) > 0 || (p.aside[viewer]?.length ?? 0) > 0)
          ? { owed: p.owed[viewer] ?? 0, chosen: countsOf(s, p.aside[viewer] ?? []) }
          : null,
      steal: p?.type === 'thief' && p.seat === viewer ? [...p.targets] : null,
      sales: TREASURES.filter((k) => (hand[k] ?? 0) > 0).map((k) => {
        const count = Math.min(hand[k] as number, maxSet(s, k));
        return { kind: k, count, value: setValue(s, k, count) };
      }),
    };
  }
  return {
    viewer,
    finished: s.finished,
    turn: { seat: s.turn.seat, number: s.turn.number },
    waiting: waiting(s),
    decision: p?.id ?? null,
    questionId:
      viewer !== null && p && (p.type === 'thief' ? p.seat === viewer : (p.owed[viewer] ?? 0) > 0)
        ? p.id
        : null,
    actions,
    autoPass: null,
    outcome: out,
    players: s.hands.length,
    numbers: s.numbers,
    digSite: s.dig.length,
    thieves: { drawn: s.thieves.length, total: thievesIn(s.cards) },
    sandstorms: {
      drawn: s.sandstorms.length,
      total: s.sandstorms.length + s.dig.filter((c) => s.cards[c] === 'sandstorm').length,
    },
    market: countsOf(s, s.market),
    chambers: CHAMBERS.map((id) => ({
      id,
      maps: mapsNeeded(id),
      cards: s.chambers[id]?.length ?? 0,
      explored: s.chambers[id] === null,
    })),
    seats: s.hands.map((hand, seat) => ({
      seat,
      handSize: hand.length,
      sold: (s.sold[seat] ?? []).map((set) => ({
        kind: set.kind,
        count: set.cards.length,
        value: setValue(s, set.kind, set.cards.length),
      })),
      money: moneyOf(s, seat),
      cardsSold: cardsSold(s, seat),
      owes: p?.type === 'sandstorm' && (p.owed[seat] ?? 0) > 0 ? (p.owed[seat] as number) : null,
    })),
    dug: s.turn.dug,
    passes: s.passes ? { ...s.passes } : null,
    me,
  };
}
