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

/** One decimal, with a real minus sign (−1.5); never "−0.0". */
export function formatRating(value: number): string {
  const text = Math.abs(value).toFixed(1);
  return value < 0 && text !== '0.0' ? `−${text}` : text;
}

/** "+1.8", "−0.4" (a real minus sign), "±0.0". */
export function formatDelta(delta: number): string {
  const text = Math.abs(delta).toFixed(1);
  if (text === '0.0') return '±0.0';
  return `${delta > 0 ? '+' : '−'}${text}`;
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
