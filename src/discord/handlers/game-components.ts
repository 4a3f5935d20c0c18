import { type ButtonInteraction, MessageFlags, type StringSelectMenuInteraction } from 'discord.js';
import type { Seat } from '../../games/kernel/types.ts';
import { withNames } from '../../games/valley/describe.ts';
import { valley } from '../../games/valley/index.ts';
import type { ValleyAction } from '../../games/valley/state.ts';
import { StoreError } from '../../store/errors.ts';
import type { GameRecord } from '../../store/records.ts';
import { decodeAction } from '../action-code.ts';
import type { CustomId } from '../custom-id.ts';
import { handMessage } from '../messages/hand-message.ts';
import { logMessage, tombsMessage } from '../messages/info-messages.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { replyPrivately, tell } from './replies.ts';

/** The component kinds Scarab sends: buttons and string selects. */
export type Click = ButtonInteraction | StringSelectMenuInteraction;

const isEphemeral = (i: Click) => i.message.flags.has(MessageFlags.Ephemeral);

/** Opens (from a public message) or refreshes (from the hand itself) the seat's private hand. */
async function showHand(
  rt: Runtime,
  i: Click,
  game: GameRecord,
  seat: Seat,
  opts: { buySlot?: number; banner?: string } = {},
) {
  const payload = handMessage(rt.desk.view(game, seat), rt.desk.context(game), rt.desk.pictures, opts);
  if (isEphemeral(i) && !i.message.flags.has(MessageFlags.Loading)) {
    if (!i.deferred && !i.replied) await i.deferUpdate();
    await i.editReply(editOptions(payload));
  } else {
    if (!i.deferred && !i.replied) await i.deferReply({ flags: MessageFlags.Ephemeral });
    await i.editReply(editOptions(payload));
  }
}

function statusProblem(game: GameRecord): string | null {
  if (game.status === 'finished') return `Game #${game.id} is over: the results are posted in its channel.`;
  if (game.status === 'cancelled') return `Game #${game.id} was cancelled.`;
  if (game.status === 'lobby') return `Game #${game.id} has not started yet.`;
  return null;
}

export async function onGameComponent(rt: Runtime, i: Click, id: CustomId): Promise<void> {
  const game = rt.desk.store.findGame(id.gameId);
  if (!game) return tell(i, `Game #${id.gameId} does not exist any more.`);
  const seat = rt.desk.seatOf(game, i.user.id);
  if (id.verb === 'log' || id.verb === 'tombs') {
    if (game.state === null) return tell(i, `Game #${id.gameId} has not started yet.`);
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const view = rt.desk.view(game, null);
    const ctx = rt.desk.context(game);
    return replyPrivately(
      i,
      id.verb === 'log' ? logMessage(view, ctx) : tombsMessage(view, ctx, rt.desk.pictures),
    );
  }
  const problem = statusProblem(game);
  if (problem) return tell(i, problem);
  if (seat === null) return tell(i, `You are not playing in game #${game.id}, so you have no hand here.`);

  switch (id.verb) {
    case 'hand':
    case 'respond':
      return showHand(rt, i, game, seat);
    case 'buyslot':
      return showHand(rt, i, game, seat, { buySlot: Number(id.arg) });
    case 'act': {
      const code = i.isStringSelectMenu() ? i.values[0] : id.arg;
      const action = code ? decodeAction(code) : null;
      if (!action || action.type === 'answer')
        return tell(i, 'That button is damaged; open your hand again.');
      if (id.version !== game.version)
        return showHand(rt, i, game, seat, {
          banner:
            '⚠️ The board changed since these buttons were drawn, so nothing was done. Here is your hand now.',
        });
      return act(rt, i, game.id, seat, action, id.version);
    }
    case 'ans': {
      const [qid, fromArg] = id.arg.split(':');
      const value = i.isStringSelectMenu() ? i.values[0] : fromArg;
      if (!value) return tell(i, 'That button is damaged; open your hand again.');
      // Other seats' answers to the same window bump the version but leave this question open.
      const current = rt.desk.view(game, seat);
      if (current.questionId === null || String(current.questionId) !== qid)
        return showHand(rt, i, game, seat, {
          banner: '⚠️ That question is closed (or already answered), so nothing was done.',
        });
      return act(rt, i, game.id, seat, { type: 'answer', value }, game.version);
    }
    default:
      return tell(i, 'This button belongs to an older version of Scarab; open your hand again.');
  }
}

async function act(rt: Runtime, i: Click, gameId: number, seat: Seat, action: ValleyAction, version: number) {
  if (!i.deferred && !i.replied) await i.deferUpdate();
  await rt.locks.run(gameId, async () => {
    const before = rt.desk.store.getGame(gameId);
    let after: GameRecord;
    try {
      after = rt.desk.apply(gameId, seat, action, version);
    } catch (e) {
      if (!(e instanceof StoreError)) throw e;
      const fresh = rt.desk.store.getGame(gameId);
      const names = fresh.seats.map((s) => s.displayName);
      return showHand(rt, i, fresh, seat, { banner: `⚠️ ${withNames(e.message, names)} Nothing was done.` });
    }
    // The move was legal in the position before it, so that position describes it.
    const label = valley.describe(rt.desk.state(before), seat, action);
    await showHand(rt, i, after, seat, {
      banner: `✅ ${withNames(
        label,
        after.seats.map((x) => x.displayName),
      )}`,
    });
    try {
      await rt.publisher.afterChange(before, after);
    } finally {
      rt.autopilot.poke(after);
    }
  });
}
