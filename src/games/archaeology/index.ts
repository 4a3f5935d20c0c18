import { z } from 'zod';
import { checkedApply } from '../kernel/checked-apply.ts';
import type { ApplyResult, GameModule, Seat } from '../kernel/types.ts';
import { CHAMBERS, TREASURES } from './catalog.ts';
import { currentPins, pinCombinations, pinsOf, pinsProblem } from './catalog-versions.ts';
import { clone } from './clone.ts';
import { describeAction } from './describe.ts';
import { applyAction } from './engine.ts';
import { legalActions } from './legal-actions.ts';
import { outcome, outcomeAsItStands } from './score.ts';
import { setup } from './setup.ts';
import type { ArchaeologyAction, ArchaeologyOptions, ArchaeologyState } from './state.ts';
import { type ArchaeologyView, view } from './view.ts';

/** "Archaeology - The Card Game is for 2-4 players." */
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 4;

const optionsSchema = z.object({
  players: z
    .number()
    .int()
    .min(MIN_PLAYERS, `Archaeology needs at least ${MIN_PLAYERS} players`)
    .max(MAX_PLAYERS, `Archaeology seats at most ${MAX_PLAYERS} players`),
  firstSeat: z.number().int().min(0).optional(),
  catalogs: z
    .record(z.string(), z.string().regex(/^[0-9a-f]{12}$/, 'a catalog version is 12 hex digits'))
    .optional(),
  deal: z
    .object({
      hands: z.array(z.array(z.enum(TREASURES))),
      market: z.array(z.enum(TREASURES)),
      chambers: z.object({
        small: z.array(z.enum(TREASURES)),
        medium: z.array(z.enum(TREASURES)),
        large: z.array(z.enum(TREASURES)),
      }),
      dig: z.array(z.enum([...TREASURES, 'thief', 'sandstorm'])),
    })
    .optional(),
});

const counts = z.partialRecord(z.enum(TREASURES), z.number().int().min(0).max(100));
const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('trade'), give: counts, take: counts }),
  z.object({ type: z.literal('explore'), chamber: z.enum(CHAMBERS) }),
  z.object({ type: z.literal('sell'), kind: z.enum(TREASURES), count: z.number().int().min(1).max(100) }),
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('steal'), from: z.number().int().min(0) }),
  z.object({ type: z.literal('discard'), cards: counts }),
]);

export function parseOptions(raw: unknown): ArchaeologyOptions {
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`invalid Archaeology options: ${parsed.error.issues[0]?.message}`);
  const o = parsed.data;
  if (o.firstSeat !== undefined && o.firstSeat >= o.players)
    throw new Error('invalid options: firstSeat is not a seat');
  if (o.catalogs !== undefined) {
    const problem = pinsProblem(o.catalogs);
    if (problem !== null) throw new Error(`invalid Archaeology options: ${problem}`);
  }
  if (o.deal && o.deal.hands.length !== o.players)
    throw new Error('invalid Archaeology options: a fixed deal has one hand per player');
  // Absent keys stay absent: the options of games stored before pins (and deals) keep their shape.
  const options: ArchaeologyOptions = { players: o.players };
  if (o.firstSeat !== undefined) options.firstSeat = o.firstSeat;
  if (o.catalogs !== undefined) options.catalogs = o.catalogs;
  if (o.deal !== undefined) options.deal = o.deal;
  return options;
}

/** Applies without validating the action's shape or copying: for trusted callers (simulations). */
export function applyInPlace(state: ArchaeologyState, seat: Seat, action: ArchaeologyAction): void {
  applyAction(state, seat, action);
}

export const apply: (state: ArchaeologyState, seat: Seat, action: unknown) => ApplyResult<ArchaeologyState> =
  checkedApply<ArchaeologyState, ArchaeologyAction>(
    'archaeology',
    actionSchema,
    clone,
    applyAction,
    describeAction,
  );

export function waitingFor(s: ArchaeologyState): Seat[] {
  if (s.finished) return [];
  const p = s.pending;
  if (p?.type === 'thief') return [p.seat];
  if (p?.type === 'sandstorm') return p.owed.flatMap((n, seat) => (n > 0 ? [seat] : []));
  return [s.turn.seat];
}

export const archaeology: GameModule<
  ArchaeologyOptions,
  ArchaeologyState,
  ArchaeologyAction,
  ArchaeologyView
> = {
  id: 'archaeology',
  title: 'Archaeology',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  // The treasures' numbers and the kind of each card never change once set up.
  sharedParts: ['numbers', 'cards'],
  catalogs: {
    pin: (options) => ({ ...options, catalogs: currentPins() }),
    pins: (options) => pinsOf(options.catalogs),
    candidates: (options) =>
      options.catalogs === undefined ? pinCombinations().map((catalogs) => ({ ...options, catalogs })) : [],
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

export type { ArchaeologyAction, ArchaeologyOptions, ArchaeologyState, ArchaeologyView };
