/**
 * `npm run simulate -- --games N --players P --seed S --bots random|heuristic|a,b,c,d`: plays N full
 * games of Valley of the Kings between computer players, checking the engine's invariants after every
 * action, and prints one JSON object with the figures as its last line. Also the tool behind the card
 * calibration (src/games/valley/CALIBRATION.md): `--cards` adds per-card statistics and `--catalog`
 * plays with another card file.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { en } from '../adapters/english.ts';
import { RuleViolation } from '../games/kernel/errors.ts';
import { nextInt, type RngState, seedRng } from '../games/kernel/rng.ts';
import { BOT_NAMES, type Bot, type BotName, bots, isBotName } from '../games/valley/bots/index.ts';
import { type Catalog, fullCatalog, parseCatalog } from '../games/valley/catalog.ts';
import { apply, applyInPlace, waitingFor } from '../games/valley/index.ts';
import { legalActions } from '../games/valley/legal-actions.ts';
import { type CardPool, checkPool, poolCatalog, poolLabel } from '../games/valley/pools.ts';
import { outcome } from '../games/valley/score.ts';
import { setup } from '../games/valley/setup.ts';
import type { Instance, ValleyAction, ValleyState } from '../games/valley/state.ts';
import { eachFlag, intArg, playersArg, UsageError } from './cli-args.ts';
import { mainArchaeology } from './simulate-archaeology.ts';
import { seatBots, type WinRate, winRates, winRatesLine } from './win-rates.ts';

export interface SimOptions {
  games: number;
  /** Player counts, used in turn: game g has players[g % players.length] players. */
  players: number[];
  seed: string;
  /** One bot for every seat, or one per seat (then `players` holds a single count). */
  bots: BotName[];
  /** Turn the per-seat bots by one seat each game (game g: seat i plays bots[(i + g) % n]). */
  rotate: boolean;
  /** Go through the public `apply` (validation and a copy per action) instead of `applyInPlace`. */
  validate: boolean;
  /** Check the invariants after every action (on unless --no-check; the benchmark turns them off). */
  check: boolean;
  cards: boolean;
  /** The cards dealt (see pools.ts); the base box by default. */
  pool: CardPool;
  /** Replaces the built-in box of the same name (`box` in the file) for calibration. */
  catalog?: Catalog;
  catalogFile?: string;
  /** A game taking more actions than this is stopped and counted as an error. */
  maxActions: number;
}

export interface CardStats {
  /** Games in which a copy reached the base of the pyramid (could be bought). */
  inBase: number;
  bought: number;
  /** Taken by an action or a reaction (Isis, Djed, Boat, Netherworld, Chariot, Cat, Book of the Dead…). */
  taken: number;
  entombed: number;
  /** Sacrificed from the pyramid (Shabti, the rebuild). */
  sacrificed: number;
  /** Sacrificed from a hand (Box of Food, Book of the Earth, Middle Sarcophagus, Qebehsenuef). */
  sacrificedFromHand: number;
  /** Copies in tombs at the end, per game. */
  inTombs: number;
  /** Share of games in which a winner's tomb holds it. */
  inWinnerTomb: number;
  /** Played from hand for its action, per game. */
  played: number;
  /**
   * How often a tomb holding the card won, over how often it would by chance (1 / players): above 1
   * the card goes with winning, below 1 with losing.
   */
  winLift: number;
}

