import { type ChatInputCommandInteraction, MessageFlags, PermissionFlagsBits } from 'discord.js';
import {
  ApplicationCommandOptionType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { computerName } from '../src/discord/handlers/computer-names.ts';
import { say, tell } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { storeErrorText } from '../src/discord/messages/store-errors.ts';
import { zoneChoices } from '../src/discord/quiet-hours.ts';
import type { Runtime } from '../src/discord/runtime.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { gameTitle } from '../src/i18n/command-localizations.ts';
import { t } from '../src/i18n/messages.ts';
import { StoreError } from '../src/store/errors.ts';
import type { GameRecord } from '../src/store/records.ts';
import { manageSeasons, seasonsSubcommand } from './manage-seasons.ts';

/**
 * For a game's host or anyone with Manage Server: cancel a game, or hand a seat to a computer player; and
 * for Manage Server, the server's seasons (manage-seasons.ts).
 */
const data: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'manage',
  description: "Cancel a game, give a seat to a computer player, or set the server's seasons",
  contexts: [InteractionContextType.Guild],
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'cancel',
      description: 'Cancel a game',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'game',
          description: 'Game number',
          required: true,
          min_value: 1,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'replace-seat',
      description: 'Give a seat to a computer player (e.g. someone who left)',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'game',
          description: 'Game number',
          required: true,
          min_value: 1,
        },
        {
          type: ApplicationCommandOptionType.User,
          name: 'player',
          description: 'The player to replace',
          required: true,
        },
      ],
    },
    seasonsSubcommand,
  ],
};

export const manageCommand: SlashCommand = {
  data,
  execute: (rt, i) => (i.options.getSubcommand() === 'seasons' ? manageSeasons(rt, i) : manage(rt, i)),
  // Only /manage seasons time-zone completes.
  async autocomplete(_rt, i) {
    await i.respond(zoneChoices(String(i.options.getFocused())));
  },
};

function mayManage(i: ChatInputCommandInteraction, game: GameRecord): boolean {
  return (
    i.user.id === game.hostUserId || (i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false)
  );
}

async function manage(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  const store = rt.tables.store;
  const id = i.options.getInteger('game', true);
  const game = await store.findGame(id);
  const mine = userLanguage(i);
  const n = String(id);
  if (!game || game.guildId !== i.guildId) return say(i, 'manage.no-game', { id: n });
  if (!mayManage(i, game)) return say(i, 'manage.not-allowed', { id: n });
  if (game.status === 'finished' || game.status === 'cancelled')
    return say(i, 'manage.already', { id: n, status: game.status });
  const adapter = rt.tables.adapterOf(game);
  // What everyone reads is in the game's language; the answer to the person managing, in theirs.
  const theirs = rt.tables.context(game).language;
  try {
    if (i.options.getSubcommand() === 'cancel') {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await rt.locks.run(id, async () => {
        const cancelled = await store.cancelGame(id);
        const text = t(theirs, 'manage.cancelled-by', { id: n, who: `<@${i.user.id}>` });
        const title = gameTitle(theirs, game.type, adapter.game.title);
        await rt.publisher.closeBoard(
          cancelled,
          `${t(theirs, 'manage.cancelled-title', { title, id: n })}\n${text}`,
        );
        await rt.publisher.send(rt.publisher.channelOf(game), {
          content: text,
          components: [],
          files: [],
          mentionUsers: [],
        });
      });
      await i.editReply({ content: t(mine, 'manage.cancelled', { id: n }) });
      return;
    }
    const user = i.options.getUser('player', true);
    const seat = rt.tables.seatOf(game, user.id);
    if (seat === null) return say(i, 'manage.no-seat', { who: `<@${user.id}>`, id: n });
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    await rt.locks.run(id, async () => {
      const taken = new Set(game.seats.map((s) => s.displayName));
      const updated = await store.lobbies.replaceSeat(id, seat, {
        botKind: adapter.computers.kinds[0],
        displayName: computerName(taken),
      });
      try {
        await rt.publisher.send(rt.publisher.channelOf(updated), {
          content: t(theirs, 'manage.seat-taken-over', {
            seat: seat + 1,
            id: n,
            who: `<@${user.id}>`,
            computer: updated.seats[seat]?.displayName ?? '',
          }),
          components: [],
          files: [],
          mentionUsers: [],
        });
      } finally {
        await rt.table.rearm(updated);
      }
    });
    await i.editReply({ content: t(mine, 'manage.done', { seat: seat + 1 }) });
  } catch (e) {
    if (e instanceof StoreError) return tell(i, storeErrorText(e, userLanguage(i)));
    throw e;
  }
}
