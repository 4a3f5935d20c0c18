import { MessageFlags } from 'discord.js';
import type { HandOptions } from '../../adapters/game-adapter.ts';
import type { Seat } from '../../games/kernel/types.ts';
import { t } from '../../i18n/messages.ts';
import { RuleRefusedError } from '../../store/errors.ts';
import type { GameRecord } from '../../store/records.ts';
import type { CustomId } from '../../table-kit/custom-id.ts';
import { HINT_VERB } from '../../table-kit/hint-button.ts';
import { onVote } from '../absence-votes.ts';
import { type Click, isEphemeral } from '../clicked-message.ts';
import { answerOnRetiredHand, retireHand } from '../hand-retirement.ts';
import { KEY_MOMENTS_VERB } from '../key-moments.ts';
import { userLanguage } from '../language.ts';
import { LESSON_NEXT } from '../lessons.ts';
import { storeErrorText } from '../messages/store-errors.ts';
import { MY_GAMES_VERB, myGamesFor } from '../my-games.ts';
import { pictureTurn } from '../picture-turns.ts';
import type { LiveHand } from '../private-hands.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { WATCH_VERB, watchView } from '../watchers.ts';
import { onKeyMoments } from './key-moments-components.ts';
import { replyPrivately, say, tell } from './replies.ts';

/**
 * Acknowledges so that the answer can only land privately: in place on the user's own private hand,
 * otherwise as a new ephemeral reply. A click on a public message never edits that message.
 */
async function ackPrivately(i: Click): Promise<void> {
  if (i.deferred || i.replied) return;
  if (inPlace(i)) await i.deferUpdate();
  else await i.deferReply({ flags: MessageFlags.Ephemeral });
}

/** Whether the answer redraws the clicked message (the user's own hand) rather than opening a new one. */
const inPlace = (i: Click): boolean => isEphemeral(i) && !i.message.flags.has(MessageFlags.Loading);

/** Opens (from a public message) or refreshes (from the hand itself) the seat's private hand. */
async function showHand(rt: Runtime, i: Click, game: GameRecord, seat: Seat, opts: HandOptions = {}) {
  // A new hand is the newest from before it shows: a click on it the instant it does is not on an old hand.
  const opens = !inPlace(i);
  if (opens) rt.hands.opening(game.id, seat, i.id);
  let replaced: LiveHand | undefined;
  try {
    // Acknowledged before the picture is drawn, which a busy bot may take long over.
    await ackPrivately(i);
    await pictureTurn();
    const view = rt.tables.view(game, seat);
    // A hand is private: in the language of the person looking at it, whatever the game's.
    const payload = rt.tables
      .adapterOf(game)
      .messages.hand(view, rt.tables.context(game, userLanguage(i)), opts);
    const message = await i.editReply(editOptions(payload));
    // This hand can now be redrawn without a click when the game moves on (see PrivateHands).
    replaced = rt.hands.remember(game.id, seat, {
      interaction: i,
      messageId: message.id,
      version: game.version,
      controls: view.actions.length > 0,
    });
  } finally {
    if (opens) rt.hands.opened(game.id, seat, i.id);
  }
  if (replaced) await retireHand(rt.tables, game, replaced, rt.log);
}

/** The catalogue key of why a game's controls do nothing now, if they do not. */
function statusProblem(game: GameRecord): string | null {
  if (game.status === 'finished') return 'error.game-over';
  if (game.status === 'cancelled') return 'error.game-cancelled';
  if (game.status === 'lobby') return 'error.game-not-started';
  return null;
}

/**
 * Every game's controls: the table's own verbs (hand, respond, my games, the board's info views) here, the
 * game's hand controls read by its adapter, and every move through the one move path.
 */
