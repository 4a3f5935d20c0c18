/**
 * The end of a server's season (src/ratings/README.md, "Seasons"): a scheduled row per season, planned when
 * a rated game has opened it and again at start, fires at the season's last instant and posts each game's
 * podium and the season's figures, once. The row is closed before anything is posted, so a restart or a
 * second shard that finds it due finds it closed; a row without a game is never pruned, so its key, and
 * the podium, never come back. The next season needs nothing: the next rated game opens it.
 */
import type { Client, Guild } from 'discord.js';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { gameTitle } from '../i18n/command-localizations.ts';
import { languageOf } from '../i18n/locales.ts';
import { LANGUAGES, t } from '../i18n/messages.ts';
import { formatCount, formatRating } from '../ratings/model.ts';
import type { BoardRow } from '../ratings/rating-records.ts';
import { seasonFigures } from '../ratings/season-podium.ts';
import { MIN_SEASON_GAMES, type OpenedSeason, seasonScope } from '../ratings/seasons.ts';
import { countOf } from '../render/rating-text.ts';
import { IMPORTED_MARK, type PlannedRow, type ScheduledRow } from '../store/records.ts';
import type { Payload } from '../table-kit/payload.ts';
import { plainName } from './messages/plain-name.ts';
import type { RatingPictures } from './messages/rating-pictures.ts';
import { seasonLabel } from './messages/season-label.ts';
import type { Publisher } from './publisher.ts';
import type { Scheduler } from './scheduler.ts';
import type { Tables } from './tables.ts';

export const SEASON_END = 'season-end';
/** A season that ended this long ago without its row planned (a crash in between) still gets its podium. */
const LATE_PODIUM_MS = 7 * 24 * 3_600_000;
/** Everyone on a season board, for the most active player: far more than a server's players. */
const EVERYONE = 10_000;
const MEDALS = ['🥇', '🥈', '🥉'];

export function seasonEndRow(s: OpenedSeason): PlannedRow {
  return {
    key: `${SEASON_END}:${s.scope}:${s.name}`,
    gameId: null,
    kind: SEASON_END,
    dueAt: new Date(s.endsAt),
    payload: { scope: s.scope, season: s.name },
  };
}

export class SeasonEnds {
  constructor(
    private readonly tables: Tables,
    private readonly publisher: Publisher,
    private readonly scheduler: Scheduler,
    private readonly client: Client,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly pictures: RatingPictures,
  ) {
    scheduler.on(SEASON_END, (row) => this.end(row));
  }

  /** Plans the end of the server's seasons (idempotent by key): after a rated game there, and at start. */
  async planFor(guildId: string): Promise<void> {
    const since = this.clock.now() - LATE_PODIUM_MS;
    for (const s of await this.tables.store.ratings.seasons(guildId))
      if (s.endsAt > since) await this.scheduler.plan(seasonEndRow(s));
  }

  /** Plans the end of every season of `guildIds` still owed a podium, at start: one query for them all. */
  async planAll(guildIds: Iterable<string>): Promise<void> {
    const mine = new Set(guildIds);
    const since = new Date(this.clock.now() - LATE_PODIUM_MS);
    for (const s of await this.tables.store.ratings.seasonsEndingAfter(since))
      if (mine.has(s.scope)) await this.scheduler.plan(seasonEndRow(s));
  }

  /** The row's season ends: its podiums posted by whoever closes the row (the scheduler's handler). */
  async end(row: ScheduledRow): Promise<void> {
    const store = this.tables.store;
    const { scope, season: name } = row.payload as { scope: string; season: string };
    // Closed first: whoever else finds the row due (a restart, another shard) finds it done.
    if (!(await store.schedule.markDone(row.id, 'fired'))) return;
    const season = (await store.ratings.seasons(scope)).find((s) => s.name === name);
    if (!season) throw new Error(`season ${name} of server ${scope} is not in the seasons table`);
    const posts = await this.podiums(season);
    if (posts.messages.length === 0) {
      this.log.info({ scope, season: name }, 'a season ended with nobody ranked: no podium');
      return;
    }
    if (!posts.channelId) {
      this.log.warn({ scope, season: name }, 'a season ended with no channel to post its podium in');
      return;
    }
    for (const message of posts.messages) await this.publisher.send(posts.channelId, message);
  }

