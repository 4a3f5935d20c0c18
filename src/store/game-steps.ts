import type { Message } from '../games/kernel/message.ts';
/**
 * What starting a game and applying an action decide, whichever database holds the game: the checks,
 * in their order, and the rows to write. Both backends call these inside their own transaction and only
 * write what they return, so SQLite and PostgreSQL refuse and record exactly alike.
 */
import type { Outcome, Seat } from '../games/kernel/types.ts';
import type { AnyGame } from '../games/registry.ts';
import { getGame as getModule } from '../games/registry.ts';
import { lobbyRating } from '../ratings/eligibility.ts';
import {
  type GameId,
  InvalidActionError,
  LobbyError,
  NotASeatError,
  RuleRefusedError,
  StaleVersionError,
  WrongStatusError,
} from './errors.ts';
import { encodeLines } from './log-codec.ts';
import { withRecent, withRecentMoves } from './recent-log.ts';
import type { GameRecord, SeatRecord } from './records.ts';
import { startState, stepState, toJson } from './replay.ts';
import type { StatePart } from './state-parts.ts';
import { parseOptionsFor } from './store-core.ts';

/** The action as JSON, and as a replay will read it back from the log (what the module receives). */
export function readAction(gameId: GameId, raw: unknown): { actionJson: string; action: unknown } {
  let actionJson: string;
  try {
    actionJson = toJson(raw, 'the action');
  } catch (error) {
    throw new InvalidActionError(gameId, error instanceof Error ? error.message : String(error));
  }
  return { actionJson, action: JSON.parse(actionJson) };
}

/** A lobby seated for good: the seats in their play order and the game row's new columns. */
export function startedGame(
  game: GameRecord,
  module: AnyGame,
  seatOrder: readonly Seat[] | undefined,
  now: Date,
) {
  const gameId = game.id;
  const count = game.seats.length;
  if (count < module.minPlayers) {
    throw new LobbyError(
      gameId,
      'too-few-players',
      `${module.title} needs at least ${module.minPlayers} players (${count} seated).`,
      { game: module.id, least: module.minPlayers, count },
    );
  }
  const order = seatOrder ?? game.seats.map((s) => s.seat);
  const valid = order.length === count && [...order].sort((a, b) => a - b).every((seat, i) => seat === i);
  if (!valid) {
    throw new LobbyError(
      gameId,
      'bad-seat-order',
      `seat order ${JSON.stringify(order)} is not a permutation`,
    );
  }
  // Pinned to today's card catalogs (parseOptionsFor): a later edit of a catalog deals new games only.
  const options = parseOptionsFor(module, gameId, game.options, count);
  const optionsJson = toJson(options, 'the options');
  const { state, stateJson, parts } = startState(module, optionsJson, game.seed);
  const outcome = module.outcome(state);
  const seated = order.map((old) => game.seats[old] as SeatRecord);
  return {
    seated,
    /** Written before the game's row (state-parts.ts). */
    parts,
    finished: outcome !== null,
    columns: {
      // Decided now, for good: seats can no longer come and go as they do in the lobby.
      rated: lobbyRating(game.rated, seated).rated,
      status: outcome ? ('finished' as const) : ('active' as const),
      options: optionsJson,
      state: stateJson,
      version: 0,
      outcome: outcome ? toJson(outcome, 'the outcome') : null,
      startedAt: now,
      finishedAt: outcome ? now : null,
      updatedAt: now,
    },
  };
}

export interface Move {
  readonly seq: number;
  /** What the move did, as the rules say it (for the mover's reply). */
  readonly label: Message;
  readonly stateJson: string;
  /** The shared parts its state refers to (state-parts.ts); usually written already. */
  readonly parts: readonly StatePart[];
  /** What the move said, as `actions.log` stores it. */
  readonly logJson: string | null;
  readonly outcome: Outcome | null;
  readonly outcomeJson: string | null;
  /** The game as it stands once the move is written. */
  readonly next: GameRecord;
}

/**
 * `seat` plays `action` in `game` (as committed): the version the caller saw first, so the loser of a race
 * for the last move hears the board changed; then the status, the seat and the rules.
 */
export function nextMove(
  game: GameRecord,
  input: { readonly seat: Seat; readonly expectedVersion: number },
  action: unknown,
  now: Date,
): Move {
  if (input.expectedVersion !== game.version) {
    throw new StaleVersionError(game.id, input.expectedVersion, game.version, game.status);
  }
  if (game.status !== 'active') throw new WrongStatusError(game.id, game.status, ['active']);
  if (!game.seats.some((s) => s.seat === input.seat)) throw new NotASeatError(game.id, input.seat);
  const module = getModule(game.type);
  const step = stepState(module, game.state, input.seat, action, false);
  if (!step.ok) throw new RuleRefusedError(game.id, step.error);
  const outcome = module.outcome(step.state);
  const seq = game.version + 1;
  return {
    seq,
    label: step.label,
    stateJson: step.stateJson,
    parts: step.parts,
    logJson: encodeLines(game.type, step.log),
    outcome,
    outcomeJson: outcome ? toJson(outcome, 'the outcome') : null,
    next: {
      ...game,
      state: step.state,
      log: withRecent(game.log ?? [], step.log),
      logMoves: withRecentMoves(game.logMoves ?? [], step.log.length, seq),
      version: seq,
      status: outcome ? 'finished' : 'active',
      outcome,
      finishedAt: outcome ? now : null,
      updatedAt: now,
    },
  };
}
