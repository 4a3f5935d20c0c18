import { MessageFlags } from 'discord.js';
import { InteractionContextType } from 'discord-api-types/v10';
import { listPermissions, missingForGame } from '../src/discord/channel-access.ts';
import { type GameHere, gameHere, gameName } from '../src/discord/handlers/game-here.ts';
import { say } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { lostGameOf, settleLostGame } from '../src/discord/lost-channels.ts';
import { toBoard } from '../src/discord/my-games.ts';
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
    const lost = i.inGuild() ? await lostGameOf(rt, i.user.id, i.guildId) : undefined;
    const playedHere = (await rt.tables.activeGamesIn(i.channelId)).some(
      (g) => g.id !== lost?.id && rt.publisher.channelOf(g) === i.channelId,
    );
    const moving = lost && !playedHere ? lost : undefined;
    let found: GameHere | null;
    if (moving) {
      // Checked before anything moves, so the game is not sent where the bot cannot play it.
      const missing = i.channel ? missingForGame(i.channel.type, i.appPermissions) : [];
      if (missing.length > 0)
        return say(i, 'lobby.missing-permissions', {
          where: `<#${i.channelId}>`,
          permissions: listPermissions(missing, userLanguage(i)),
          count: missing.length,
        });
      found = { game: moving, elsewhere: false };
    } else {
      found = await gameHere(rt, i);
      if (!found) return;
    }
    const target = found.game;
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
    const language = userLanguage(i);
    // Typed in the channel rather than the game's thread: say which game, and where its board is.
    const content = found.elsewhere
      ? t(language, 'board.posted-elsewhere', {
          game: await toBoard(
            rt.tables,
            await rt.tables.store.getGame(target.id),
            gameName(rt, target, language),
          ),
        })
      : t(language, 'board.posted');
    await i.editReply({ content, allowedMentions: { parse: [] } });
  },
};