export interface SimResult {
  games: number;
  errors: number;
  invariantViolations: number;
  gamesPerSecond: number;
  averageTurns: number;
  averageWinningScore: number;
  firstSeatWinRate: number;
  /** What firstSeatWinRate would be if seats did not matter: the average of 1 / players. */
  fairWinRate: number;
  averageTurnsPerPlayer: number;
  averageActions: number;
  averageScore: number;
  /** Winner's score minus the last player's, on average. */
  averageSpread: number;
  /** Winner's score minus the runner-up's, on average. */
  averageMargin: number;
  scoreStdDev: number;
  sharedWins: number;
  /** Per seat index: share of games won (shared wins split). */
  seatWinRates: number[];
  /** Per bot name: share of its seats that won (shared wins split). */
  botWinRates: Record<string, number>;
  /** Each bot's win rate with its 95% interval (win-rates.ts). */
  botWins: Record<string, WinRate>;
  /** By player count: games, average turns, first-seat win rate. */
  byPlayers: Record<
    string,
    { games: number; averageTurns: number; firstSeatWinRate: number; averageWinningScore: number }
  >;
  samples: string[];
  cards?: Record<string, CardStats>;
  options: {
    games: number;
    players: number[];
    seed: string;
    bots: string[];
    validate: boolean;
    pool: string;
    catalog: string | null;
  };
}

export { UsageError };

/** `--game` (valley by default), read before the rest: each game has its own options. */
function gameArg(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--game') return args[i + 1] ?? '';
    if (a.startsWith('--game=')) return a.slice('--game='.length);
  }
  return 'valley';
}

export const USAGE = `usage: npm run simulate -- [--game valley] [options]   (--game archaeology --help: its options)
  --games N          games to play (default 100)
  --players P        2 to 6; or a range 2-6 / list 2,4,6 used in turn (default 4)
  --pool P           base | base-afterlife | sets and uniques: books,weapons,boat (default base)
  --seed S           seed of the first game; game g uses S-g (default "sim")
  --bots B           ${BOT_NAMES.join(' | ')} for every seat, or one per seat: heuristic,random,random,random
  --cards            add per-card statistics (bought, taken, entombed, in winners' tombs)
  --catalog FILE     play with this card file instead of the box it names (valley-base or valley-afterlife)
  --rotate           with one bot per seat, turn them a seat further each game (seats alternated)
  --validate         apply every action through the public apply (slower; same results)
  --no-check         skip the per-action invariant checks (for timing the engine)
The last line printed is one JSON object with the figures.`;

export function parseArgs(args: readonly string[]): SimOptions {
  const o: SimOptions = {
    games: 100,
    players: [4],
    seed: 'sim',
    bots: ['random'],
    rotate: false,
    validate: false,
    check: true,
    cards: false,
    pool: 'base',
    maxActions: 100_000,
  };
  let botsGiven = false;
  eachFlag(args, (flag, value, arg) => {
    switch (flag) {
      case '--game':
        if (value() !== 'valley') throw new UsageError('--game must be valley here');
        break;
      case '--games':
        o.games = intArg('--games', value(), 1, 10_000_000);
        break;
      case '--players':
        o.players = playersArg(value(), 2, 6);
        break;
      case '--pool': {
        const v = value();
        if (v === 'base' || v === 'base-afterlife') o.pool = v;
        else {
          const ids = v.split(',');
          const setIds = new Set(fullCatalog.sets.map((x) => x.id));
          o.pool = { sets: ids.filter((id) => setIds.has(id)), uniques: ids.filter((id) => !setIds.has(id)) };
        }
        try {
          checkPool(o.pool);
        } catch (e) {
          throw new UsageError(`--pool: ${e instanceof Error ? e.message : e}`);
        }
        break;
      }
      case '--seed':
        o.seed = value();
        if (o.seed.length === 0) throw new UsageError('--seed must not be empty');
        break;
      case '--bots': {
        const names = value().split(',');
        for (const n of names)
          if (!isBotName(n)) throw new UsageError(`unknown bot '${n}' (known: ${BOT_NAMES.join(', ')})`);
        o.bots = names as BotName[];
        botsGiven = true;
        break;
      }
      case '--catalog': {
        const file = value();
        let raw: unknown;
        try {
          raw = JSON.parse(readFileSync(file, 'utf8'));
        } catch (e) {
          throw new UsageError(`cannot read the catalog ${file}: ${e instanceof Error ? e.message : e}`);
        }
        try {
          o.catalog = parseCatalog(raw);
        } catch (e) {
          throw new UsageError(`${file}: ${e instanceof Error ? e.message : e}`);
        }
        o.catalogFile = file;
        break;
      }
      case '--cards':
        o.cards = true;
        break;
      case '--validate':
        o.validate = true;
        break;
      case '--no-check':
        o.check = false;
        break;
      case '--rotate':
        o.rotate = true;
        break;
      case '--help':
      case '-h':
        throw new UsageError('');
      default:
        throw new UsageError(`unknown argument '${arg}'`);
    }
  });
  if (botsGiven && o.bots.length > 1) {
    if (o.players.length !== 1 || o.players[0] !== o.bots.length)
      throw new UsageError(
        `--bots lists ${o.bots.length} seats, so --players must be exactly ${o.bots.length} (got ${o.players.join(',')})`,
      );
  }
  return o;
}

