/**
 * The skill model: OpenSkill's Weng-Lin rating, Bradley-Terry with full pairing, default constants
 * (μ 25, σ 25/3, β 25/6, τ 25/300). Full pairing compares every two players of a game: each pair is a win,
 * a loss or a draw, so a shared place is a draw between those two and beats every worse place.
 * OpenSkill's default, Plackett-Luce, handles ties poorly in a free-for-all: in a 4-player game, a
 * shared first place gains exactly what third place gains. With at most four players, full pairing costs
 * nothing.
 */
import { rate, rating } from 'openskill';
import { bradleyTerryFull } from 'openskill/models';

/** A player's skill estimate: mean and uncertainty. */
export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

export const INITIAL_SKILL: Skill = Object.freeze(rating());

/**
 * How many σ the shown rating stays below μ. At 3, a player is shown at a value their true skill exceeds
 * with ~99.7% confidence: a newcomer starts at 0 and one lucky game cannot put them on top.
 */
export const DISPLAY_SIGMAS = 3;

/** The conservative value shown and ranked by. */
export function displayRating(skill: Skill): number {
  return skill.mu - DISPLAY_SIGMAS * skill.sigma;
}

/**
 * Numbers as a language writes them ("4.5", "4,5"), without thousands separators: English reads exactly
 * as it always has. One formatter per language and kind, made on first use.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(language: string, kind: 'integer' | 'decimal' | 'percent'): Intl.NumberFormat {
  const id = `${language}\u0000${kind}`;
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.NumberFormat(language, {
      useGrouping: false,
      ...(kind === 'decimal' ? { minimumFractionDigits: 1, maximumFractionDigits: 1 } : {}),
      ...(kind === 'integer' ? { maximumFractionDigits: 0 } : {}),
      ...(kind === 'percent' ? { style: 'percent' as const, maximumFractionDigits: 0 } : {}),
    });
    formatters.set(id, f);
  }
  return f;
}

/** One decimal, with a real minus sign (−1.5, "−1,5" in Spanish); never "−0.0". */
export function formatRating(value: number, language: string): string {
  const f = formatter(language, 'decimal');
  const text = f.format(Math.abs(value));
  return value < 0 && text !== f.format(0) ? `−${text}` : text;
}

/** "+1.8", "−0.4" (a real minus sign), "±0.0"; "+1,8" in Spanish. */
export function formatDelta(delta: number, language: string): string {
  const f = formatter(language, 'decimal');
  const text = f.format(Math.abs(delta));
  if (text === f.format(0)) return `±${text}`;
  return `${delta > 0 ? '+' : '−'}${text}`;
}

/** A count, a place or a score: "12", "1234" (no grouping, as English always wrote it). */
export function formatCount(n: number, language: string): string {
  return formatter(language, 'integer').format(n);
}

/** A plain number with one decimal, e.g. an average score or μ: "12.5", "12,5". */
export function formatDecimal(x: number, language: string): string {
  return formatter(language, 'decimal').format(x);
}

/** A percentage, rounded to a whole one: 50 → "50%" ("50 %" in Spanish). */
export function formatPercent(percent: number, language: string): string {
  return formatter(language, 'percent').format(Math.round(percent) / 100);
}

export interface Placed {
  readonly skill: Skill;
  /** 1 = best; equal numbers share the place (a tie). Only the order matters, not the gaps. */
  readonly rank: number;
}

/** The skills after one game, in the order given. Pure and deterministic: a recompute gets the same bits. */
export function updateSkills(players: readonly Placed[]): Skill[] {
  if (players.length < 2) throw new RangeError(`a rated game needs two rated players, not ${players.length}`);
  for (const p of players) {
    if (!Number.isInteger(p.rank) || p.rank < 1)
      throw new RangeError(`a place must be 1 or more, not ${p.rank}`);
    if (!Number.isFinite(p.skill.mu) || !(p.skill.sigma > 0)) {
      throw new RangeError(`not a skill: μ ${p.skill.mu}, σ ${p.skill.sigma}`);
    }
  }
  const teams = players.map((p) => [{ mu: p.skill.mu, sigma: p.skill.sigma }]);
  const rated = rate(teams, { rank: players.map((p) => p.rank), model: bradleyTerryFull });
  return rated.map((team, k) => {
    const s = team[0];
    if (!s) throw new Error(`openskill returned no rating for player ${k + 1}`);
    return { mu: s.mu, sigma: s.sigma };
  });
}
