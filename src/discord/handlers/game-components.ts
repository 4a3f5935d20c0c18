import { MessageFlags } from 'discord.js';
import type { Seat } from '../../games/kernel/types.ts';
import { withNames } from '../../games/valley/describe.ts';
import { valley } from '../../games/valley/index.ts';
import type { ValleyAction } from '../../games/valley/state.ts';
import { StoreError } from '../../store/errors.ts';
import type { GameRecord } from '../../store/records.ts';
import { decodeAction } from '../action-code.ts';
import { type Click, isEphemeral } from '../clicked-message.ts';
import type { CustomId } from '../custom-id.ts';
import { endAction, orderComplete } from '../messages/discard-order.ts';
import { type HandOptions, handMessage } from '../messages/hand-message.ts';
import { logMessage, tombsMessage } from '../messages/info-messages.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { replyPrivately, tell } from './replies.ts';

/**
 * Acknowledges so that the answer can only land privately: in place on the user's own private hand,
 * otherwise as a new ephemeral reply. A click on a public message never edits that message.
 */
async function ackPrivately(i: Click): Promise<void> {
  if (i.deferred || i.replied) return;
  if (isEphemeral(i) && !i.message.flags.has(MessageFlags.Loading)) await i.deferUpdate();
  else await i.deferReply({ flags: MessageFlags.Ephemeral });
}

/** Opens (from a public message) or refreshes (from the hand itself) the seat's private hand. */
async function showHand(rt: Runtime, i: Click, game: GameRecord, seat: Seat, opts: HandOptions = {}) {
  const view = rt.desk.view(game, seat);
  const payload = handMessage(view, rt.desk.context(game), rt.desk.pictures, opts);
  await ackPrivately(i);
  await i.editReply(editOptions(payload));
  // This hand can now be redrawn without a click when the game moves on (see PrivateHands).
  rt.hands.remember(game.id, seat, {
    interaction: i,
    version: game.version,
    controls: view.actions.length > 0,
  });
}

function statusProblem(game: GameRecord): string | null {
  if (game.status === 'finished') return `Game #${game.id} is over: the results are posted in its channel.`;
  if (game.status === 'cancelled') return `Game #${game.id} was cancelled.`;
  if (game.status === 'lobby') return `Game #${game.id} has not started yet.`;
  return null;
}

const STALE =
  '⚠️ The board changed since these buttons were drawn, so nothing was done. Here is your hand now.';

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
      if (id.version !== game.version) return showHand(rt, i, game, seat, { banner: STALE });
      return act(rt, i, game.id, seat, action, id.version);
    }
    case 'pay': {
      // The cards chosen to pay with; whether they pay (and pay minimally) is the rules' decision.
      const slot = /^\d$/.test(id.arg) ? Number(id.arg) : null;
      const cards = i.isStringSelectMenu() ? i.values.map((x) => (/^\d+$/.test(x) ? Number(x) : null)) : [];
      if (slot === null || cards.length === 0 || cards.some((c) => c === null))
        return tell(i, 'That menu is damaged; open your hand again.');
      if (id.version !== game.version) return showHand(rt, i, game, seat, { banner: STALE });
      return act(rt, i, game.id, seat, { type: 'buy', slot, pay: cards as number[] }, id.version);
    }
    case 'end':
    case 'order': {
      // Ending the turn in steps: each step is only drawn; the action is applied once the order is whole.
      if (!i.isStringSelectMenu()) return tell(i, 'That menu is damaged; open your hand again.');
      const order =
        id.arg === '' ? [] : id.arg.split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : Number.NaN));
      const value = i.values[0] ?? '';
      if (order.some(Number.isNaN) || !(value === 'order' || /^\d+$/.test(value)))
        return tell(i, 'That menu is damaged; open your hand again.');
      if (id.version !== game.version) return showHand(rt, i, game, seat, { banner: STALE });
      if (value === 'order') return showHand(rt, i, game, seat, { endOrder: [] });
      const next = [...order, Number(value)];
      if (id.verb === 'order' && !orderComplete(rt.desk.view(game, seat), next))
        return showHand(rt, i, game, seat, { endOrder: next });
      return act(rt, i, game.id, seat, endAction(next), id.version);
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
  await ackPrivately(i);
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
