/**
 * What the ratings decide, whichever database holds them: whether a game that just finished is rated now
 * or everything is recomputed (it finished before a game already rated), the order games are rated in,
 * and the rows a rated game writes (the rating as it stands after the game, the change the game made).
 * Both rating books (rating-book.ts on SQLite, pg-rating-book.ts on PostgreSQL) only read, call these, and
 * write what they return, so the two rate exactly alike (as store/game-steps.ts does for moves). A
 * recompute runs every rated game through `ratingWrites`, the function the live path writes with, so a
 * recompute and the games written one by one cannot disagree.
 */
import type { Outcome } from '../games/kernel/types.ts';
import { type Entrant, type RatableGame, type RatingSeat, ratingDecision } from './eligibility.ts';
import { displayRating, INITIAL_SKILL, type Skill, updateSkills } from './model.ts';
import { GLOBAL_SCOPE, scopesOf } from './scopes.ts';
import {
  DEFAULT_CALENDAR,
  GLOBAL_CALENDAR,
  type OpenedSeason,
  SEASON_CADENCES,
  type SeasonCadence,
  type SeasonCalendar,
  seasonScopesAt,
} from './seasons.ts';

/** A game that changes ratings: who is rated in it, at which place, and when it finished. */
export interface RatedGame {
  readonly id: number;
  readonly type: string;
  readonly guildId: string | null;
  readonly finishedAt: Date;
  readonly entrants: readonly Entrant[];
  /** The season scopes it counts in besides its server's and the global one (`<scope>:<season>`). */
  readonly seasons: readonly string[];
}

/**
 * The game as rated, or undefined when it changes no rating (eligibility.ts says which games do). Its
 * seasons are left to the caller, which finds or opens them (the rating books, `recomputation`).
 */
export function ratedGame(game: RatableGame): RatedGame | undefined {
  const decision = ratingDecision(game);
  if (!decision.rated) return undefined;
  const { id, type, guildId } = game;
  return { id, type, guildId, finishedAt: decision.finishedAt, entrants: decision.entrants, seasons: [] };
}

/** Every scope a rated game's result counts in: its server's, the global one, then its seasons'. */
export function scopesOfRated(game: RatedGame): string[] {
  return [...scopesOf(game), ...game.seasons];
}

/** A game's place in the order ratings are applied in: finish time, then id. */
export interface RatingOrder {
  readonly id: number;
  readonly finishedAt: Date;
}

/** Negative when `a` is rated before `b`. */
export function ratingOrder(a: RatingOrder, b: RatingOrder): number {
  return a.finishedAt.getTime() - b.finishedAt.getTime() || a.id - b.id;
}

/** The game rated last: the latest row of `rating_changes` by finish time, then game id. */
export interface LatestRated {
  readonly gameId: number;
  readonly finishedAt: Date;
}

/**
 * What finishing `game` does, given the game rated last (undefined: none yet): rate it alone when it comes
 * after every game already rated; otherwise ('recompute') it would be applied out of the recompute's order
 * (a clock that stepped back, two games in the same millisecond in id order reversed), so everything is
 * recomputed instead: rare, and exact. A game that is the latest rated already is a bug, and refused.
 */
export function finishStep(game: RatedGame, latest: LatestRated | undefined): 'rate' | 'recompute' {
  if (latest?.gameId === game.id) throw new Error(`game #${game.id} is already rated`);
  if (latest && ratingOrder({ id: latest.gameId, finishedAt: latest.finishedAt }, game) > 0) {
    return 'recompute';
  }
  return 'rate';
}

/** The rating rows a rated game's update reads: of its type, in its scopes, of its entrants. */
export function ratingKeys(game: RatedGame): { gameType: string; scopes: string[]; userIds: string[] } {
  return { gameType: game.type, scopes: scopesOfRated(game), userIds: game.entrants.map((e) => e.userId) };
}

/** What a rated game's update starts from: a stored rating (of `game.type`), its skill and counts. */
export interface CurrentRating {
  readonly scope: string;
  readonly userId: string;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly wins: number;
}

