import { firstUndone, type Lesson } from '../../kernel/lesson.ts';
import { cardRef, type Message, type MessageValues } from '../../kernel/message.ts';
import { legalActions } from '../legal-actions.ts';
import { scoreSeat } from '../score.ts';
import type { CardId, ValleyAction, ValleyDeal, ValleyState } from '../state.ts';
import { def } from '../zones.ts';

const LEARNER = 0;
const SCRIPTED = 1;

/**
 * The deal: the learner's three hands are the top of their deck in turn (Statue of Anubis makes the second
 * six cards), the rival's are rich enough to buy the dearest card each turn. The stock is empty, so the six
 * pyramid cards are the whole game: every turn takes or sacrifices at least one, and after three turns each
 * the pyramid is empty and the game ends.
 */
const DEAL: ValleyDeal = {
  hands: [
    ['statue-of-anubis', 'statue-of-horus', 'box-of-food', 'shabti', 'urn'],
    ['box-of-food', 'box-of-food', 'shabti', 'urn', 'shabti'],
  ],
  decks: [
    [
      // Third hand (drawn last).
      'heart-scarab-amulet',
      'book-of-the-netherworld',
      'offering-table',
      'urn',
      'shabti',
      // Second hand: six cards, Statue of Anubis's extra one.
      'urn',
      'box-of-food',
      'shabti',
      'shabti',
      'imseti-canopic-jar',
      'statue-of-bastet',
    ],
    [
      'book-of-the-netherworld',
      'box-of-food',
      'shabti',
      'urn',
      'shabti',
      'book-of-the-netherworld',
      'box-of-food',
      'shabti',
      'urn',
      'shabti',
    ],
  ],
  pyramid: [
    'heart-scarab-amulet',
    'ka-figurine',
    'statue-of-isis',
    'wadj-amulet',
    'book-of-the-dead',
    'hapi-canopic-jar',
  ],
  stock: [],
  boneyard: ['censer'],
};

/** What a step waits for, and how the learner does it. */
type Goal =
  | { readonly kind: 'read' }
  | { readonly kind: 'buy'; readonly turn: number; readonly slot: number; readonly keep: readonly CardId[] }
  | { readonly kind: 'play'; readonly turn: number; readonly card: CardId }
  | { readonly kind: 'entomb'; readonly turn: number; readonly card: CardId }
  /** Ends the turn without buying (the pyramid unchanged: a sacrifice). */
  | { readonly kind: 'end'; readonly turn: number; readonly noBuy?: true }
  /** A turn of the learner's own: anything the rules allow. */
  | { readonly kind: 'free'; readonly turn: number };

interface Step {
  readonly name: string;
  readonly goal: Goal;
  /** Cards its text names, by placeholder. */
  readonly cards?: Readonly<Record<string, CardId>>;
}

/** One lesson per step, in the order of the issue: goal, a turn, buying, an action, entombing, sets, the end. */
const STEPS: readonly Step[] = [
  { name: 'goal', goal: { kind: 'read' } },
  { name: 'turn', goal: { kind: 'read' } },
  { name: 'buy', goal: { kind: 'buy', turn: 0, slot: 0, keep: ['statue-of-anubis', 'statue-of-horus'] } },
  { name: 'action', goal: { kind: 'play', turn: 0, card: 'statue-of-anubis' } },
  { name: 'entomb', goal: { kind: 'entomb', turn: 0, card: 'statue-of-horus' } },
  { name: 'end-turn', goal: { kind: 'end', turn: 0 }, cards: { card: 'statue-of-anubis' } },
  {
    name: 'sets',
    goal: { kind: 'entomb', turn: 1, card: 'statue-of-bastet' },
    cards: { other: 'statue-of-horus' },
  },
  { name: 'sacrifice', goal: { kind: 'end', turn: 1, noBuy: true } },
  { name: 'last-turn', goal: { kind: 'free', turn: 2 } },
];

const msg = (key: string, values?: MessageValues): Message => (values ? { key, values } : { key });

/** The learner's turns completed. */
const turnsDone = (s: ValleyState): number => s.turnsTaken[LEARNER] ?? 0;

/**
 * Whether the learner's last move of their own turn is complete: no action half done (a question its
 * crumble or its card asked), or the end of the turn already under way (its sacrifice asked).
 */
const atRest = (s: ValleyState): boolean =>
  s.turn.seat === LEARNER && (s.stack.length === 0 || s.stack[0]?.kind === 'end-turn');

function done(s: ValleyState, goal: Goal, reads: number, readIndex: number): boolean {
  if (goal.kind === 'read') return reads > readIndex;
  if (s.finished) return true;
  const turns = turnsDone(s);
  if (turns !== goal.turn) return turns > goal.turn;
  if (!atRest(s)) return false;
  switch (goal.kind) {
    case 'buy':
      return s.turn.boughtCosts.length > 0;
    case 'play':
      return s.turn.executed.includes(goal.card);
    case 'entomb':
      return s.turn.entombed;
    default:
      return false;
  }
}

const GOALS: readonly Goal[] = STEPS.map((x) => x.goal);

function step(s: ValleyState, reads: number): number {
  return firstUndone(GOALS, (goal, readIndex) => done(s, goal, reads, readIndex));
}

const cardAt = (s: ValleyState, slot: number): CardId | null => {
  const c = s.pyramid[slot];
  return c === null || c === undefined ? null : (s.cards[c] ?? null);
};

