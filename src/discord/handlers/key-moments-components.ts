import { MessageFlags } from 'discord.js';
import type { CustomId } from '../../table-kit/custom-id.ts';
import { ReplayError } from '../../table-kit/replay-positions.ts';
import { type Click, isEphemeral } from '../clicked-message.ts';
import { KEY_MOMENTS_KIND, momentsOf, movesMadeFor, seatsHeldBy, storedMoments } from '../key-moments.ts';
import { userLanguage } from '../language.ts';
import { keyMomentMessage } from '../messages/key-moments-message.ts';
import { pictureTurn } from '../picture-turns.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { say } from './replies.ts';

/** Key moments are usually ready this long after a game's end (the benchmark's budget): "ready in …". */
const EXPECTED_MS = 60_000;

/**
 * "Key moments" on the results (and the moment buttons of its answer): privately, the clicker's own key
 * moments, one at a time (`arg`: which). Someone who held no seat is told they are for the players; a
 * game whose analysis is not done says when it should be.
 */
export async function onKeyMoments(rt: Runtime, i: Click, id: CustomId): Promise<void> {
  // Stepping between moments redraws the private answer; from the results, a new private answer.
  if (isEphemeral(i)) await i.deferUpdate();
  else await i.deferReply({ flags: MessageFlags.Ephemeral });
  const store = rt.tables.store;
  const game = await store.findGame(id.gameId);
  if (game?.status !== 'finished') return say(i, 'error.old-control');
  if (seatsHeldBy(game, i.user.id).length === 0) return say(i, 'moments.spectator', { id: game.id });
  const moments = await storedMoments(store, game.id);
  if (moments === null) {
    const row = await store.schedule.find(`${KEY_MOMENTS_KIND}:${game.id}`);
    if (!row) return say(i, 'moments.unavailable', { id: game.id });
    const expected = (game.finishedAt?.getTime() ?? rt.clock.now()) + EXPECTED_MS;
    return expected > rt.clock.now()
      ? say(i, 'moments.not-ready', { id: game.id, when: `<t:${Math.ceil(expected / 1000)}:R>` })
      : say(i, 'moments.late', { id: game.id });
  }
  const mine = momentsOf(game, moments, i.user.id);
  if (mine.length === 0) {
    // Moves the computer made for them were never analysed as theirs: a clean sheet says so.
    const made = movesMadeFor(game, await store.actionLog(game.id), i.user.id);
    return made > 0
      ? say(i, 'moments.none-own', { id: game.id, count: made })
      : say(i, 'moments.none', { id: game.id });
  }
  const index = Math.min(mine.length - 1, Math.max(0, Number.parseInt(id.arg, 10) || 0));
  let replay: Awaited<ReturnType<Runtime['replays']['of']>>;
  try {
    replay = await rt.replays.of(game);
  } catch (e) {
    if (e instanceof ReplayError) return say(i, 'replay.cannot', { id: game.id, why: e.message });
    throw e;
  }
  await pictureTurn();
  await i.editReply(editOptions(keyMomentMessage(rt.tables, replay, mine, index, userLanguage(i))));
}
