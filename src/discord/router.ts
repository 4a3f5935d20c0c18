import type { Interaction } from 'discord.js';
import { clickIsOnMessage } from './clicked-message.ts';
import { decodeCustomId } from './custom-id.ts';
import { onGameComponent } from './handlers/game-components.ts';
import { onLobbyComponent } from './handlers/lobby-components.ts';
import { onLeaderboardComponent } from './handlers/rating-boards.ts';
import { tell } from './handlers/replies.ts';
import type { Runtime } from './runtime.ts';

/** The one entry for every interaction: decode first, then dispatch; failures are logged and told. */
export async function route(rt: Runtime, i: Interaction): Promise<void> {
  try {
    if (i.isChatInputCommand()) {
      const command = rt.commands.get(i.commandName);
      if (!command) return await tell(i, `Unknown command /${i.commandName}.`);
      return await command.execute(rt, i);
    }
    if (i.isAutocomplete()) {
      const complete = rt.commands.get(i.commandName)?.autocomplete;
      // Discord shows "loading options failed" when nothing answers; an empty list says the same, sooner.
      return await (complete ? complete(rt, i) : i.respond([]));
    }
    if (i.isButton() || i.isStringSelectMenu()) {
      const id = decodeCustomId(i.customId);
      if (!id) return await tell(i, 'This button belongs to an older version of Scarab and no longer works.');
      if (!clickIsOnMessage(i))
        return await tell(
          i,
          'That control is not on this message (it may have changed meanwhile), so nothing was done. Use the buttons on the newest message.',
        );
      if (id.scope === 'board') return await onLeaderboardComponent(rt, i, id);
      return id.scope === 'lobby' ? await onLobbyComponent(rt, i, id) : await onGameComponent(rt, i, id);
    }
    if (i.isRepliable()) await tell(i, 'Scarab does not know what to do with that.');
  } catch (e) {
    rt.log.error({ err: e, interaction: i.id, user: i.user.id }, 'interaction failed');
    if (i.isRepliable())
      await tell(
        i,
        'Sorry, something went wrong on my side. Nothing was lost: the game is saved after every move.',
      ).catch((err: unknown) => rt.log.error({ err }, 'could not report the failure to the user'));
  }
}
