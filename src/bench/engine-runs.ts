/**
 * The engine benchmark's games and its timing loop (engine.bench.ts), in a module of their own so that the
 * benchmark can run them compiled, as `npm start`'s bundle runs the rules, rather than under tsx's loader.
 */
import { type ArchaeologyBotName, archaeologyBots } from '../games/archaeology/bots/index.ts';
import {
  applyInPlace as applyArchaeology,
  waitingFor as archaeologyWaiting,
} from '../games/archaeology/index.ts';
import { setup as setupArchaeology } from '../games/archaeology/setup.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../games/archaeology/state.ts';
import { nextInt, type RngState, seedRng } from '../games/kernel/rng.ts';
import { type BotName, bots } from '../games/valley/bots/index.ts';
import { applyInPlace, waitingFor } from '../games/valley/index.ts';
import { setup } from '../games/valley/setup.ts';
import type { ValleyAction, ValleyOptions, ValleyState } from '../games/valley/state.ts';

/** One game's engine as the benchmark drives it: any game, with its own players. */
interface Engine<S, A> {
  setup(seed: string): S;
  finished(s: S): boolean;
  waitingFor(s: S): number[];
  choose(s: S, seat: number, rng: RngState): A;
  apply(s: S, seat: number, action: A): void;
  turns(s: S): number;
}

export function valleyEngine(
  bot: BotName,
  players: number,
  pool?: ValleyOptions['pool'],
): Engine<ValleyState, ValleyAction> {
  return {
    setup: (seed) => setup(pool === undefined ? { players } : { players, pool }, seed),
    finished: (s) => s.finished,
    waitingFor,
    choose: bots[bot],
    apply: applyInPlace,
    turns: (s) => s.turn.number,
  };
}

export function archaeologyEngine(
  bot: ArchaeologyBotName,
  players: number,
): Engine<ArchaeologyState, ArchaeologyAction> {
  return {
    setup: (seed) => setupArchaeology({ players }, seed),
    finished: (s) => s.finished,
    waitingFor: archaeologyWaiting,
    choose: archaeologyBots[bot],
    apply: applyArchaeology,
    turns: (s) => s.turn.number + 1,
  };
}

export function measure<S, A>(engine: Engine<S, A>, seconds: number, seed: string) {
  let games = 0;
  let actions = 0;
  let turns = 0;
  let chooseMs = 0;
  let applyMs = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    const s = engine.setup(`${seed}-${games}`);
    const rng = seedRng(`${seed}-${games}/bots`);
    while (!engine.finished(s)) {
      const waiting = engine.waitingFor(s);
      const seat =
        waiting.length === 1 ? (waiting[0] as number) : (waiting[nextInt(rng, waiting.length)] as number);
      const a0 = performance.now();
      const action = engine.choose(s, seat, rng);
      const a1 = performance.now();
      engine.apply(s, seat, action);
      applyMs += performance.now() - a1;
      chooseMs += a1 - a0;
      actions++;
    }
    turns += engine.turns(s);
    games++;
  }
  const elapsed = (performance.now() - t0) / 1000;
  return {
    games,
    seconds: round(elapsed),
    gamesPerSecond: round(games / elapsed, 1),
    actionsPerGame: round(actions / games, 1),
    turnsPerGame: round(turns / games, 1),
    msPerGame: round((elapsed * 1000) / games),
    chooseShare: round(chooseMs / (chooseMs + applyMs)),
    applyShare: round(applyMs / (chooseMs + applyMs)),
  };
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
