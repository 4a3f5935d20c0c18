import { ButtonStyle } from 'discord-api-types/v10';
import {
  type LobbySettings,
  lobbyOptionsOf,
  MAX_LOBBY_BUTTONS,
  MAX_LOBBY_SELECTS,
} from '../../adapters/lobby-settings.ts';
import { getGame } from '../../games/registry.ts';
import { lobbyRating } from '../../ratings/eligibility.ts';
import type { GameRecord } from '../../store/records.ts';
import { encodeCustomId } from '../custom-id.ts';
import { button, type Payload, row, select } from './payload.ts';
import { lobbyRatingLine } from './rating-lines.ts';
import { TURN_LIMITS, turnLimitText, turnLimitValue } from './turn-limits.ts';

/**
 * The lobby of any game: its seat limits and title come from the game's rules module, its own settings
 * (e.g. Valley's card pool) from its adapter.
 */
export function lobbyMessage(game: GameRecord, settings?: LobbySettings, note?: string): Payload {
  const { title, minPlayers, maxPlayers } = getGame(game.type);
  const id = (verb: string, arg = '') =>
    encodeCustomId({ scope: 'lobby', gameId: game.id, version: 0, verb, arg });
  const seats = game.seats.map(
    (s, i) => `${i + 1}. ${s.userId ? `<@${s.userId}>` : `🤖 ${s.displayName} (computer)`}`,
  );
  const open = game.status === 'lobby';
  const own = open ? settings?.controls(lobbyOptionsOf(game.options)) : undefined;
  if (own && (own.selects.length > MAX_LOBBY_SELECTS || own.buttons.length > MAX_LOBBY_BUTTONS))
    throw new Error(
      `a lobby has room for ${MAX_LOBBY_SELECTS} selects and ${MAX_LOBBY_BUTTONS} buttons of the game's own`,
    );
  const full = game.seats.length >= maxPlayers;
  const lines = [
    `**${title}** · game #${game.id} · ${open ? 'lobby' : game.status}`,
    game.hostUserId ? `Host: <@${game.hostUserId}>` : '',
    `Seats (${game.seats.length}/${maxPlayers}):`,
    ...(seats.length ? seats : ['(nobody yet)']),
    open
      ? `Join, or add computer players; the host starts when ${minPlayers}–${maxPlayers} seats are filled. Seat order is the turn order.`
      : '',
    ...(settings?.lines(lobbyOptionsOf(game.options)) ?? []),
    lobbyRatingLine(game),
    `⏰ Turn limit: ${turnLimitText(game.turnLimitMinutes)}${game.turnLimitMinutes ? ' (a reminder comes at half time; then the computer plays that turn, and the game stays rated unless a seat is handed over for good)' : ''}.`,
    note ?? '',
  ].filter(Boolean);
  return {
    content: lines.join('\n'),
    components: open
      ? [
          row(
            button(id('join'), 'Join', ButtonStyle.Primary, full),
            button(id('leave'), 'Leave'),
            button(id('bot'), 'Add computer player', ButtonStyle.Secondary, full),
            button(id('start'), 'Start', ButtonStyle.Success, game.seats.length < minPlayers),
            button(id('cancel'), 'Cancel', ButtonStyle.Danger),
          ),
          row(
            ratingButton(game, id),
            ...(own?.buttons ?? []).map((b) => button(id('set', `${b.id}:${b.value}`), b.label)),
          ),
          row(
            select(
              id('limit'),
              'Turn limit (host)…',
              TURN_LIMITS.map((m) => ({
                label: turnLimitText(m),
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

/** Sets the choice the button names (not a toggle), so a doubled click cannot flip it back. */
function ratingButton(game: GameRecord, id: (verb: string, arg?: string) => string) {
  const now = lobbyRating(game.rated, game.seats);
  if (now.why === 'too-few-people')
    return button(id('rated', '1'), 'Rated needs two people', ButtonStyle.Secondary, true);
  return now.rated ? button(id('rated', '0'), 'Make casual') : button(id('rated', '1'), 'Make rated');
}
