import { ButtonStyle } from 'discord-api-types/v10';
import {
  type LobbySettings,
  lobbyOptionsOf,
  MAX_LOBBY_BUTTONS,
  MAX_LOBBY_SELECTS,
} from '../../adapters/lobby-settings.ts';
import { getGame } from '../../games/registry.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { LANGUAGES, t, type Values } from '../../i18n/messages.ts';
import { lobbyRating } from '../../ratings/eligibility.ts';
import type { GameRecord } from '../../store/records.ts';
import { LEVELS, levelOf, standInOf } from '../../table-kit/computer-levels.ts';
import { encodeCustomId } from '../../table-kit/custom-id.ts';
import { button, type Payload, row, select } from '../../table-kit/payload.ts';
import { gameLanguage } from '../language.ts';
import { isRated, lobbyRatingLine } from './rating-lines.ts';
import { TURN_LIMITS, turnLimitText, turnLimitValue } from './turn-limits.ts';

/**
 * The lobby of any game: its seat limits and title come from the game's rules module, its own settings
 * (e.g. Valley's card pool) from its adapter.
 */
export function lobbyMessage(game: GameRecord, settings?: LobbySettings, note?: string): Payload {
  const { minPlayers, maxPlayers } = getGame(game.type);
  const language = gameLanguage(game);
  const say = (key: string, values?: Values) => t(language, key, values);
  const id = (verb: string, arg = '') =>
    encodeCustomId({ scope: 'lobby', gameId: game.id, version: 0, verb, arg });
  const seats = game.seats.map((s, i) => {
    if (s.userId) return say('lobby.seat.person', { n: i + 1, mention: `<@${s.userId}>` });
    const level = levelOf(s.botKind);
    return level
      ? say('lobby.seat.computer-level', {
          n: i + 1,
          name: s.displayName,
          level: say(`computer.level.${level}`),
        })
      : say('lobby.seat.computer', { n: i + 1, name: s.displayName });
  });
  const open = game.status === 'lobby';
  const own = open ? settings?.controls(lobbyOptionsOf(game.options), language) : undefined;
  if (own && (own.selects.length > MAX_LOBBY_SELECTS || own.buttons.length > MAX_LOBBY_BUTTONS))
    throw new Error(
      `a lobby has room for ${MAX_LOBBY_SELECTS} selects and ${MAX_LOBBY_BUTTONS} buttons of the game's own`,
    );
  const full = game.seats.length >= maxPlayers;
  const lines = [
    say('lobby.heading', {
      title: gameTitle(language, game.type, getGame(game.type).title),
      id: game.id,
      status: game.status,
    }),
    game.hostUserId ? say('lobby.host', { host: `<@${game.hostUserId}>` }) : '',
    say('lobby.seats', { filled: game.seats.length, most: maxPlayers }),
    ...(seats.length ? seats : [say('lobby.nobody')]),
    open ? say('lobby.how', { least: minPlayers, most: maxPlayers }) : '',
    ...(settings?.lines(lobbyOptionsOf(game.options), language) ?? []),
    lobbyRatingLine(game, language),
    say('lobby.turn-limit', {
      limited: game.turnLimitMinutes ? 'yes' : 'no',
      rated: isRated(game) ? 'yes' : 'no',
      limit: turnLimitText(game.turnLimitMinutes, language),
    }),
    open ? say('lobby.stand-in', { level: say(`computer.level.${standInOf(game)}`) }) : '',
    open ? say('lobby.hints', { state: hintsState(game) }) : '',
    open ? say('lobby.language', { name: say('language.name') }) : '',
    note ?? '',
  ].filter(Boolean);
  return {
    content: lines.join('\n'),
    card: { accent: null },
    components: open
      ? [
          row(
            button(id('join'), say('lobby.button.join'), ButtonStyle.Primary, full),
            button(id('leave'), say('lobby.button.leave')),
            button(id('bot'), say('lobby.button.computer'), ButtonStyle.Secondary, full),
            button(
              id('start'),
              say('lobby.button.start'),
              ButtonStyle.Success,
              game.seats.length < minPlayers,
            ),
            button(id('cancel'), say('lobby.button.cancel'), ButtonStyle.Danger),
          ),
          row(
            ratingButton(game, id, language),
            // Computers' levels are chosen privately (levelsMessage): the lobby has no row left for them.
            button(id('levels'), say('lobby.button.levels')),
            // One button per other language, named in that language (a button sets, never toggles).
            ...LANGUAGES.filter((l) => l !== language).map((l) =>
              button(id('lang', l), t(l, 'lobby.button.language', { name: t(l, 'language.name') })),
            ),
            // Hints have no row of their own: their button shares this one (a game keeps one button here).
            ...hintsButton(game, id, language),
            ...(own?.buttons ?? []).map((b) => button(id('set', `${b.id}:${b.value}`), b.label)),
          ),
          row(
            select(
              id('limit'),
              say('lobby.turn-limit.placeholder'),
              TURN_LIMITS.map((m) => ({
                label: turnLimitText(m, language),
                value: turnLimitValue(m),
                default: m === (game.turnLimitMinutes ?? null),
              })),
            ),
          ),
          ...(own?.selects ?? []).map((s) =>
            row(
              select(
                id('set', s.id),
                s.placeholder,
                s.choices.map((c) => ({
                  label: c.label,
                  value: c.value,
                  ...(c.description ? { description: c.description } : {}),
                  ...(c.default ? { default: true } : {}),
                })),
                s.pick ?? { min: 1, max: 1 },
              ),
            ),
          ),
        ]
      : [],
    files: [],
    mentionUsers: [],
  };
}

