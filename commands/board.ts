import { MessageFlags } from 'discord.js';
import { InteractionContextType } from 'discord-api-types/v10';
import { tell } from '../src/discord/handlers/replies.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';

/** Posts the current board of the game in this channel or thread again (e.g. after a Discord outage). */
export const boardCommand: SlashCommand = {
  data: {
    name: 'board',
    description: 'Post the current board of the game played here again',
    contexts: [InteractionContextType.Guild],
  },
  async execute(rt, i) {
    const here = rt.tables.activeGameIn(i.channelId);
    if (!here) return tell(i, 'No game is being played in this channel.');
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    await rt.locks.run(here.id, async () => {
      const game = rt.tables.store.getGame(here.id);
      // Also the way out of a stall: whatever was due for computer players is armed again.
      try {
        await rt.publisher.postBoard(game, 'The current board, posted again on request.');
      } finally {
        rt.table.rearm(game);
      }
    });
    await i.editReply({ content: 'Posted.' });
  },
};
