import { MessageFlags } from 'discord.js';
import { recordOf } from '../../store/export-import.ts';
import type { CustomId } from '../../table-kit/custom-id.ts';
import { ReplayError } from '../../table-kit/replay-positions.ts';
import type { Click } from '../clicked-message.ts';
import { gameLanguage, userLanguage } from '../language.ts';
import { REPLAY_OPEN_VERB } from '../messages/key-moments-message.ts';
import { recordMessage, replayMessage } from '../messages/replay-message.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { replyPrivately, say } from './replies.ts';

/** The buttons' verbs: each carries the move it goes to. `open` (a key moment's) opens a new private replay there. */
const STEPS = ['first', 'prev', 'next', 'last', REPLAY_OPEN_VERB];

/**
 * A replay's controls: ⏮ ◀ ▶ ⏭ carry the move they go to, the turns menu its choice. Anyone who sees the
 * message may step through it; the message shows the move asked for (a doubled click shows it again).
 */
export async function onReplayComponent(rt: Runtime, i: Click, id: CustomId): Promise<void> {
  const game = await rt.tables.store.findGame(id.gameId);
  if (game?.status !== 'finished') return say(i, 'replay.not-found', { id: id.gameId });
  const move =
    id.verb === 'turn' && i.isStringSelectMenu()
      ? Number(i.values[0])
      : STEPS.includes(id.verb)
        ? id.version
        : -1;
  if (id.verb === 'download') {
    // Privately, whoever asks: the record holds nothing that the end of the game did not show.
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const record = recordOf(game, await rt.tables.store.actionLog(game.id));
    return replyPrivately(i, recordMessage(game, record, userLanguage(i)));
  }
  // A private replay speaks its reader's language; one shown to the channel, the game's.
  const opens = id.verb === REPLAY_OPEN_VERB;
  const language =
    opens || i.message.flags.has(MessageFlags.Ephemeral) ? userLanguage(i) : gameLanguage(game);
  if (opens) await i.deferReply({ flags: MessageFlags.Ephemeral });
  else await i.deferUpdate();
  let replay: Awaited<ReturnType<Runtime['replays']['of']>>;
  try {
    replay = await rt.replays.of(game);
  } catch (e) {
    if (e instanceof ReplayError) return say(i, 'replay.cannot', { id: game.id, why: e.message });
    throw e;
  }
  if (!Number.isInteger(move) || move < 0 || move > replay.positions.moves)
    return say(i, 'error.old-control');
  const step = rt.replays.step(replay, move, language, () =>
    replayMessage(rt.tables, replay, move, language),
  );
  await i.editReply(editOptions(step));
}
