import { MessageFlags } from 'discord.js';
import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';
import { say } from '../src/discord/handlers/replies.ts';
import { gameLanguage, userLanguage } from '../src/discord/language.ts';
import { replayMessage } from '../src/discord/messages/replay-message.ts';
import type { Runtime } from '../src/discord/runtime.ts';
import { editOptions } from '../src/discord/send.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { getGame } from '../src/games/registry.ts';
import { gameTitle } from '../src/i18n/command-localizations.ts';
import { t } from '../src/i18n/messages.ts';
import { ReplayError } from '../src/table-kit/replay-positions.ts';

/** Finished games an autocomplete lists at most (Discord's limit). */
const LISTED = 25;

/**
 * `/replay game:<id> [move:<n>]`: a finished game of this server, move by move, from its first position (or
 * the move asked for: a key moment's link), with the public view at each (nothing hidden during play is
 * shown); privately unless the caller asks to show it to the channel. `tournament:<n>` lists only that
 * tournament's games, and every tournament game's choice names its table.
 */
export const replayCommand: SlashCommand = {
  data: {
    name: 'replay',
    description: 'Step through a finished game of this server, move by move',
    contexts: [InteractionContextType.Guild],
    options: [
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'game',
        description: 'The finished game: start typing its number and pick one',
        required: true,
        autocomplete: true,
        min_value: 1,
      },
      {
        type: ApplicationCommandOptionType.Boolean,
        name: 'public',
        description: 'Show it to the channel (default: only to you)',
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'move',
        description: 'Start at this move (default: 0, the first position)',
        min_value: 0,
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'tournament',
        description: "List only this tournament's games (its number)",
        min_value: 1,
      },
    ],
  },
  async execute(rt, i) {
    const gameId = i.options.getInteger('game', true);
    const shown = i.options.getBoolean('public') ?? false;
    const game = await rt.tables.store.findGame(gameId);
    if (game?.status !== 'finished' || game.guildId !== i.guildId)
      return say(i, 'replay.not-found', { id: gameId });
    const tournament = i.options.getInteger('tournament');
    if (
      tournament !== null &&
      (await rt.tables.store.tournaments.tableOfGame(gameId))?.tournamentId !== tournament
    )
      return say(i, 'replay.not-in-tournament', { id: gameId, tournament });
    await i.deferReply(shown ? {} : { flags: MessageFlags.Ephemeral });
    let replay: Awaited<ReturnType<typeof rt.replays.of>>;
    try {
      replay = await rt.replays.of(game);
    } catch (e) {
      if (!(e instanceof ReplayError)) throw e;
      rt.log.warn({ err: e, gameId }, 'a finished game does not replay');
      return say(i, 'replay.cannot', { id: gameId, why: e.message });
    }
    const language = shown ? gameLanguage(game) : userLanguage(i);
    // A move past the end is the final position.
    const move = Math.min(i.options.getInteger('move') ?? 0, replay.positions.moves);
    const step = rt.replays.step(replay, move, language, () =>
      replayMessage(rt.tables, replay, move, language),
    );
    await i.editReply(editOptions(step));
  },
  async autocomplete(rt, i) {
    if (!i.inGuild()) return i.respond([]);
    const typed = String(i.options.getFocused()).trim();
    const language = userLanguage(i);
    const store = rt.tables.store;
    const only = await tournamentGames(rt, i.guildId, i.options.getInteger('tournament'));
    const games = (await store.gamesInGuild(i.guildId, ['finished']))
      .filter((g) => (only === null || only.has(g.id)) && (typed === '' || String(g.id).startsWith(typed)))
      .slice(0, LISTED);
    // A tournament's game says which table it was: the record and the message name tables, not games.
    const tables = await Promise.all(games.map((g) => store.tournaments.tableOfGame(g.id)));
    return i.respond(
      games.map((g, k) => {
        const table = tables[k];
        const choice = t(language, 'replay.choice', {
          id: g.id,
          title: gameTitle(language, g.type, getGame(g.type).title),
          when: (g.finishedAt ?? g.updatedAt).toISOString().slice(0, 10),
        });
        const name = table
          ? `${choice} · ${t(language, 'replay.choice-table', { tournament: table.tournamentId, table: table.tableId })}`
          : choice;
        return { name: name.slice(0, 100), value: g.id };
      }),
    );
  },
};

/** The games of tournament `id` of this server (null: no tournament named; none when it is not this server's). */
async function tournamentGames(rt: Runtime, guildId: string, id: number | null): Promise<Set<number> | null> {
  if (id === null) return null;
  const s = await rt.tables.store.tournaments.get(id);
  return new Set(s && s.guildId === guildId ? Object.values(s.games) : []);
}
