import { describe, expect, it } from 'vitest';
import {
  describePodium,
  PODIUM_H,
  PODIUM_W,
  type PodiumPicture,
  renderPodium,
} from '../../src/render/podium-image.ts';
import { decode, pngSize } from './png-util.ts';

const podium: PodiumPicture = {
  game: 'Valley of the Kings',
  season: 'October 2026 season',
  scope: 'Scarab Club',
  language: 'en',
  top: [
    { name: 'Amunet', rating: 12.34, games: 14, wins: 9 },
    { name: 'Bek 🐍 the **Bold**', rating: 8.7, games: 9, wins: 1 },
    { name: '', rating: -1.2, games: 3, wins: 0 },
  ],
};

describe('a season’s podium picture', () => {
  it('draws three steps, or fewer people on them, whatever the names hold', () => {
    for (const top of [podium.top, podium.top.slice(0, 1), []]) {
      const png = renderPodium({ ...podium, top });
      expect(pngSize(png)).toEqual({ width: PODIUM_W, height: PODIUM_H });
      expect(decode(png).data.length).toBe(PODIUM_W * PODIUM_H * 4);
    }
    expect(renderPodium(podium).equals(renderPodium({ ...podium, top: podium.top.slice(0, 2) }))).toBe(false);
  });

  it('says in words what it shows, place by place, in the reader’s language', () => {
    expect(describePodium(podium)).toBe(
      'Podium of Valley of the Kings, October 2026 season, Scarab Club. 1. Amunet: 12.3, 14 games, 9 wins; 2. Bek 🐍 the **Bold**: 8.7, 9 games, 1 win; 3. : −1.2, 3 games, 0 wins.',
    );
    expect(describePodium({ ...podium, language: 'es', season: 'temporada de octubre de 2026' })).toMatch(
      /^Podio de Valley of the Kings, temporada de octubre de 2026, Scarab Club\. 1\. Amunet: 12,3, 14 partidas, 9 victorias;/,
    );
  });
});
