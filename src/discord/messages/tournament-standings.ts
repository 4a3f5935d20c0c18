/**
 * The standings picture's data from a stored tournament (../../render/tournament-standings-image.ts):
 * who is shown (the top 16; round robin: the top of each group), with their names, and what the
 * picture's text says. The picture is public, so it cannot show each viewer their own row: the message's
 * text lists the same standings for screen readers and for anyone the picture leaves out.
 */
import { t } from '../../i18n/messages.ts';
import type { StandingsPicture, StandingsPictureRow } from '../../render/tournament-standings-image.ts';
import { complete } from '../../tournaments/events.ts';
import type { Tournament } from '../../tournaments/model.ts';
import { type StandingRow, standings } from '../../tournaments/standings.ts';

/** Rows a picture shows: at 86 px a row, about three phone screens. */
export const SHOWN_IN_PICTURE = 16;

/** Whether there is anything to rank: a result, or a round of byes only that is over. */
export function hasStandings(tr: Tournament): boolean {
  return tr.rounds.some((r) => Object.keys(r.results).length > 0 || (complete(r) && r.byes.length > 0));
}

/** The rows shown: the first `SHOWN_IN_PICTURE`; round robin shares them out among the groups. */
export function shownRows(rows: readonly StandingRow[]): StandingRow[] {
  if (rows.length <= SHOWN_IN_PICTURE) return [...rows];
  const groups = new Set(rows.map((r) => r.group));
  if (groups.size <= 1) return rows.slice(0, SHOWN_IN_PICTURE);
  const each = Math.max(2, Math.floor(SHOWN_IN_PICTURE / groups.size));
  const seen = new Map<number, number>();
  return rows.filter((r) => {
    const k = (seen.get(r.group) ?? 0) + 1;
    seen.set(r.group, k);
    return k <= each;
  });
}

/** The picture of `tr`'s standings, names from `nameOf` (a user id when unknown). */
export function standingsPicture(
  tr: Tournament,
  gameTitle: string,
  language: string,
  nameOf: (userId: string) => string,
): StandingsPicture {
  const all = standings(tr);
  const shown = shownRows(all);
  const elimination = tr.settings.format === 'elimination';
  const rows: StandingsPictureRow[] = shown.map((r) => {
    const round = tr.rounds[r.reached - 1];
    const stage: StandingsPictureRow['stage'] =
      r.lastPlace > 0 ? 'place' : round?.byes.includes(r.userId) ? 'bye' : 'playing';
    return {
      place: r.place,
      name: nameOf(r.userId),
      group: r.group,
      points: r.points,
      opponents: r.opponents,
      games: r.games,
      byes: r.byes,
      dropped: r.dropped,
      reached: r.reached,
      stage,
      lastPlace: r.lastPlace,
    };
  });
  return {
    title: t(language, 'tournament.image.title', { id: tr.id, game: gameTitle }),
    subtitle: t(language, 'tournament.image.subtitle', {
      status: tr.status === 'finished' ? 'finished' : 'going',
      round: tr.rounds.length,
      rounds: tr.settings.format === 'swiss' ? String(tr.settings.rounds) : '0',
      players: all.length,
    }),
    language,
    kind: elimination ? 'elimination' : 'points',
    rows,
    more: all.length - rows.length,
  };
}
