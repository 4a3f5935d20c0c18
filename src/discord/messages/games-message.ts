import { commandList } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import type { GameSummary } from '../../store/records.ts';
import { clip, emptyPayload, type Payload } from '../../table-kit/payload.ts';

/** `/games`: the server's games being set up or played. `start` names the commands that open a lobby. */
export function gamesMessage(
  games: GameSummary[],
  where: (g: GameSummary) => string,
  start: readonly string[],
  title: (type: string) => string,
  language: string,
): Payload {
  if (games.length === 0)
    return emptyPayload(t(language, 'games.none', { commands: commandList(language, start) }));
  const lines = games.slice(0, 30).map((g) =>
    t(language, 'games.line', {
      id: String(g.id),
      status: g.status,
      title: title(g.type),
      where: where(g),
      when: `<t:${Math.floor(g.updatedAt.getTime() / 1000)}:R>`,
    }),
  );
  return emptyPayload(clip(`${t(language, 'games.heading')}\n${lines.join('\n')}`, 2000));
}
