import { firstUndone, type Lesson } from '../../kernel/lesson.ts';
import type { Message, MessageValues } from '../../kernel/message.ts';
import type { Chamber, Treasure } from '../catalog.ts';
import { TREASURES } from '../catalog.ts';
import { legalActions } from '../legal-actions.ts';
import { chamberOf, countsMessage, oneOf, treasureOf, treasuresOf } from '../messages.ts';
import type { ArchaeologyAction, ArchaeologyDeal, ArchaeologyState, Counts } from '../state.ts';
import { countsOf, moneyOf } from '../zones.ts';

const LEARNER = 0;
const SCRIPTED = 1;

/**
 * The deal, turn by turn (the dig site's top card is last): the learner digs a Talisman (turn 0), the
 * rival a Coin (1), the learner a thief (2: the rival holds only Coins, so a Coin is stolen whatever the
 * seed draws), the rival a sandstorm (3: each of them holds two cards and loses one) and a Coin after it,
 * the learner the only Map (4), which opens the small chamber. Then the dig site is empty: everyone sells
 * what they hold, and the game ends when every hand is empty.
 */
const DEAL: ArchaeologyDeal = {
  hands: [
    ['talisman', 'parchment', 'coin', 'mask'],
    ['coin', 'coin'],
  ],
  market: ['talisman', 'pot-shard', 'pot-shard', 'broken-cup', 'parchment'],
  chambers: {
    small: ['mask', 'mask', 'talisman'],
    medium: ['pot-shard', 'pot-shard', 'parchment', 'coin', 'broken-cup'],
    large: ['pot-shard', 'pot-shard', 'pot-shard', 'parchment', 'parchment', 'coin', 'talisman'],
  },
  dig: ['map', 'coin', 'sandstorm', 'thief', 'coin', 'talisman'],
};

/** The cards the next lessons need, which a trade, a sale or a sandstorm must leave in the hand. */
type Keep = readonly Treasure[];

/** What a step waits for; `turn` is the game's turn number (the learner's are even, the rival's odd). */
type Goal =
  | { readonly kind: 'read' }
  | {
      readonly kind: 'trade';
      readonly turn: number;
      readonly take: Counts;
      readonly give: Counts;
      readonly keep: Keep;
    }
  /** Sells `count` of `treasure` as one set, then ends the turn. */
  | { readonly kind: 'sell'; readonly turn: number; readonly treasure: Treasure; readonly count: number }
  | { readonly kind: 'end'; readonly turn: number }
  /** Loses cards to the sandstorm of `turn`. */
  | { readonly kind: 'discard'; readonly turn: number; readonly keep: Keep }
  | { readonly kind: 'explore'; readonly turn: number; readonly chamber: Chamber }
  /** Anything the rules allow, to the end. */
  | { readonly kind: 'free' };

interface Step {
  readonly name: string;
  readonly goal: Goal;
}

/** One lesson per step, in the order of the issue: the goal, digging, trading, selling, thieves, sandstorms, the pyramid, the end. */
const STEPS: readonly Step[] = [
  { name: 'goal', goal: { kind: 'read' } },
  { name: 'digging', goal: { kind: 'read' } },
  {
    name: 'trading',
    goal: {
      kind: 'trade',
      turn: 0,
      take: { talisman: 1 },
      give: { parchment: 1, coin: 1 },
      keep: ['talisman', 'mask'],
    },
  },
  { name: 'selling', goal: { kind: 'sell', turn: 0, treasure: 'talisman', count: 3 } },
  { name: 'thieves', goal: { kind: 'end', turn: 2 } },
  { name: 'sandstorms', goal: { kind: 'discard', turn: 3, keep: ['mask'] } },
  { name: 'pyramid', goal: { kind: 'explore', turn: 4, chamber: 'small' } },
  { name: 'end', goal: { kind: 'free' } },
];

const msg = (key: string, values?: MessageValues): Message => (values ? { key, values } : { key });
const lesson = (key: string, values?: MessageValues): Message => msg(`lesson.archaeology.${key}`, values);

/** Whether the learner still owes cards to a sandstorm. */
const owesSandstorm = (s: ArchaeologyState): boolean =>
  s.pending?.type === 'sandstorm' && (s.pending.owed[LEARNER] ?? 0) > 0;

