import { expect } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import type { Treasure } from '../../src/games/archaeology/catalog.ts';
import { apply, archaeology } from '../../src/games/archaeology/index.ts';
import type {
  ArchaeologyAction,
  ArchaeologyOptions,
  ArchaeologyState,
  Instance,
} from '../../src/games/archaeology/state.ts';
import { view } from '../../src/games/archaeology/view.ts';
import { collectLines, type LogLine, readableBy } from '../../src/games/kernel/log.ts';
import type { Seat } from '../../src/games/kernel/types.ts';

/**
 * The lines said on the way to each state made through these helpers (setup's, then each move's), oldest
 * first: the state keeps no log, `apply` returns each move's lines, and the tests read them back here.
 */
const said = new WeakMap<ArchaeologyState, LogLine[]>();

/** The lines said on the way to `s` through `replay` and `act` (none for a position built by hand). */
export function linesOf(s: ArchaeologyState): readonly LogLine[] {
  return said.get(s) ?? [];
}

export function replay(
  options: ArchaeologyOptions,
  seed: string,
  log: readonly { seat: number; action: ArchaeologyAction }[],
): ArchaeologyState {
  const setup = collectLines(() => archaeology.setup(options, seed));
  let s = setup.value;
  said.set(s, setup.lines);
  for (const { seat, action } of log) {
    const r = apply(s, seat, action);
    if (!r.ok) throw new Error(`replay refused ${JSON.stringify(action)}: ${en(r.error.msg)}`);
    said.set(r.state, [...linesOf(s), ...r.log]);
    s = r.state;
  }
  return s;
}

/** Applies an action that must be legal; the test fails with the rules' message otherwise. */
export function act(s: ArchaeologyState, seat: number, action: unknown): ArchaeologyState {
  const r = apply(s, seat, action);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${en(r.error.msg)}`);
  said.set(r.state, [...linesOf(s), ...r.log]);
  return r.state;
}

/** The rules' refusal of an action, which must be refused. */
export function refusal(
  s: ArchaeologyState,
  seat: number,
  action: unknown,
): { code: string; message: string } {
  const r = apply(s, seat, action);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(action)}`);
  // Players of every language read the refusal's message: a catalogue key of the rules, its English here.
  const { code, msg } = r.error;
  expect(msg.key, `the message for '${code}'`).toMatch(/^(archaeology\.rules\.refuse|kernel\.rules)\./);
  return { code, message: en(msg) };
}

/** The English of the lines said on the way to `s` (see `linesOf`) that `viewer` may read, oldest first (seats as '@N'). */
export function logOf(s: ArchaeologyState, viewer: Seat | null): string[] {
  return readableBy(linesOf(s), viewer).map((line) => en(line.text));
}

/**
 * The English of every sentence `viewer` reads of `s`: its log (`logOf`), and in its view what it waits
 * for, its actions' labels and the summary.
 */
export function sentencesOf(s: ArchaeologyState, viewer: Seat | null): string {
  const v = view(s, viewer);
  return [
    ...logOf(s, viewer),
    en(v.waiting.text),
    ...v.actions.map((a) => en(a.label)),
    ...(v.outcome ? [en(v.outcome.summary)] : []),
  ].join('\n');
}

/** Instances of `kind` nowhere in `taken`, for building positions by hand. */
function spare(s: ArchaeologyState, kind: string, n: number, taken: Set<Instance>): Instance[] {
  const out: Instance[] = [];
  s.cards.forEach((k, i) => {
    if (k === kind && !taken.has(i) && out.length < n) out.push(i);
  });
  if (out.length < n) throw new Error(`only ${out.length} spare ${kind} cards`);
  for (const c of out) taken.add(c);
  return out;
}

export interface Position {
  players?: number;
  /** Hands by treasure counts; seat 0 is to move unless `seat` says otherwise. */
  hands: Partial<Record<Treasure, number>>[];
  market?: Partial<Record<Treasure, number>>;
  /** The dig site, top card last, by kind. */
  dig?: string[];
  seat?: number;
}

/**
 * A game in a chosen position: every card not placed goes out of play (`out`) so conservation holds,
 * the chambers keep their sizes (3, 5, 7) with treasures nobody holds, and it is `seat`'s turn after digging.
 */
export function position(p: Position): ArchaeologyState {
  const players = p.players ?? p.hands.length;
  const s = structuredClone(archaeology.setup({ players, firstSeat: p.seat ?? 0 }, 'position'));
  const taken = new Set<Instance>();
  const byCounts = (counts: Partial<Record<Treasure, number>>) =>
    Object.entries(counts).flatMap(([k, n]) => spare(s, k, n as number, taken));
  s.hands = p.hands.map(byCounts);
  s.market = byCounts(p.market ?? {});
  s.dig = (p.dig ?? []).map((k) => spare(s, k, 1, taken)[0] as Instance);
  // The chambers keep their sizes, filled with treasures nobody was given (never maps).
  const left = s.cards.flatMap((k, i) =>
    !taken.has(i) && k !== 'map' && k !== 'thief' && k !== 'sandstorm' && k !== 'pyramid' ? [i] : [],
  );
  for (const ch of ['small', 'medium', 'large'] as const) {
    const size = s.chambers[ch]?.length ?? 0;
    s.chambers[ch] = left.splice(0, size);
    for (const c of s.chambers[ch] ?? []) taken.add(c);
  }
  s.thieves = [];
  s.sandstorms = [];
  s.sold = s.hands.map(() => []);
  s.out = s.cards.map((_, i) => i).filter((i) => !taken.has(i));
  s.turn = { seat: p.seat ?? 0, number: 0, dug: true, acted: false, sold: false, mustSell: false };
  s.pending = null;
  s.passes = null;
  s.finished = false;
  return s;
}
