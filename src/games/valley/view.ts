import type { Message } from '../kernel/message.ts';
import type { LabelledAction, Outcome, Seat, TableView } from '../kernel/types.ts';
import { describeAction } from './describe.ts';
import { legalActions } from './legal-actions.ts';
import { say, seatOf } from './messages.ts';
import type { CardPool } from './pools.ts';
import { pyramidEmpty } from './pyramid.ts';
import { outcome, type ScoreBreakdown, scoreSeat } from './score.ts';
import type { CardDef, CardId, Instance, ValleyAction, ValleyState } from './state.ts';
import { goldOf } from './zones.ts';

export interface CardRef {
  instance: Instance;
  card: CardId;
}

export interface PlayerView {
  seat: Seat;
  handCount: number;
  deckCount: number;
  discardCount: number;
  discardTop: CardRef | null;
  tomb: CardRef[];
  play: CardRef[];
  /** Cards revealed by Book of Gates / Statue of Sobek, visible to all. */
  aside: CardRef[];
  score: ScoreBreakdown;
  turnsTaken: number;
}

export interface PrivateView {
  seat: Seat;
  hand: (CardRef & { gold: number })[];
  /** Your whole discard pile, except during your own turn (rulebook: only when an action directs you). */
  discard: CardRef[] | null;
  /**
   * On your turn, how many cards at the top of your discard pile could be read in their order before
   * the pile is next shuffled: one per Urn you own outside your tomb (and one more with a Tyet Amulet
   * to repeat it), at least 1 (an opponent's Censer takes the top card). 0 when it is not your turn.
   */
  orderDepth: number;
  /**
   * Hands shown to you alone this turn (Senet Game: an opponent without a set card proves it), by the
   * seat that showed them. Present only when there is one.
   */
  shown?: { seat: Seat; cards: CardRef[] }[];
}

export interface ValleyView extends TableView<ValleyAction> {
  game: 'valley';
  viewer: Seat | null;
  finished: boolean;
  /** `ring`: present while Ring doubles the next card the player plays (public: Ring was played openly). */
  turn: { seat: Seat; number: number; entombed: boolean; thoth: boolean; extraDraw: number; ring?: true };
  /** Slots 0–2 base (buyable), 3–4 middle, 5 top. */
  pyramid: (CardRef | null)[];
  boneyard: { count: number; top: CardRef | null };
  stock: { count: number };
  players: PlayerView[];
  me: PrivateView | null;
  /** Public: who the game waits for. A reaction window lists everyone asked, never who can react. */
  waiting: { seats: Seat[]; text: Message; window: boolean };
  decision: number | null;
  /** What the viewer is asked to do now (null when nothing). */
  prompt: Message | null;
  /** The id of the question the viewer must answer now, if any. */
  questionId: number | null;
  actions: LabelledAction<ValleyAction>[];
  autoPass: ValleyAction | null;
  defs: Record<CardId, CardDef>;
  outcome: Outcome | null;
  /** The game's card pool when it is not the base box alone (public: chosen in the lobby). */
  pool?: CardPool;
}

/**
 * The only place hidden information is removed. Hands, deck order, the stock's order and the boneyard
 * below its top never leave here except a seat's own hand in its own view.
 */
export function view(s: ValleyState, viewer: Seat | null): ValleyView {
  const ref = (c: Instance): CardRef => ({ instance: c, card: s.cards[c] as CardId });
  const q = s.stack.at(-1)?.q ?? null;
  const waitingSeats = q
    ? q.window
      ? q.asks.map((a) => a.seat)
      : q.asks.filter((a) => q.answers[String(a.seat)] === undefined).map((a) => a.seat)
    : s.finished
      ? []
      : [s.turn.seat];
  const myAsk =
    q && viewer !== null
      ? q.asks.find((a) => a.seat === viewer && q.answers[String(viewer)] === undefined)
      : undefined;
  const me = viewer === null ? null : s.players[viewer];
  let prompt: Message | null = null;
  if (myAsk) prompt = myAsk.prompt;
  else if (!q && !s.finished && viewer === s.turn.seat)
    prompt = say('turn.prompt', {
      // Said while it applies, so the sacrifice at the end of the turn never comes as a surprise.
      unchanged: !s.turn.pyramidChanged && !pyramidEmpty(s) ? 'yes' : 'no',
    });
  const actions = viewer === null ? [] : legalActions(s, viewer);
  const only = actions.length === 1 ? actions[0] : undefined;
  return {
    game: 'valley',
    viewer,
    finished: s.finished,
    turn: {
      seat: s.turn.seat,
      number: s.turn.number,
      entombed: s.turn.entombed,
      thoth: s.turn.thoth,
      extraDraw: s.turn.extraDraw,
      ...(s.turn.ring ? { ring: true as const } : {}),
    },
    pyramid: s.pyramid.map((c) => (c === null ? null : ref(c))),
    boneyard: {
      count: s.boneyard.length,
      top: s.boneyard.length ? ref(s.boneyard.at(-1) as Instance) : null,
    },
    stock: { count: s.stock.length },
    players: s.players.map((p, seat) => ({
      seat,
      handCount: p.hand.length,
      deckCount: p.deck.length,
      discardCount: p.discard.length,
      discardTop: p.discard.length ? ref(p.discard.at(-1) as Instance) : null,
      tomb: p.tomb.map(ref),
      play: p.play.map(ref),
      aside: p.aside.map(ref),
      score: scoreSeat(s, seat),
      turnsTaken: s.turnsTaken[seat] ?? 0,
    })),
    me: viewer === null || !me ? null : privateView(s, viewer, ref),
    waiting: {
      seats: waitingSeats,
      text: q
        ? q.publicText
        : s.finished
          ? say('waiting.over')
          : say('waiting.to-play', { seat: seatOf(s.turn.seat) }),
      window: q?.window ?? false,
    },
    decision: q?.id ?? null,
    prompt,
    questionId: myAsk && q ? q.id : null,
    actions:
      viewer === null ? [] : actions.map((action) => ({ action, label: describeAction(s, viewer, action) })),
    autoPass: q?.window && only?.type === 'answer' && only.value === 'pass' ? only : null,
    defs: s.defs,
    outcome: outcome(s),
    ...(s.options.pool === undefined ? {} : { pool: s.options.pool }),
  };
}

function privateView(s: ValleyState, viewer: Seat, ref: (c: Instance) => CardRef): PrivateView {
  const me = s.players[viewer] as ValleyState['players'][number];
  const out: PrivateView = {
    seat: viewer,
    hand: me.hand.map((c) => ({ ...ref(c), gold: goldOf(s, viewer, c) })),
    discard: s.turn.seat === viewer && !s.finished ? null : me.discard.map(ref),
    orderDepth: s.turn.seat === viewer && !s.finished ? orderDepth(s, viewer) : 0,
  };
  const shown = (s.turn.shown ?? []).filter((h) => h.to === viewer);
  if (shown.length > 0) out.shown = shown.map((h) => ({ seat: h.from, cards: h.cards.map(ref) }));
  return out;
}

/** See `PrivateView.orderDepth`: what the owner knows of their own cards, never anything hidden from them. */
function orderDepth(s: ValleyState, seat: Seat): number {
  const p = s.players[seat];
  if (!p) return 0;
  let urns = 0;
  let tyets = 0;
  for (const c of [...p.hand, ...p.play, ...p.deck, ...p.discard, ...p.aside]) {
    if (s.cards[c] === 'urn') urns++;
    else if (s.cards[c] === 'tyet-amulet') tyets++;
  }
  return Math.max(1, urns + (urns > 0 ? tyets : 0));
}
