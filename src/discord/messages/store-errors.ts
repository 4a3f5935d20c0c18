import { gameTitle } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import {
  GameNotFoundError,
  LobbyError,
  NotASeatError,
  StaleVersionError,
  type StoreError,
  WrongStatusError,
} from '../../store/errors.ts';

/**
 * What the store refused, for a person reading `language`: the store writes its reasons in English for
 * logs and tests; the table writes them for players from the catalogues. A reason without a message
 * (malformed options or actions, which only a bug sends) keeps the store's English.
 */
export function storeErrorText(e: StoreError, language: string): string {
  const id = String(e.gameId);
  if (e instanceof GameNotFoundError) return t(language, 'store.no-game', { id });
  if (e instanceof StaleVersionError)
    return e.status === 'active'
      ? t(language, 'store.stale')
      : t(language, 'store.stale-over', { status: e.status });
  if (e instanceof WrongStatusError) return t(language, 'store.status', { status: e.status });
  if (e instanceof NotASeatError) return t(language, 'store.not-a-seat', { seat: e.seat, id });
  if (e instanceof LobbyError) {
    const v = e.values;
    switch (e.problem) {
      case 'already-seated':
        return t(language, v.who ? 'store.lobby.someone-seated' : 'store.lobby.already-seated');
      case 'full':
        return t(language, 'store.lobby.full', { most: v.most ?? '' });
      case 'not-seated':
        return t(language, 'store.lobby.not-seated');
      case 'too-few-players':
        return t(language, 'store.lobby.too-few-players', {
          title: gameTitle(language, String(v.game ?? ''), String(v.game ?? '')),
          least: v.least ?? '',
          count: v.count ?? '',
        });
      default:
        return e.message;
    }
  }
  return e.message;
}
