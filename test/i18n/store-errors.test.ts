import { describe, expect, it } from 'vitest';
import { storeErrorText } from '../../src/discord/messages/store-errors.ts';
import {
  GameNotFoundError,
  InvalidOptionsError,
  LobbyError,
  StaleVersionError,
  WrongStatusError,
} from '../../src/store/errors.ts';

/** What the store refuses reaches players in their language; its English stays for logs and tests. */
describe('store refusals for players', () => {
  it('are written from the catalogues, in English as the store says them', () => {
    const errors = [
      new GameNotFoundError(7),
      new StaleVersionError(7, 3, 4, 'active'),
      new StaleVersionError(7, 3, 4, 'finished'),
      new WrongStatusError(7, 'cancelled', ['active']),
      new LobbyError(7, 'full', 'This game is full (6 seats).', { most: 6 }),
      new LobbyError(7, 'already-seated', 'You are already in this game.'),
      new LobbyError(7, 'too-few-players', 'Valley of the Kings needs at least 2 players (1 seated).', {
        game: 'valley',
        least: 2,
        count: 1,
      }),
    ];
    for (const e of errors) expect(storeErrorText(e, 'en')).toBe(e.message);
  });

  it('in Spanish', () => {
    expect(storeErrorText(new LobbyError(7, 'full', 'x', { most: 6 }), 'es')).toBe(
      'Esta partida está completa (6 asientos).',
    );
    expect(
      storeErrorText(new LobbyError(7, 'too-few-players', 'x', { game: 'valley', least: 2, count: 1 }), 'es'),
    ).toBe('Valle de los Reyes necesita al menos 2 jugadores (1 sentados).');
    expect(storeErrorText(new StaleVersionError(7, 3, 4, 'finished'), 'es')).toBe(
      'El tablero cambió desde que se mostró esto. Esta partida ha terminado.',
    );
    expect(storeErrorText(new GameNotFoundError(7), 'es')).toBe('No hay ninguna partida n.º 7.');
  });

  it('a refusal only a bug can cause keeps the store’s English', () => {
    expect(storeErrorText(new InvalidOptionsError(7, 'bad pool'), 'es')).toBe('bad pool');
  });
});