  /** The server as Discord has it now (its name and language may have changed since it was cached). */
  private async guild(id: string): Promise<Guild | undefined> {
    try {
      return await this.client.guilds.fetch({ guild: id, force: true });
    } catch (e) {
      this.log.warn({ err: e, guild: id }, 'could not fetch a server for its podium; using what is cached');
      return this.client.guilds.cache.get(id);
    }
  }

  /** Each game's podium (the last with the season's figures), and where to post them. */
  async podiums(season: OpenedSeason): Promise<{ messages: Payload[]; channelId: string | null }> {
    const store = this.tables.store;
    const guild = await this.guild(season.scope);
    const language = languageOf(guild?.preferredLocale, LANGUAGES);
    const where = guild?.name ?? t(language, 'rating.scope.this-server');
    const label = seasonLabel(season.name, language);
    const everyone: BoardRow[] = [];
    const messages: Payload[] = [];
    for (const adapter of this.tables.adapters.list) {
      const q = { gameType: adapter.game.id, scope: seasonScope(season.scope, season.name) };
      everyone.push(...(await store.ratings.board(q, 1, EVERYONE)).rows);
      const top = (await store.ratings.board({ ...q, minGames: MIN_SEASON_GAMES }, 1, 3)).rows;
      if (top.length === 0) continue;
      const game = gameTitle(language, adapter.game.id, adapter.game.title);
      const picture = this.pictures.podium({
        game,
        season: label,
        scope: where,
        language,
        top: top.map((r) => ({ name: r.displayName, rating: r.display, games: r.games, wins: r.wins })),
      });
      messages.push({
        content: [
          t(language, 'season.ended.title', { game, season: label }),
          ...top.map((r, k) =>
            t(language, 'season.ended.line', {
              medal: MEDALS[k] ?? formatCount(r.place, language),
              name: plainName(r.displayName),
              rating: formatRating(r.display, language),
              games: countOf(language, 'games', r.games),
              wins: countOf(language, 'wins', r.wins),
            }),
          ),
        ].join('\n'),
        components: [],
        files: [
          {
            attachment: picture.png,
            name: `podium-${adapter.game.id}-${season.name}.png`,
            description: picture.alt,
          },
        ],
        mentionUsers: [],
      });
    }
    const ended = (await store.gamesInGuild(season.scope, ['finished'])).filter(
      (g) =>
        g.finishedAt !== null &&
        season.startsAt <= g.finishedAt.getTime() &&
        g.finishedAt.getTime() < season.endsAt,
    );
    // A game brought in by an import counts for nobody unless the operator said so (records.ts).
    const marks = await Promise.all(ended.map((g) => store.locations.getMessage(g.id, IMPORTED_MARK)));
    const played = ended.filter((_, i) => marks[i] === undefined);
    const figures = seasonFigures(season, played, everyone);
    const last = messages.at(-1);
    if (last) {
      const ms = figures.longest?.ms ?? 0;
      last.content += `\n${t(language, 'season.ended.figures', {
        games: t(language, 'season.games-played', { n: figures.games }),
        active: figures.mostActive ? plainName(figures.mostActive.name) : 'none',
        activeGames: countOf(language, 'games', figures.mostActive?.games ?? 0),
        longest: figures.longest ? String(figures.longest.gameId) : 'none',
        duration: t(language, 'season.duration', {
          days: Math.floor(ms / 86_400_000),
          hours: Math.max(1, Math.round(ms / 3_600_000)),
        }),
      })}\n${t(language, 'season.ended.next')}`;
    }
    const settings = await store.guilds.get(season.scope);
    return { messages, channelId: settings.seasonChannelId ?? figures.channelId };
  }
}
