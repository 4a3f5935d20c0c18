/**
 * The end of a server's season (src/ratings/README.md, "Seasons"): a scheduled row per season, planned when
 * a rated game has opened it and again at start, fires at the season's last instant and posts each game's
 * podium and the season's figures, exactly once (src/discord/README.md, "Season ends"). The process that
 * fires the row claims it for a lease (`ScheduleRepository.claim`): another shard, or a restart, finds it
 * due later and leaves it, until the lease runs out with its holder dead. The holder writes, in the row's
 * payload, where the podiums go, which one it is about to send and each message posted, and closes the row
 * only once all are: after a crash, the next holder looks for a message that was about to be sent before
 * sending it again. A failed send is tried again later (backoff, through the schedule); a channel gone or
 * closed to the bot sends the podiums to where most of the season was played, with a line saying why.
 * A row without a game is never pruned, so its key, and the podium, never come back.
 */
import { type Client, DiscordAPIError, type Guild } from 'discord.js';
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
import { ClosedChannelError, postedWithPicture, sendOnce } from './podium-posts.ts';
import type { Publisher } from './publisher.ts';
import type { Scheduler } from './scheduler.ts';
import type { Tables } from './tables.ts';

export const SEASON_END = 'season-end';
/** A season that ended this long ago without its row planned (a crash in between) still gets its podium. */
const LATE_PODIUM_MS = 7 * 24 * 3_600_000;
/** Everyone on a season board, for the most active player: far more than a server's players. */
const EVERYONE = 10_000;
const MEDALS = ['🥇', '🥈', '🥉'];
/**
 * How long a process holds a season's row while it posts: far more than posting takes (discord.js gives up
 * on a request well before), and how late the podium is when its holder dies.
 */
export const PODIUM_LEASE_MS = 10 * 60_000;
/** The first retry of a failed post, doubled at each one after, up to `MAX_BACKOFF_MS`. */
export const FIRST_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 3_600_000;
/** Failed tries before a podium is given up (about half a day of retries). */
export const MAX_PODIUM_TRIES = 16;
/** Discord's answers for a channel the bot cannot post in: deleted, not visible, or without Send Messages. */
const UNKNOWN_CHANNEL = 10003;
const MISSING_ACCESS = 50001;
const MISSING_PERMISSIONS = 50013;

/** What the season's row remembers between tries and processes (beside its scope and season). */
interface Delivery {
  readonly scope: string;
  readonly season: string;
  /** Where the podiums go, fixed before the first is sent. */
  readonly channelId?: string;
  /** The chosen channel that could not be posted in, and why; the podiums went to `channelId` instead. */
  readonly movedFrom?: { readonly channelId: string; readonly reason: 'gone' | 'closed' };
  /** The podium (by its picture's file name) that carries the line about the move. */
  readonly noticeWith?: string;
  /** The podium about to be sent when this was written: it may be in the channel already. */
  readonly sending?: string;
  /** The podiums posted: their picture's file name to the message's id. */
  readonly posted?: Readonly<Record<string, string>>;
  /** Failed tries so far. */
  readonly tries?: number;
}

/** A row whose season the seasons table does not have: nothing to post, ever. */
class UnknownSeasonError extends Error {}

/** The holder of a row lost it (its lease ran out and another process took it): it stops. */
class LeaseLostError extends Error {}

/** A channel the bot cannot post in, for good: 'gone' (deleted) or 'closed' (no access or permission). */
function closedChannel(e: unknown): 'gone' | 'closed' | null {
  if (e instanceof ClosedChannelError) return 'closed';
  if (!(e instanceof DiscordAPIError)) return null;
  if (e.code === UNKNOWN_CHANNEL) return 'gone';
  return e.code === MISSING_ACCESS || e.code === MISSING_PERMISSIONS ? 'closed' : null;
}

/** Refused for good (a 4xx other than a closed channel): sending it again would be refused again. */
function refused(e: unknown): boolean {
  return e instanceof DiscordAPIError && e.status >= 400 && e.status < 500 && e.status !== 429;
}

/** The wait before try `tries + 1`. */
export function podiumBackoff(tries: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, tries - 1));
}

