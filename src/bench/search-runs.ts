/**
 * What the search benchmark times, bundled like the bot (search.bench.ts): positions where the Hard player
 * has a real choice (its main phase, two moves or more), taken from heuristic games, and its decisions.
 */
import { heuristicBot as archaeologyHeuristic } from '../games/archaeology/bots/heuristic-bot.ts';
import { ARCHAEOLOGY_SEARCH_PLAYOUTS, searchArchaeology } from '../games/archaeology/bots/search-bot.ts';
import {
  applyInPlace as applyArchaeology,
  archaeology,
  waitingFor as archaeologyWaiting,
} from '../games/archaeology/index.ts';
import { nextInt, seedRng } from '../games/kernel/rng.ts';
import { heuristicBot } from '../games/valley/bots/heuristic-bot.ts';
import { SEARCH_PLAYOUTS, searchValley } from '../games/valley/bots/search-bot.ts';
import { applyInPlace, valley, waitingFor } from '../games/valley/index.ts';

export interface Position {
  readonly game: 'valley' | 'archaeology';
  readonly state: unknown;
  readonly seat: number;
}

/** `count` positions spread over heuristic games of `players`, each a decision the search makes. */
export function positions(game: Position['game'], players: number, count: number, seed: string): Position[] {
  const out: Position[] = [];
  const pick = seedRng(`${seed}/pick`);
  for (let g = 0; out.length < count && g < 1000; g++) {
    const gameSeed = `${seed}-${g}`;
    const rng = seedRng(gameSeed);
    if (game === 'valley') {
      const s = valley.setup(valley.parseOptions({ players }), gameSeed);
      while (!s.finished && out.length < count) {
        const seat = waitingFor(s)[0] as number;
        if (s.stack.length === 0 && nextInt(pick, 12) === 0)
          out.push({ game, state: structuredClone(s), seat });
        applyInPlace(s, seat, heuristicBot(s, seat, rng));
      }
    } else {
      const s = archaeology.setup(archaeology.parseOptions({ players }), gameSeed);
      while (!s.finished && out.length < count) {
        const seat = archaeologyWaiting(s)[0] as number;
        if (s.pending === null && nextInt(pick, 5) === 0) out.push({ game, state: structuredClone(s), seat });
        applyArchaeology(s, seat, archaeologyHeuristic(s, seat, rng));
      }
    }
  }
  return out;
}

export interface Decision {
  readonly ms: number;
  /**
   * CPU time of the process meanwhile (this thread and V8's helper threads: the collector's work is part of
   * a decision's cost): on a machine that other work keeps busy, the figure to compare, not the wall time.
   */
  readonly cpuMs: number;
  /** 0 where the search did not search (a single candidate). */
  readonly playouts: number;
  readonly steps: number;
}

/** The Hard player's decision at `p`, timed, with the work it did. */
export function decide(p: Position, seed: string): Decision {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const rng = seedRng(seed);
  const r =
    p.game === 'valley'
      ? searchValley(p.state as never, p.seat, { playouts: SEARCH_PLAYOUTS }, rng)
      : searchArchaeology(p.state as never, p.seat, { playouts: ARCHAEOLOGY_SEARCH_PLAYOUTS }, rng);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, playouts: r?.playouts ?? 0, steps: r?.steps ?? 0 };
}
