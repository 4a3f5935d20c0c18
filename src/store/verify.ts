/**
 * Checks stored games against their logs: the state must equal the replay of options + seed + actions, and
 * so must what each action said; the version must count the actions, and the status must agree with the
 * rules' outcome.
 */

import { isDeepStrictEqual } from 'node:util';
import { asc, eq, gt } from 'drizzle-orm';
import type { Outcome } from '../games/kernel/types.ts';
import { listGames as registeredGames } from '../games/registry.ts';
import { catalogNote, dealtOptions } from './catalog-pins.ts';
import type { ScarabDatabase, ScarabDrizzle } from './database.ts';
import { decodeLines } from './log-codec.ts';
import type { VerifyProblem, VerifyReport } from './records.ts';
import { firstDifference, type LoggedActionWithLog, replay } from './replay.ts';
import { actions, games, stateParts } from './schema.ts';
import { expectedOutcome } from './settled-outcome.ts';
import { partProblem, partsOf } from './state-parts.ts';

export type { VerifyProblem, VerifyReport } from './records.ts';

type GameRow = typeof games.$inferSelect;

/** null when the game is consistent. */
export function verifyGame(db: ScarabDrizzle, row: GameRow): string | null {
  // Every shared part its state refers to is stored, and is what its hash says (state-parts.ts).
  for (const hash of row.state ? partsOf(row.state) : []) {
    const part = db.select().from(stateParts).where(eq(stateParts.hash, hash)).get();
    if (!part) return `its state refers to a part ${hash} that is not stored`;
    const problem = partProblem(part);
    if (problem) return problem;
  }
  const log = db
    .select({ seq: actions.seq, seat: actions.seat, action: actions.action, log: actions.log })
    .from(actions)
    .where(eq(actions.gameId, row.id))
    .orderBy(asc(actions.seq))
    .all();
  return checkGameLog(row, log);
}

/** The stored columns `checkGameLog` compares with the replay (the same on either backend). */
export type CheckedGameRow = Pick<
  GameRow,
  'type' | 'status' | 'options' | 'seed' | 'state' | 'version' | 'outcome'
>;

/**
 * `verifyGame` on a row and its log (in `seq` order) that the caller read, from whichever backend holds
 * them: moving to PostgreSQL checks the copy with the same rules. null when the game is consistent.
 */
export function checkGameLog(row: CheckedGameRow, log: readonly LoggedActionWithLog[]): string | null {
  const module = registeredGames().find((g) => g.id === row.type);
  if (!module) return `unknown game type '${row.type}' (is its module imported?)`;
  if (row.status === 'lobby' || row.state === null) {
    if (row.state !== null) return 'a lobby has a state';
    if (log.length > 0) return `a game that never started has ${log.length} actions`;
    return null;
  }
  // Replayed with the catalog versions it was dealt with, however the catalogs were edited since.
  const options = dealtOptions(module, row.options, row.seed, row.state);
  const replayed = replay(module, { type: row.type, options, seed: row.seed, actions: log });
  if (!replayed.ok) {
    const note = catalogNote(module, options);
    return `replay fails at action #${replayed.seq}: ${replayed.problem}${note ? ` (${note})` : ''}`;
  }
  if (replayed.version !== row.version) {
    return `version is ${row.version} but the log holds ${replayed.version} actions`;
  }
  const difference = firstDifference(row.state, replayed.stateJson);
  if (difference) {
    return (
      `state differs from the replay of ${replayed.version} actions at ${difference.path}: ` +
      `stored ${short(difference.stored)}, replayed ${short(difference.replayed)}`
    );
  }
  // The stored lines read back, not the replay's written: inflating is a sixth of deflating's cost.
  for (const [i, logged] of log.entries()) {
    const said = replayed.said[i] ?? [];
    let stored: unknown;
    try {
      stored = logged.log === null ? [] : decodeLines(row.type, logged.log);
    } catch (error) {
      return `what action #${logged.seq} said cannot be read: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (!isDeepStrictEqual(stored, said))
      return `what action #${logged.seq} said differs from the replay: stored ${short(stored)}, replayed ${short(said)}`;
  }
  if (row.status === 'active' && replayed.outcome !== null) return 'the game is over but still marked active';
  if (row.status === 'finished') {
    // A game settled as it stands (settled-outcome.ts) ends where the rules say it goes on.
    const stored = row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome);
    const expected = expectedOutcome(module, replayed.state, stored);
    if (expected === null) return 'marked finished but the rules say the game goes on';
    if (row.outcome === null || firstDifference(row.outcome, JSON.stringify(expected)) !== null) {
      return 'the stored outcome differs from the replayed one';
    }
  }
  return null;
}

/**
 * Walks every game in id order, a page at a time, so memory stays flat however many games there are. Each
 * page is read in one transaction: a bot writing meanwhile cannot show a row and a log from different moments.
 */
export function verifyAll(database: ScarabDatabase, onProgress?: (checked: number) => void): VerifyReport {
  const problems: VerifyProblem[] = [];
  const olderCatalogs: VerifyProblem[] = [];
  let checked = 0;
  let after = 0;
  const verifyPage = database.sqlite.transaction((from: number) => {
    const page = database.db
      .select()
      .from(games)
      .where(gt(games.id, from))
      .orderBy(asc(games.id))
      .limit(200)
      .all();
    for (const row of page) {
      const problem = verifyGame(database.db, row);
      if (problem) problems.push({ gameId: row.id, type: row.type, problem });
      else {
        const note = olderCatalog(row);
        if (note) olderCatalogs.push({ gameId: row.id, type: row.type, problem: note });
      }
    }
    return page;
  });
  for (;;) {
    const page = verifyPage(after);
    if (page.length === 0) break;
    checked += page.length;
    after = page.at(-1)?.id ?? after;
    onProgress?.(checked);
  }
  return { checked, problems, olderCatalogs };
}

/** Which older card catalog a consistent game was dealt with, or null (today's, or a lobby). */
export function olderCatalog(row: CheckedGameRow): string | null {
  const module = registeredGames().find((g) => g.id === row.type);
  if (!module || row.state === null) return null;
  return catalogNote(module, dealtOptions(module, row.options, row.seed, row.state));
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
