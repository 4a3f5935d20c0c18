/**
 * A finished tournament's podium, posted once in its channel: the seasons' podium picture (one per group
 * in a round robin of several groups, in one message) with the places in text. Exactly once: the write
 * that finishes the tournament plans the row `tournament-podium:<id>` in its transaction
 * (tournament-desk.ts), so a finished tournament always has it, after any restart. Whoever fires it claims
 * it for a lease and writes `sending` into it before sending; a holder that died after the send leaves the
 * row due again at the end of its lease, and the next holder finds the message in the channel (by its
 * picture's file name) instead of sending it again. The send carries a nonce Discord enforces besides.
 */
import type { Client } from 'discord.js';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { t } from '../../i18n/messages.ts';
import { formatCount, formatDecimal } from '../../ratings/model.ts';
import type { PodiumPicture } from '../../render/podium-image.ts';
import { countOf } from '../../render/rating-text.ts';
import type { PlannedRow, ScheduledRow } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import type { StoredTournament } from '../../store/tournament-records.ts';
import type { Picture } from '../../table-kit/context.ts';
import type { Payload } from '../../table-kit/payload.ts';
import type { Tournament } from '../../tournaments/model.ts';
import { type StandingRow, standings } from '../../tournaments/standings.ts';
import { tally } from '../../tournaments/tally.ts';
import { postedWithPicture, sendOnce } from '../podium-posts.ts';
import type { Publisher } from '../publisher.ts';
import type { Scheduler } from '../scheduler.ts';

export const TOURNAMENT_PODIUM = 'tournament-podium';
/** Far longer than posting takes; how late the podium is when its holder dies. */
export const TOURNAMENT_PODIUM_LEASE_MS = 10 * 60_000;
/** Failed tries before the podium is given up (one a lease: well over a day). */
const MAX_TRIES = 16;
/** Discord shows at most 10 pictures in a gallery. */
const MAX_PICTURES = 10;
const MEDALS = ['🥇', '🥈', '🥉'];

export function podiumRow(tournamentId: number, at: number): PlannedRow {
  return {
    key: `${TOURNAMENT_PODIUM}:${tournamentId}`,
    gameId: null,
    kind: TOURNAMENT_PODIUM,
    dueAt: new Date(at),
    payload: { tournament: tournamentId },
  };
}

/** The podium's row, planned by the write that finishes the tournament (none for any other write). */
export function podiumRows(before: Tournament, after: Tournament, at: number): PlannedRow[] {
  return after.status === 'finished' && before.status !== 'finished' ? [podiumRow(Number(after.id), at)] : [];
}

export const podiumFile = (tournamentId: number | string, group: number): string =>
  `tournament-${tournamentId}-podium${group > 0 ? `-group-${group}` : ''}.png`;

/** The podium's people: the places 1–3 of each group (all of them when places are shared), by group. */
export function podiumGroups(tr: Tournament): { group: number; rows: StandingRow[] }[] {
  const groups = new Map<number, StandingRow[]>();
  for (const r of standings(tr)) if (r.place <= 3) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  return [...groups].map(([group, rows]) => ({ group, rows }));
}

