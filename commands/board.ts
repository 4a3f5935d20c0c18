import { MessageFlags } from 'discord.js';
import { InteractionContextType } from 'discord-api-types/v10';
import { say } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { t } from '../src/i18n/messages.ts';

/** Posts the current board of the game in this channel or thread again (e.g. after a Discord outage). */
export const boardCommand: SlashCommand = {
  data: {
    name: 'board',
    description: 'Post the current board of the game played here again',
    contexts: [InteractionContextType.Guild],
  },
  async execute(rt, i) {
    const here = await rt.tables.activeGameIn(i.channelId);
    if (!here) return say(i, 'error.no-game-here');
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    await rt.locks.run(here.id, async () => {
      const game = await rt.tables.store.getGame(here.id);
      // Also the way out of a stall: whatever was due for computer players is armed again.
      try {
        await rt.publisher.postBoard(game, t(rt.tables.context(game).language, 'board.reposted'));
      } finally {
        await rt.table.rearm(game);
      }
    });
    await i.editReply({ content: t(userLanguage(i), 'board.posted') });
  },
};
