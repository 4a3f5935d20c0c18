import { InteractionContextType } from 'discord-api-types/v10';
import { say, tell } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';

/** Reminds the player the game in this channel waits for (at most once per 12 hours per game). */
export const nudgeCommand: SlashCommand = {
  data: {
    name: 'nudge',
    description: 'Remind the player this game is waiting for (once per 12 hours)',
    contexts: [InteractionContextType.Guild],
  },
  async execute(rt, i) {
    const here = await rt.tables.activeGameIn(i.channelId);
    if (!here) return say(i, 'error.no-game-here');
    const answer = await rt.locks.run(here.id, async () =>
      rt.timers.nudge(await rt.tables.store.getGame(here.id), i.user.id, userLanguage(i)),
    );
    return tell(i, answer);
  },
};
