import {
  type AutocompleteInteraction,
  ChannelType,
  type ChatInputCommandInteraction,
  DiscordAPIError,
  MessageFlags,
  PermissionFlagsBits,
} from 'discord.js';
import { StoreError } from '../../store/errors.ts';
import type { GameRecord, GameSummary } from '../../store/records.ts';
import {
  isAccessRefusal,
  listPermissions,
  mayOpenThread,
  missingForGame,
  refusalText,
} from '../channel-access.ts';
import { cardMessage, gamesMessage, rulesMessage } from '../messages/info-messages.ts';
import { lobbyMessage } from '../messages/lobby-message.ts';
import type { Runtime } from '../runtime.ts';
import { computerName } from './computer-names.ts';
import { showLeaderboard, showStats } from './rating-commands.ts';
import { displayName, replyPrivately, tell } from './replies.ts';

const CANNOT_IN_THIS_CHANNEL = 50024;

export async function onCommand(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  switch (i.commandName) {
    case 'valley':
      return openLobby(rt, i);
    case 'card':
      return showCard(rt, i);
    case 'rules':
      return replyPrivately(i, rulesMessage());
    case 'games':
      return listGames(rt, i);
    case 'manage':
      return manage(rt, i);
    case 'board':
      return repostBoard(rt, i);
    case 'leaderboard':
      return showLeaderboard(rt, i);
    case 'stats':
      return showStats(rt, i);
    default:
      return tell(i, `Unknown command /${i.commandName}.`);
  }
}

async function openLobby(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.inGuild() || !i.channel)
    return tell(i, 'Games are played in a server channel, not in direct messages.');
  // Checked before anything is created, so a channel the bot cannot use leaves no dead lobby behind.
  const missing = missingForGame(i.channel.type, i.appPermissions);
  if (missing.length > 0)
    return tell(
      i,
      `I cannot run a game in <#${i.channelId}>: I am missing the ${listPermissions(missing)} permission${missing.length > 1 ? 's' : ''} there. Ask someone who manages this server to grant ${missing.length > 1 ? 'them' : 'it'}, or use another channel.`,
    );
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const store = rt.desk.store;
  let game = store.lobbies.create({
    type: 'valley',
    guildId: i.guildId,
    channelId: i.channelId,
    hostUserId: i.user.id,
    seats: [{ userId: i.user.id, displayName: displayName(i) }],
  });
  const computers = i.options.getInteger('computers') ?? 0;
  for (let k = 0; k < computers; k++) {
    const taken = new Set(store.getGame(game.id).seats.map((s) => s.displayName));
    store.lobbies.join(game.id, { botKind: 'heuristic', displayName: computerName(taken) });
  }
  let where = i.channelId;
  let note = '';
  const channel = i.channel;
  try {
    if (channel.type === ChannelType.GuildText && mayOpenThread(i.appPermissions)) {
      try {
        const thread = await channel.threads.create({
          name: `Valley of the Kings #${game.id}`,
          autoArchiveDuration: 10080,
        });
        where = thread.id;
      } catch (e) {
        if (!isAccessRefusal(e) && !(e instanceof DiscordAPIError && e.code === CANNOT_IN_THIS_CHANNEL))
          throw e;
        note = ' (I may not create threads here, so the game is played in this channel.)';
        rt.log.info({ gameId: game.id, code: e.code }, 'thread creation refused; playing in the channel');
      }
    } else if (channel.type === ChannelType.GuildText)
      note = ' (I may not create threads here, so the game is played in this channel.)';
    if (where !== i.channelId) store.locations.setLocation(game.id, { threadId: where });
    game = store.getGame(game.id);
    const messageId = await rt.publisher.send(where, lobbyMessage(game));
    store.locations.setMessage(game.id, 'lobby', { messageId, channelId: where });
  } catch (e) {
    // No lobby without its message: nobody could join it, and it would sit in /games for good.
    store.cancelGame(game.id);
    if (!isAccessRefusal(e)) throw e;
    rt.log.info({ gameId: game.id, code: e.code }, 'lobby refused by Discord; cancelled');
    await i.editReply({ content: `No game was opened: ${refusalText(e, `<#${where}>`)}` });
    return;
  }
  await i.editReply({
    content: `Game #${game.id} is open in <#${where}>: invite players to press **Join**.${note}`,
  });
}

function findCard(rt: Runtime, text: string) {
  const t = text.trim().toLowerCase();
  return rt.catalog.cards.find((c) => c.id === t || c.name.toLowerCase() === t);
}

async function showCard(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  const name = i.options.getString('name', true);
  const card = findCard(rt, name);
  if (!card) return tell(i, `There is no card called “${name}”. Start typing and pick one from the list.`);
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  return replyPrivately(i, cardMessage(rt.catalog, card.id, rt.desk.pictures));
}

export async function onAutocomplete(rt: Runtime, i: AutocompleteInteraction): Promise<void> {
  const typed = i.options.getFocused().toLowerCase();
  const matches = rt.catalog.cards
    .filter((c) => c.name.toLowerCase().includes(typed))
    .sort(
      (a, b) =>
        Number(!a.name.toLowerCase().startsWith(typed)) - Number(!b.name.toLowerCase().startsWith(typed)) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, 25);
  await i.respond(matches.map((c) => ({ name: c.name, value: c.id })));
}

function place(g: GameSummary): string {
  return `<#${g.threadId ?? g.channelId}>`;
}

async function listGames(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.inGuild()) return tell(i, 'Use this in a server.');
  return replyPrivately(i, gamesMessage(rt.desk.store.gamesInGuild(i.guildId), place));
}

