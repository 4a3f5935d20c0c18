/**
 * A tournament's public message (Components V2, one card): its settings, status, entrants, the round in
 * play with its tables, the standings, and the buttons its status offers (Register and Withdraw while
 * registration is open, Check in and Withdraw during check-in). The buttons carry the tournament's id
 * only: a click is judged against the tournament as stored, so an old message's button is refused with
 * the reason, never applied to a state the message no longer shows.
 */
import { ButtonStyle } from 'discord.js';
import { t } from '../../i18n/messages.ts';
import { isFormerEntrant } from '../../store/privacy-records.ts';
import type { StoredTournament } from '../../store/tournament-records.ts';
import { MAX_V2_TEXT } from '../../table-kit/components-v2.ts';
import type { Picture } from '../../table-kit/context.ts';
import { encodeCustomId } from '../../table-kit/custom-id.ts';
import { button, clip, type Payload, row } from '../../table-kit/payload.ts';
import { complete } from '../../tournaments/events.ts';
import { asPoints } from '../../tournaments/placement-points.ts';
import { type StandingRow, standings } from '../../tournaments/standings.ts';

export type TournamentVerb = 'register' | 'withdraw' | 'check-in';

/** Names shown before "…and N more": the card stays far below Discord's 4,000 characters. */
/** How much of each list the card shows: the first that fits Discord's 4,000 characters is used. */
interface Shown {
  readonly entrants: number;
  readonly tables: number;
  readonly standings: number;
}
/**
 * Longest first. Sixty-four entrants with Discord's 19-digit ids, all dropped for a reason, in Spanish, do
 * not fit the first; the lists shrink (the standings last: the picture shows the top 16 too) until one fits.
 */
const SHOWN: readonly Shown[] = [
  { entrants: 40, tables: 20, standings: 16 },
  { entrants: 20, tables: 12, standings: 16 },
  { entrants: 8, tables: 6, standings: 10 },
  { entrants: 0, tables: 0, standings: 8 },
];
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function tournamentCustomId(verb: TournamentVerb, tournamentId: number): string {
  return encodeCustomId({ scope: 'tournament', gameId: tournamentId, version: 0, verb, arg: '' });
}

/** ICU select keys are words: `check-in` is `checkin` in the catalogues. */
export const selector = (value: string): string => value.replaceAll('-', '');

const when = (ms: number): string => `<t:${Math.floor(ms / 1000)}:f>`;
const list = (language: string, items: readonly string[]): string =>
  new Intl.ListFormat(language, { type: 'conjunction' }).format(items);

/** The standings picture's file name: one per tournament, replaced by every edit. */
export const standingsFile = (tournamentId: number | string): string =>
  `tournament-${tournamentId}-standings.png`;

/**
 * `gameOptions`: the line saying the options every table's game starts with (Valley's pool), if any.
 * `standingsPicture`: the standings drawn (tournament-standings.ts), attached under the text once a result
 * exists; the text lists the same standings, so the picture adds nothing a screen reader misses.
 */
export function tournamentMessage(
  s: StoredTournament,
  gameTitle: string,
  language: string,
  gameOptions: string | null = null,
  standingsPicture: Picture | null = null,
): Payload {
  let p: Payload | null = null;
  const ranked = standings(s.tournament);
  for (const shown of SHOWN) {
    p = drawn(s, gameTitle, language, gameOptions, standingsPicture, ranked, shown);
    if (p.content.length <= MAX_V2_TEXT) return p;
  }
  return p as Payload;
}

