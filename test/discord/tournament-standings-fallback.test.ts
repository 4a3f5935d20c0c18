import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { standingsFile } from '../../src/discord/messages/tournament-message.ts';
import type { Publisher } from '../../src/discord/publisher.ts';
import { TournamentDesk } from '../../src/discord/tournaments/tournament-desk.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import type { Store } from '../../src/store/store.ts';
import type { StoredTournament } from '../../src/store/tournament-records.ts';
import { HOUR, playRound, started, T0 } from '../tournaments/helpers.ts';

/** A standings picture that cannot be drawn leaves the message its text (the standings included), not stale. */
describe('the tournament message without its picture', () => {
  const s: StoredTournament = {
    tournament: {
      ...playRound(started(4, { tableSize: 2, rounds: 2 }), seedRng('fallback'), T0 + 3 * HOUR),
      id: '5',
    },
    guildId: 'g1',
    channelId: 'c1',
    messageId: 'm1',
    createdBy: 'u999',
    version: 1,
    games: {},
  };
  const desk = (drawStandings: () => never | { png: Buffer; alt: string }) =>
    new TournamentDesk({
      store: {} as Store,
      publisher: {} as Publisher,
      clock: new ManualClock(T0),
      log: pino({ level: 'silent' }),
      languageOf: () => 'en',
      titleOf: () => 'Valley of the Kings',
      planned: async () => {},
      drawStandings,
    });

  it('attaches the picture when it draws, and goes on with the text alone when it throws', async () => {
    const drawn = await desk(() => ({ png: Buffer.from('png'), alt: 'standings' })).drawnMessageOf(s);
    expect(drawn.files.map((f) => f.name)).toEqual([standingsFile(5)]);
    const failed = await desk(() => {
      throw new Error('no canvas');
    }).drawnMessageOf(s);
    expect(failed.files).toEqual([]);
    expect(failed.content).toContain('**Standings**');
    expect(failed.content).toBe(drawn.content);
  });
});
