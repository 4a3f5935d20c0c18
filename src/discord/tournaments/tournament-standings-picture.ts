/**
 * The standings picture of the tournament's message, drawn at each redraw once a result exists, with the
 * names of the entrants it shows (fetched from Discord, whose client keeps them: a redraw asks for at most
 * the 16 shown, and only the first time).
 */
import type { Client } from 'discord.js';
import {
  describeTournamentStandings,
  renderTournamentStandings,
  type StandingsPicture,
} from '../../render/tournament-standings-image.ts';
import type { Picture } from '../../table-kit/context.ts';
import type { Tournament } from '../../tournaments/model.ts';
import { standings } from '../../tournaments/standings.ts';
import { hasStandings, shownRows, standingsPicture } from '../messages/tournament-standings.ts';

export interface StandingsPictureDeps {
  /** People's names as the picture shows them, by user id (one missing is shown as its id). */
  readonly namesOf?: (userIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;
  /** Draws the picture: the canvas unless a test counts or skips it. */
  readonly drawStandings?: (p: StandingsPicture) => Picture;
}

export const canvasStandings = (p: StandingsPicture): Picture => ({
  png: renderTournamentStandings(p),
  alt: describeTournamentStandings(p),
});

/** The picture of `tr`'s standings, or null before anything is ranked. */
export async function standingsPictureOf(
  deps: StandingsPictureDeps,
  tr: Tournament,
  gameTitle: string,
  language: string,
): Promise<Picture | null> {
  if (!hasStandings(tr)) return null;
  const ids = shownRows(standings(tr)).map((r) => r.userId);
  const names = deps.namesOf ? await deps.namesOf(ids) : new Map<string, string>();
  const picture = standingsPicture(tr, gameTitle, language, (id) => names.get(id) ?? id);
  return (deps.drawStandings ?? canvasStandings)(picture);
}

/** Names from the Discord client: the server-wide name people chose (global name, else username). */
export function clientNames(client: Client) {
  return async (userIds: readonly string[]): Promise<ReadonlyMap<string, string>> => {
    const names = new Map<string, string>();
    for (const id of userIds)
      try {
        const user = await client.users.fetch(id);
        names.set(id, (user.globalName ?? user.username).slice(0, 32));
      } catch {
        // Someone gone from Discord keeps their row, under their id.
      }
    return names;
  };
}
