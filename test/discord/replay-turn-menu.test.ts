import { describe, expect, it } from 'vitest';
import { turnMenu } from '../../src/discord/messages/replay-message.ts';

/** The replay's "go to a turn" menu: when it cannot hold every turn, it says which it shows. */
const turnsOf = (count: number, movesEach = 3) =>
  Array.from({ length: count * movesEach }, (_, move) => Math.floor(move / movesEach));

describe("the replay's turn menu", () => {
  it('lists every turn of a short game, and says nothing more', () => {
    const menu = turnMenu(turnsOf(12), 0, 'en');
    expect(menu.options).toHaveLength(12);
    expect(menu.placeholder).toBe('Go to a turn…');
  });

  it('says how many turns of a long game it shows, and how to reach the others', () => {
    const menu = turnMenu(turnsOf(60), 0, 'en');
    expect(menu.options).toHaveLength(25);
    expect(menu.options[0]?.label).toBe('Turn 1');
    expect(menu.options.at(-1)?.label).toBe('Turn 60');
    expect(menu.placeholder).toBe(
      'Go to a turn: 25 of the 60 turns, spread over the game (◀ ▶ step through every move)…',
    );
    expect(menu.placeholder.length).toBeLessThanOrEqual(150);
    const es = turnMenu(turnsOf(60), 0, 'es').placeholder;
    expect(es).toMatch(/^Ir a un turno: 25 de los 60 turnos/);
    expect(es.length).toBeLessThanOrEqual(150);
  });
});
