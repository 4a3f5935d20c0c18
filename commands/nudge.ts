import { MessageFlags } from 'discord.js';
import { InteractionContextType } from 'discord-api-types/v10';
import { gameHere, gameName } from '../src/discord/handlers/game-here.ts';
import { tell } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { toBoard } from '../src/discord/my-games.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { t } from '../src/i18n/messages.ts';

/** Reminds the player the game in this channel waits for (at most once per 12 hours per game). */
export const nudgeCommand: SlashCommand = {
  data: {
    name: 'nudge',
    description: 'Remind the player this game is waiting for (once per 12 hours)',
    contexts: [InteractionContextType.Guild],
  },
  async execute(rt, i) {
    const found = await gameHere(rt, i);
    if (!found) return;
    const language = userLanguage(i);
    // The game's lock may be held by a move being published: acknowledged before waiting for it.
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const answer = await rt.locks.run(found.game.id, async () =>
      rt.timers.nudge(await rt.tables.store.getGame(found.game.id), i.user.id, language),
    );
    if (!found.elsewhere) return tell(i, answer);
    // Typed in the channel rather than the game's thread: say which game the answer is about.
    const game = await toBoard(rt.tables, found.game, gameName(rt, found.game, language));
    return tell(i, t(language, 'nudge.elsewhere', { game, answer }));
  },
};
