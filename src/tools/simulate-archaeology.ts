/**
 * `npm run simulate -- --game archaeology [options]`: plays full games of Archaeology between computer
 * players, checking the invariants after every action, and prints one JSON object with the figures as
 * its last line. Also the calibration tool behind src/games/archaeology/CALIBRATION.md (`--treasures`,
 * `--catalog FILE`).
 */
import { readFileSync } from 'node:fs';
import { en } from '../adapters/english.ts';
import {
  ARCHAEOLOGY_BOT_NAMES,
  type ArchaeologyBotName,
  archaeologyBots,
  isArchaeologyBotName,
} from '../games/archaeology/bots/index.ts';
import {
  type ArchaeologyCatalog,
  archaeologyCatalog,
  parseArchaeologyCatalog,
  TREASURES,
  type Treasure,
} from '../games/archaeology/catalog.ts';
import { apply, applyInPlace, waitingFor } from '../games/archaeology/index.ts';
import { conservationError } from '../games/archaeology/invariants.ts';
import { outcome } from '../games/archaeology/score.ts';
import { setup } from '../games/archaeology/setup.ts';
import type { ArchaeologyState } from '../games/archaeology/state.ts';
import { setValue } from '../games/archaeology/zones.ts';
import { RuleViolation } from '../games/kernel/errors.ts';
import { nextInt, seedRng } from '../games/kernel/rng.ts';
import { eachFlag, intArg, playersArg, UsageError } from './cli-args.ts';
import { seatBots, type WinRate, winRates, winRatesLine } from './win-rates.ts';

export interface ArchaeologySimOptions {
  games: number;
  /** Player counts, used in turn. */
  players: number[];
  seed: string;
  /** One bot for every seat, or one per seat. */
  bots: ArchaeologyBotName[];
  /** Turn the per-seat bots by one seat each game (game g: seat i plays bots[(i + g) % n]). */
  rotate: boolean;
  validate: boolean;
  check: boolean;
  treasures: boolean;
  catalog?: ArchaeologyCatalog;
  catalogFile?: string;
  maxActions: number;
}

export interface TreasureStats {
  /** Cards sold per game, and in how many sets. */
  sold: number;
  sets: number;
  /** Share of all money earned that came from this treasure. */
  moneyShare: number;
  /** Average money per set sold. */
  perSet: number;
  /** Share of its sets sold whole (the largest set the museum takes). */
  wholeSets: number;
}

export interface ArchaeologySimResult {
  game: 'archaeology';
  games: number;
  errors: number;
  invariantViolations: number;
  gamesPerSecond: number;
  averageTurns: number;
  averageActions: number;
  averageWinningMoney: number;
  averageMoney: number;
  averageSpread: number;
  firstSeatWinRate: number;
  fairWinRate: number;
  /** Games decided by the tie-break (fewest cards sold). */
  tieBreaks: number;
  /** Per bot: the share of the seats it played that won (shared wins split). */
  winRates: Record<string, number>;
  /** Each bot's win rate with its 95% interval (win-rates.ts). */
  botWins: Record<string, WinRate>;
  thievesPerGame: number;
  sandstormsPerGame: number;
  chambersExplored: number;
  treasures?: Record<Treasure, TreasureStats>;
  samples: string[];
}

