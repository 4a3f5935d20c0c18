import { displayRating, formatRating } from '../../ratings/model.ts';
import type { PlayerRecord } from '../../ratings/player-stats.ts';
import type { RatingStep, Standing } from '../../ratings/queries.ts';
import type { RatingChartData } from '../../render/rating-chart.ts';
import { clip, type Payload } from './payload.ts';
import { plainName } from './plain-name.ts';
import type { RatingPictures } from './rating-pictures.ts';

export interface StatsContext {
  /** "Valley of the Kings". */
  readonly game: string;
  readonly name: string;
  readonly global: boolean;
  /** The server's name, or "All servers". */
  readonly scope: string;
  readonly record: PlayerRecord;
  /** A set id as players know it ("Statues"). */
  readonly setName: (setId: string) => string;
  /** The rating in this scope, and in the global one when this is a server. */
  readonly standing: Standing | undefined;
  readonly globalStanding?: Standing | undefined;
  /** Rated games in this scope, oldest first. */
  readonly history: readonly RatingStep[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const percent = (x: number) => `${Math.round(100 * x)}%`;

function ratingText(s: Standing): string {
  return `**${formatRating(s.display)}** (#${s.place} of ${s.players}) · μ ${s.skill.mu.toFixed(1)}, σ ${s.skill.sigma.toFixed(1)} · ${plural(s.games, 'rated game')}`;
}

/** Games, wins, scores, favourite sets and ratings, with the rating history as a chart. */
export function statsMessage(ctx: StatsContext, pictures: RatingPictures): Payload {
  const where = ctx.global ? 'anywhere' : 'in this server';
  const name = plainName(ctx.name);
  const title = `📜 **${name}** · ${ctx.game} · ${plainName(ctx.scope)}`;
  const r = ctx.record;
  if (r.games === 0) {
    return {
      content: `${title}\n${name} has not finished a game of ${ctx.game} ${where} yet.`,
      components: [],
      files: [],
      mentionUsers: [],
    };
  }
  const lines = [
    title,
    `Rating: ${ctx.standing ? ratingText(ctx.standing) : `not rated ${where} yet`}`,
    ...(ctx.global
      ? []
      : [`Global rating: ${ctx.globalStanding ? ratingText(ctx.globalStanding) : 'not rated yet'}`]),
    `Finished games: ${r.games} · wins ${r.wins} (${percent(r.winRate ?? 0)}) · average score ${(r.averageScore ?? 0).toFixed(1)} · best ${r.bestScore ?? 0}`,
    `Favourite sets: ${
      r.favouriteSets.length
        ? r.favouriteSets.map((s) => `${ctx.setName(s.set)} (${plural(s.games, 'game')})`).join(', ')
        : 'none yet'
    }`,
  ];
  const files: Payload['files'] = [];
  const first = ctx.history[0];
  if (first) {
    const chart: RatingChartData = {
      name: ctx.name,
      scope: ctx.scope,
      points: [first.before, ...ctx.history.map((h) => h.after)].map((s) => ({
        rating: displayRating(s),
        mu: s.mu,
      })),
    };
    const pic = pictures.ratingChart(chart);
    files.push({ attachment: pic.png, name: 'rating-history.png', description: pic.alt });
  }
  return { content: clip(lines.join('\n'), 2000), components: [], files, mentionUsers: [] };
}
