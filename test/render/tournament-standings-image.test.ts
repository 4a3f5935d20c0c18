import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { standingsPicture } from '../../src/discord/messages/tournament-standings.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { LANGUAGES } from '../../src/i18n/messages.ts';
import { describePodium, renderPodium } from '../../src/render/podium-image.ts';
import { DESKTOP_W, displayScale, MIN_CAP, PHONE_W, picturesDrawn } from '../../src/render/text-log.ts';
import {
  describeTournamentStandings,
  renderTournamentStandings,
  STANDINGS_W,
} from '../../src/render/tournament-standings-image.ts';
import type { Tournament } from '../../src/tournaments/model.ts';
import { HOUR, must, playRound, started, T0 } from '../tournaments/helpers.ts';

/**
 * The standings picture (src/render/tournament-standings-image.ts) of a Swiss, a round robin and an
 * elimination: readable where Discord shows it (every capital ≥ 8 px on a 360 px phone, 10 px on a 550 px
 * desktop), the same bytes for the same standings, the top 16 and "…and N more", a dropped entrant marked
 * and dimmed, a heading per round-robin group, and the picture's words for a screen reader.
 */
const NAMES = ['Amunet', 'Bartholomew the Magnificent Archaeologist', 'Chen', 'Ñandú', 'Émile', '𝓕𝓪𝓻𝓪𝓱 🌟'];
const nameOf = (u: string) => NAMES[Number(u.slice(1)) % NAMES.length] as string;

function swiss(n: number): Tournament {
  const rng = seedRng('standings-picture');
  let t = started(n, { format: 'swiss', tableSize: 4, rounds: 5 });
  t = playRound(t, rng, T0 + 3 * HOUR);
  t = playRound(t, rng, T0 + 4 * HOUR);
  return must(t, { type: 'drop', userId: 'u003', reason: 'organiser', at: T0 + 5 * HOUR });
}
const roundRobin = () =>
  playRound(
    started(12, { format: 'round-robin', tableSize: 2, groupSize: 6, rounds: 0 }),
    seedRng('rr'),
    T0 + 3 * HOUR,
  );
const elimination = () =>
  playRound(started(16, { format: 'elimination', tableSize: 4, advance: 2 }), seedRng('el'), T0 + 3 * HOUR);

/** The colour of the picture's pixel at (x, y). */
async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(x, y, 1, 1).data;
  return [d[0] as number, d[1] as number, d[2] as number];
}

describe('the tournament standings picture', () => {
  it('every text is readable on a phone and a desktop, in every language and format', () => {
    const small: string[] = [];
    for (const language of LANGUAGES)
      for (const t of [swiss(20), roundRobin(), elimination()]) {
        const pictures = picturesDrawn(() =>
          renderTournamentStandings(standingsPicture(t, 'Valley of the Kings', language, nameOf)),
        );
        expect(pictures).toHaveLength(1);
        const p = pictures[0];
        if (!p) continue;
        expect(p.width).toBe(STANDINGS_W);
        // Tall but not a scroll without end: at most about 3 phone screens.
        expect(p.height).toBeLessThan(STANDINGS_W * 2.2);
        for (const display of [PHONE_W, DESKTOP_W] as const)
          for (const x of p.texts)
            if (x.cap * displayScale(p.width, display) < MIN_CAP[display] - 1e-9)
              small.push(`${language} ${t.settings.format} at ${display}: "${x.text}"`);
      }
    expect(small).toEqual([]);
  });

  it('top 16 and "…and N more"; dropped marked; group headings; the same bytes twice', () => {
    const t = swiss(20);
    const p = standingsPicture(t, 'Valley of the Kings', 'en', nameOf);
    expect(p.rows).toHaveLength(16);
    expect(p.more).toBe(4);
    const texts = picturesDrawn(() => renderTournamentStandings(p))[0]?.texts.map((x) => x.text) ?? [];
    expect(texts).toContain('…and 4 more');
    expect(texts.some((x) => x.endsWith(' · dropped'))).toBe(true);
    expect(texts).toContain('Round 3 of 5 · 20 players');
    const once = renderTournamentStandings(p);
    expect(renderTournamentStandings(p).equals(once)).toBe(true);

    const rr = standingsPicture(roundRobin(), 'Archaeology', 'es', nameOf);
    const rrTexts = picturesDrawn(() => renderTournamentStandings(rr))[0]?.texts.map((x) => x.text) ?? [];
    expect(rrTexts.filter((x) => /^Grupo \d$/.test(x))).toEqual(['Grupo 1', 'Grupo 2']);
    expect(rr.more).toBe(0);

    const el = standingsPicture(elimination(), 'Archaeology', 'en', nameOf);
    expect(el.kind).toBe('elimination');
    const elTexts = picturesDrawn(() => renderTournamentStandings(el))[0]?.texts.map((x) => x.text) ?? [];
    expect(elTexts).toContain('Round 2');
    expect(elTexts.some((x) => /^(1st|2nd|3rd|4th) at its table · 1 game$/.test(x))).toBe(true);
  });

  it('draws what it says: the leader on a gold disc, a dropped entrant dimmed', async () => {
    const p = standingsPicture(swiss(20), 'Valley of the Kings', 'en', nameOf);
    const png = renderTournamentStandings(p);
    const first = p.rows[0];
    expect(first?.place).toBe(1);
    // The first row's disc (centre 52, row 1 of the layout): gold #f2c94c around the digit.
    const top = 56 + 30 + 40;
    const [r, g, b] = await pixel(png, 52 - 16, top + 40);
    expect([r, g, b]).toEqual([0xf2, 0xc9, 0x4c]);
    const dropped = p.rows.findIndex((x) => x.dropped);
    expect(dropped).toBeGreaterThan(-1);
    // A dropped row has no medal and no gold panel, whatever its place.
    const [r2, g2, b2] = await pixel(png, 52 - 16, top + dropped * 86 + 40);
    expect([r2, g2, b2]).toEqual([0x2a, 0x30, 0x35]);
  });

  it('says in words what the picture shows', () => {
    const p = standingsPicture(swiss(20), 'Valley of the Kings', 'en', nameOf);
    const words = describeTournamentStandings(p);
    expect(words).toMatch(/^Tournament #t1 · Valley of the Kings\. Round 3 of 5 · 20 players\. 1\. /);
    expect(words).toContain('Opponents ');
    expect(words).toContain('dropped');
    expect(words).toMatch(/…and 4 more$/);
  });
});

describe("the seasons' podium, for a tournament's shared places", () => {
  it('two winners both stand on the top step with a 1; the next is 3rd', async () => {
    const p = {
      game: 'Valley of the Kings',
      season: 'Tournament #3',
      scope: 'Scarab Club',
      language: 'en',
      top: [
        { name: 'Amunet', rating: 14.5, games: 5, wins: 3, place: 1 },
        { name: 'Bes', rating: 14.5, games: 5, wins: 2, place: 1 },
        { name: 'Chen', rating: 12, games: 5, wins: 2, place: 3 },
      ],
    };
    const texts = picturesDrawn(() => renderPodium(p))[0]?.texts.map((x) => x.text) ?? [];
    expect(texts.filter((x) => x === '1')).toHaveLength(2);
    expect(texts).toContain('3');
    expect(texts).not.toContain('2');
    expect(describePodium(p)).toContain('1. Amunet: 14.5, 5 games, 3 wins; 1. Bes: 14.5');
    // The left step (second in the list) is the winners' height: gold panel where a second's would be table.
    const png = renderPodium(p);
    expect(await pixel(png, 30, 470 - 16 - 200)).toEqual([0x3a, 0x33, 0x22]);
  });
});
