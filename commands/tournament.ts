import { type ChatInputCommandInteraction, MessageFlags, PermissionFlagsBits } from 'discord.js';
import {
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandSubcommandOption,
  ApplicationCommandOptionType,
  InteractionContextType,
} from 'discord-api-types/v10';
import type { AdapterSet } from '../src/adapters/adapter-set.ts';
import { tell } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import type { Runtime } from '../src/discord/runtime.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { refusalText } from '../src/discord/tournaments/tournament-refusals.ts';
import { t } from '../src/i18n/messages.ts';
import { InvalidOptionsError } from '../src/store/errors.ts';
import { parseOptionsFor, randomSeed } from '../src/store/store-core.ts';
import type { TournamentEvent } from '../src/tournaments/events.ts';
import {
  type DeadlineRule,
  FORMATS,
  type Format,
  type Tournament,
  type TournamentSettings,
} from '../src/tournaments/model.ts';
import { defaultSettings, settingsFault } from '../src/tournaments/settings.ts';
import { defaultMinTableSize } from '../src/tournaments/table-layout.ts';
import { recordSubcommand, tournamentRecordReply } from './tournament-record.ts';

/**
 * `/tournament`: people with Manage Server, or the role the server names (`/tournament role`), create a
 * tournament here (a draft, with its message), then open its registration, start it, pause, resume or
 * cancel it. Registering, withdrawing and checking in are the message's buttons
 * (../src/discord/handlers/tournament-components.ts). Each change goes through the tournament desk
 * (../src/discord/tournaments/tournament-desk.ts), which writes it once and redraws the message.
 */
const HOUR_MS = 3_600_000;
const DEADLINE_RULES: readonly DeadlineRule[] = ['stand-in', 'as-it-stands'];
const DAY_MS = 24 * HOUR_MS;

const int = (
  name: string,
  description: string,
  min: number,
  max: number,
): APIApplicationCommandBasicOption => ({
  type: ApplicationCommandOptionType.Integer,
  name,
  description,
  min_value: min,
  max_value: max,
  required: false,
});

const which: APIApplicationCommandBasicOption = {
  type: ApplicationCommandOptionType.Integer,
  name: 'tournament',
  description: "The tournament's number (default: this server's newest one still going)",
  min_value: 1,
  required: false,
};

const ACTIONS = ['open', 'start', 'pause', 'resume', 'cancel'] as const;
type Action = (typeof ACTIONS)[number];

const ACTION_DESCRIPTIONS: Record<Action, string> = {
  open: 'Open registration (Register and Withdraw on its message)',
  start: 'Close registration, or start round one once check-in is over',
  pause: 'Pause the tournament: its results wait, no round is made',
  resume: 'Resume a paused tournament; the round gets back the time paused',
  cancel: 'Cancel the tournament',
};

function createOptions(adapters: AdapterSet): APIApplicationCommandBasicOption[] {
  return [
    ...(adapters.list.length > 1
      ? [
          {
            type: ApplicationCommandOptionType.String,
            name: 'game',
            description: `Which game (${adapters.default.game.title} if left out)`,
            required: false,
            choices: adapters.list.map((a) => ({ name: a.game.title, value: a.game.id })),
          } satisfies APIApplicationCommandBasicOption,
        ]
      : []),
    {
      type: ApplicationCommandOptionType.String,
      name: 'format',
      description: 'Swiss (the default), round robin, or elimination',
      required: false,
      choices: FORMATS.map((f) => ({ name: f, value: f })),
    },
    int('table-size', 'Seats at each table (default 4, or what the game seats)', 2, 6),
    int('rounds', 'Swiss: how many rounds (default 5); round robin: at most (default all)', 0, 50),
    int('round-days', 'Days each round lasts (default 7)', 1, 60),
    int('turn-limit', 'Hours a turn may take before the computer plays it (default 24; 0: none)', 0, 168),
    {
      type: ApplicationCommandOptionType.Boolean,
      name: 'rated',
      description: 'Whether its games change ratings (default yes)',
      required: false,
    },
    int('registration-hours', 'Registration closes this many hours after now (default 48)', 1, 2_160),
    int(
      'check-in-hours',
      'Hours to check in once registration closes (default 0: registering is enough)',
      0,
      168,
    ),
    int('cap', 'The most entrants (default: no cap)', 2, 1_000),
    int('advance', 'Elimination: how many of each table go on (default 1)', 1, 5),
    int('group-size', 'Round robin: the most entrants in one group (default 6)', 2, 16),
    ...poolOption(adapters),
    {
      type: ApplicationCommandOptionType.String,
      name: 'deadline',
      description:
        "Unfinished games at a round's end: the computer plays them out (default), or they rank as they stand",
      required: false,
      choices: DEADLINE_RULES.map((r) => ({ name: r, value: r })),
    },
    {
      type: ApplicationCommandOptionType.Boolean,
      name: 'drop-on-leave',
      description: 'Drop entrants who leave the server (default yes)',
      required: false,
    },
    int(
      'drop-after-timeouts',
      'Drop entrants after this many timed-out turns in a row (default 3; 0: never)',
      0,
      20,
    ),
  ];
}

