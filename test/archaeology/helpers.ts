import { expect } from 'vitest';
import type { Treasure } from '../../src/games/archaeology/catalog.ts';
import { apply, archaeology } from '../../src/games/archaeology/index.ts';
import { englishOf } from '../../src/games/archaeology/messages.ts';
import type {
  ArchaeologyAction,
  ArchaeologyOptions,
  ArchaeologyState,
  Instance,
} from '../../src/games/archaeology/state.ts';

export function replay(
  options: ArchaeologyOptions,
  seed: string,
  log: readonly { seat: number; action: ArchaeologyAction }[],
): ArchaeologyState {
  let s = archaeology.setup(options, seed);
  for (const { seat, action } of log) {
    const r = apply(s, seat, action);
    if (!r.ok) throw new Error(`replay refused ${JSON.stringify(action)}: ${r.error.message}`);
    s = r.state;
  }
  return s;
}

/** Applies an action that must be legal; the test fails with the rules' message otherwise. */
export function act(s: ArchaeologyState, seat: number, action: unknown): ArchaeologyState {
  const r = apply(s, seat, action);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${r.error.message}`);
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
  // Players of every language read the refusal's message: it must say what the English says.
  const { code, message, msg } = r.error;
  expect(msg, `no message for '${code}'`).toBeDefined();
  if (msg) expect(englishOf(msg)).toBe(message);
  return { code, message };
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
  s.log = [];
  s.finished = false;
  return s;
}