function done(s: ArchaeologyState, goal: Goal, reads: number, readIndex: number): boolean {
  if (goal.kind === 'read') return reads > readIndex;
  if (s.finished) return true;
  if (goal.kind === 'free') return false;
  const n = s.turn.number;
  if (n !== goal.turn) return n > goal.turn;
  switch (goal.kind) {
    case 'trade':
      // The step lets no other action be taken before its trade.
      return s.turn.acted;
    case 'discard':
      return s.sandstorms.length > 0 && !owesSandstorm(s);
    case 'explore':
      return s.chambers[goal.chamber] === null;
    default:
      // A sale (then the end of the turn) and an end are done once the turn is over.
      return false;
  }
}

const GOALS: readonly Goal[] = STEPS.map((x) => x.goal);

function step(s: ArchaeologyState, reads: number): number {
  return firstUndone(GOALS, (goal, readIndex) => done(s, goal, reads, readIndex));
}

/** What the step asks, as a clause the refusals end with ("take a Talisman from the marketplace"). */
function ask(s: ArchaeologyState, goal: Goal): Message {
  switch (goal.kind) {
    case 'trade':
      return lesson('ask.trade', { take: countsMessage(goal.take), give: countsMessage(goal.give) });
    case 'sell':
      return s.turn.sold
        ? lesson('ask.end')
        : lesson('ask.sell', { cards: countsMessage({ [goal.treasure]: goal.count }) });
    case 'end':
      return lesson('ask.end');
    case 'discard':
      return lesson('ask.discard', { keep: keptMessage(s, goal.keep) });
    case 'explore':
      return lesson('ask.explore', { chamber: chamberOf(goal.chamber) });
    default:
      return lesson('ask.continue');
  }
}

/** "your Talismans and your Pharaoh's Mask": each in the singular when the hand holds one. */
function keptMessage(s: ArchaeologyState, keep: Keep): Message {
  const held = countsOf(s, s.hands[LEARNER] ?? []);
  const [first, ...rest] = keep.map((k) =>
    (held[k] ?? 0) === 1
      ? lesson('kept.single', { name: treasureOf(k) })
      : lesson('kept.one', { kinds: treasuresOf(k) }),
  );
  return rest.reduce((a, b) => lesson('kept.two', { a, b }), first as Message);
}

const keptIn = (counts: Counts, keep: Keep): Treasure[] =>
  TREASURES.filter((k) => (counts[k] ?? 0) > 0 && keep.includes(k));

const sameCounts = (a: Counts, b: Counts): boolean => TREASURES.every((k) => (a[k] ?? 0) === (b[k] ?? 0));

/** Whether the rules wait for the learner now (else they refuse whatever is tried, in their words). */
const learnerOwes = (s: ArchaeologyState): boolean =>
  s.pending === null
    ? s.turn.seat === LEARNER
    : s.pending.type === 'sandstorm'
      ? owesSandstorm(s)
      : s.pending.seat === LEARNER;

function refusal(s: ArchaeologyState, reads: number, raw: unknown): Message | null {
  const action = raw as ArchaeologyAction;
  const current = STEPS[step(s, reads)];
  if (!current || s.finished) return null;
  const goal = current.goal;
  if (goal.kind === 'read') return msg('lesson.wrong.read');
  if (goal.kind === 'free' || !learnerOwes(s)) return null;
  const wanted = ask(s, goal);
  switch (action.type) {
    case 'trade': {
      const take = countsMessage(action.take);
      if (goal.kind !== 'trade') return lesson('wrong.trade', { take, wanted });
      if (!sameCounts(action.take, goal.take)) return lesson('wrong.trade-other', { take, wanted });
      const kept = keptIn(action.give, goal.keep);
      if (kept.length > 0) return lesson('wrong.give-kept', { kept: keptMessage(s, kept), wanted });
      // The rules judge the payment's value.
      return null;
    }
    case 'sell': {
      const cards = countsMessage({ [action.kind]: action.count });
      if (goal.kind !== 'sell' || s.turn.sold) return lesson('wrong.sell', { cards, wanted });
      if (action.kind !== goal.treasure) return lesson('wrong.sell-other', { cards, wanted });
      if (action.count !== goal.count) {
        const prices = s.numbers[goal.treasure].prices;
        return lesson('wrong.sell-count', {
          cards,
          price: String(prices[action.count - 1] ?? 0),
          best: String(prices[goal.count - 1] ?? 0),
          wanted,
        });
      }
      return null;
    }
    case 'end':
      if (goal.kind === 'end' || (goal.kind === 'sell' && s.turn.sold)) return null;
      return msg('lesson.wrong.end', { wanted });
    case 'explore':
      if (goal.kind === 'explore' && action.chamber === goal.chamber) return null;
      return lesson(goal.kind === 'explore' ? 'wrong.explore-other' : 'wrong.explore', {
        chamber: chamberOf(action.chamber),
        wanted,
      });
    case 'discard': {
      if (goal.kind !== 'discard') return null;
      const kept = keptIn(action.cards, goal.keep);
      if (kept.length > 0)
        return lesson('wrong.discard-kept', { cards: countsMessage(action.cards), wanted });
      return null;
    }
    default:
      return null;
  }
}

