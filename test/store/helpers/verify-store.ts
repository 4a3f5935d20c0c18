/**
 * `verifyAll` (src/store/verify.ts) reads SQLite's tables; this is the same check (`checkGameLog`) through
 * the `Store` contract, so it holds for PostgreSQL too: every game read back (`getGame`, `actionLog`) must
 * equal the replay of its options, seed and log, its version must count the log, and its status and outcome
 * must be the rules' own.
 */

import { getGame as getModule } from '../../../src/games/registry.ts';
import type { GameId } from '../../../src/store/errors.ts';
import { encodeLines } from '../../../src/store/log-codec.ts';
import type { GameRecord } from '../../../src/store/records.ts';
import { splitState } from '../../../src/store/state-parts.ts';
import type { Store } from '../../../src/store/store.ts';
import { checkGameLog } from '../../../src/store/verify.ts';
import { ALL_STATUSES } from './backends.ts';

export interface StoreProblem {
  readonly gameId: GameId;
  readonly problem: string;
}

/** null when the game agrees with its log: `verify`'s own rules, on what the contract reads back. */
export async function checkGame(store: Store, game: GameRecord): Promise<string | null> {
  const log = await store.actionLog(game.id);
  return checkGameLog(
    {
      type: game.type,
      status: game.status,
      options: JSON.stringify(game.options),
      seed: game.seed,
      // As the store writes it: its shared parts apart (src/store/state-parts.ts).
      state: game.state === null ? null : splitState(getModule(game.type), game.state).stateJson,
      version: game.version,
      outcome: game.outcome === null ? null : JSON.stringify(game.outcome),
    },
    log.map((a) => ({
      seq: a.seq,
      seat: a.seat,
      action: JSON.stringify(a.action),
      log: encodeLines(game.type, a.said),
    })),
  );
}

/** Every game of the database, read as committed (the cache is cleared first). */
export async function verifyStore(store: Store): Promise<{ checked: number; problems: StoreProblem[] }> {
  store.clearCache();
  const problems: StoreProblem[] = [];
  // In id order, so that a report lists the same problems in the same order on either backend.
  const all = (await store.listGames(ALL_STATUSES, 1_000_000)).sort((a, b) => a.id - b.id);
  for (const summary of all) {
    const problem = await checkGame(store, await store.getGame(summary.id));
    if (problem) problems.push({ gameId: summary.id, problem });
  }
  return { checked: all.length, problems };
}
