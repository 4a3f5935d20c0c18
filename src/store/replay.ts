/**
 * Rebuilding a game from options + seed + action log. The store starts games and applies actions through
 * `startState` and `stepState` too, so both serialise the same way. A replay is stricter than the live path:
 * it reads every intermediate state back from its JSON, as a bot restarted at that moment would. So if a
 * module's state does not survive JSON (an undefined, a Map, a class), verify sees the stored state differ.
 */
import { isDeepStrictEqual } from 'node:util';
import type { LogLine } from '../games/kernel/log.ts';
import type { Message } from '../games/kernel/message.ts';
import type { Outcome, RuleError, Seat } from '../games/kernel/types.ts';
import type { AnyGame } from '../games/registry.ts';
import { joinState, type StatePart, splitState } from './state-parts.ts';

export interface JsonState {
  readonly state: unknown;
  /** As the store writes it: its shared parts apart (state-parts.ts). */
  readonly stateJson: string;
  readonly parts: readonly StatePart[];
}

export type StepResult =
  /** `label`: what the move did, as the rules say it; `log`: the lines it added to the game's log. */
  | ({ readonly ok: true; readonly label: Message; readonly log: readonly LogLine[] } & JsonState)
  | { readonly ok: false; readonly error: RuleError };

export function toJson(value: unknown, what: string): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`${what} cannot be stored as JSON`);
  return json;
}

export function startState(game: AnyGame, optionsJson: string, seed: string): JsonState {
  const options = game.parseOptions(JSON.parse(optionsJson));
  const { stateJson, parts } = splitState(game, game.setup(options, seed));
  return { state: joinState(stateJson), stateJson, parts };
}

/**
 * `action` must already be the JSON-parsed form that the log stores. With `reread`, the new state is parsed
 * back from its JSON (the replay); without, the module's own object is kept (the store: parsing ~10 kB of
 * JSON costs as much as a Valley of the Kings move, and the state is plain JSON by contract).
 */
export function stepState(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  action: unknown,
  reread: boolean,
): StepResult {
  const result = game.apply(state, seat, action);
  if (!result.ok) return result;
  const { stateJson, parts } = splitState(game, result.state);
  return {
    ok: true,
    state: reread ? joinState(stateJson) : result.state,
    stateJson,
    parts,
    log: result.log,
    // Read by the store for the mover's reply; a replay never asks.
    get label() {
      return result.label;
    },
  };
}

export interface LoggedAction {
  readonly seq: number;
  readonly seat: Seat;
  /** JSON text as stored. */
  readonly action: string;
}

/** An action row with what it said, as stored (log-codec.ts; null: nothing). */
export interface LoggedActionWithLog extends LoggedAction {
  readonly log: string | null;
}

export interface ReplayInput {
  readonly type: string;
  /** JSON text of the options `setup` received. */
  readonly options: string;
  readonly seed: string;
  readonly actions: readonly LoggedAction[];
}

export type ReplayResult =
  | ({
      readonly ok: true;
      readonly version: number;
      readonly outcome: Outcome | null;
      /** What each action said, in order (`encodeLines` gives it as `actions.log` stores it). */
      readonly said: readonly (readonly LogLine[])[];
    } & JsonState)
  | { readonly ok: false; readonly seq: number; readonly problem: string };

/** Never throws for a bad log or a module that throws: the problem is returned with the action's seq. */
export function replay(game: AnyGame, input: ReplayInput): ReplayResult {
  let current: JsonState;
  try {
    current = startState(game, input.options, input.seed);
  } catch (error) {
    return { ok: false, seq: 0, problem: `setup failed: ${reason(error)}` };
  }
  let expectedSeq = 1;
  const said: (readonly LogLine[])[] = [];
  for (const logged of input.actions) {
    if (logged.seq !== expectedSeq) {
      return {
        ok: false,
        seq: logged.seq,
        problem: `the log jumps from #${expectedSeq - 1} to #${logged.seq}`,
      };
    }
    let step: StepResult;
    try {
      step = stepState(game, current.state, logged.seat, JSON.parse(logged.action), true);
    } catch (error) {
      return { ok: false, seq: logged.seq, problem: `applying it threw: ${reason(error)}` };
    }
    if (!step.ok) {
      return {
        ok: false,
        seq: logged.seq,
        problem: `the rules refused it (${step.error.code}: ${step.error.msg.key})`,
      };
    }
    current = step;
    said.push(step.log);
    expectedSeq++;
  }
  return { ok: true, version: expectedSeq - 1, outcome: game.outcome(current.state), said, ...current };
}

export interface Difference {
  /** Where the first difference is, like `$.players[1].hand[3]`. */
  readonly path: string;
  readonly stored: unknown;
  readonly replayed: unknown;
}

/** null when equal as JSON values (key order and spacing do not matter). */
export function firstDifference(storedJson: string, replayedJson: string): Difference | null {
  if (storedJson === replayedJson) return null;
  const stored: unknown = JSON.parse(storedJson);
  const replayed: unknown = JSON.parse(replayedJson);
  if (isDeepStrictEqual(stored, replayed)) return null;
  return findDifference(stored, replayed, '$');
}

function findDifference(a: unknown, b: unknown, path: string): Difference | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = findDifference(a[i], b[i], `${path}[${i}]`);
      if (found) return found;
    }
    return a.length === b.length ? null : { path, stored: a, replayed: b };
  } else if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = findDifference(a[key], b[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return { path, stored: a, replayed: b };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
