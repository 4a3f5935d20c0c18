import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { Logger } from 'pino';
import { t } from '../i18n/messages.ts';
import type { GameRecord } from '../store/records.ts';
import { emptyPayload } from '../table-kit/payload.ts';
import { userLanguage } from './language.ts';
import { maskedLink, messageLink } from './message-links.ts';
import { channelOf, toBoard } from './my-games.ts';
import type { LiveHand, PrivateHands } from './private-hands.ts';
import { editOptions } from './send.ts';
import type { Tables } from './tables.ts';

/**
 * At most one private hand per player looks alive. A hand is an ephemeral message that stays where it
 * was opened, soon many boards up the thread; so a hand that is no longer the player's newest, or whose
 * game is over, loses its buttons and picture and says where to look instead: edited at once while its
 * token lasts, else in place when it is clicked.
 */

/** What a hand that is no longer used says, in the reader's language. */
export async function retiredHandText(tables: Tables, game: GameRecord, language: string): Promise<string> {
  const id = game.id;
  if (game.status === 'cancelled') return t(language, 'error.game-cancelled', { id });
  if (game.status === 'finished') {
    const results = await tables.store.locations.getMessage(game.id, 'results');
    const words = t(language, 'hand.see-results');
    const link = results?.channelId
      ? maskedLink(words, messageLink(game.guildId, results.channelId, results.messageId))
      : `${words} ${channelOf(game)}`.trim();
    return t(language, 'hand.game-over', { id, results: link });
  }
  return t(language, 'hand.moved', {
    id,
    board: await toBoard(tables, game, t(language, 'hand.newest-board')),
  });
}

/** A hand's message reduced to one line: no controls, no picture, nobody pinged. */
const retiredBody = (content: string) => editOptions(emptyPayload(content));

/** Edits a hand that is no longer used through its own token; a failure leaves it as it was, and is logged. */
export async function retireHand(
  tables: Tables,
  game: GameRecord,
  hand: LiveHand,
  log: Logger,
): Promise<void> {
  try {
    const text = await retiredHandText(tables, game, userLanguage(hand.interaction));
    await hand.interaction.editReply(retiredBody(text));
  } catch (e) {
    // It keeps its buttons, and a click on them is answered by answerOnRetiredHand.
    log.info({ err: e, gameId: game.id, messageId: hand.messageId }, 'could not retire a private hand');
  }
}

/** The game ended: every hand still editable says so, and the game's hands are forgotten. */
export async function closeHands(
  tables: Tables,
  hands: PrivateHands,
  game: GameRecord,
  log: Logger,
): Promise<void> {
  for (const { hand } of hands.liveHands(game.id)) await retireHand(tables, game, hand, log);
  hands.forget(game.id);
}

/** A click on a hand that is no longer used is answered on that hand, where the player is looking. */
export async function answerOnRetiredHand(
  tables: Tables,
  i: ButtonInteraction | StringSelectMenuInteraction,
  game: GameRecord,
): Promise<void> {
  await i.deferUpdate();
  await i.editReply(retiredBody(await retiredHandText(tables, game, userLanguage(i))));
}
