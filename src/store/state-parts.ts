/**
 * Stored states without their shared parts. A module may name top-level keys of its state that never
 * change once a game is set up and are the same in many games (`GameModule.sharedParts`: Valley's card
 * definitions and deal order, ~6 kB of a ~8 kB state). Each distinct value is stored once in `state_parts`,
 * named by a hash of its JSON; a stored state holds `{"$part": hash}` in its place. In memory a part is one
 * object shared by every game holding it, as `apply`'s copies already share it within a game.
 */
import { createHash } from 'node:crypto';
import type { AnyGame } from '../games/registry.ts';

export interface StatePart {
  readonly hash: string;
  readonly json: string;
}

const REF = '$part';

/** Each part object met, with its hash: a move's state shares its parts with the state before it. */
const partsByValue = new WeakMap<object, StatePart>();
/** Each part read back, by hash: one object for every game that holds it. */
const valuesByHash = new Map<string, unknown>();

function partOf(value: object): StatePart {
  let part = partsByValue.get(value);
  if (!part) {
    const json = JSON.stringify(value);
    part = { hash: hashOf(json), json };
    partsByValue.set(value, part);
    valuesByHash.set(part.hash, value);
  }
  return part;
}

export interface SplitState {
  /** The state's JSON with each shared part written `{"$part": hash}`. */
  readonly stateJson: string;
  readonly parts: readonly StatePart[];
}

/** `state` as the store writes it: its shared parts apart. */
export function splitState(module: AnyGame, state: unknown): SplitState {
  const keys = module.sharedParts ?? [];
  if (keys.length === 0 || typeof state !== 'object' || state === null) {
    const stateJson = JSON.stringify(state);
    if (stateJson === undefined)
      throw new TypeError(`the state of a '${module.id}' game cannot be stored as JSON`);
    return { stateJson, parts: [] };
  }
  const written: Record<string, unknown> = { ...(state as Record<string, unknown>) };
  const parts: StatePart[] = [];
  for (const key of keys) {
    const value = written[key];
    if (typeof value !== 'object' || value === null) continue;
    const part = partOf(value);
    parts.push(part);
    written[key] = { [REF]: part.hash };
  }
  return { stateJson: JSON.stringify(written), parts };
}

/** The hashes of the parts a stored state refers to. */
export function partsOf(stateJson: string): string[] {
  return [...stateJson.matchAll(/\{"\$part":"([\w-]+)"\}/g)].map((m) => m[1] as string);
}

/** The hashes of the parts stored states refer to that this process has not read yet, each once. */
export function missingParts(stateJsons: readonly (string | null)[]): string[] {
  const missing = new Set<string>();
  for (const json of stateJsons)
    if (json !== null) for (const hash of partsOf(json)) if (!valuesByHash.has(hash)) missing.add(hash);
  return [...missing];
}

const hashOf = (json: string): string => createHash('sha256').update(json).digest('base64url').slice(0, 22);

/** Null when a stored part is what its hash says; otherwise the problem. */
export function partProblem(part: StatePart): string | null {
  return hashOf(part.json) === part.hash
    ? null
    : `the stored state part ${part.hash} does not match its hash`;
}

/**
 * Remembers the parts read from the database for `missing` (`missingParts`), each checked against its
 * hash; throws for one that is not stored.
 */
export function knowParts(missing: readonly string[], read: readonly StatePart[]): void {
  for (const part of read) knowPart(part);
  const absent = missing.find((hash) => !valuesByHash.has(hash));
  if (absent) throw new Error(`a stored state refers to a part ${absent} that is not stored`);
}

function knowPart(part: StatePart): void {
  if (valuesByHash.has(part.hash)) return;
  const problem = partProblem(part);
  if (problem) throw new Error(problem);
  const value = JSON.parse(part.json) as object;
  partsByValue.set(value, part);
  valuesByHash.set(part.hash, value);
}

/** A stored state whole again; throws when it refers to a part neither read nor given. */
export function joinState(stateJson: string): unknown {
  const state: unknown = JSON.parse(stateJson);
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return state;
  const fields = state as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    const hash = (value as { [REF]?: unknown } | null)?.[REF];
    if (typeof hash !== 'string') continue;
    if (!valuesByHash.has(hash))
      throw new Error(`the stored state refers to a part ${hash} that is not stored`);
    fields[key] = valuesByHash.get(hash);
  }
  return state;
}