/**
 * The card pools the games' lobbies offer (their `pool` select), e.g. Valley's Base and Base + Afterlife.
 * A custom pool is picked card by card in the lobby's select, which a slash command cannot offer.
 */
function poolChoices(adapters: AdapterSet): { name: string; value: string }[] {
  const seen = new Map<string, string>();
  for (const a of adapters.list)
    for (const c of a.lobbySettings?.controls({}, 'en').selects.find((x) => x.id === 'pool')?.choices ?? [])
      if (c.value !== 'custom' && !seen.has(c.value)) seen.set(c.value, c.label);
  return [...seen].map(([value, name]) => ({ name, value }));
}

function poolOption(adapters: AdapterSet): APIApplicationCommandBasicOption[] {
  const choices = poolChoices(adapters);
  if (choices.length === 0) return [];
  return [
    {
      type: ApplicationCommandOptionType.String,
      name: 'pool',
      description: "The game's card pool, as its lobby offers it (default: the base game)",
      required: false,
      choices,
    },
  ];
}

/**
 * The options every table's game starts with: the pool chosen as the game's lobby would set it, checked
 * by the game as a lobby's options are at its start, at every table size a round may have. A string is
 * the refusal's sentence.
 */
export function gameOptionsFor(
  adapter: AdapterSet['list'][number],
  pool: string | null,
  sizes: { min: number; max: number },
  language: string,
): Record<string, unknown> | string {
  let options: Record<string, unknown> = {};
  if (pool !== null) {
    const settings = adapter.lobbySettings;
    const offered = settings?.controls({}, language).selects.find((x) => x.id === 'pool')?.choices ?? [];
    if (!settings || !offered.some((c) => c.value === pool))
      return t(language, 'tournament.refused.no-pool', { game: adapter.game.title });
    options = settings.choose({}, 'pool', [pool], language);
  }
  try {
    for (let n = sizes.min; n <= sizes.max; n++) parseOptionsFor(adapter.game, 0, options, n);
  } catch (e) {
    if (!(e instanceof InvalidOptionsError)) throw e;
    return t(language, 'tournament.refused.game-options', { reason: e.message });
  }
  return options;
}

export function tournamentCommand(adapters: AdapterSet): SlashCommand {
  const subcommands: APIApplicationCommandSubcommandOption[] = [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'create',
      description: 'Create a tournament here: a draft with its message (Manage Server or the role)',
      options: createOptions(adapters),
    },
    ...ACTIONS.map(
      (name): APIApplicationCommandSubcommandOption => ({
        type: ApplicationCommandOptionType.Subcommand,
        name,
        description: ACTION_DESCRIPTIONS[name],
        options: [which],
      }),
    ),
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'role',
      description: 'Who else may run tournaments: a role (Manage Server); none: only Manage Server',
      options: [
        { type: ApplicationCommandOptionType.Role, name: 'role', description: 'The role', required: false },
      ],
    },
    recordSubcommand,
  ];
  return {
    data: {
      name: 'tournament',
      description: 'Run a tournament: create, open, start, pause, resume, cancel',
      contexts: [InteractionContextType.Guild],
      options: subcommands,
    },
    execute: (rt, i) => tournament(rt, i, adapters),
  };
}

