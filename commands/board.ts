import { MessageFlags } from 'discord.js';
import { InteractionContextType } from 'discord-api-types/v10';
import { listPermissions, missingForGame } from '../src/discord/channel-access.ts';
import { say } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { lostGameOf, settleLostGame } from '../src/discord/lost-channels.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { t } from '../src/i18n/messages.ts';

/**
 * Posts the current board of the game in this channel or thread again (e.g. after a Discord outage). The
 * host of a game whose thread was deleted moves it here instead, unless a game is played right here.
 */
export const boardCommand: SlashCommand = {
  data: {
    name: 'board',
    description: 'Post the current board of the game played here again',
    contexts: [InteractionContextType.Guild],
  },
  async execute(rt, i) {
    const here = await rt.tables.activeGameIn(i.channelId);
    const lost = i.inGuild() ? await lostGameOf(rt, i.user.id, i.guildId) : undefined;
    const playedHere =
      here !== undefined && here.id !== lost?.id && rt.publisher.channelOf(here) === i.channelId;
    const moving = lost && !playedHere ? lost : undefined;
    const target = moving ?? here;
    if (!target) return say(i, 'error.no-game-here');
    if (moving && i.channel) {
      // Checked before anything moves, so the game is not sent where the bot cannot play it.
      const missing = missingForGame(i.channel.type, i.appPermissions);
      if (missing.length > 0)
        return say(i, 'lobby.missing-permissions', {
          where: `<#${i.channelId}>`,
          permissions: listPermissions(missing, userLanguage(i)),
          count: missing.length,
        });
    }
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    await rt.locks.run(target.id, async () => {
      let game = await rt.tables.store.getGame(target.id);
      const language = rt.tables.context(game).language;
      let headline = t(language, 'board.reposted');
      if (moving) {
        const parentId = i.channel?.isThread() ? i.channel.parentId : null;
        game = await settleLostGame(rt, game, i.channelId, parentId);
        headline = t(language, 'board.moved', { id: String(game.id) });
      }
      // Also the way out of a stall: whatever was due for computer players is armed again.
      try {
        await rt.publisher.postBoard(game, headline);
      } finally {
        await rt.table.rearm(game);
      }
    });
    await i.editReply({ content: t(userLanguage(i), 'board.posted') });
  },
};
