import { PermissionFlagsBits } from 'discord.js';
import { LobbySettingError, lobbyOptionsOf } from '../../adapters/lobby-settings.ts';
import { StoreError } from '../../store/errors.ts';
import type { GameRecord } from '../../store/records.ts';
import type { Click } from '../clicked-message.ts';
import type { CustomId } from '../custom-id.ts';
import { lobbyMessage } from '../messages/lobby-message.ts';
import { readTurnLimit } from '../messages/turn-limits.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { computerName } from './computer-names.ts';
import { displayName, tell } from './replies.ts';

const canManage = (i: Click, game: GameRecord) =>
  i.user.id === game.hostUserId || (i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false);

export async function onLobbyComponent(rt: Runtime, i: Click, id: CustomId): Promise<void> {
  const store = rt.tables.store;
  const game = store.findGame(id.gameId);
  if (!game) return tell(i, `Game #${id.gameId} does not exist any more.`);
  if (game.status !== 'lobby')
    return tell(
      i,
      game.status === 'cancelled'
        ? `Game #${game.id} was cancelled.`
        : `Game #${game.id} has already started.`,
    );
  const settings = rt.tables.adapterOf(game).lobbySettings;
  const update = async (g: GameRecord, note?: string) => {
    await i.update(editOptions(lobbyMessage(g, settings, note)));
  };
  try {
    switch (id.verb) {
      case 'join':
        if (rt.tables.seatOf(game, i.user.id) !== null)
          return tell(i, 'You already have a seat in this game.');
        store.lobbies.join(game.id, { userId: i.user.id, displayName: displayName(i) });
        return update(store.getGame(game.id));
      case 'leave':
        if (rt.tables.seatOf(game, i.user.id) === null) return tell(i, 'You have no seat in this game.');
        if (i.user.id === game.hostUserId) return tell(i, 'The host cannot leave; cancel the game instead.');
        return update(store.lobbies.leave(game.id, i.user.id));
      case 'bot': {
        if (rt.tables.seatOf(game, i.user.id) === null && !canManage(i, game))
          return tell(i, 'Only players seated in this lobby (or the host) can add computer players.');
        const taken = new Set(game.seats.map((s) => s.displayName));
        const kind = rt.tables.adapterOf(game).computers.kinds[0];
        store.lobbies.join(game.id, { botKind: kind, displayName: computerName(taken) });
        return update(store.getGame(game.id));
      }
      case 'start': {
        if (!canManage(i, game))
          return tell(i, 'Only the host (or someone with Manage Server) can start the game.');
        await i.deferUpdate();
        await rt.locks.run(game.id, async () => {
          const started = store.startGame(game.id);
          // Computer players are woken whatever happens to the messages: a failed post must not stall the game.
          try {
            await i.editReply(
              editOptions(lobbyMessage(started, settings, 'The game has started: the board follows below.')),
            );
            rt.table.plan(started);
            await rt.publisher.postBoard(started);
          } finally {
            rt.table.rearm(started);
          }
        });
        return;
      }
      case 'rated': {
        if (id.arg !== '1' && id.arg !== '0')
          return tell(i, 'This button belongs to an older version of Scarab.');
        if (!canManage(i, game))
          return tell(
            i,
            'Only the host (or someone with Manage Server) can choose between rated and casual.',
          );
        return update(store.lobbies.setRated(game.id, id.arg === '1'));
      }
      case 'limit': {
        const choice = i.isStringSelectMenu() ? readTurnLimit(i.values[0] ?? '') : null;
        if (!choice) return tell(i, 'This menu belongs to an older version of Scarab.');
        if (!canManage(i, game))
          return tell(i, 'Only the host (or someone with Manage Server) can choose the turn limit.');
        return update(store.lobbies.setTurnLimit(game.id, choice.minutes));
      }
      case 'set': {
        // Selects carry the control in the arg and the choice in the values; buttons carry both in the arg.
        const [control = '', buttonValue] = id.arg.split(':');
        const values = i.isStringSelectMenu() ? i.values : buttonValue !== undefined ? [buttonValue] : [];
        if (!settings || !control || values.length === 0)
          return tell(i, 'This control belongs to an older version of Scarab.');
        if (!canManage(i, game))
          return tell(i, "Only the host (or someone with Manage Server) can change the game's settings.");
        let options: Record<string, unknown>;
        try {
          options = settings.choose(lobbyOptionsOf(game.options), control, values);
        } catch (e) {
          if (e instanceof LobbySettingError) return tell(i, e.message);
          throw e;
        }
        return update(store.lobbies.setOptions(game.id, options));
      }
      case 'cancel': {
        if (!canManage(i, game))
          return tell(i, 'Only the host (or someone with Manage Server) can cancel the game.');
        return update(store.cancelGame(game.id), `Cancelled by <@${i.user.id}>.`);
      }
      default:
        return tell(i, 'This button belongs to an older version of Scarab.');
    }
  } catch (e) {
    if (e instanceof StoreError) return tell(i, e.message);
    throw e;
  }
}