/** A row of `ratings`, whole: inserted, or replacing the row of the same game type, scope and person. */
export interface RatingRow extends CurrentRating {
  readonly gameType: string;
  /** The name the person had in their latest rated game in the scope. */
  readonly displayName: string;
  readonly display: number;
  readonly lastPlayedAt: Date;
}

/** A row of `rating_changes`: one game's change to one person's rating in one scope. */
export interface ChangeRow {
  readonly gameId: number;
  readonly scope: string;
  readonly userId: string;
  readonly gameType: string;
  readonly seat: number;
  readonly rank: number;
  readonly muBefore: number;
  readonly sigmaBefore: number;
  readonly muAfter: number;
  readonly sigmaAfter: number;
  readonly finishedAt: Date;
}

export interface RatingWrite {
  readonly rating: RatingRow;
  readonly change: ChangeRow;
}

const keyOf = (scope: string, userId: string) => `${scope}\u0000${userId}`;

/**
 * The rows `game` writes, given the ratings it starts from (those `ratingKeys` names; a person without one
 * starts at `INITIAL_SKILL`): per scope (the server's, then the global one), per entrant in seat order, the
 * rating after the game and the change. A rank of 1 is a win, shared or not, whoever else sat at the table.
 */
export function ratingWrites(game: RatedGame, current: readonly CurrentRating[]): RatingWrite[] {
  const stored = new Map(current.map((c) => [keyOf(c.scope, c.userId), c]));
  const writes: RatingWrite[] = [];
  for (const scope of scopesOfRated(game)) {
    const was = game.entrants.map((e) => stored.get(keyOf(scope, e.userId)));
    const before = was.map((c): Skill => (c ? { mu: c.mu, sigma: c.sigma } : INITIAL_SKILL));
    const after = updateSkills(game.entrants.map((e, k) => ({ skill: before[k] as Skill, rank: e.rank })));
    game.entrants.forEach((e, k) => {
      const from = before[k] as Skill;
      const to = after[k] as Skill;
      writes.push({
        rating: {
          gameType: game.type,
          scope,
          userId: e.userId,
          displayName: e.displayName,
          mu: to.mu,
          sigma: to.sigma,
          display: displayRating(to),
          games: (was[k]?.games ?? 0) + 1,
          wins: (was[k]?.wins ?? 0) + (e.rank === 1 ? 1 : 0),
          lastPlayedAt: game.finishedAt,
        },
        change: {
          gameId: game.id,
          scope,
          userId: e.userId,
          gameType: game.type,
          seat: e.seat,
          rank: e.rank,
          muBefore: from.mu,
          sigmaBefore: from.sigma,
          muAfter: to.mu,
          sigmaAfter: to.sigma,
          finishedAt: game.finishedAt,
        },
      });
    });
  }
  return writes;
}

/** Both rating tables rebuilt from the finished games: what a recompute writes once it emptied them. */
export interface Recomputation {
  /** Finished games that changed ratings. */
  readonly ratedGames: number;
  /** One row per game type, scope and person rated. */
  readonly ratings: readonly RatingRow[];
  readonly changes: readonly ChangeRow[];
}

/**
 * Every finished game rated again from nothing, in rating order, each through `ratingWrites` starting from
 * the ratings the games before it left, in the seasons opened when it was rated (`opened`, by scope): the
 * tables a recompute writes.
 */
export function recomputation(
  finished: readonly RatableGame[],
  opened: readonly OpenedSeason[] = [],
): Recomputation {
  const byScope = new Map<string, OpenedSeason[]>();
  for (const s of opened) byScope.set(s.scope, [...(byScope.get(s.scope) ?? []), s]);
  const rated = finished
    .map((g): RatedGame | undefined => {
      const r = ratedGame(g);
      return r && { ...r, seasons: seasonScopesAt(scopesOf(r), r.finishedAt.getTime(), byScope) };
    })
    .filter((g): g is RatedGame => g !== undefined)
    .sort(ratingOrder);
  /** Each game type's ratings, by scope and person. */
  const tables = new Map<string, Map<string, RatingRow>>();
  const changes: ChangeRow[] = [];
  for (const game of rated) {
    const table = tables.get(game.type) ?? new Map<string, RatingRow>();
    tables.set(game.type, table);
    const { scopes, userIds } = ratingKeys(game);
    const current = scopes.flatMap((scope) =>
      userIds.flatMap((userId) => table.get(keyOf(scope, userId)) ?? []),
    );
    for (const { rating, change } of ratingWrites(game, current)) {
      table.set(keyOf(rating.scope, rating.userId), rating);
      changes.push(change);
    }
  }
  const ratings = [...tables.values()].flatMap((table) => [...table.values()]);
  return { ratedGames: rated.length, ratings, changes };
}

