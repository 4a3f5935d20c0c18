import type { GameSummary } from '../../store/records.ts';
import { clip, emptyPayload, type Payload } from './payload.ts';

/** `/games`: the server's games being set up or played. `start` names the commands that open a lobby. */
export function gamesMessage(
  games: GameSummary[],
  where: (g: GameSummary) => string,
  start: readonly string[],
  title: (type: string) => string,
): Payload {
  if (games.length === 0)
    return emptyPayload(
      `No games are being set up or played in this server. Start one with ${start.map((c) => `\`/${c}\``).join(' or ')}.`,
    );
  const lines = games
    .slice(0, 30)
    .map(
      (g) =>
        `#${g.id} · ${g.status} · ${title(g.type)} · ${where(g)} · updated <t:${Math.floor(g.updatedAt.getTime() / 1000)}:R>`,
    );
  return emptyPayload(clip(`**Games in this server**\n${lines.join('\n')}`, 2000));
}
