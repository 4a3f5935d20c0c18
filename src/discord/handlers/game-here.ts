import type { ChatInputCommandInteraction } from 'discord.js';
import { commandName, gameTitle } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import type { GameRecord } from '../../store/records.ts';
import { clip } from '../../table-kit/payload.ts';
import { userLanguage } from '../language.ts';
import { toBoard } from '../my-games.ts';
import type { Runtime } from '../runtime.ts';
import { say, tell } from './replies.ts';

/** Discord's limit on a message's text. */
const MESSAGE_LIMIT = 2000;

/** The game a command acts on, and whether it was typed somewhere else than where the game is played. */
export interface GameHere {
  readonly game: GameRecord;
  readonly elsewhere: boolean;
}

/** "Valley of the Kings #3", in the reader's language. */
export function gameName(rt: Runtime, game: GameRecord, language: string): string {
  const title = gameTitle(language, game.type, rt.tables.adapterOf(game).game.title);
  return t(language, 'mygames.game', { title, id: String(game.id) });
}

/**
 * The one running game a command typed in this channel or thread means; null once the person has
 * been told there is none, or that several are played here (each named and linked, acted on by none).
 */
export async function gameHere(rt: Runtime, i: ChatInputCommandInteraction): Promise<GameHere | null> {
  const games = await rt.tables.activeGamesIn(i.channelId);
  const [game] = games;
  if (!game) {
    await say(i, 'error.no-game-here');
    return null;
  }
  if (games.length === 1) return { game, elsewhere: (game.threadId ?? game.channelId) !== i.channelId };
  const language = userLanguage(i);
  const lines: string[] = [];
  for (const g of games)
    lines.push(
      t(language, 'here.game-line', { game: await toBoard(rt.tables, g, gameName(rt, g, language)) }),
    );
  const text = t(language, 'error.several-games-here', {
    count: games.length,
    command: commandName(language, i.commandName),
    games: lines.join('\n'),
  });
  await tell(i, clip(text, MESSAGE_LIMIT));
  return null;
}
