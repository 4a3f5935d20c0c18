import { t } from '../../i18n/messages.ts';
import type { ComputerRecord } from '../../ratings/computer-record.ts';
import {
  displayRating,
  formatCount,
  formatDecimal,
  formatPercent,
  formatRating,
} from '../../ratings/model.ts';
import type { PlayerRecord } from '../../ratings/player-stats.ts';
import type { RatingStep, Standing } from '../../ratings/queries.ts';
import { MIN_SEASON_GAMES } from '../../ratings/seasons.ts';
import type { RatingChartData } from '../../render/rating-chart.ts';
import { countOf } from '../../render/rating-text.ts';
import { clip, type Payload } from '../../table-kit/payload.ts';
import { plainName } from './plain-name.ts';
import type { RatingPictures } from './rating-pictures.ts';

export interface StatsContext {
  /** "Valley of the Kings", in the reader's language. */
  readonly game: string;
  readonly name: string;
  readonly global: boolean;
  /** The server's name, or "All servers" in the reader's language. */
  readonly scope: string;
  /** The reader's language: the person who ran /stats. */
  readonly language: string;
  readonly record: PlayerRecord;
  /** A set id as players know it ("Statues"), in the reader's language. */
  readonly setName: (setId: string) => string;
  /** The rating in this scope, and in the global one when this is a server. */
  readonly standing: Standing | undefined;
  readonly globalStanding?: Standing | undefined;
  /** Rated games in this scope, oldest first. */
  readonly history: readonly RatingStep[];
  /** The person's latest seasons in this scope, newest first: the season's name and their standing. */
  readonly seasons?: readonly SeasonStanding[];
  /** Their games with computer players, which no board ranks; absent or null: none. */
  readonly computers?: ComputerRecord | null;
}

/** "Against computers: 9 wins in 14 games (Easy 6 of 8 · Hard 3 of 6)", apart from the boards. */
function computersText(c: ComputerRecord, lang: string): string {
  return t(lang, 'stats.computers', {
    wins: c.wins,
    games: c.games,
    levels: c.byLevel
      .map((l) =>
        t(lang, 'stats.computers.level', {
          level: t(lang, `computer.level.${l.level}`),
          wins: formatCount(l.wins, lang),
          games: formatCount(l.games, lang),
        }),
      )
      .join(' · '),
  });
}

export interface SeasonStanding {
  /** "November 2026 season", in the reader's language. */
  readonly season: string;
  /** Their rating there (any number of games). */
  readonly standing: Standing;
  /** Their place among the ranked (3 games or more); undefined before that. */
  readonly ranked: Standing | undefined;
}

function seasonText(s: SeasonStanding, lang: string): string {
  const games = countOf(lang, 'rated-games', s.standing.games);
  return s.ranked
    ? t(lang, 'stats.season.ranked', {
        season: s.season,
        place: formatCount(s.ranked.place, lang),
        players: formatCount(s.ranked.players, lang),
        rating: formatRating(s.ranked.display, lang),
        games,
      })
    : t(lang, 'stats.season.unranked', { season: s.season, games, min: MIN_SEASON_GAMES });
}

function ratingText(s: Standing, lang: string): string {
  return t(lang, 'stats.standing', {
    rating: formatRating(s.display, lang),
    place: formatCount(s.place, lang),
    players: formatCount(s.players, lang),
    mu: formatDecimal(s.skill.mu, lang),
    sigma: formatDecimal(s.skill.sigma, lang),
    games: countOf(lang, 'rated-games', s.games),
  });
}

/** Games, wins, scores, favourite sets and ratings, with the rating history as a chart. */
export function statsMessage(ctx: StatsContext, pictures: RatingPictures): Payload {
  const lang = ctx.language;
  const where = ctx.global ? 'global' : 'server';
  const name = plainName(ctx.name);
  const title = `📜 **${name}** · ${ctx.game} · ${plainName(ctx.scope)}`;
  const r = ctx.record;
  if (r.games === 0) {
    return {
      content: `${title}\n${t(lang, 'stats.none', { name, game: ctx.game, where })}`,
      components: [],
      files: [],
      mentionUsers: [],
    };
  }
  const lines = [
    title,
    ctx.standing
      ? t(lang, 'stats.rating', { standing: ratingText(ctx.standing, lang) })
      : t(lang, 'stats.rating-none', { where }),
    ...(ctx.global
      ? []
      : [
          ctx.globalStanding
            ? t(lang, 'stats.global-rating', { standing: ratingText(ctx.globalStanding, lang) })
            : t(lang, 'stats.global-rating-none'),
        ]),
    t(lang, 'stats.finished', {
      games: formatCount(r.games, lang),
      wins: formatCount(r.wins, lang),
      rate: formatPercent(100 * (r.winRate ?? 0), lang),
      average: formatDecimal(r.averageScore ?? 0, lang),
      best: formatCount(r.bestScore ?? 0, lang),
    }),
    ...(r.shared ? [t(lang, 'stats.shared', { count: formatCount(r.shared, lang) })] : []),
    ...(ctx.computers ? [computersText(ctx.computers, lang)] : []),
    r.favouriteSets.length
      ? t(lang, 'stats.favourites', {
          sets: r.favouriteSets
            .map((s) => `${ctx.setName(s.set)} (${countOf(lang, 'games', s.games)})`)
            .join(', '),
        })
      : t(lang, 'stats.favourites-none'),
    ...(ctx.seasons?.length
      ? [t(lang, 'stats.seasons', { list: ctx.seasons.map((x) => seasonText(x, lang)).join(' · ') })]
      : []),
  ];
  const files: Payload['files'] = [];
  const first = ctx.history[0];
  if (first) {
    const chart: RatingChartData = {
      name: ctx.name,
      scope: ctx.scope,
      language: lang,
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
