/**
 * Changes to stored data that SQL cannot make, done once per database when it is opened, after the schema's
 * migrations, and recorded in `data_migrations`. Today there is one kind: the rules' state changed shape,
 * so every stored game is replayed from its actions (which are the truth) and its state, its outcome and
 * what each action said are written again as today's rules write them. Nothing else then needs to read an older shape: the replay,
 * `verify` and the table know only the current one.
 */
import { listGames } from '../games/registry.ts';
import { dealtOptions } from './catalog-pins.ts';
import { encodeLines } from './log-codec.ts';
import { type LoggedAction, replay } from './replay.ts';
import type { StatePart } from './state-parts.ts';

export interface StateRewrite {
  /** Recorded in `data_migrations` once done. */
  readonly name: string;
  readonly why: string;
}

/** Oldest first. Each is a replay of every game: one replay serves any number pending at once. */
export const STATE_REWRITES: readonly StateRewrite[] = [
  {
    name: '2026-11-messages-only',
    why: 'the rules say every sentence as a catalogue message and keep no English text beside it',
  },
  {
    name: '2026-11-log-leaves-state',
    why: "the state keeps no log: each action's row holds what it said (actions.log)",
  },
  {
    name: '2026-11-shared-state-parts',
    why: 'the parts of a state that many games share (card definitions) are stored once (state_parts)',
  },
];

/** The stored columns a rewrite reads. */
export interface StoredGame {
  readonly id: number;
  readonly type: string;
  readonly status: string;
  readonly options: string;
  readonly seed: string;
  readonly version: number;
  /** As stored: a game stored before catalog pins is replayed with the catalog that dealt it. */
  readonly state?: string | null;
}

export type Rewritten =
  | {
      readonly ok: true;
      readonly state: string;
      /** The shared parts `state` refers to (state-parts.ts), to write unless stored. */
      readonly parts: readonly StatePart[];
      readonly outcome: string | null;
      /** What each action said, in `seq` order from 1, as `actions.log` stores it. */
      readonly logs: readonly (string | null)[];
    }
  | { readonly ok: false; readonly problem: string };

/**
 * A game's state (and, once finished, its outcome) as today's rules write them, replayed from its log; a
 * game whose module this process does not know, or whose log does not replay, is a problem to report (it
 * is left as it was: `npm run games -- verify` names it too).
 */
export function rewrittenGame(game: StoredGame, log: readonly LoggedAction[]): Rewritten {
  const module = listGames().find((g) => g.id === game.type);
  if (!module) return { ok: false, problem: `game #${game.id}: no rules module '${game.type}' here` };
  const options = dealtOptions(module, game.options, game.seed, game.state);
  const replayed = replay(module, { type: game.type, options, seed: game.seed, actions: log });
  if (!replayed.ok)
    return { ok: false, problem: `game #${game.id}: action #${replayed.seq}: ${replayed.problem}` };
  if (replayed.version !== game.version)
    return { ok: false, problem: `game #${game.id}: version ${game.version}, log of ${replayed.version}` };
  const outcome =
    game.status === 'finished' && replayed.outcome !== null ? JSON.stringify(replayed.outcome) : null;
  const logs = replayed.said.map((lines) => encodeLines(game.type, lines));
  return { ok: true, state: replayed.stateJson, parts: replayed.parts, outcome, logs };
}

/** What `data_migrations.note` says of a run. */
export function rewriteNote(rewritten: number, problems: readonly string[]): string {
  const done = `rewrote ${rewritten} game${rewritten === 1 ? '' : 's'}`;
  return problems.length === 0
    ? done
    : `${done}; left ${problems.length} as they were: ${problems.slice(0, 5).join('; ')}`;
}
