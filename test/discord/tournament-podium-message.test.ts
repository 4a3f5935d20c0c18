import type { Client } from 'discord.js';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { Publisher } from '../../src/discord/publisher.ts';
import { podiumFile, podiumGroups, podiumMessage } from '../../src/discord/tournaments/tournament-podium.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import type { PodiumPicture } from '../../src/render/podium-image.ts';
import type { Store } from '../../src/store/store.ts';
import type { StoredTournament } from '../../src/store/tournament-records.ts';
import type { Tournament } from '../../src/tournaments/model.ts';
import { HOUR, playRound, started, T0 } from '../tournaments/helpers.ts';

/**
 * The podium message of a finished tournament, without Discord: a round robin of two groups gets one
 * picture per group in one message, its text in the server's language; places shared stay shared.
 */
function finished(t: Tournament): Tournament {
  const rng = seedRng('podium-message');
  let out = t;
  for (let k = 1; out.status === 'running'; k++) out = playRound(out, rng, T0 + (2 + k) * HOUR);
  expect(out.status).toBe('finished');
  return out;
}

const drawn: PodiumPicture[] = [];
const deps = {
  store: {} as Store,
  publisher: {} as Publisher,
  client: { guilds: { cache: new Map([['g1', { name: 'Scarab Club' }]]) } } as unknown as Client,
  clock: new ManualClock(T0),
  log: pino({ level: 'silent' }),
  languageOf: () => 'es',
  titleOf: () => 'Valle de los Reyes',
  namesOf: async (ids: readonly string[]) => new Map(ids.map((id) => [id, `name ${id}`])),
  podium: (p: PodiumPicture) => {
    drawn.push(p);
    return { png: Buffer.from('png'), alt: `podio ${p.season}` };
  },
};
const storedOf = (t: Tournament): StoredTournament => ({
  tournament: { ...t, id: '7' },
  guildId: 'g1',
  channelId: 'c1',
  messageId: 'm1',
  createdBy: 'u999',
  version: 1,
  games: {},
});

describe('the podium message', () => {
  it('a round robin of two groups: one picture per group, in one message, in Spanish', async () => {
    drawn.length = 0;
    const t = finished(started(12, { format: 'round-robin', tableSize: 2, groupSize: 6, rounds: 0 }));
    const m = await podiumMessage(deps, storedOf(t));
    expect(m.files.map((f) => f.name)).toEqual([podiumFile(7, 1), podiumFile(7, 2)]);
    expect(drawn.map((p) => [p.season, p.scope, p.game])).toEqual([
      ['Torneo n.º 7, grupo 1', 'Scarab Club', 'Valle de los Reyes'],
      ['Torneo n.º 7, grupo 2', 'Scarab Club', 'Valle de los Reyes'],
    ]);
    expect(m.content.split('\n')[0]).toBe('🏆 **Ha terminado el torneo n.º 7: Valle de los Reyes**');
    expect(m.content).toContain('**Grupo 1**');
    expect(m.content).toContain('**Grupo 2**');
    expect(m.content).toMatch(/🥇 <@u\d+>: \d+(,\d)? ptos\. · \d+ partidas · \d+ victori/);
    expect(m.mentionUsers).toEqual([]);
  });

  it('a Swiss: the places 1–3 with shared places kept, the picture given each place', async () => {
    drawn.length = 0;
    const t = finished(started(9, { format: 'swiss', tableSize: 3, rounds: 2 }));
    const groups = podiumGroups(t);
    expect(groups).toHaveLength(1);
    const rows = groups[0]?.rows ?? [];
    expect(rows.every((r) => r.place <= 3)).toBe(true);
    const m = await podiumMessage(deps, storedOf(t));
    expect(m.files.map((f) => f.name)).toEqual([podiumFile(7, 0)]);
    expect(drawn[0]?.top.map((x) => x.place)).toEqual(rows.slice(0, 3).map((r) => r.place));
    expect(drawn[0]?.top.map((x) => x.rating)).toEqual(rows.slice(0, 3).map((r) => r.points / 60));
    expect(m.content.split('\n')).toHaveLength(1 + rows.length);
  });
});