export interface PodiumDeps {
  readonly store: Store;
  readonly publisher: Publisher;
  readonly client: Client;
  readonly clock: Clock;
  readonly log: Logger;
  readonly languageOf: (guildId: string) => string;
  readonly titleOf: (game: string, language: string) => string;
  readonly namesOf: (userIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;
  /** The seasons' podium picture (RatingPictures.podium). */
  readonly podium: (p: PodiumPicture) => Picture;
}

/** The podium message of a finished tournament. */
export async function podiumMessage(deps: PodiumDeps, s: StoredTournament): Promise<Payload> {
  const tr = s.tournament;
  const language = deps.languageOf(s.guildId);
  const game = deps.titleOf(tr.settings.game, language);
  const scope = deps.client.guilds.cache.get(s.guildId)?.name ?? t(language, 'rating.scope.this-server');
  const groups = podiumGroups(tr);
  const names = await deps.namesOf(groups.flatMap((g) => g.rows.slice(0, 3).map((r) => r.userId)));
  const wins = new Map<string, number>();
  for (const [userId, places] of tally(tr).places)
    wins.set(userId, [...places.values()].filter((p) => p === 1).length);
  const lines = [t(language, 'tournament.podium.title', { id: tr.id, game })];
  const files: Payload['files'] = [];
  for (const { group, rows } of groups) {
    if (groups.length > 1)
      lines.push(t(language, 'tournament.podium.group', { group: formatCount(group, language) }));
    for (const r of rows)
      lines.push(
        t(language, 'tournament.podium.line', {
          medal: MEDALS[r.place - 1] ?? formatCount(r.place, language),
          player: `<@${r.userId}>`,
          points: formatDecimal(r.points / 60, language),
          games: countOf(language, 'games', r.games),
          wins: countOf(language, 'wins', wins.get(r.userId) ?? 0),
        }),
      );
    if (files.length >= MAX_PICTURES) continue;
    const season =
      groups.length > 1
        ? t(language, 'tournament.podium.picture-group', { id: tr.id, group: formatCount(group, language) })
        : t(language, 'tournament.podium.picture', { id: tr.id });
    const picture = deps.podium({
      game,
      season,
      scope,
      language,
      top: rows.slice(0, 3).map((r) => ({
        name: names.get(r.userId) ?? r.userId,
        rating: r.points / 60,
        games: r.games,
        wins: wins.get(r.userId) ?? 0,
        place: r.place,
      })),
    });
    files.push({
      attachment: picture.png,
      name: podiumFile(tr.id, groups.length > 1 ? group : 0),
      description: picture.alt,
    });
  }
  return { content: lines.join('\n'), components: [], files, mentionUsers: [], card: { accent: null } };
}

/** What the row remembers between holders. */
interface Delivery {
  readonly tournament: number;
  /** Set just before the send: the message may be in the channel already. */
  readonly sending?: boolean;
  readonly tries?: number;
}

export class TournamentPodiums {
  constructor(
    private readonly deps: PodiumDeps,
    scheduler: Pick<Scheduler, 'on'>,
  ) {
    scheduler.on(TOURNAMENT_PODIUM, (row) => this.post(row));
  }

  /** Posts the row's podium unless it is in the channel already; closes the row once it is. */
  async post(row: ScheduledRow): Promise<void> {
    const schedule = this.deps.store.schedule;
    const now = this.deps.clock.now();
    let lease = now + TOURNAMENT_PODIUM_LEASE_MS;
    if (!(await schedule.claim(row.id, new Date(now), new Date(lease)))) return;
    const state = ((await schedule.find(row.key))?.payload ?? row.payload) as unknown as Delivery;
    const s = await this.deps.store.tournaments.get(state.tournament);
    if (s?.tournament.status !== 'finished' || podiumGroups(s.tournament).length === 0) {
      await schedule.markDone(row.id, 'fired');
      return;
    }
    try {
      const message = await podiumMessage(this.deps, s);
      const file = message.files[0]?.name ?? '';
      const found = state.sending
        ? await postedWithPicture(this.deps.client, this.deps.log, s.channelId, file)
        : null;
      if (!found) {
        const until = this.deps.clock.now() + TOURNAMENT_PODIUM_LEASE_MS;
        const sending = { ...state, sending: true } as unknown as Record<string, unknown>;
        // Another process took the row over (this one was too slow): it posts, not this one.
        if (!(await schedule.claim(row.id, new Date(lease), new Date(until), sending))) return;
        lease = until;
        await sendOnce(
          this.deps.client,
          this.deps.publisher.pacer,
          s.channelId,
          message,
          `${TOURNAMENT_PODIUM}:${s.tournament.id}`,
        );
      }
      await schedule.closeIfDue(row.id, new Date(lease), 'fired');
    } catch (e) {
      const tries = (state.tries ?? 0) + 1;
      const where = { err: e, tournament: state.tournament, tries };
      if (tries >= MAX_TRIES) {
        this.deps.log.error(where, 'a tournament podium could not be posted: given up');
        await schedule.closeIfDue(
          row.id,
          new Date(lease),
          `failed: ${e instanceof Error ? e.message : String(e)}`,
        );
        return;
      }
      // Due again when the lease runs out, `sending` kept: the next try looks before it sends.
      this.deps.log.warn(where, 'a tournament podium failed to post: tried again later');
      const payload = { ...state, sending: true, tries } as unknown as Record<string, unknown>;
      await schedule.claim(row.id, new Date(lease), new Date(lease), payload);
    }
  }
}
