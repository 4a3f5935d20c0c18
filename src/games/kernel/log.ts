import type { Message } from './message.ts';
import type { Seat } from './types.ts';

/**
 * What a move says happened: the lines of the game's log it adds. They are the move's output, not part of
 * the position, so the state never holds them: `apply` returns them and the store keeps each move's lines
 * with the move (src/store), where the board and the Log button read the recent ones.
 */
export interface LogLine {
  readonly text: Message;
  /** Only these seats may read it (a card drawn in secret); absent: everyone. */
  readonly to?: readonly Seat[];
  /** The turn (0-based) it was said in, for games whose log counts turns. */
  readonly turn?: number;
}

/** The lines `seat` may read (null: a spectator, who reads the public ones). Hidden lines go here alone. */
export function readableBy(lines: readonly LogLine[], seat: Seat | null): LogLine[] {
  return lines.filter((l) => !l.to || (seat !== null && l.to.includes(seat)));
}

/*
 * The lines of the move (or setup) being run. A scope rather than a field of the state: every rule that
 * says something writes `log(s, …)` deep inside a card's program, and threading a collector through them
 * all would change every signature for what is only ever gathered at the top. Synchronous and reentrant
 * (an inner collection, a bot's look-ahead, restores the outer one), so the rules stay deterministic.
 */
let open: LogLine[] | null = null;

/** Adds a line to the move being collected; outside a collection (a test calling a rule directly) it is dropped. */
export function writeLine(line: LogLine): void {
  open?.push(line);
}

/**
 * Whether a move's lines are being collected: a rule may skip building lines nobody keeps (the search's
 * playouts make thousands of moves a decision outside any collection).
 */
export function collecting(): boolean {
  return open !== null;
}

/** Runs `fn` (a setup, a move) and returns what it returned with the lines it wrote, in order. */
export function collectLines<R>(fn: () => R): { readonly value: R; readonly lines: LogLine[] } {
  const outer = open;
  const lines: LogLine[] = [];
  open = lines;
  try {
    return { value: fn(), lines };
  } finally {
    open = outer;
  }
}
