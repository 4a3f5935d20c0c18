import { z } from 'zod';
import { checkedApply } from '../kernel/checked-apply.ts';
import type { ApplyResult, GameModule, Seat } from '../kernel/types.ts';
import { boxesOf, currentPins, pinCombinations, pinsOf, pinsProblem } from './catalog-versions.ts';
import { clone } from './clone.ts';
import { describeAction } from './describe.ts';
import { applyAction } from './engine.ts';
import { legalActions } from './legal-actions.ts';
import { checkPool, poolSchema } from './pools.ts';
import { outcome, outcomeAsItStands } from './score.ts';
import { setup } from './setup.ts';
import type { ValleyAction, ValleyOptions, ValleyState } from './state.ts';
import { type ValleyView, view } from './view.ts';

/** Seat limits, said once: the lobby, the store and `/valley` read them from the module. */
const MIN_PLAYERS = 2;
/** Six, as the Premium Edition seats (the Afterlife box adds a second supply of starters). */
const MAX_PLAYERS = 6;

const optionsSchema = z.object({
  players: z
    .number()
    .int()
    .min(MIN_PLAYERS, `Valley of the Kings needs at least ${MIN_PLAYERS} players`)
    .max(MAX_PLAYERS, `at most ${MAX_PLAYERS} players`),
  firstSeat: z.number().int().min(0).optional(),
  pool: poolSchema.optional(),
  catalogs: z
    .record(z.string(), z.string().regex(/^[0-9a-f]{12}$/, 'a catalog version is 12 hex digits'))
    .optional(),
  deal: z
    .object({
      hands: z.array(z.array(z.string())),
      decks: z.array(z.array(z.string())),
      pyramid: z.array(z.string()).length(6, 'a dealt pyramid has six cards'),
      stock: z.array(z.string()),
      boneyard: z.array(z.string()),
    })
    .optional(),
});

const instance = z.number().int().min(0);
const actionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('buy'),
    slot: z.number().int(),
    pay: z.array(instance).min(1, 'choose cards to pay with'),
  }),
  z.object({ type: z.literal('play'), card: instance }),
  z.object({ type: z.literal('entomb'), card: instance }),
  z.object({ type: z.literal('end-turn'), top: instance.nullable(), beneath: z.array(instance).optional() }),
  z.object({ type: z.literal('answer'), value: z.string().min(1) }),
]);

export function parseOptions(raw: unknown): ValleyOptions {
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`invalid Valley of the Kings options: ${parsed.error.issues[0]?.message}`);
  const o = parsed.data;
  if (o.firstSeat !== undefined && o.firstSeat >= o.players)
    throw new Error('invalid options: firstSeat is not a seat');
  const pool = o.pool === 'base' ? undefined : o.pool;
  if (o.catalogs !== undefined) {
    const problem = pinsProblem(pool, o.catalogs);
    if (problem !== null) throw new Error(`invalid Valley of the Kings options: ${problem}`);
  }
  if (pool !== undefined) {
    try {
      // In the boxes the game is dealt from: a later edit of today's files changes no older game's pool.
      checkPool(pool, boxesOf(pool, o.catalogs));
    } catch (e) {
      throw new Error(`invalid card pool: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (o.deal && (o.deal.hands.length !== o.players || o.deal.decks.length !== o.players))
    throw new Error('invalid Valley of the Kings options: a fixed deal has one hand and one deck per player');
  // Absent keys stay absent: the options of games stored before pools (and pins) existed keep their shape.
  const options: ValleyOptions = { players: o.players };
  if (o.firstSeat !== undefined) options.firstSeat = o.firstSeat;
  if (pool !== undefined) options.pool = pool;
  if (o.catalogs !== undefined) options.catalogs = o.catalogs;
  if (o.deal !== undefined) options.deal = o.deal;
  return options;
}

/** Applies without validating the action's shape or copying: for trusted callers (simulations). */
export function applyInPlace(state: ValleyState, seat: Seat, action: ValleyAction): void {
  applyAction(state, seat, action);
}

export const apply: (state: ValleyState, seat: Seat, action: unknown) => ApplyResult<ValleyState> =
  checkedApply<ValleyState, ValleyAction>('valley', actionSchema, clone, applyAction, describeAction);

export function waitingFor(s: ValleyState): Seat[] {
  if (s.finished) return [];
  const q = s.stack[s.stack.length - 1]?.q;
  if (!q) return [s.turn.seat];
  // Asked before every move of a game: a plain loop, not filter + map.
  const seats: Seat[] = [];
  for (const a of q.asks) if (q.answers[a.seat] === undefined) seats.push(a.seat);
  return seats;
}

export const valley: GameModule<ValleyOptions, ValleyState, ValleyAction, ValleyView> = {
  id: 'valley',
  title: 'Valley of the Kings',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  // The card definitions and the deal order (which card each instance is) never change once set up.
  sharedParts: ['defs', 'cards'],
  catalogs: {
    pin: (options) => ({ ...options, catalogs: currentPins(options.pool) }),
    pins: (options) => pinsOf(options.pool, options.catalogs),
    candidates: (options) =>
      options.catalogs === undefined
        ? pinCombinations(options.pool).map((catalogs) => ({ ...options, catalogs }))
        : [],
  },
  parseOptions,
  setup: (options, seed) => setup(parseOptions(options), seed),
  view,
  legalActions,
  describe: describeAction,
  waitingFor,
  apply,
  outcome,
  outcomeAsItStands,
};

export type { ValleyAction, ValleyOptions, ValleyState, ValleyView };
