import { ChannelType, type ChatInputCommandInteraction, MessageFlags, type TextChannel } from 'discord.js';
import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';
import type { AdapterSet } from '../src/adapters/adapter-set.ts';
import type { AnyAdapter } from '../src/adapters/game-adapter.ts';
import {
  isAccessRefusal,
  listPermissions,
  missingForLesson,
  refusalText,
} from '../src/discord/channel-access.ts';
import { displayName, say } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import type { Runtime } from '../src/discord/runtime.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { gameTitle } from '../src/i18n/command-localizations.ts';
import { t } from '../src/i18n/messages.ts';
import { type GameRecord, LESSON_KIND, LESSON_MARK } from '../src/store/records.ts';

/** The games that bring a lesson; `/learn` offers only these. */
export const teachingGames = (adapters: AdapterSet): AnyAdapter[] => adapters.list.filter((a) => a.lesson);

/**
 * `/learn game:<…>`: a short guided first game for the person alone, in a private thread the bot opens
 * here, or where they left it (the same lesson again resumes it). Never rated, never in any statistic.
 */
export function learnCommand(adapters: AdapterSet): SlashCommand {
  const games = teachingGames(adapters);
  return {
    data: {
      name: 'learn',
      description: 'Learn to play with a short guided game, just for you',
      contexts: [InteractionContextType.Guild],
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'game',
          description: 'Which game to learn',
          required: games.length > 1,
          choices: games.map((a) => ({ name: a.game.title, value: a.game.id })),
        },
      ],
    },
    execute: (rt, i) => learn(rt, i, games),
  };
}

async function learn(rt: Runtime, i: ChatInputCommandInteraction, games: readonly AnyAdapter[]) {
  if (!i.inGuild() || !i.channel) return say(i, 'lobby.dm-only');
  const named = i.options.getString('game');
  const adapter = games.find((a) => a.game.id === named) ?? (named === null ? games[0] : undefined);
  const lesson = adapter?.lesson;
  if (!adapter || !lesson) return say(i, 'lesson.no-lesson');
  const language = userLanguage(i);
  const store = rt.tables.store;

  // The same lesson, left half-way: it goes on where it is.
  for (const summary of await store.gamesOfUser(i.user.id, ['active'])) {
    if (summary.type !== adapter.game.id) continue;
    const game = await store.getGame(summary.id);
    if (!(await rt.lessons.of(game))) continue;
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    await rt.locks.run(game.id, async () => rt.lessons.narrate(await store.getGame(game.id), true));
    const where = `<#${rt.publisher.channelOf(game)}>`;
    await i.editReply({ content: t(language, 'lesson.resumed', { where }) });
    return;
  }

  const channel = i.channel;
  // A private thread is opened from a text channel only (not from a thread, a forum or a voice channel).
  if (channel.type !== ChannelType.GuildText) return say(i, 'lesson.not-here');
  const missing = missingForLesson(i.appPermissions);
  if (missing.length > 0)
    return say(i, 'lesson.missing-permissions', {
      where: `<#${i.channelId}>`,
      permissions: listPermissions(missing, language),
      count: missing.length,
    });
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  let game = await store.lobbies.create({
    type: adapter.game.id,
    options: lesson.options,
    seed: lesson.seed,
    guildId: i.guildId,
    channelId: i.channelId,
    hostUserId: i.user.id,
    seats: [
      { userId: i.user.id, displayName: displayName(i) },
      { botKind: LESSON_KIND, displayName: t(language, 'lesson.rival') },
    ],
    rated: false,
    turnLimitMinutes: null,
    language,
  });
  // A lesson teaches its own steps: no Hint, which might suggest a move the step refuses.
  game = await store.lobbies.setHints(game.id, false);
  // Marked before anything is shown: from its first board on, it is a lesson.
  await store.locations.setMessage(game.id, LESSON_MARK, { messageId: lesson.id, version: 0 });
  let where = i.channelId;
  try {
    where = await privateThread(
      channel,
      i.user.id,
      `${gameTitle(language, adapter.game.id, adapter.game.title)} · ${t(language, 'lesson.thread')}`,
    );
    await store.locations.setLocation(game.id, { threadId: where });
    game = await start(rt, game.id);
  } catch (e) {
    // No lesson without its thread and board: it would wait in /mygames for a board nobody can see.
    if ((await store.getGame(game.id)).status !== 'cancelled') await store.cancelGame(game.id);
    if (!isAccessRefusal(e)) throw e;
    rt.log.info({ gameId: game.id, code: e.code }, 'lesson refused by Discord; cancelled');
    await i.editReply({
      content: t(language, 'lesson.not-opened', { why: refusalText(e, `<#${where}>`, language) }),
    });
    return;
  }
  await i.editReply({ content: t(language, 'lesson.opened', { where: `<#${where}>` }) });
}

/** A private thread (type 12) only the learner is added to; nobody can invite others into it. */
async function privateThread(channel: TextChannel, userId: string, name: string): Promise<string> {
  const thread = await channel.threads.create({
    name: name.slice(0, 100),
    type: ChannelType.PrivateThread,
    invitable: false,
    autoArchiveDuration: 10080,
  });
  await thread.members.add(userId);
  return thread.id;
}

/** Starts the lesson's game: its board, then the narrator's first lesson, then whatever is due. */
async function start(rt: Runtime, gameId: number): Promise<GameRecord> {
  return rt.locks.run(gameId, async () => {
    const started = await rt.tables.store.startGame(gameId);
    try {
      await rt.table.plan(started);
      await rt.publisher.postBoard(started);
      await rt.lessons.narrate(started);
    } finally {
      await rt.table.rearm(started);
    }
    return started;
  });
}
