/**
 * The newest lines of a game's log, which every `GameRecord` carries for the board, the hands and the
 * Log button: kept up to date move by move in memory, read back from the actions' `log` column on a load.
 * What setup said (who begins, the first card dug) has no action row: it is said again by running setup,
 * which is deterministic, from the options and seed the game stores.
 */
import { collectLines, type LogLine } from '../games/kernel/log.ts';
import { getGame as getModule } from '../games/registry.ts';
import { dealtOptions } from './catalog-pins.ts';
import { decodeLines } from './log-codec.ts';

/** Enough for the Log button's page (25) whatever a reader may not read of them. */
export const RECENT_LINES = 25;

/** `lines` after `recent`, the newest `RECENT_LINES` kept. */
export function withRecent(recent: readonly LogLine[], lines: readonly LogLine[]): readonly LogLine[] {
  if (lines.length === 0) return recent;
  const all = recent.length === 0 ? lines : [...recent, ...lines];
  return all.length > RECENT_LINES ? all.slice(-RECENT_LINES) : all;
}

/**
 * The lines setup says, for a game stored with these options (as `setup` received them) and seed; with its
 * stored state, a game stored before catalog pins is dealt with the catalog that dealt it (catalog-pins.ts).
 */
export function openingLines(type: string, options: unknown, seed: string, state?: unknown): LogLine[] {
  const module = getModule(type);
  const dealt =
    state === undefined ? options : JSON.parse(dealtOptions(module, JSON.stringify(options), seed, state));
  return collectLines(() => module.setup(module.parseOptions(dealt), seed)).lines;
}

/**
 * A stored game's recent lines from its newest action rows that said something (newest first, at most
 * `RECENT_LINES` of them: each holds a line at least); setup's lines first when the rows reach back to it.
 */
export function recentFromRows(
  game: { readonly type: string; readonly options: unknown; readonly seed: string; readonly state?: unknown },
  rows: readonly { readonly log: string }[],
): readonly LogLine[] {
  return recentWithMoves(game, rows).lines;
}

/**
 * `recentFromRows` with the move that said each line (its row's `seq`; 0 for setup's), so a seat handed over
 * since can still name whoever held it then (src/store/seat-history.ts).
 */
export function recentWithMoves(
  game: { readonly type: string; readonly options: unknown; readonly seed: string; readonly state?: unknown },
  rows: readonly { readonly log: string; readonly seq?: number }[],
): { readonly lines: readonly LogLine[]; readonly moves: readonly number[] } {
  const lines: LogLine[] = [];
  const moves: number[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] as { log: string; seq?: number };
    const said = decodeLines(game.type, row.log);
    lines.push(...said);
    for (const _ of said) moves.push(row.seq ?? 0);
  }
  if (rows.length < RECENT_LINES) {
    const opening = openingLines(game.type, game.options, game.seed, game.state);
    lines.unshift(...opening);
    moves.unshift(...opening.map(() => 0));
  }
  return { lines: lines.slice(-RECENT_LINES), moves: moves.slice(-RECENT_LINES) };
}

/** `withRecent`'s moves: `count` lines said by move `seq` after `recent`, the newest `RECENT_LINES` kept. */
export function withRecentMoves(recent: readonly number[], count: number, seq: number): readonly number[] {
  if (count === 0) return recent;
  const all = [...recent, ...Array.from({ length: count }, () => seq)];
  return all.length > RECENT_LINES ? all.slice(-RECENT_LINES) : all;
}
