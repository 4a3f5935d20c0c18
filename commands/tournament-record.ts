import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import {
  type APIApplicationCommandSubcommandOption,
  ApplicationCommandOptionType,
} from 'discord-api-types/v10';
import { replyPrivately, tell } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import type { Runtime } from '../src/discord/runtime.ts';
import { recordFile, tournamentRecord } from '../src/discord/tournaments/tournament-record.ts';
import { t } from '../src/i18n/messages.ts';

/**
 * `/tournament record [tournament]`: anyone in the server gets a tournament's record as a JSON file
 * (../src/discord/tournaments/tournament-record.ts), privately: it is for downloading, and the channel
 * already has the tournament's message. Without a number, the server's newest tournament, whatever its
 * status.
 */
export const recordSubcommand: APIApplicationCommandSubcommandOption = {
  type: ApplicationCommandOptionType.Subcommand,
  name: 'record',
  description: "A tournament's record as a JSON file: settings, entrants, rounds, results, games, standings",
  options: [
    {
      type: ApplicationCommandOptionType.Integer,
      name: 'tournament',
      description: "The tournament's number (default: this server's newest)",
      min_value: 1,
      required: false,
    },
  ],
};

export async function tournamentRecordReply(
  rt: Runtime,
  i: ChatInputCommandInteraction<'cached' | 'raw'>,
): Promise<void> {
  const language = userLanguage(i);
  const store = rt.tables.store.tournaments;
  const named = i.options.getInteger('tournament');
  const id = named ?? (await store.inGuild(i.guildId))[0]?.id ?? null;
  const s = id === null ? undefined : await store.get(id);
  if (!s || s.guildId !== i.guildId) return tell(i, t(language, 'tournament.refused.unknown'));
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const json = `${JSON.stringify(tournamentRecord(s), null, 2)}\n`;
  const games = Object.keys(s.games).length;
  return replyPrivately(i, {
    content: t(language, 'tournament.record', { id: s.tournament.id, games }),
    components: [],
    files: [{ attachment: Buffer.from(json), name: recordFile(s.tournament.id), description: '' }],
    mentionUsers: [],
  });
}