const fileOf = (m: Payload): string => m.files[0]?.name ?? '';

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

  /**
   * The row's season ends: its podiums posted by whoever holds the row, the row closed once they all are.
   * Throws only for a season the table does not know (the scheduler then closes the row as failed).
   */
  async end(row: ScheduledRow): Promise<void> {
    const schedule = this.tables.store.schedule;
    const now = this.clock.now();
    let lease = now + PODIUM_LEASE_MS;
    // Another shard or process holds it, or closed it: theirs.
    if (!(await schedule.claim(row.id, new Date(now), new Date(lease)))) return;
    let state = ((await schedule.find(row.key))?.payload ?? row.payload) as unknown as Delivery;
    const { scope, season: name } = state;
    /** Writes what was done and renews the lease; a holder that lost the row stops there. */
    const write = async (next: Delivery, until = this.clock.now() + PODIUM_LEASE_MS): Promise<void> => {
      const payload = next as unknown as Record<string, unknown>;
      if (!(await schedule.claim(row.id, new Date(lease), new Date(until), payload)))
        throw new LeaseLostError();
      lease = until;
      state = next;
    };
    const close = (outcome: string) => schedule.closeIfDue(row.id, new Date(lease), outcome);
    try {
      const season = (await this.tables.store.ratings.seasons(scope)).find((s) => s.name === name);
      if (!season) {
        const error = new UnknownSeasonError(`season ${name} of server ${scope} is not in the seasons table`);
        await close(`failed: ${error.message}`);
        throw error;
      }
      const posts = await this.podiums(season);
      if (posts.messages.length === 0) {
        this.log.info({ scope, season: name }, 'a season ended with nobody ranked: no podium');
        await close('fired');
        return;
      }
      const chosen = state.channelId ?? posts.channelId;
      if (!chosen) {
        this.log.warn({ scope, season: name }, 'a season ended with no channel to post its podium in');
        await close('fired');
        return;
      }
      for (let k = 0; k < posts.messages.length; k++) {
        const message = posts.messages[k] as Payload;
        const file = fileOf(message);
        if (state.posted?.[file]) continue;
        const channelId = state.channelId ?? chosen;
        // Sent by a holder that died before writing it down: found, not sent again.
        let id =
          state.sending === file ? await postedWithPicture(this.client, this.log, channelId, file) : null;
        if (!id) {
          await write({ ...state, channelId, sending: file });
          try {
            id = await sendOnce(
              this.client,
              this.publisher.pacer,
              channelId,
              this.noted(message, state, posts.language),
              `podium:${row.id}:${k}`,
            );
          } catch (e) {
            const reason = closedChannel(e);
            const fallback = posts.playedIn;
            if (!reason || state.movedFrom || !fallback || fallback === channelId) throw e;
            const moved = { err: e, scope, season: name, channel: channelId, fallback };
            this.log.warn(moved, 'the podium channel is closed: posted where most of the season was played');
            const { sending: _, ...rest } = state;
            await write({ ...rest, channelId: fallback, movedFrom: { channelId, reason }, noticeWith: file });
            k--;
            continue;
          }
        }
        const { sending: _, ...rest } = state;
        await write({ ...rest, posted: { ...state.posted, [file]: id } });
      }
      await close('fired');
    } catch (e) {
      if (e instanceof LeaseLostError) {
        this.log.warn({ scope, season: name }, 'another process took over a podium held too long');
        return;
      }
      if (e instanceof UnknownSeasonError) throw e;
      const tries = (state.tries ?? 0) + 1;
      if (refused(e) || closedChannel(e) || tries >= MAX_PODIUM_TRIES) {
        const failed = { err: e, scope, season: name, tries };
        this.log.error(failed, 'a season podium could not be posted: given up');
        await close(`failed: ${e instanceof Error ? e.message : String(e)}`);
        return;
      }
      const retryAt = this.clock.now() + podiumBackoff(tries);
      const failed = { err: e, scope, season: name, tries, retryAt };
      this.log.warn(failed, 'a season podium failed to post: retried later');
      try {
        await write({ ...state, tries }, retryAt);
      } catch (lost) {
        if (!(lost instanceof LeaseLostError)) throw lost;
      }
    }
  }

  /** The podium that carries the line saying why it is not in the chosen channel gets it. */
  private noted(message: Payload, state: Delivery, language: string): Payload {
    if (!state.movedFrom || state.noticeWith !== fileOf(message)) return message;
    const line = t(language, 'season.ended.moved', {
      channel: `<#${state.movedFrom.channelId}>`,
      reason: state.movedFrom.reason,
    });
    return { ...message, content: `${message.content}\n${line}` };
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

  /**
   * Each game's podium (the last with the season's figures), where to post them (the chosen channel, else
   * `playedIn`) and where most of the season was played.
   */
  async podiums(season: OpenedSeason): Promise<{
    messages: Payload[];
    channelId: string | null;
    playedIn: string | null;
    language: string;
  }> {
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
    return {
      messages,
      channelId: settings.seasonChannelId ?? figures.channelId,
      playedIn: figures.channelId,
      language,
    };
  }
}