export async function onGameComponent(rt: Runtime, i: Click, id: CustomId): Promise<void> {
  // Anyone may ask for their own games from any board, seated there or not, whatever its status.
  // A finished game's results: anyone may ask; each person sees only their own moments.
  if (id.verb === KEY_MOMENTS_VERB) return onKeyMoments(rt, i, id);
  if (id.verb === MY_GAMES_VERB) {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    return replyPrivately(i, await myGamesFor(rt.tables, i.user.id, userLanguage(i)));
  }
  const game = await rt.tables.store.findGame(id.gameId);
  if (!game) return say(i, 'error.no-game', { id: id.gameId });
  const adapter = rt.tables.adapters.find(game.type);
  if (!adapter) return say(i, 'error.game-not-hosted', { id: game.id });
  if (id.verb === WATCH_VERB) return watch(rt, i, game);
  const info = adapter.info.find((v) => v.verb === id.verb);
  if (info) {
    if (game.state === null) return say(i, 'error.game-not-started', { id: game.id });
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    return replyPrivately(
      i,
      info.build(rt.tables.view(game, null), rt.tables.context(game, userLanguage(i))),
    );
  }
  // A vote on a seat whose person keeps timing out: the host may decide without a seat.
  if (id.verb === 'vote') return onVote(rt, i, game, id);
  const problem = statusProblem(game);
  // A hand of a game that ended says so where it is, rather than in a reply at the bottom of the thread.
  if (problem && game.status !== 'lobby' && isEphemeral(i)) return answerOnRetiredHand(rt.tables, i, game);
  if (problem) return say(i, problem, { id: game.id });
  const seat = rt.tables.seatOf(game, i.user.id);
  if (seat === null) return say(i, 'error.not-seated-hand', { id: game.id });
  if (isEphemeral(i) && rt.hands.isRetired(game.id, seat, i.message))
    return answerOnRetiredHand(rt.tables, i, game);
  if (id.verb === HINT_VERB) return rt.hints.press(i, game, seat);
  if (id.verb === 'hand' || id.verb === 'respond') {
    await ackPrivately(i);
    // Their DMs found closed by a DM nobody else may know of (a reaction prompt): told here, privately.
    const closed = await rt.timers.dms.takeNotice(i.user.id);
    return showHand(rt, i, game, seat, closed ? { banner: t(userLanguage(i), 'table.dms-closed-hand') } : {});
  }

  if (id.verb === LESSON_NEXT) return readLesson(rt, i, game.id, Number(id.arg));

  const values = i.isStringSelectMenu() ? i.values : [];
  const step = adapter.click(id.verb, id.arg, values, rt.tables.view(game, seat), userLanguage(i));
  if (!step) return say(i, 'error.old-hand-control');
  if (step.kind === 'refuse') return tell(i, step.message);
  if (step.fresh === 'version' && id.version !== game.version) return stale(rt, i, game.id, seat);
  if (step.kind === 'show') return showHand(rt, i, game, seat, step.options);
  // In a lesson, a move the step does not ask for is not made: the learner is told why, and tries again.
  const why = await rt.lessons.refusal(game, seat, step.action, userLanguage(i));
  if (why !== null)
    return showHand(rt, i, game, seat, { banner: t(userLanguage(i), 'lesson.not-this-step', { why }) });
  return act(rt, i, game.id, seat, step.action, step.fresh === 'version' ? id.version : game.version);
}

async function act(rt: Runtime, i: Click, gameId: number, seat: Seat, action: unknown, version: number) {
  await ackPrivately(i);
  await rt.table.move(gameId, seat, action, version, {
    // They played: a count of timed-out turns, and any vote on them, starts again.
    timeouts: 'reset',
    async committed(_before, after, applied) {
      // The rules said what the move did when they applied it: nothing runs them again to describe it.
      const ctx = rt.tables.context(after, userLanguage(i));
      const what = rt.tables.adapterOf(after).messages.names(applied.label, ctx);
      await showHand(rt, i, after, seat, { banner: t(ctx.language, 'table.done', { what }) });
    },
    async refused(error, game) {
      const names = rt.tables.adapterOf(game).messages.names;
      const ctx = rt.tables.context(game, userLanguage(i));
      await showHand(rt, i, game, seat, {
        banner: t(ctx.language, 'table.refused', {
          why:
            error instanceof RuleRefusedError
              ? names(error.ruleError.msg, ctx)
              : storeErrorText(error, ctx.language),
        }),
      });
    },
  });
}

/** The narrator's Continue: the lesson is read, and the next step is told, under the game's lock. */
async function readLesson(rt: Runtime, i: Click, gameId: number, step: number): Promise<void> {
  await i.deferUpdate();
  await rt.locks.run(gameId, async () => {
    const game = await rt.tables.store.getGame(gameId);
    if (await rt.lessons.read(game, step)) await rt.lessons.narrate(game);
  });
}

/** A click drawn on an older position: shown after any move still being published, never before it. */
async function stale(rt: Runtime, i: Click, gameId: number, seat: Seat) {
  await ackPrivately(i);
  const banner = t(userLanguage(i), 'error.stale-board');
  await rt.locks.run(gameId, async () =>
    showHand(rt, i, await rt.tables.store.getGame(gameId), seat, { banner }),
  );
}

/**
 * Watch: a private copy of the public board for anyone (seated or not), redrawn after every move while
 * Discord lets it be edited (watchers.ts). It shows nothing a seat holds: it is the board everyone sees.
 */
async function watch(rt: Runtime, i: Click, game: GameRecord): Promise<void> {
  const problem = statusProblem(game);
  if (problem) return say(i, problem, { id: game.id });
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const language = userLanguage(i);
  await i.editReply(editOptions(watchView(rt.tables, game, language)));
  rt.publisher.watchers.remember(game.id, i.user.id, i);
  // A move made while the view was drawn was redrawn for the others already: this one catches up.
  const now = await rt.tables.store.getGame(game.id);
  if (now.version !== game.version && now.status === 'active')
    await i.editReply(editOptions(watchView(rt.tables, now, language)));
}
