import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';
import { DateTime } from 'luxon';
import { say, tell } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { formatClock, isZone, parseClock, zoneChoices, zoneSuggestions } from '../src/discord/quiet-hours.ts';
import type { Runtime } from '../src/discord/runtime.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { t } from '../src/i18n/messages.ts';
import type { PlayerSettings, PlayerSettingsChange } from '../src/store/player-settings-store.ts';

/** The longest vacation: beyond it, a seat is better handed to a computer player for good (/manage). */
const MAX_VACATION_DAYS = 60;

/**
 * `/settings`: a person's own time zone, quiet hours, turn DMs and vacation. Every answer is
 * ephemeral, and nothing here is ever shown to anyone else.
 */
export const settingsCommand: SlashCommand = {
  data: {
    name: 'settings',
    description: 'Your time zone, quiet hours, turn DMs and vacation (only you see them)',
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: 'time-zone',
        description: 'Where you are, e.g. Europe/Madrid',
        required: false,
        autocomplete: true,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'quiet-start',
        description: 'No reminders from (local time, 24-hour HH:MM), e.g. 23:00',
        required: false,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'quiet-end',
        description: 'No reminders until (local time, HH:MM), e.g. 08:00',
        required: false,
      },
      {
        type: ApplicationCommandOptionType.Boolean,
        name: 'no-quiet-hours',
        description: 'Turn quiet hours off',
        required: false,
      },
      {
        type: ApplicationCommandOptionType.Boolean,
        name: 'turn-dms',
        description: 'A direct message when it is your turn (and your reminders by DM)',
        required: false,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'vacation-until',
        description: 'The computer plays your turns until this date (YYYY-MM-DD), or "off"',
        required: false,
      },
    ],
  },
  execute: settings,
  async autocomplete(_rt, i) {
    await i.respond(zoneChoices(String(i.options.getFocused())));
  },
};

async function settings(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  const language = userLanguage(i);
  const players = rt.tables.store.players;
  const current = await players.get(i.user.id);
  const change: { -readonly [K in keyof PlayerSettingsChange]: PlayerSettingsChange[K] } = {};

  const zone = i.options.getString('time-zone');
  if (zone !== null) {
    if (!isZone(zone.trim()))
      return say(i, 'settings.bad-zone', {
        zone,
        suggestions: zoneSuggestions(zone, language),
      });
    change.timeZone = zone.trim();
  }

  const start = i.options.getString('quiet-start');
  const end = i.options.getString('quiet-end');
  if (i.options.getBoolean('no-quiet-hours')) {
    if (start !== null || end !== null) return say(i, 'settings.quiet-both');
    change.quietStart = null;
    change.quietEnd = null;
  } else if (start !== null || end !== null) {
    const s = start === null ? current.quietStart : parseClock(start);
    const e = end === null ? current.quietEnd : parseClock(end);
    const bad = [start !== null && s === null ? start : null, end !== null && e === null ? end : null].filter(
      (x) => x !== null,
    );
    if (bad.length > 0) return say(i, 'settings.bad-time', { time: bad[0] ?? '' });
    if (s === null || e === null) return say(i, 'settings.quiet-needs-both');
    if (s === e) return say(i, 'settings.quiet-same');
    if (!(change.timeZone ?? current.timeZone)) return say(i, 'settings.quiet-needs-zone');
    change.quietStart = s;
    change.quietEnd = e;
  }

  const dms = i.options.getBoolean('turn-dms');
  if (dms !== null) change.turnDms = dms;

  const vacation = i.options.getString('vacation-until');
  if (vacation !== null) {
    if (vacation.trim().toLowerCase() === 'off') change.vacationUntil = null;
    else {
      const day = DateTime.fromISO(vacation.trim(), { zone: change.timeZone ?? current.timeZone ?? 'UTC' });
      if (!/^\d{4}-\d{2}-\d{2}$/.test(vacation.trim()) || !day.isValid)
        return say(i, 'settings.bad-date', { date: vacation });
      // Away through the whole of that day, in their own time zone.
      const until = day.plus({ days: 1 }).startOf('day').toMillis();
      const now = rt.clock.now();
      if (until <= now) return say(i, 'settings.date-passed');
      if (until - now > MAX_VACATION_DAYS * 86_400_000)
        return say(i, 'settings.vacation-too-long', { days: MAX_VACATION_DAYS });
      change.vacationUntil = new Date(until);
    }
  }

  const after = Object.keys(change).length > 0 ? await players.update(i.user.id, change) : current;
  if (change.vacationUntil !== undefined || change.turnDms !== undefined) {
    // A person now away (or back) changes who plays their games' turns: look at each again (store
    // writes per game, slow for someone in many games), so acknowledged first.
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    for (const g of await rt.tables.store.gamesOfUser(i.user.id, ['active']))
      await rt.table.rearm(await rt.tables.store.getGame(g.id));
  }
  const saved = Object.keys(change).length > 0 ? 'yes' : 'no';
  return tell(i, `${t(language, 'settings.summary', { saved })}\n${describe(after, language)}`);
}

/** Each setting on a line; the vacation's end is a Discord timestamp, shown in the reader's own locale. */
function describe(s: PlayerSettings, language: string): string {
  const quiet = s.quietStart !== null && s.quietEnd !== null;
  return [
    t(language, 'settings.zone', { zone: s.timeZone ?? 'none' }),
    t(language, 'settings.quiet', {
      set: quiet ? 'yes' : 'no',
      start: quiet ? formatClock(s.quietStart as number) : '',
      end: quiet ? formatClock(s.quietEnd as number) : '',
    }),
    t(language, 'settings.dms', { on: s.turnDms ? 'yes' : 'no' }),
    ...(s.dmsClosedAt
      ? [t(language, 'settings.dms-closed', { when: `<t:${Math.floor(s.dmsClosedAt.getTime() / 1000)}:R>` })]
      : []),
    t(language, 'settings.vacation', {
      set: s.vacationUntil ? 'yes' : 'no',
      until: s.vacationUntil ? `<t:${Math.floor(s.vacationUntil.getTime() / 1000)}:f>` : '',
    }),
  ].join('\n');
}