/** Hints on this table: allowed, forbidden by the host, or none because the game is rated. */
function hintsState(game: GameRecord): 'allowed' | 'forbidden' | 'rated' {
  if (isRated(game)) return 'rated';
  return game.hints === false ? 'forbidden' : 'allowed';
}

/** The host's hint choice on a casual table (a rated one has none); it sets, never toggles. */
function hintsButton(game: GameRecord, id: (verb: string, arg?: string) => string, language: string) {
  const state = hintsState(game);
  if (state === 'rated') return [];
  return state === 'allowed'
    ? [button(id('hints', '0'), t(language, 'lobby.button.forbid-hints'))]
    : [button(id('hints', '1'), t(language, 'lobby.button.allow-hints'))];
}

/** Sets the choice the button names (not a toggle), so a doubled click cannot flip it back. */
function ratingButton(game: GameRecord, id: (verb: string, arg?: string) => string, language: string) {
  const now = lobbyRating(game.rated, game.seats);
  if (now.why === 'too-few-people')
    return button(
      id('rated', '1'),
      t(language, 'lobby.button.rated-needs-people'),
      ButtonStyle.Secondary,
      true,
    );
  return now.rated
    ? button(id('rated', '0'), t(language, 'lobby.button.make-casual'))
    : button(id('rated', '1'), t(language, 'lobby.button.make-rated'));
}

/**
 * The private message behind the lobby's "Computer levels" button: one menu of every computer seat at every
 * level it is not at yet, then the stand-in's other levels (5 × 2 + 2 options at most, within a menu's 25).
 */
export function levelsMessage(game: GameRecord, language: string): Payload {
  const say = (key: string, values?: Values) => t(language, key, values);
  const seats = game.seats.flatMap((s, i) => {
    if (s.userId) return [];
    const now = levelOf(s.botKind);
    return LEVELS.filter((l) => l !== now).map((level) => ({
      label: say('lobby.levels.option', {
        n: i + 1,
        name: s.displayName,
        level: say(`computer.level.${level}`),
      }),
      value: `${s.seat}:${level}`,
      description: say(`computer.level.${level}.about`),
    }));
  });
  const standIn = LEVELS.filter((l) => l !== standInOf(game)).map((level) => ({
    label: say('lobby.levels.stand-in-option', { level: say(`computer.level.${level}`) }),
    value: `${STAND_IN}:${level}`,
    description: say(`computer.level.${level}.about`),
  }));
  const id = encodeCustomId({ scope: 'lobby', gameId: game.id, version: 0, verb: 'level', arg: '' });
  return {
    content: say('lobby.levels.prompt', { id: game.id }),
    components: [row(select(id, say('lobby.levels.placeholder'), [...seats, ...standIn]))],
    files: [],
    mentionUsers: [],
  };
}

/** The value prefix of the stand-in's levels in the levels menu (a seat's start with its number). */
export const STAND_IN = 'stand-in';
