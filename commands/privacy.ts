import { MessageFlags } from 'discord.js';
import { InteractionContextType } from 'discord-api-types/v10';
import { replyPrivately } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { privacyMessage } from '../src/discord/messages/privacy-message.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';

/**
 * `/privacy`: what Scarab keeps about the person who asks, privately, as numbers and as a JSON file, with a
 * button to delete it (confirmed in a second step: src/discord/handlers/privacy-components.ts). In servers
 * and in the bot's DMs alike: it is about the person, not the server.
 */
export const privacyCommand: SlashCommand = {
  data: {
    name: 'privacy',
    description: 'What Scarab keeps about you: see it, download it, or delete it (only you see this)',
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  },
  async execute(rt, i) {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const data = await rt.tables.store.privacy.dataOf(i.user.id);
    return replyPrivately(i, privacyMessage(data, userLanguage(i), rt.clock.now()));
  },
};