function drawn(
  s: StoredTournament,
  gameTitle: string,
  language: string,
  gameOptions: string | null,
  standingsPicture: Picture | null,
  ranked: readonly StandingRow[],
  shown: Shown,
): Payload {
  const tr = s.tournament;
  // An entrant forgotten on request is "a former player" (src/tournaments/README.md, "Privacy").
  const mention = (userId: string): string =>
    isFormerEntrant(userId) ? t(language, 'privacy.former-player') : `<@${userId}>`;
  const set = tr.settings;
  const id = Number(tr.id);
  const round = tr.rounds.at(-1);
  const lines: string[] = [t(language, 'tournament.title', { id, game: gameTitle })];
  let replaysAt = -1;
  lines.push(
    t(language, 'tournament.status', {
      status: selector(tr.status),
      closes: when(tr.status === 'check-in' ? (tr.checkInClosesAt ?? 0) : set.registrationClosesAt),
      round: round?.number ?? 0,
    }),
  );
  lines.push(
    t(language, 'tournament.format', {
      format: selector(set.format),
      rounds: set.rounds,
      group: set.groupSize,
      advance: set.advance,
      size: set.tableSize,
      days: Math.round(set.roundMs / DAY_MS),
      limit: set.turnLimitHours === null ? 'none' : String(set.turnLimitHours),
      rated: set.rated ? 'yes' : 'no',
    }),
  );
  if (gameOptions !== null) lines.push(gameOptions);
  lines.push(
    t(language, 'tournament.check-in-window', {
      hours: String(Math.round(set.checkInMs / HOUR_MS)),
      cap: set.maxEntrants === null ? 'none' : String(set.maxEntrants),
    }),
  );
  lines.push('', t(language, 'tournament.entrants', { count: tr.entrants.length }));
  if (tr.entrants.length === 0) lines.push(t(language, 'tournament.no-entrants'));
  else {
    const named = tr.entrants.slice(0, shown.entrants).map((e) =>
      t(language, 'tournament.entrant', {
        player: mention(e.userId),
        checked: e.checkedIn && tr.status !== 'registration' ? 'yes' : 'no',
        // Why they were dropped, for the rule's two reasons (the organiser's and a withdrawal say only that).
        dropped:
          e.droppedAfterRound === null
            ? 'no'
            : e.dropReason === 'left-server'
              ? 'left'
              : e.dropReason === 'timeouts'
                ? 'timeouts'
                : 'yes',
      }),
    );
    if (named.length > 0) lines.push(named.join(', '));
    if (tr.entrants.length > shown.entrants)
      lines.push(t(language, 'tournament.entrants-more', { count: tr.entrants.length - shown.entrants }));
  }
  if (round) {
    lines.push('', t(language, 'tournament.round', { round: round.number, deadline: when(round.deadline) }));
    for (const table of round.tables.slice(0, shown.tables))
      lines.push(
        t(language, 'tournament.table', {
          table: table.id,
          players: list(language, table.seats.map(mention)),
          game: s.games[table.id] === undefined ? 'none' : String(s.games[table.id]),
          done: round.results[table.id] ? 'yes' : 'no',
        }),
      );
    if (round.tables.length > shown.tables)
      lines.push(t(language, 'tournament.entrants-more', { count: round.tables.length - shown.tables }));
    if (round.byes.length > 0)
      lines.push(t(language, 'tournament.byes', { players: list(language, round.byes.map(mention)) }));
    // Where its games are found once over (only the round in play's tables are listed here), placed after
    // them once the rest is known: it is left out rather than push the card past Discord's limit.
    if (Object.keys(s.games).length > 0) replaysAt = lines.length;
    // Standings once something was played: before the first result everyone has 0.
    if (tr.rounds.some((r) => Object.keys(r.results).length > 0 || (complete(r) && r.byes.length > 0))) {
      lines.push('', t(language, 'tournament.standings', { final: tr.status === 'finished' ? 'yes' : 'no' }));
      for (const x of ranked.slice(0, shown.standings))
        lines.push(
          t(language, 'tournament.standing', {
            place: x.place,
            player: mention(x.userId),
            points: asPoints(x.points),
          }),
        );
    }
  }
  const buttons =
    tr.status === 'registration'
      ? [
          button(tournamentCustomId('register', id), t(language, 'tournament.register'), ButtonStyle.Primary),
          button(tournamentCustomId('withdraw', id), t(language, 'tournament.withdraw')),
        ]
      : tr.status === 'check-in'
        ? [
            button(
              tournamentCustomId('check-in', id),
              t(language, 'tournament.check-in'),
              ButtonStyle.Success,
            ),
            button(tournamentCustomId('withdraw', id), t(language, 'tournament.withdraw')),
          ]
        : [];
  const replays = t(language, 'tournament.replays', { id });
  if (replaysAt >= 0 && lines.join('\n').length + replays.length + 1 <= MAX_V2_TEXT)
    lines.splice(replaysAt, 0, replays);
  return {
    content: lines.join('\n'),
    components: buttons.length > 0 ? [row(...buttons)] : [],
    files: standingsPicture
      ? [
          {
            attachment: standingsPicture.png,
            name: standingsFile(id),
            description: clip(standingsPicture.alt, 1024),
          },
        ]
      : [],
    // The entrants are named, never pinged by every edit.
    mentionUsers: [],
    card: { accent: null },
  };
}
