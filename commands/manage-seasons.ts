import { type ChatInputCommandInteraction, PermissionFlagsBits } from 'discord.js';
import {
  type APIApplicationCommandSubcommandOption,
  ApplicationCommandOptionType,
  ChannelType,
} from 'discord-api-types/v10';
import { DateTime } from 'luxon';
import { say, tell } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { seasonLabel } from '../src/discord/messages/season-label.ts';
import { isZone, zoneSuggestions } from '../src/discord/quiet-hours.ts';
import type { Runtime } from '../src/discord/runtime.ts';
import { t } from '../src/i18n/messages.ts';
import { calendarOf } from '../src/ratings/rating-steps.ts';
import { boardSeason, CURRENT } from '../src/ratings/season-boards.ts';
import { SEASON_CADENCES } from '../src/ratings/seasons.ts';
import type { GuildSettings, GuildSettingsChange } from '../src/store/records.ts';

/**
 * `/manage seasons [length] [time-zone] [channel]`: the server's seasons (src/ratings/seasons.ts), for
 * people with Manage Server. Without options it shows them. A change applies from the next season: the
 * season under way keeps the dates it opened with.
 */
export const seasonsSubcommand: APIApplicationCommandSubcommandOption = {
  type: ApplicationCommandOptionType.Subcommand,
  name: 'seasons',
  description: "The server's seasons: how long, in which time zone, where podiums go (Manage Server)",
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'length',
      description: 'Monthly (the default), quarterly, or off (all-time boards only)',
      required: false,
      choices: SEASON_CADENCES.map((c) => ({ name: c, value: c })),
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'time-zone',
      description: 'Seasons change at midnight here, e.g. Europe/Madrid (default UTC)',
      required: false,
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.Channel,
      name: 'channel',
      description: 'Where podiums are posted (default: where most of the season was played)',
      required: false,
      channel_types: [ChannelType.GuildText],
    },
  ],
};

/** The settings as the server's admins read them, with the current season's end in its time zone. */
async function describe(rt: Runtime, s: GuildSettings, language: string): Promise<string> {
  const calendar = calendarOf(s.guildId, s);
  const opened = await rt.tables.store.ratings.seasons(s.guildId);
  const board = boardSeason(CURRENT, rt.clock.now(), calendar, opened);
  const current =
    'kind' in board && board.kind === 'season'
      ? t(language, 'manage.seasons.current', {
          season: seasonLabel(board.season.name, language),
          end: DateTime.fromMillis(board.season.endsAt, { zone: board.season.zone })
            .setLocale(language)
            .toLocaleString(DateTime.DATETIME_FULL),
        })
      : t(language, 'manage.seasons.none');
  return [
    t(language, 'manage.seasons.settings', {
      length: s.seasonCadence,
      zone: s.seasonZone,
      channel: s.seasonChannelId ? `<#${s.seasonChannelId}>` : 'none',
    }),
    current,
  ].join('\n');
}

export async function manageSeasons(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.inGuild()) return say(i, 'error.guild-only');
  const language = userLanguage(i);
  const guilds = rt.tables.store.guilds;
  const change: { -readonly [K in keyof GuildSettingsChange]: GuildSettingsChange[K] } = {};
  const length = i.options.getString('length');
  const zone = i.options.getString('time-zone');
  const channel = i.options.getChannel('channel');
  if (length !== null) change.seasonCadence = length;
  if (zone !== null) {
    if (!isZone(zone.trim()))
      return say(i, 'settings.bad-zone', {
        zone,
        suggestions: zoneSuggestions(zone, language),
      });
    change.seasonZone = zone.trim();
  }
  if (channel !== null) change.seasonChannelId = channel.id;
  if (Object.keys(change).length === 0)
    return tell(i, await describe(rt, await guilds.get(i.guildId), language));
  if (!(i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false))
    return say(i, 'manage.seasons.not-allowed');
  const now = await guilds.update(i.guildId, change);
  return tell(i, `${t(language, 'manage.seasons.changed')}\n${await describe(rt, now, language)}`);
}
