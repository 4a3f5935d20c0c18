import type { Interaction } from 'discord.js';
import { decodeCustomId } from '../table-kit/custom-id.ts';
import { fallbackFor, watchAck } from './ack-deadline.ts';
import { clickIsOnMessage } from './clicked-message.ts';
import { onGameComponent } from './handlers/game-components.ts';
import { onLobbyComponent } from './handlers/lobby-components.ts';
import { onPrivacyComponent } from './handlers/privacy-components.ts';
import { onLeaderboardComponent } from './handlers/rating-boards.ts';
import { onReplayComponent } from './handlers/replay-components.ts';
import { say } from './handlers/replies.ts';
import { onTournamentComponent } from './handlers/tournament-components.ts';
import type { Runtime } from './runtime.ts';

/** The one entry for every interaction: decode first, then dispatch; failures are logged and told. */
export async function route(rt: Runtime, i: Interaction): Promise<void> {
  // A click whose work runs long is acknowledged by the bot itself before Discord gives up on it.
  const stopWatch =
    i.isButton() || i.isStringSelectMenu()
      ? watchAck(
          i,
          rt.clock,
          rt.ackDeadlineMs,
          // A lobby's controls answer on the lobby; a game's answer the clicker privately.
          decodeCustomId(i.customId)?.scope === 'lobby' ? 'update' : fallbackFor(i),
          () =>
            rt.log.warn({ interaction: i.id, customId: i.customId }, 'a slow click was deferred by itself'),
        )
      : () => {};
  try {
    if (i.isChatInputCommand()) {
      const command = rt.commands.get(i.commandName);
      if (!command) return await say(i, 'error.unknown-command', { name: i.commandName });
      return await command.execute(rt, i);
    }
    if (i.isAutocomplete()) {
      const complete = rt.commands.get(i.commandName)?.autocomplete;
      // Discord shows "loading options failed" when nothing answers; an empty list says the same, sooner.
      return await (complete ? complete(rt, i) : i.respond([]));
    }
    if (i.isButton() || i.isStringSelectMenu()) {
      const id = decodeCustomId(i.customId);
      if (!id) return await say(i, 'error.old-control');
      if (!clickIsOnMessage(i)) return await say(i, 'error.not-on-message');
      if (id.scope === 'board') return await onLeaderboardComponent(rt, i, id);
      if (id.scope === 'replay') return await onReplayComponent(rt, i, id);
      if (id.scope === 'privacy') return await onPrivacyComponent(rt, i, id);
      if (id.scope === 'tournament') return await onTournamentComponent(rt, i, id);
      return id.scope === 'lobby' ? await onLobbyComponent(rt, i, id) : await onGameComponent(rt, i, id);
    }
    if (i.isRepliable()) await say(i, 'error.unknown-interaction');
  } catch (e) {
    rt.log.error({ err: e, interaction: i.id, user: i.user.id }, 'interaction failed');
    rt.interactionFailed?.(i);
    if (i.isRepliable())
      await say(i, 'error.internal').catch((err: unknown) =>
        rt.log.error({ err }, 'could not report the failure to the user'),
      );
  } finally {
    stopWatch();
  }
}