/** What the step asks, as a clause the refusals end with ("buy Heart Scarab Amulet"). */
function ask(s: ValleyState, goal: Goal): Message {
  switch (goal.kind) {
    case 'buy':
      return msg('lesson.valley.ask.buy', { card: cardRef(cardAt(s, goal.slot) ?? '') });
    case 'play':
      return msg('lesson.valley.ask.play', { card: cardRef(goal.card) });
    case 'entomb':
      return msg('lesson.valley.ask.entomb', { card: cardRef(goal.card) });
    case 'end':
      return msg(goal.noBuy ? 'lesson.valley.ask.end-no-buy' : 'lesson.valley.ask.end');
    default:
      return msg('lesson.valley.ask.continue');
  }
}

function refusal(s: ValleyState, reads: number, raw: unknown): Message | null {
  const action = raw as ValleyAction;
  const at = step(s, reads);
  const current = STEPS[at];
  // Over, or an answer to a question the step's own move asked: the rules judge.
  if (!current || s.finished || action.type === 'answer') return null;
  const goal = current.goal;
  if (goal.kind === 'read') return msg('lesson.wrong.read');
  if (goal.kind === 'free') return null;
  const wanted = ask(s, goal);
  const name = (instance: number) => cardRef(s.cards[instance] ?? '');
  switch (action.type) {
    case 'buy': {
      const bought = cardAt(s, action.slot);
      if (goal.kind !== 'buy')
        return msg(
          goal.kind === 'end' && goal.noBuy ? 'lesson.wrong.buy-keeps-pyramid' : 'lesson.wrong.buy',
          {
            card: cardRef(bought ?? ''),
            wanted,
          },
        );
      if (action.slot !== goal.slot)
        return msg('lesson.wrong.buy-other', { card: cardRef(bought ?? ''), wanted });
      const kept = action.pay.find((c) => goal.keep.includes(s.cards[c] ?? ''));
      if (kept !== undefined) return msg('lesson.wrong.pay-with-kept', { card: name(kept) });
      return null;
    }
    case 'play':
      if (goal.kind === 'play' && s.cards[action.card] === goal.card) return null;
      return msg(goal.kind === 'play' ? 'lesson.wrong.play-other' : 'lesson.wrong.play', {
        card: name(action.card),
        wanted,
      });
    case 'entomb': {
      if (goal.kind === 'entomb' && s.cards[action.card] === goal.card) return null;
      if (goal.kind !== 'entomb') return msg('lesson.wrong.entomb', { card: name(action.card), wanted });
      // Once a set is begun in the tomb, a card of another set (or none) does not add to it.
      const tried = def(s, action.card);
      const set = s.defs[goal.card]?.set ?? null;
      const started = (s.players[LEARNER]?.tomb ?? []).some((c) => def(s, c).set === set);
      if (set !== null && started && tried.set !== set)
        return msg('lesson.wrong.entomb-other-set', { card: name(action.card), wanted });
      return msg('lesson.wrong.entomb-other', { card: name(action.card), wanted });
    }
    case 'end-turn':
      if (goal.kind === 'end') return null;
      return msg('lesson.wrong.end', { wanted });
  }
  return null;
}

/**
 * The rival: the first of a question's options; in its turn the dearest card it can buy (paying with the
 * fewest cards), then entombs its cheapest card, then ends its turn. Read from the rules' legal moves, so
 * it never makes one the rules would refuse.
 */
function scripted(s: ValleyState): ValleyAction {
  const legal = legalActions(s, SCRIPTED);
  const answer = legal.find((a) => a.type === 'answer');
  if (answer) return answer;
  if (s.turn.boughtCosts.length === 0) {
    let best: (ValleyAction & { type: 'buy' }) | null = null;
    const cost = (a: ValleyAction & { type: 'buy' }) => s.defs[cardAt(s, a.slot) ?? '']?.cost ?? 0;
    for (const a of legal)
      if (
        a.type === 'buy' &&
        (!best || cost(a) > cost(best) || (cost(a) === cost(best) && a.pay.length < best.pay.length))
      )
        best = a;
    if (best) return best;
  }
  const entombs = legal.filter((a): a is ValleyAction & { type: 'entomb' } => a.type === 'entomb');
  if (entombs.length > 0)
    return entombs.reduce((x, y) => (def(s, y.card).cost < def(s, x.card).cost ? y : x));
  const end = legal.find((a) => a.type === 'end-turn');
  if (!end) throw new Error('lesson script: the rival has no move');
  return end;
}

export const valleyFirstGame: Lesson<ValleyState> = {
  id: 'valley-first-game',
  options: { firstSeat: LEARNER, deal: DEAL },
  seed: 'lesson:valley-first-game',
  scriptedSeat: SCRIPTED,
  steps: STEPS.length,
  step,
  reads: (at) => STEPS[at]?.goal.kind === 'read',
  title: (at) => msg(`lesson.valley.title.${STEPS[at]?.name ?? 'over'}`),
  text(s, at) {
    const current = STEPS[at];
    if (!current) {
      return msg('lesson.valley.step.over', {
        mine: scoreSeat(s, LEARNER).total,
        theirs: scoreSeat(s, SCRIPTED).total,
      });
    }
    const goal = current.goal;
    const values: Record<string, string | number | Message> = {};
    for (const [name, card] of Object.entries(current.cards ?? {})) values[name] = cardRef(card);
    if (goal.kind === 'buy') {
      const card = cardAt(s, goal.slot) ?? '';
      values.card = cardRef(card);
      values.cost = s.defs[card]?.cost ?? 0;
      values.keepA = cardRef(goal.keep[0] ?? '');
      values.keepB = cardRef(goal.keep[1] ?? '');
    }
    if (goal.kind === 'play' || goal.kind === 'entomb') values.card = cardRef(goal.card);
    return msg(`lesson.valley.step.${current.name}`, values);
  },
  refusal,
  scripted,
};