/** Where every card is; -1 = nowhere. Zones: 0 pyramid, 1 stock, 2 boneyard, 3 + 6·seat + k for seats. */
const HAND = 0;
const TOMB = 3;

function locate(s: ValleyState, loc: Int16Array, count: Uint8Array): string | null {
  loc.fill(-1);
  count.fill(0);
  const put = (zone: number, cards: readonly (Instance | null)[]) => {
    for (const c of cards) {
      if (c === null) continue;
      if (c < 0 || c >= loc.length) return `an unknown card instance ${c} in zone ${zone}`;
      loc[c] = zone;
      count[c] = (count[c] as number) + 1;
    }
    return null;
  };
  let bad = put(0, s.pyramid) ?? put(1, s.stock) ?? put(2, s.boneyard);
  s.players.forEach((p, seat) => {
    const z = 3 + 6 * seat;
    bad ??= put(z, p.hand) ?? put(z + 1, p.deck) ?? put(z + 2, p.discard) ?? put(z + 3, p.tomb);
    bad ??= put(z + 4, p.play) ?? put(z + 5, p.aside);
  });
  if (bad) return bad;
  for (let c = 0; c < count.length; c++)
    if (count[c] !== 1) return `card ${c} (${s.cards[c]}) is in ${count[c]} places`;
  return null;
}

interface Tally {
  bought: Map<string, number>;
  taken: Map<string, number>;
  entombed: Map<string, number>;
  sacrificed: Map<string, number>;
  sacrificedFromHand: Map<string, number>;
  inBase: Map<string, number>;
  inTombs: Map<string, number>;
  inWinnerTomb: Map<string, number>;
  played: Map<string, number>;
  holderWins: Map<string, number>;
  holderChance: Map<string, number>;
}

const bump = (m: Map<string, number>, k: string, by = 1) => m.set(k, (m.get(k) ?? 0) + by);