function mayManage(i: ChatInputCommandInteraction, game: GameRecord): boolean {
  return (
    i.user.id === game.hostUserId || (i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false)
  );
}

async function manage(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  const store = rt.desk.store;
  const id = i.options.getInteger('game', true);
  const game = store.findGame(id);
  if (!game || game.guildId !== i.guildId) return tell(i, `There is no game #${id} in this server.`);
  if (!mayManage(i, game))
    return tell(i, `Only the host of game #${id} or someone with Manage Server can do that.`);
  if (game.status === 'finished' || game.status === 'cancelled')
    return tell(i, `Game #${id} is already ${game.status}.`);
  try {
    if (i.options.getSubcommand() === 'cancel') {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await rt.locks.run(id, async () => {
        const cancelled = store.cancelGame(id);
        const text = `Game #${id} was cancelled by <@${i.user.id}>.`;
        await rt.publisher.closeBoard(cancelled, `**Valley of the Kings** · game #${id}\n${text}`);
        await rt.publisher.send(rt.publisher.channelOf(game), {
          content: text,
          components: [],
          files: [],
          mentionUsers: [],
        });
      });
      await i.editReply({ content: `Game #${id} is cancelled.` });
      return;
    }
    const user = i.options.getUser('player', true);
    const seat = rt.desk.seatOf(game, user.id);
    if (seat === null) return tell(i, `<@${user.id}> has no seat in game #${id}.`);
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    await rt.locks.run(id, async () => {
      const taken = new Set(game.seats.map((s) => s.displayName));
      const updated = store.lobbies.replaceSeat(id, seat, {
        botKind: 'heuristic',
        displayName: computerName(taken),
      });
      try {
        await rt.publisher.send(rt.publisher.channelOf(updated), {
          content: `Seat ${seat + 1} of game #${id} (<@${user.id}>) is now played by the computer player ${updated.seats[seat]?.displayName}.`,
          components: [],
          files: [],
          mentionUsers: [],
        });
      } finally {
        rt.autopilot.poke(updated);
      }
    });
    await i.editReply({ content: `Done: a computer player took over seat ${seat + 1}.` });
  } catch (e) {
    if (e instanceof StoreError) return tell(i, e.message);
    throw e;
  }
}

async function repostBoard(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  const store = rt.desk.store;
  const here =
    store.gameInThread(i.channelId) ?? store.gamesInChannel(i.channelId).find((g) => g.status === 'active');
  if (here?.status !== 'active') return tell(i, 'No game is being played in this channel.');
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  await rt.locks.run(here.id, async () => {
    const game = store.getGame(here.id);
    // Also the way out of a stall: whatever was due for computer players is armed again.
    try {
      await rt.publisher.postBoard(game, 'The current board, posted again on request.');
    } finally {
      rt.autopilot.poke(game);
    }
  });
  await i.editReply({ content: 'Posted.' });
}
