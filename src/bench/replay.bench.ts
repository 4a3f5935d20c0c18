import { canvasPictures } from '../adapters/valley/pictures.ts';
import { seedRng } from '../games/kernel/rng.ts';
import type { AnyGame } from '../games/registry.ts';
import { heuristicBot } from '../games/valley/bots/heuristic-bot.ts';
import { fullCatalog } from '../games/valley/catalog.ts';
import { valley } from '../games/valley/index.ts';
import type { ValleyState } from '../games/valley/state.ts';
import type { ValleyView } from '../games/valley/view.ts';
import type { LoopbackMessage } from '../loopback/index.ts';
import type { GameRecord } from '../store/records.ts';
import { decodeCustomId } from '../table-kit/custom-id.ts';
import { ReplayPositions } from '../table-kit/replay-positions.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { startBenchBot } from './bench-bot.ts';
import { customIds, options } from './bot-clicks.ts';

const GOAL_P50_MS = 50;
const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number) : 0;
};

/** A 4-player game of heuristic players long enough to step around move 300. */
function longGame(): { options: unknown; seed: string; actions: { seat: number; action: unknown }[] } {
  for (let g = 0; ; g++) {
    const seed = `replay-bench-${g}`;
    const options = { players: 4 };
    let state = valley.setup(valley.parseOptions(options), seed);
    const rng = seedRng(seed);
    const actions: { seat: number; action: unknown }[] = [];
    while (!state.finished) {
      const seat = valley.waitingFor(state)[0] as number;
      const action = heuristicBot(state, seat, rng);
      const r = valley.apply(state, seat, action);
      if (!r.ok) throw new Error(`a heuristic move was refused: ${r.error.code}`);
      state = r.state as ValleyState;
      actions.push({ seat, action });
    }
    if (actions.length >= 340) return { options, seed, actions };
  }
}

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const source = longGame();
  const started = performance.now();
  const replay = ReplayPositions.build(valley as AnyGame, source);
  const buildMs = performance.now() - started;
  const pictures = canvasPictures(fullCatalog);
  const names = ['Ana', 'Ben', 'Cleo', 'Dara'];
  const steps = quick ? 5 : 200;
  const pick = seedRng('replay-steps');
  const compute: number[] = [];
  const total: number[] = [];
  for (let k = 0; k < steps + 5; k++) {
    // Around move 300, anywhere between two kept positions.
    const move = 280 + (pick[0] % 40);
    pick[0] = (pick[0] * 1103515245 + 12345) >>> 0;
    const t0 = performance.now();
    const view = valley.view(replay.at(move) as ValleyState, null) as ValleyView;
    const t1 = performance.now();
    pictures.table(view, { names, language: 'en' });
    const t2 = performance.now();
    // The first few warm the JIT and the canvas.
    if (k < 5) continue;
    compute.push(t1 - t0);
    total.push(t2 - t0);
  }
  const p50 = quantile(total, 0.5);
  report({
    bench: 'replay.step',
    what: 'position at a move near 300 from the action log + public view + board picture (not sent)',
    moves: replay.moves,
    buildMs: Math.round(buildMs),
    samples: total.length,
    computeP50Ms: Math.round(quantile(compute, 0.5) * 100) / 100,
    p50Ms: Math.round(p50 * 10) / 10,
    p99Ms: Math.round(quantile(total, 0.99) * 10) / 10,
    goalP50Ms: GOAL_P50_MS,
    ...(quick ? {} : { meetsGoal: p50 <= GOAL_P50_MS }),
  });
  await sent(report, quick);
}

/** The custom id of the control whose verb is `verb` on `m` (nested in its card, as Components V2 sends it). */
function control(m: LoopbackMessage, verb: string): string {
  const id = customIds(m).find((x) => decodeCustomId(x)?.verb === verb);
  if (id === undefined) throw new Error(`no ${verb} control on the replay message`);
  return id;
}

/** The option values of the menu `customId` on `m`. */
const menuValues = options;

/** ▶ pressed through the loopback and the real bot, from near move 280 on: press → message edited. */
async function sent(report: (figure: BenchFigure) => void, quick: boolean): Promise<void> {
  const { loopback, store, bot, stop } = await startBenchBot('replay-bench');
  const c = loopback.control;
  try {
    // A finished 4-player game of Normal computers, played in the store, long enough to step past 300.
    let game: GameRecord;
    do {
      game = store.startGame(
        store.lobbies.create({
          type: 'valley',
          guildId: c.defaultGuild.id,
          channelId: c.createChannel({ name: 'finished' }).id,
          hostUserId: null,
          seats: [0, 1, 2, 3].map((k) => ({ botKind: 'normal', displayName: `Computer ${k + 1}` })),
        }).id,
      );
      const adapter = bot.runtime.tables.adapterOf(game);
      while (game.status === 'active') {
        const seat = adapter.game.waitingFor(game.state)[0] as number;
        const action = adapter.computers.move(game.state, seat, 'normal');
        game = store.applyAction(game.id, { seat, action, expectedVersion: game.version }).game;
      }
    } while (store.actionLog(game.id).length < 340);
    const reader = c.createUser('reader');
    let m = await c.as(reader).slash('replay', { game: game.id }).reply();
    // The turns menu's option nearest before move 280, then ▶ one move at a time.
    const menu = control(m, 'turn');
    const starts = menuValues(m, menu)
      .map(Number)
      .filter((v) => v <= 280);
    const chosen = c.as(reader).select(m, menu, [String(Math.max(...starts))]);
    m = await chosen.edited(0);
    const steps = quick ? 5 : 60;
    const times: number[] = [];
    for (let k = 0; k < steps + 3; k++) {
      const t0 = performance.now();
      const press = c.as(reader).click(m, control(m, 'next'));
      m = await press.edited(0);
      if (k >= 3) times.push(performance.now() - t0);
    }
    const p50 = quantile(times, 0.5);
    report({
      bench: 'replay.step.sent',
      what: '▶ on a /replay message near move 300 of a 4-player Valley game, through the loopback and the real bot, until the message shows the next board',
      moves: store.actionLog(game.id).length,
      samples: times.length,
      p50Ms: Math.round(p50 * 10) / 10,
      p99Ms: Math.round(quantile(times, 0.99) * 10) / 10,
      goalP50Ms: GOAL_P50_MS,
      ...(quick ? {} : { meetsGoal: p50 <= GOAL_P50_MS }),
    });
  } finally {
    await stop();
  }
}