/** Plays one game; returns its final state, or throws (an error) / returns a violation message. */
function playGame(
  opts: SimOptions,
  players: number,
  gameSeed: string,
  seatBots: Bot[],
  rng: RngState,
  tally: Tally | null,
): { state: ValleyState; actions: number; violation: string | null } {
  const options = opts.pool === 'base' ? { players } : { players, pool: opts.pool };
  let s = setup(options, gameSeed, poolCatalog(opts.pool, opts.catalog));
  const n = s.cards.length;
  const track = opts.check || tally !== null;
  let loc = new Int16Array(n);
  let prev = new Int16Array(n);
  const count = new Uint8Array(n);
  const seenInBase = tally ? new Set<string>() : null;
  const noteBase = () => {
    if (!seenInBase) return;
    for (let slot = 0; slot < 3; slot++) {
      const c = s.pyramid[slot];
      if (c !== null && c !== undefined) seenInBase.add(s.cards[c] as string);
    }
  };
  if (track) {
    const bad = locate(s, loc, count);
    if (bad) return { state: s, actions: 0, violation: `after setup: ${bad}` };
  }
  noteBase();
  let actions = 0;
  while (!s.finished) {
    const waiting = waitingFor(s);
    if (waiting.length === 0) return { state: s, actions, violation: 'the game waits for nobody' };
    if (opts.check)
      for (const seat of waiting)
        if (legalActions(s, seat).length === 0)
          return { state: s, actions, violation: `seat ${seat} is waited for but has no legal action` };
    const seat =
      waiting.length === 1 ? (waiting[0] as number) : (waiting[nextInt(rng, waiting.length)] as number);
    const bot = seatBots[seat] as Bot;
    const action: ValleyAction = bot(s, seat, rng);
    const boughtCard = action.type === 'buy' ? s.pyramid[action.slot] : null;
    if (tally && action.type === 'play') bump(tally.played, s.cards[action.card] as string);
    if (opts.validate) {
      const r = apply(s, seat, action);
      if (!r.ok)
        throw new Error(`seat ${seat} played ${JSON.stringify(action)}: refused: ${en(r.error.msg)}`);
      s = r.state;
    } else applyInPlace(s, seat, action);
    if (++actions > opts.maxActions) throw new Error(`no end after ${opts.maxActions} actions`);
    if (track) {
      [prev, loc] = [loc, prev];
      const bad = locate(s, loc, count);
      if (bad)
        return { state: s, actions, violation: `after ${JSON.stringify(action)} by seat ${seat}: ${bad}` };
    }
    if (tally) {
      for (let c = 0; c < n; c++) {
        const before = prev[c] as number;
        const after = loc[c] as number;
        if (before === after) continue;
        const id = s.cards[c] as string;
        const afterKind = after >= 3 ? (after - 3) % 6 : -1;
        const beforeKind = before >= 3 ? (before - 3) % 6 : -1;
        if (before <= 2 && after >= 3) {
          if (c === boughtCard) bump(tally.bought, id);
          else bump(tally.taken, id);
        }
        if (afterKind === TOMB && beforeKind !== TOMB) bump(tally.entombed, id);
        if (after === 2 && before === 0) bump(tally.sacrificed, id);
        if (after === 2 && beforeKind === HAND) bump(tally.sacrificedFromHand, id);
      }
      noteBase();
    }
  }
  if (opts.check && waitingFor(s).length !== 0)
    return { state: s, actions, violation: 'finished but waiting' };
  if (tally && seenInBase) for (const id of seenInBase) bump(tally.inBase, id);
  return { state: s, actions, violation: null };
}