/** A finished game's row as both databases read it for a recompute (the outcome as stored, JSON). */
export interface FinishedGameRow extends Omit<RatableGame, 'outcome' | 'seats'> {
  readonly outcome: string | null;
}

/** One seat of a finished game. */
export interface FinishedSeatRow extends RatingSeat {
  readonly gameId: number;
}

/** The finished games with their seats (`seats` in seat order), as `recomputation` takes them. */
export function ratableGames(
  rows: readonly FinishedGameRow[],
  seats: readonly FinishedSeatRow[],
): RatableGame[] {
  const byGame = new Map<number, RatingSeat[]>();
  for (const { gameId, seat, userId, displayName } of seats) {
    const list = byGame.get(gameId) ?? [];
    list.push({ seat, userId, displayName });
    byGame.set(gameId, list);
  }
  return rows.map((r) => ({
    ...r,
    outcome: r.outcome === null ? null : (JSON.parse(r.outcome) as Outcome),
    seats: byGame.get(r.id) ?? [],
  }));
}

/**
 * The columns each read takes, by name: both backends select exactly these, from their own schema's tables
 * (`columns`), and hand the rows to the functions above.
 */
export const READS = {
  /** `rating_changes`: the game rated last (`LatestRated`). */
  latest: ['gameId', 'finishedAt'],
  /** `ratings`: what a rated game's update starts from (`CurrentRating`). */
  current: ['scope', 'userId', 'mu', 'sigma', 'games', 'wins'],
  /** `games`: a finished game (`FinishedGameRow`). */
  finishedGame: ['id', 'type', 'status', 'guildId', 'rated', 'handedOver', 'outcome', 'finishedAt'],
  /** `seats`: a finished game's seat (`FinishedSeatRow`). */
  seat: ['gameId', 'seat', 'userId', 'displayName'],
  /** `seasons`: a season opened in a scope (`OpenedSeason`). */
  season: ['scope', 'name', 'startsAt', 'endsAt', 'zone'],
} as const;

/** A table's columns of these names, as a select takes them. */
export function columns<T, K extends keyof T>(table: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, table[name]])) as Pick<T, K>;
}

/** Rows per insert while a recompute writes: far below either database's limit on parameters. */
export const ROWS_PER_INSERT = 500;

/** A row of `seasons` as either database reads it (times as `Date`s). */
export interface SeasonRow {
  readonly scope: string;
  readonly name: string;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly zone: string;
}

export const openedSeason = (r: SeasonRow): OpenedSeason => ({
  scope: r.scope,
  name: r.name,
  zone: r.zone,
  startsAt: r.startsAt.getTime(),
  endsAt: r.endsAt.getTime(),
});

export const seasonRow = (s: OpenedSeason): SeasonRow => ({
  scope: s.scope,
  name: s.name,
  zone: s.zone,
  startsAt: new Date(s.startsAt),
  endsAt: new Date(s.endsAt),
});

/** A server's stored season settings (a row of `guild_settings`), or none: the defaults. */
export function calendarOf(
  scope: string,
  settings: { readonly seasonCadence: string; readonly seasonZone: string } | undefined,
): SeasonCalendar {
  if (scope === GLOBAL_SCOPE) return GLOBAL_CALENDAR;
  if (!settings) return DEFAULT_CALENDAR;
  if (!SEASON_CADENCES.includes(settings.seasonCadence as SeasonCadence))
    throw new Error(`server ${scope} has an unknown season cadence '${settings.seasonCadence}'`);
  return { cadence: settings.seasonCadence as SeasonCadence, zone: settings.seasonZone };
}
