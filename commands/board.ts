import { MessageFlags } from 'discord.js';
import { InteractionContextType } from 'discord-api-types/v10';
import { gameHere, gameName } from '../src/discord/handlers/game-here.ts';
import { userLanguage } from '../src/discord/language.ts';
import { whereIs } from '../src/discord/my-games.ts';
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
    const found = await gameHere(rt, i);
    if (!found) return;
    const here = found.game;
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
    const language = userLanguage(i);
    // Typed in the channel rather than the game's thread: say which game, and where its board is.
    const content = found.elsewhere
      ? t(language, 'board.posted-elsewhere', {
          game: gameName(rt, here, language),
          link: await whereIs(rt.tables, await rt.tables.store.getGame(here.id)),
        })
      : t(language, 'board.posted');
    await i.editReply({ content, allowedMentions: { parse: [] } });
  },
};