/**
 * The rival: a question's first option; in its turn it sells while the dig site is empty (or it must),
 * a whole set of its first treasure at a time, and otherwise ends its turn. Read from the rules' legal
 * moves, so it never makes one the rules would refuse.
 */
function scripted(s: ArchaeologyState): ArchaeologyAction {
  const legal = legalActions(s, SCRIPTED);
  const decision = legal.find((a) => a.type === 'steal' || a.type === 'discard');
  if (decision) return decision;
  if (s.dig.length === 0 || (s.turn.mustSell && !s.turn.sold)) {
    const sells = legal.filter((a): a is ArchaeologyAction & { type: 'sell' } => a.type === 'sell');
    const first = sells[0];
    if (first) return sells.filter((a) => a.kind === first.kind).at(-1) as ArchaeologyAction;
  }
  const end = legal.find((a) => a.type === 'end');
  if (!end) throw new Error('lesson script: the rival has no move');
  return end;
}

function text(s: ArchaeologyState, at: number): Message {
  const current = STEPS[at];
  if (!current)
    return lesson('step.over', {
      mine: String(moneyOf(s, LEARNER)),
      theirs: String(moneyOf(s, SCRIPTED)),
    });
  const goal = current.goal;
  const hand = countsMessage(countsOf(s, s.hands[LEARNER] ?? []));
  switch (current.name) {
    case 'goal':
      return lesson('step.goal', { dig: DEAL.dig.length });
    case 'digging':
      return lesson('step.digging', { card: oneOf('talisman'), hand });
    case 'trading': {
      const g = goal as Goal & { kind: 'trade' };
      return lesson('step.trading', {
        take: countsMessage(g.take),
        give: countsMessage(g.give),
        keep: keptMessage(s, g.keep),
      });
    }
    case 'selling': {
      const g = goal as Goal & { kind: 'sell' };
      const prices = s.numbers[g.treasure].prices;
      return lesson('step.selling', {
        cards: countsMessage({ [g.treasure]: g.count }),
        price: String(prices[g.count - 1] ?? 0),
        fewer: String(prices[g.count - 2] ?? 0),
      });
    }
    case 'thieves':
      return lesson('step.thieves', { card: oneOf('coin'), hand });
    case 'sandstorms': {
      const owed = s.pending?.type === 'sandstorm' ? (s.pending.owed[LEARNER] ?? 0) : 0;
      return lesson('step.sandstorms', {
        hand,
        owed,
        keep: keptMessage(s, (goal as Goal & { kind: 'discard' }).keep),
      });
    }
    case 'pyramid':
      return lesson('step.pyramid', { map: treasureOf('map'), chamber: chamberOf('small') });
    default:
      return lesson('step.end', { hand });
  }
}

export const archaeologyFirstGame: Lesson<ArchaeologyState> = {
  id: 'archaeology-first-game',
  options: { firstSeat: LEARNER, deal: DEAL },
  seed: 'lesson:archaeology-first-game',
  scriptedSeat: SCRIPTED,
  steps: STEPS.length,
  step,
  reads: (at) => STEPS[at]?.goal.kind === 'read',
  title: (at) => lesson(`title.${STEPS[at]?.name ?? 'over'}`),
  text,
  refusal,
  scripted,
};
