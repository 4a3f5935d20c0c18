import { MessageFlags } from 'discord.js';
import { InteractionContextType } from 'discord-api-types/v10';
import { replyPrivately } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { myGamesFor } from '../src/discord/my-games.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';

/** The games the user is seated in, in every server (so it answers in DMs too): their own turns first. */
export const myGamesCommand: SlashCommand = {
  data: {
    name: 'mygames',
    description: 'List the games you are seated in, in every server, and whose turn it is',
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  },
  async execute(rt, i) {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    return replyPrivately(i, await myGamesFor(rt.tables, i.user.id, userLanguage(i)));
  },
};