async function mayOrganise(
  rt: Runtime,
  i: ChatInputCommandInteraction<'cached' | 'raw'>,
): Promise<string | null> {
  if (i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return null;
  const { tournamentRoleId } = await rt.tables.store.guilds.get(i.guildId);
  const roles = i.member.roles;
  const has = Array.isArray(roles)
    ? roles.includes(tournamentRoleId ?? '')
    : tournamentRoleId !== null && roles.cache.has(tournamentRoleId);
  if (tournamentRoleId !== null && has) return null;
  return t(userLanguage(i), 'tournament.not-allowed', {
    role: tournamentRoleId === null ? 'none' : `<@&${tournamentRoleId}>`,
  });
}

async function tournament(rt: Runtime, i: ChatInputCommandInteraction, adapters: AdapterSet): Promise<void> {
  const language = userLanguage(i);
  if (!i.inGuild()) return tell(i, t(language, 'error.guild-only'));
  // Anyone in the server may read a tournament's record.
  if (i.options.getSubcommand() === 'record') return tournamentRecordReply(rt, i);
  const refused = await mayOrganise(rt, i);
  if (refused) return tell(i, refused);
  const sub = i.options.getSubcommand();
  if (sub === 'create') return create(rt, i, adapters);
  if (sub === 'role') {
    if (!i.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
      return tell(i, t(language, 'tournament.not-allowed', { role: 'none' }));
    const role = i.options.getRole('role');
    await rt.tables.store.guilds.update(i.guildId, { tournamentRoleId: role?.id ?? null });
    return tell(i, t(language, 'tournament.role-set', { role: role ? `<@&${role.id}>` : 'none' }));
  }
  const action = sub as Action;
  const id = await chosen(rt, i);
  if (id === null) return tell(i, t(language, 'tournament.refused.unknown'));
  let what: string = action;
  const outcome = await rt.tournaments.act(id, (tr, at) => {
    const events = eventsFor(action, tr, at);
    if (action === 'start' && tr.status === 'registration' && tr.settings.checkInMs > 0) what = 'close';
    return events;
  });
  if (!outcome.ok) {
    const latest = (await rt.tables.store.tournaments.get(id))?.tournament as Tournament;
    return tell(i, refusalText(language, outcome.refusal, action, latest, i.user.id));
  }
  return tell(i, t(language, 'tournament.done', { id, what }));
}

/** The events an organiser's action is: a start closes registration first, and starts at once when nobody needs to check in. */
function eventsFor(action: Action, tr: Tournament, at: number): TournamentEvent[] {
  if (action !== 'start') return [{ type: action, at }];
  if (tr.status !== 'registration') return [{ type: 'start', at }];
  const close: TournamentEvent = { type: 'close-registration', at };
  return tr.settings.checkInMs > 0 ? [close] : [close, { type: 'start', at }];
}

/** The tournament an action is about: the one named, if this server's, else the newest still going. */
async function chosen(rt: Runtime, i: ChatInputCommandInteraction<'cached' | 'raw'>): Promise<number | null> {
  const named = i.options.getInteger('tournament');
  const store = rt.tables.store.tournaments;
  if (named !== null) {
    const s = await store.get(named);
    return s && s.guildId === i.guildId ? named : null;
  }
  const going = await store.inGuild(i.guildId, ['draft', 'registration', 'check-in', 'running', 'paused']);
  return going[0]?.id ?? null;
}

async function create(
  rt: Runtime,
  i: ChatInputCommandInteraction<'cached' | 'raw'>,
  adapters: AdapterSet,
): Promise<void> {
  const language = userLanguage(i);
  const adapter = adapters.find(i.options.getString('game') ?? adapters.default.game.id) ?? adapters.default;
  const game = adapter.game;
  const now = rt.clock.now();
  const size = i.options.getInteger('table-size') ?? Math.min(4, game.maxPlayers);
  if (size < game.minPlayers || size > game.maxPlayers)
    return tell(
      i,
      t(language, 'tournament.refused.table-size', {
        game: game.title,
        min: game.minPlayers,
        max: game.maxPlayers,
      }),
    );
  const format = (i.options.getString('format') ?? 'swiss') as Format;
  const base = defaultSettings(game.id, now + (i.options.getInteger('registration-hours') ?? 48) * HOUR_MS);
  const turnLimit = i.options.getInteger('turn-limit') ?? 24;
  const dropAfter = i.options.getInteger('drop-after-timeouts');
  const settings: TournamentSettings = {
    ...base,
    format,
    tableSize: size,
    minTableSize: Math.max(game.minPlayers, defaultMinTableSize(size)),
    rounds: i.options.getInteger('rounds') ?? (format === 'round-robin' ? 0 : base.rounds),
    roundMs: (i.options.getInteger('round-days') ?? 7) * DAY_MS,
    turnLimitHours: turnLimit === 0 ? null : turnLimit,
    rated: i.options.getBoolean('rated') ?? true,
    checkInMs: (i.options.getInteger('check-in-hours') ?? 0) * HOUR_MS,
    maxEntrants: i.options.getInteger('cap'),
    advance: i.options.getInteger('advance') ?? base.advance,
    groupSize: i.options.getInteger('group-size') ?? base.groupSize,
    deadline: (i.options.getString('deadline') as DeadlineRule | null) ?? base.deadline,
    drop: {
      onLeavingServer: i.options.getBoolean('drop-on-leave') ?? base.drop.onLeavingServer,
      afterTimeouts: dropAfter === null ? base.drop.afterTimeouts : dropAfter === 0 ? null : dropAfter,
    },
  };
  const fault = settingsFault(settings);
  if (fault) return tell(i, refusalText(language, fault, 'create', null, i.user.id));
  const gameOptions = gameOptionsFor(
    adapter,
    i.options.getString('pool'),
    { min: settings.minTableSize, max: size },
    language,
  );
  if (typeof gameOptions === 'string') return tell(i, gameOptions);
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const store = rt.tables.store.tournaments;
  const stored = await store.create({
    guildId: i.guildId,
    channelId: i.channelId,
    createdBy: i.user.id,
    seed: randomSeed(),
    settings: { ...settings, gameOptions },
    createdAt: now,
  });
  const id = Number(stored.tournament.id);
  try {
    const messageId = await rt.publisher.send(i.channelId, rt.tournaments.messageOf(stored));
    await store.setMessage(id, messageId);
  } catch (e) {
    // No tournament without its message: nobody could register. It stays, cancelled, for the record.
    await rt.tournaments.act(id, (_, at) => [{ type: 'cancel', at }]);
    rt.log.info({ err: e, tournament: id }, 'tournament message refused; cancelled');
    return tell(i, t(language, 'tournament.no-message', { why: e instanceof Error ? e.message : String(e) }));
  }
  return tell(i, t(language, 'tournament.created', { id }));
}
