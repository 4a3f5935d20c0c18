import { describe, expect, it } from 'vitest';
import { tournamentMessage } from '../../src/discord/messages/tournament-message.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { LANGUAGES, t } from '../../src/i18n/messages.ts';
import { MAX_V2_TEXT, v2Components } from '../../src/table-kit/components-v2.ts';
import type { Tournament } from '../../src/tournaments/model.ts';
import { HOUR, must, playRound, started, T0 } from '../tournaments/helpers.ts';

/**
 * The line saying where a tournament's games replay is left out rather than push the card past Discord's
 * 4,000 characters: the 64 players at four seats, with Discord-length ids, in both languages.
 */
describe("the tournament message's replays line", () => {
  it('is there when it fits, and never makes the card too long', () => {
    let tr = started(64, { format: 'swiss', tableSize: 4, rounds: 5 });
    tr = playRound(tr, seedRng('size'), T0 + 3 * HOUR);
    const long = JSON.parse(
      JSON.stringify(tr).replace(/"u0(\d\d)"/g, (_, n: string) => `"1111111111111111${n.padStart(3, '0')}"`),
    ) as Tournament;
    const round = long.rounds.at(-1);
    const games = Object.fromEntries((round?.tables ?? []).map((x, k) => [x.id, 10_000 + k]));
    const shown = LANGUAGES.map((language) => {
      const p = tournamentMessage(
        {
          tournament: { ...long, id: '123' },
          guildId: 'g',
          channelId: 'c',
          messageId: 'm',
          createdBy: 'u',
          version: 1,
          games,
        },
        'Valley of the Kings',
        language,
      );
      expect(() => v2Components(p)).not.toThrow();
      expect(p.content.length).toBeLessThanOrEqual(MAX_V2_TEXT);
      return p.content.includes(t(language, 'tournament.replays', { id: 123 }));
    });
    // English fits it; Spanish, longer, leaves it out at this size.
    expect(shown).toEqual(LANGUAGES.map((l) => l === 'en'));
  });

  it('shortens its lists, never its standings header, when everyone is dropped with a reason', () => {
    let tr = started(64, { format: 'swiss', tableSize: 4, rounds: 5 });
    tr = playRound(tr, seedRng('size'), T0 + 3 * HOUR);
    for (const e of tr.entrants.slice(1))
      tr = must(tr, { type: 'drop', userId: e.userId, reason: 'left-server', at: T0 + 4 * HOUR });
    const long = JSON.parse(
      JSON.stringify(tr).replace(/"u0(\d\d)"/g, (_, n: string) => `"1111111111111111${n.padStart(3, '0')}"`),
    ) as Tournament;
    for (const language of LANGUAGES) {
      const p = tournamentMessage(
        {
          tournament: { ...long, id: '123' },
          guildId: 'g',
          channelId: 'c',
          messageId: 'm',
          createdBy: 'u',
          version: 1,
          games: {},
        },
        'Valley of the Kings',
        language,
      );
      expect(() => v2Components(p)).not.toThrow();
      expect(p.content.length).toBeLessThanOrEqual(MAX_V2_TEXT);
      expect(p.content).toContain(t(language, 'tournament.standings', { final: 'no' }));
      expect(p.content).toContain(t(language, 'tournament.entrants', { count: 64 }));
    }
  });
});