/** `botsByName`: the bots by name (tests substitute their own). */
export function simulate(opts: SimOptions, botsByName: Record<string, Bot> = bots): SimResult {
  const t0 = performance.now();
  const tally: Tally | null = opts.cards
    ? {
        bought: new Map(),
        taken: new Map(),
        entombed: new Map(),
        sacrificed: new Map(),
        sacrificedFromHand: new Map(),
        inBase: new Map(),
        inTombs: new Map(),
        inWinnerTomb: new Map(),
        played: new Map(),
        holderWins: new Map(),
        holderChance: new Map(),
      }
    : null;
  let errors = 0;
  let violations = 0;
  let finished = 0;
  let turns = 0;
  let actionsTotal = 0;
  let winning = 0;
  let scoreSum = 0;
  let scoreSq = 0;
  let scoreCount = 0;
  let spread = 0;
  let margin = 0;
  let firstWins = 0;
  let shared = 0;
  const maxPlayers = Math.max(...opts.players);
  const seatWins = new Array<number>(maxPlayers).fill(0);
  const seatGames = new Array<number>(maxPlayers).fill(0);
  const botWins = new Map<string, number>();
  const botSeats = new Map<string, number>();
  const byPlayers = new Map<number, { games: number; turns: number; first: number; winning: number }>();
  const samples: string[] = [];
  for (let g = 0; g < opts.games; g++) {
    const players = opts.players[g % opts.players.length] as number;
    const names = seatBots(opts.bots, players, g, opts.rotate);
    const gameSeed = `${opts.seed}-${g}`;
    const rng = seedRng(`${gameSeed}/bots`);
    let result: ReturnType<typeof playGame>;
    try {
      result = playGame(
        opts,
        players,
        gameSeed,
        names.map((name) => botsByName[name] as Bot),
        rng,
        tally,
      );
    } catch (e) {
      errors++;
      if (samples.length < 5) samples.push(`game ${gameSeed} (${players} players): ${reason(e)}`);
      continue;
    }
    actionsTotal += result.actions;
    if (result.violation) {
      violations++;
      if (samples.length < 5) samples.push(`game ${gameSeed} (${players} players): ${result.violation}`);
      continue;
    }
    const s = result.state;
    const out = outcome(s);
    if (!out) continue;
    finished++;
    turns += s.turn.number;
    const scores = out.results.map((r) => r.score);
    const sorted = [...scores].sort((a, b) => b - a);
    const best = sorted[0] as number;
    winning += best;
    spread += best - (sorted.at(-1) as number);
    margin += best - (sorted[1] as number);
    for (const x of scores) {
      scoreSum += x;
      scoreSq += x * x;
      scoreCount++;
    }
    const winners = out.results.filter((r) => r.rank === 1).map((r) => r.seat);
    if (winners.length > 1) shared++;
    const share = 1 / winners.length;
    if (winners.includes(s.firstSeat)) firstWins += share;
    for (let seat = 0; seat < players; seat++) {
      seatGames[seat] = (seatGames[seat] as number) + 1;
      const name = names[seat] as string;
      bump(botSeats, name);
      if (winners.includes(seat)) {
        seatWins[seat] = (seatWins[seat] as number) + share;
        bump(botWins, name, share);
      }
    }
    const bp = byPlayers.get(players) ?? { games: 0, turns: 0, first: 0, winning: 0 };
    bp.games++;
    bp.turns += s.turn.number;
    bp.first += winners.includes(s.firstSeat) ? share : 0;
    bp.winning += best;
    byPlayers.set(players, bp);
    if (tally) {
      s.players.forEach((p, seat) => {
        const ids = new Set(p.tomb.map((c) => s.cards[c] as string));
        for (const c of p.tomb) bump(tally.inTombs, s.cards[c] as string);
        if (winners.includes(seat)) for (const id of ids) bump(tally.inWinnerTomb, id, share);
        for (const id of ids) {
          bump(tally.holderWins, id, winners.includes(seat) ? share : 0);
          bump(tally.holderChance, id, 1 / players);
        }
      });
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const per = (x: number) => (finished ? round(x / finished) : 0);
  const mean = scoreCount ? scoreSum / scoreCount : 0;
  const result: SimResult = {
    games: opts.games,
    errors,
    invariantViolations: violations,
    gamesPerSecond: round(opts.games / seconds, 1),
    averageTurns: per(turns),
    averageWinningScore: per(winning),
    firstSeatWinRate: per(firstWins),
    fairWinRate: finished
      ? round([...byPlayers.entries()].reduce((sum, [p, b]) => sum + b.games / p, 0) / finished)
      : 0,
    averageTurnsPerPlayer: finished
      ? round([...byPlayers.entries()].reduce((sum, [p, b]) => sum + b.turns / p, 0) / finished)
      : 0,
    averageActions: round(actionsTotal / opts.games),
    averageScore: round(mean),
    averageSpread: per(spread),
    averageMargin: per(margin),
    scoreStdDev: scoreCount ? round(Math.sqrt(Math.max(0, scoreSq / scoreCount - mean * mean))) : 0,
    sharedWins: shared,
    seatWinRates: seatWins.map((w, seat) => (seatGames[seat] ? round(w / (seatGames[seat] as number)) : 0)),
    botWinRates: Object.fromEntries(
      [...botSeats.entries()].map(([name, n]) => [name, round((botWins.get(name) ?? 0) / n)]),
    ),
    botWins: winRates(botWins, botSeats),
    byPlayers: Object.fromEntries(
      [...byPlayers.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([p, b]) => [
          String(p),
          {
            games: b.games,
            averageTurns: round(b.turns / b.games),
            firstSeatWinRate: round(b.first / b.games),
            averageWinningScore: round(b.winning / b.games),
          },
        ]),
    ),
    samples,
    options: {
      games: opts.games,
      players: opts.players,
      seed: opts.seed,
      bots: opts.bots,
      validate: opts.validate,
      pool: poolLabel(opts.pool),
      catalog: opts.catalogFile ?? null,
    },
  };
  if (tally) {
    const ids = new Set<string>([...tally.inBase.keys(), ...tally.inTombs.keys()]);
    const cards: Record<string, CardStats> = {};
    for (const id of [...ids].sort())
      cards[id] = {
        inBase: round((tally.inBase.get(id) ?? 0) / Math.max(1, finished)),
        bought: round((tally.bought.get(id) ?? 0) / Math.max(1, finished)),
        taken: round((tally.taken.get(id) ?? 0) / Math.max(1, finished)),
        entombed: round((tally.entombed.get(id) ?? 0) / Math.max(1, finished)),
        sacrificed: round((tally.sacrificed.get(id) ?? 0) / Math.max(1, finished)),
        sacrificedFromHand: round((tally.sacrificedFromHand.get(id) ?? 0) / Math.max(1, finished)),
        inTombs: round((tally.inTombs.get(id) ?? 0) / Math.max(1, finished)),
        inWinnerTomb: round((tally.inWinnerTomb.get(id) ?? 0) / Math.max(1, finished)),
        played: round((tally.played.get(id) ?? 0) / Math.max(1, finished)),
        winLift: round((tally.holderWins.get(id) ?? 0) / Math.max(1e-9, tally.holderChance.get(id) ?? 0)),
      };
    result.cards = cards;
  }
  return result;
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export interface SimIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The command: 0 when every game ended cleanly, 1 when some failed, 2 on bad arguments. */
export function main(args: readonly string[], io: SimIo): number {
  const game = gameArg(args);
  if (game === 'archaeology') return mainArchaeology(args, io);
  if (game !== 'valley') {
    io.stderr(`simulate: --game must be valley or archaeology, got '${game}'\n${USAGE}`);
    return 2;
  }
  let opts: SimOptions;
  try {
    opts = parseArgs(args);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(e.message ? `simulate: ${e.message}\n${USAGE}` : USAGE);
      return 2;
    }
    throw e;
  }
  const r = simulate(opts);
  if (r.cards) {
    io.stdout('card (per game)              inBase  bought   taken  played entombed inTombs winners winLift');
    for (const [id, c] of Object.entries(r.cards))
      io.stdout(
        `${id.padEnd(28)} ${[c.inBase, c.bought, c.taken, c.played, c.entombed, c.inTombs, c.inWinnerTomb, c.winLift].map((x) => x.toFixed(2).padStart(7)).join(' ')}`,
      );
  }
  for (const line of r.samples) io.stdout(`problem: ${line}`);
  io.stdout(
    `${r.games} games (${opts.players.join('/')} players, ${poolLabel(opts.pool)} cards, bots ${opts.bots.join(',')}): ${r.errors} errors, ${r.invariantViolations} invariant violations, ${r.gamesPerSecond} games/s, ${r.averageTurns} turns, winner ${r.averageWinningScore} points, first seat wins ${(100 * r.firstSeatWinRate).toFixed(1)}% (fair: ${(100 * r.fairWinRate).toFixed(1)}%)`,
  );
  if (opts.bots.length > 1) io.stdout(`wins: ${winRatesLine(r.botWins)}`);
  io.stdout(JSON.stringify(r));
  return r.errors + r.invariantViolations > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(`${t}\n`),
    stderr: (t) => process.stderr.write(`${t}\n`),
  });
}

/** A refusal by the rules in English (they say it as a message); any other error as it is. */
function reason(e: unknown): string {
  if (e instanceof RuleViolation) return en(e.msg);
  return e instanceof Error ? e.message : String(e);
}
