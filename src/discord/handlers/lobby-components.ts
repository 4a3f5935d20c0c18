import { PermissionFlagsBits } from 'discord.js';
import { LobbySettingError, lobbyOptionsOf } from '../../adapters/lobby-settings.ts';
import { LANGUAGES, t } from '../../i18n/messages.ts';
import { StoreError } from '../../store/errors.ts';
import type { GameRecord } from '../../store/records.ts';
import { isLevel } from '../../table-kit/computer-levels.ts';
import type { CustomId } from '../../table-kit/custom-id.ts';
import type { Click } from '../clicked-message.ts';
import { gameLanguage, userLanguage } from '../language.ts';
import { levelsMessage, lobbyMessage, STAND_IN } from '../messages/lobby-message.ts';
import { storeErrorText } from '../messages/store-errors.ts';
import { readTurnLimit } from '../messages/turn-limits.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { computerName } from './computer-names.ts';
import { displayName, replyPrivately, say, tell } from './replies.ts';

const canManage = (i: Click, game: GameRecord) =>
  i.user.id === game.hostUserId || (i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false);

export async function onLobbyComponent(rt: Runtime, i: Click, id: CustomId): Promise<void> {
  const store = rt.tables.store;
  const game = await store.findGame(id.gameId);
  if (!game) return say(i, 'error.no-game', { id: id.gameId });
  if (game.status !== 'lobby')
    return say(i, game.status === 'cancelled' ? 'error.game-cancelled' : 'error.game-started', {
      id: game.id,
    });
  const onlyHost = (what: string) => say(i, 'lobby.error.only-host', { what });
  const settings = rt.tables.adapterOf(game).lobbySettings;
  const update = async (g: GameRecord, note?: string) => {
    await i.update(editOptions(lobbyMessage(g, settings, note)));
  };
  try {
    switch (id.verb) {
      case 'join':
        if (rt.tables.seatOf(game, i.user.id) !== null) return say(i, 'lobby.error.already-seated');
        await store.lobbies.join(game.id, { userId: i.user.id, displayName: displayName(i) });
        return update(await store.getGame(game.id));
      case 'leave':
        if (rt.tables.seatOf(game, i.user.id) === null) return say(i, 'lobby.error.no-seat');
        if (i.user.id === game.hostUserId) {
          // The host may go too: the lobby passes to the next person seated, or closes with nobody left
          // (computers alone would wait for a Start nobody can press).
          const language = gameLanguage(game);
          const heir = game.seats.find(
            (s) => s.userId !== null && s.userId !== i.user.id && s.botKind === null,
          );
          if (!heir) {
            const cancelled = await store.cancelGame(game.id);
            return update(cancelled, t(language, 'lobby.host-left-cancelled', { who: `<@${i.user.id}>` }));
          }
          const left = await store.lobbies.leave(game.id, i.user.id);
          return update(
            left,
            t(language, 'lobby.host-left', { who: `<@${i.user.id}>`, host: `<@${heir.userId}>` }),
          );
        }
        return update(await store.lobbies.leave(game.id, i.user.id));
      case 'bot': {
        if (rt.tables.seatOf(game, i.user.id) === null && !canManage(i, game))
          return say(i, 'lobby.error.only-seated-add');
        const taken = new Set(game.seats.map((s) => s.displayName));
        const kind = rt.tables.adapterOf(game).computers.kinds[0];
        await store.lobbies.join(game.id, { botKind: kind, displayName: computerName(taken) });
        return update(await store.getGame(game.id));
      }
      case 'levels':
        // Privately, in the reader's language: a menu of every computer seat and level.
        return replyPrivately(i, levelsMessage(game, userLanguage(i)));
      case 'level': {
        const [seatText = '', level = ''] = (i.isStringSelectMenu() ? (i.values[0] ?? '') : '').split(':');
        if (!isLevel(level)) return say(i, 'error.old-control');
        // The lobby is edited before the menu answers, and its channel's edits may be paced: ack first.
        await i.deferUpdate();
        const language = userLanguage(i);
        const levelName = t(language, `computer.level.${level}`);
        // The lobby everyone sees shows the new level; then the private menu says what was done.
        const done = async (changed: GameRecord, text: string) => {
          await rt.publisher.editLobby(changed);
          await i.editReply(editOptions({ content: text, components: [], files: [], mentionUsers: [] }));
        };
        if (seatText === STAND_IN) {
          if (!canManage(i, game)) return onlyHost('standin');
          const changed = await store.lobbies.setStandIn(game.id, level);
          return done(changed, t(language, 'lobby.levels.stand-in-done', { level: levelName }));
        }
        const seat = game.seats.find((s) => String(s.seat) === seatText);
        if (!seat || seat.userId) return say(i, 'error.old-control');
        if (rt.tables.seatOf(game, i.user.id) === null && !canManage(i, game))
          return say(i, 'lobby.error.only-seated-level');
        const changed = await store.lobbies.replaceSeat(game.id, seat.seat, {
          botKind: level,
          displayName: seat.displayName,
        });
        return done(changed, t(language, 'lobby.levels.done', { name: seat.displayName, level: levelName }));
      }
      case 'start': {
        if (!canManage(i, game)) return onlyHost('start');
        await i.deferUpdate();
        await rt.locks.run(game.id, async () => {
          const started = await store.startGame(game.id);
          // Computer players are woken whatever happens to the messages: a failed post must not stall the game.
          try {
            await i.editReply(
              editOptions(lobbyMessage(started, settings, t(gameLanguage(started), 'lobby.started'))),
            );
            await rt.table.plan(started);
            await rt.publisher.postBoard(started);
          } finally {
            await rt.table.rearm(started);
          }
        });
        return;
      }
      case 'rated': {
        if (id.arg !== '1' && id.arg !== '0') return say(i, 'error.old-control');
        if (!canManage(i, game)) return onlyHost('rated');
        return update(await store.lobbies.setRated(game.id, id.arg === '1'));
      }
      case 'hints': {
        if (id.arg !== '1' && id.arg !== '0') return say(i, 'error.old-control');
        if (!canManage(i, game)) return onlyHost('hints');
        // A rated table offers none whatever is stored; the button is not drawn there.
        return update(await store.lobbies.setHints(game.id, id.arg === '1' ? null : false));
      }
      case 'limit': {
        const choice = i.isStringSelectMenu() ? readTurnLimit(i.values[0] ?? '') : null;
        if (!choice) return say(i, 'error.old-control');
        if (!canManage(i, game)) return onlyHost('limit');
        return update(await store.lobbies.setTurnLimit(game.id, choice.minutes));
      }
      case 'lang': {
        if (!LANGUAGES.includes(id.arg)) return say(i, 'error.old-control');
        if (!canManage(i, game)) return onlyHost('language');
        return update(await store.lobbies.setLanguage(game.id, id.arg));
      }
      case 'set': {
        // Selects carry the control in the arg and the choice in the values; buttons carry both in the arg.
        const [control = '', buttonValue] = id.arg.split(':');
        const values = i.isStringSelectMenu() ? i.values : buttonValue !== undefined ? [buttonValue] : [];
        if (!settings || !control || values.length === 0) return say(i, 'error.old-control');
        if (!canManage(i, game)) return onlyHost('settings');
        let options: Record<string, unknown>;
        try {
          options = settings.choose(lobbyOptionsOf(game.options), control, values, userLanguage(i));
        } catch (e) {
          if (e instanceof LobbySettingError) return tell(i, e.message);
          throw e;
        }
        return update(await store.lobbies.setOptions(game.id, options));
      }
      case 'cancel': {
        if (!canManage(i, game)) return onlyHost('cancel');
        const cancelled = await store.cancelGame(game.id);
        return update(
          cancelled,
          t(gameLanguage(cancelled), 'lobby.cancelled-by', { who: `<@${i.user.id}>` }),
        );
      }
      default:
        return say(i, 'error.old-control');
    }
  } catch (e) {
    if (e instanceof StoreError) return tell(i, storeErrorText(e, userLanguage(i)));
    throw e;
  }
}