function playGame(
  o: ArchaeologySimOptions,
  g: number,
): { state: ArchaeologyState; actions: number; seatsBots: ArchaeologyBotName[] } {
  const players = o.players[g % o.players.length] as number;
  const seatsBots = seatBots(o.bots, players, g, o.rotate);
  // Today's file unless a candidate is given (options without a pin would deal the unpinned version).
  let s = setup({ players }, `${o.seed}-${g}`, o.catalog ?? archaeologyCatalog);
  const rng = seedRng(`bots:${o.seed}-${g}`);
  let actions = 0;
  while (!s.finished) {
    const seats = waitingFor(s);
    const seat = seats[nextInt(rng, seats.length)] as number;
    const action = archaeologyBots[seatsBots[seat] as ArchaeologyBotName](s, seat, rng);
    if (o.validate) {
      const r = apply(s, seat, action);
      if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${en(r.error.msg)}`);
      s = r.state;
    } else applyInPlace(s, seat, action);
    if (o.check) {
      const e = conservationError(s);
      if (e) throw new InvariantError(e);
    }
    if (++actions > o.maxActions) throw new Error(`no end after ${o.maxActions} actions`);
  }
  return { state: s, actions, seatsBots };
}

class InvariantError extends Error {}

export function simulateArchaeology(o: ArchaeologySimOptions): ArchaeologySimResult {
  const t0 = performance.now();
  let errors = 0;
  let violations = 0;
  let finished = 0;
  let turns = 0;
  let actions = 0;
  let winMoney = 0;
  let money = 0;
  let seatsTotal = 0;
  let spread = 0;
  let firstWins = 0;
  let fair = 0;
  let tieBreaks = 0;
  let thieves = 0;
  let sandstorms = 0;
  let chambers = 0;
  const wins = new Map<string, number>();
  const seatsPlayed = new Map<string, number>();
  const sold = new Map<Treasure, { cards: number; sets: number; money: number; whole: number }>();
  const samples: string[] = [];
  for (let g = 0; g < o.games; g++) {
    let played: ReturnType<typeof playGame>;
    try {
      played = playGame(o, g);
    } catch (e) {
      if (e instanceof InvariantError) violations++;
      else errors++;
      if (samples.length < 5)
        samples.push(
          `game ${g}: ${e instanceof RuleViolation ? en(e.msg) : e instanceof Error ? e.message : String(e)}`,
        );
      continue;
    }
    const { state: s, seatsBots } = played;
    const out = outcome(s);
    if (!out) continue;
    finished++;
    turns += s.turn.number + 1;
    actions += played.actions;
    const scores = out.results.map((r) => r.score);
    const top = Math.max(...scores);
    winMoney += top;
    money += scores.reduce((a, b) => a + b, 0);
    seatsTotal += scores.length;
    spread += top - Math.min(...scores);
    if (out.results.filter((r) => r.score === top).length > 1) tieBreaks++;
    const winners = out.results.filter((r) => r.rank === 1);
    for (const w of winners) {
      const bot = seatsBots[w.seat] as string;
      wins.set(bot, (wins.get(bot) ?? 0) + 1 / winners.length);
      if (w.seat === s.firstSeat) firstWins += 1 / winners.length;
    }
    for (const b of seatsBots) seatsPlayed.set(b, (seatsPlayed.get(b) ?? 0) + 1);
    fair += 1 / s.hands.length;
    thieves += s.thieves.length;
    sandstorms += s.sandstorms.length;
    chambers += Object.values(s.chambers).filter((c) => c === null).length;
    for (const sets of s.sold)
      for (const set of sets) {
        const t = sold.get(set.kind) ?? { cards: 0, sets: 0, money: 0, whole: 0 };
        t.cards += set.cards.length;
        t.sets++;
        t.money += setValue(s, set.kind, set.cards.length);
        if (set.cards.length === s.numbers[set.kind].prices.length) t.whole++;
        sold.set(set.kind, t);
      }
  }
  const seconds = (performance.now() - t0) / 1000;
  const n = Math.max(1, finished);
  const result: ArchaeologySimResult = {
    game: 'archaeology',
    games: o.games,
    errors,
    invariantViolations: violations,
    gamesPerSecond: round(o.games / Math.max(seconds, 1e-9), 1),
    averageTurns: round(turns / n, 1),
    averageActions: round(actions / n, 1),
    averageWinningMoney: round(winMoney / n, 1),
    averageMoney: round(money / Math.max(1, seatsTotal), 1),
    averageSpread: round(spread / n, 1),
    firstSeatWinRate: round(firstWins / n),
    fairWinRate: round(fair / n),
    tieBreaks,
    winRates: Object.fromEntries(
      [...seatsPlayed].map(([bot, seats]) => [bot, round((wins.get(bot) ?? 0) / Math.max(1, seats))]),
    ),
    botWins: winRates(wins, seatsPlayed),
    thievesPerGame: round(thieves / n, 2),
    sandstormsPerGame: round(sandstorms / n, 2),
    chambersExplored: round(chambers / n, 2),
    samples,
  };
  if (o.treasures) {
    const all = [...sold.values()].reduce((a, t) => a + t.money, 0) || 1;
    result.treasures = Object.fromEntries(
      TREASURES.map((k) => {
        const t = sold.get(k) ?? { cards: 0, sets: 0, money: 0, whole: 0 };
        return [
          k,
          {
            sold: round(t.cards / n, 2),
            sets: round(t.sets / n, 2),
            moneyShare: round(t.money / all),
            perSet: round(t.money / Math.max(1, t.sets), 1),
            wholeSets: round(t.whole / Math.max(1, t.sets)),
          },
        ];
      }),
    ) as Record<Treasure, TreasureStats>;
  }
  return result;
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export const ARCHAEOLOGY_USAGE = `usage: npm run simulate -- --game archaeology [options]
  --games N          games to play (default 100)
  --players P        2 to 4; or a range 2-4 / list 2,4 used in turn (default 4)
  --seed S           seed of the first game; game g uses S-g (default "sim")
  --bots B           ${ARCHAEOLOGY_BOT_NAMES.join(' | ')} for every seat, or one per seat: heuristic,random,random
  --treasures        add per-treasure statistics (cards and sets sold, share of the money)
  --catalog FILE     play with this treasure file instead of assets/cards/archaeology.json
  --rotate           with one bot per seat, turn them a seat further each game (seats alternated)
  --validate         apply every action through the public apply (slower; same results)
  --no-check         skip the per-action invariant checks (for timing the engine)
The last line printed is one JSON object with the figures.`;

export function parseArchaeologyArgs(args: readonly string[]): ArchaeologySimOptions {
  const o: ArchaeologySimOptions = {
    games: 100,
    players: [4],
    seed: 'sim',
    bots: ['random'],
    rotate: false,
    validate: false,
    check: true,
    treasures: false,
    maxActions: 100_000,
  };
  eachFlag(args, (flag, value, arg) => {
    switch (flag) {
      case '--game':
        if (value() !== 'archaeology') throw new UsageError('--game must be archaeology here');
        break;
      case '--games':
        o.games = intArg('--games', value(), 1, 10_000_000);
        break;
      case '--players':
        o.players = playersArg(value(), 2, 4);
        break;
      case '--seed':
        o.seed = value();
        if (o.seed.length === 0) throw new UsageError('--seed must not be empty');
        break;
      case '--bots': {
        const names = value().split(',');
        for (const b of names)
          if (!isArchaeologyBotName(b))
            throw new UsageError(`unknown bot '${b}' (known: ${ARCHAEOLOGY_BOT_NAMES.join(', ')})`);
        o.bots = names as ArchaeologyBotName[];
        break;
      }
      case '--catalog': {
        const file = value();
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (e) {
          throw new UsageError(`--catalog: cannot read ${file}: ${e instanceof Error ? e.message : e}`);
        }
        try {
          o.catalog = parseArchaeologyCatalog(JSON.parse(text));
        } catch (e) {
          throw new UsageError(`--catalog ${file}: ${e instanceof Error ? e.message : e}`);
        }
        o.catalogFile = file;
        break;
      }
      case '--treasures':
        o.treasures = true;
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
        throw new UsageError('');
      default:
        throw new UsageError(`unknown option '${arg}'`);
    }
  });
  if (o.bots.length > 1) {
    if (o.players.length !== 1 || o.players[0] !== o.bots.length)
      throw new UsageError(
        `--bots lists ${o.bots.length} seats, so --players must be exactly ${o.bots.length} (got ${o.players.join(',')})`,
      );
  }
  return o;
}

/** The command for --game archaeology: 0 when every game ended cleanly, 1 when some failed, 2 on bad arguments. */
export function mainArchaeology(
  args: readonly string[],
  io: { stdout(t: string): void; stderr(t: string): void },
): number {
  let o: ArchaeologySimOptions;
  try {
    o = parseArchaeologyArgs(args);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(e.message ? `simulate: ${e.message}\n${ARCHAEOLOGY_USAGE}` : ARCHAEOLOGY_USAGE);
      return 2;
    }
    throw e;
  }
  const r = simulateArchaeology(o);
  if (r.treasures) {
    io.stdout('treasure (per game)   sold    sets  share  $/set  whole');
    for (const [k, t] of Object.entries(r.treasures))
      io.stdout(
        `${k.padEnd(20)} ${[t.sold, t.sets, t.moneyShare, t.perSet, t.wholeSets].map((x) => x.toFixed(2).padStart(6)).join(' ')}`,
      );
  }
  for (const line of r.samples) io.stdout(`problem: ${line}`);
  io.stdout(
    `${r.games} Archaeology games (${o.players.join('/')} players, bots ${o.bots.join(',')}${o.catalogFile ? `, catalog ${o.catalogFile}` : ''}): ${r.errors} errors, ${r.invariantViolations} invariant violations, ${r.gamesPerSecond} games/s, ${r.averageTurns} turns, winner $${r.averageWinningMoney}, first seat wins ${(100 * r.firstSeatWinRate).toFixed(1)}% (fair: ${(100 * r.fairWinRate).toFixed(1)}%)`,
  );
  if (o.bots.length > 1) io.stdout(`wins: ${winRatesLine(r.botWins)}`);
  io.stdout(JSON.stringify(r));
  return r.errors + r.invariantViolations > 0 ? 1 : 0;
}
