import { describe, expect, it } from 'vitest';
import { heuristicBot as archaeologyHeuristic } from '../../src/games/archaeology/bots/heuristic-bot.ts';
import { searchArchaeology } from '../../src/games/archaeology/bots/search-bot.ts';
import {
  applyInPlace as applyArchaeology,
  archaeology,
  waitingFor as archaeologyWaiting,
} from '../../src/games/archaeology/index.ts';
import type { ArchaeologyState } from '../../src/games/archaeology/state.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import type { SearchResult } from '../../src/games/search/search-move.ts';
import { heuristicBot } from '../../src/games/valley/bots/heuristic-bot.ts';
import { searchValley } from '../../src/games/valley/bots/search-bot.ts';
import { applyInPlace, valley, waitingFor } from '../../src/games/valley/index.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';

/**
 * The search was made faster (issue #39) by making the heuristic player (Normal, and the search's
 * playouts) and the rules cheaper, never different. These digests were taken on the code before that
 * work (base-1128): every move of seeded heuristic games, questions and reactions included, and the
 * search's weighing (means, visits, playouts, steps) of seeded positions. A change of the heuristic's
 * choices, of the rules, or of the worlds the search deals changes them: that is Normal playing
 * differently, and Hard's measured strength no longer the one the README reports.
 */

/** FNV-1a over text, as 8 hex digits. */
/** The figures base-1128 had in a search's result (later fields, such as the win counts, are left out). */
function weighed(r: SearchResult<unknown> | null): string {
  if (!r) return 'null';
  const { action, chosen, means, visits, playouts, steps } = r;
  return JSON.stringify({ action, chosen, means, visits, playouts, steps });
}

function digest(parts: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const part of parts)
    for (let i = 0; i < part.length; i++) {
      h ^= part.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  return h.toString(16).padStart(8, '0');
}

function valleyGames(players: number, pool: 'base' | 'base-afterlife', games: number): string[] {
  const moves: string[] = [];
  for (let g = 0; g < games; g++) {
    const s = valley.setup({ players, pool }, `same-${pool}-${players}-${g}`);
    const rng = seedRng(`same-bots-${g}`);
    while (!s.finished) {
      const seat = waitingFor(s)[0] as number;
      const a = heuristicBot(s, seat, rng);
      moves.push(JSON.stringify(a));
      applyInPlace(s, seat, a);
    }
  }
  return moves;
}

function archaeologyGames(players: number, games: number): string[] {
  const moves: string[] = [];
  for (let g = 0; g < games; g++) {
    const s = archaeology.setup({ players }, `same-${players}-${g}`);
    const rng = seedRng(`same-bots-${g}`);
    while (!s.finished) {
      const seat = archaeologyWaiting(s)[0] as number;
      const a = archaeologyHeuristic(s, seat, rng);
      moves.push(JSON.stringify(a));
      applyArchaeology(s, seat, a);
    }
  }
  return moves;
}

/** Every `every`-th main-phase position of a heuristic game: where the search plays. */
function valleyPositions(players: number, every: number): { s: ValleyState; seat: number }[] {
  const s = valley.setup({ players }, `same-search-${players}`);
  const rng = seedRng('same-search-bots');
  const out: { s: ValleyState; seat: number }[] = [];
  let n = 0;
  while (!s.finished) {
    const seat = waitingFor(s)[0] as number;
    if (s.stack.length === 0 && n++ % every === 0) out.push({ s: structuredClone(s), seat });
    applyInPlace(s, seat, heuristicBot(s, seat, rng));
  }
  return out;
}

function archaeologyPositions(players: number, every: number): { s: ArchaeologyState; seat: number }[] {
  const s = archaeology.setup({ players }, `same-search-${players}`);
  const rng = seedRng('same-search-bots');
  const out: { s: ArchaeologyState; seat: number }[] = [];
  let n = 0;
  while (!s.finished) {
    const seat = archaeologyWaiting(s)[0] as number;
    if (s.pending === null && n++ % every === 0) out.push({ s: structuredClone(s), seat });
    applyArchaeology(s, seat, archaeologyHeuristic(s, seat, rng));
  }
  return out;
}

describe('the heuristic player makes the moves it made before the search was made faster', () => {
  it('Valley, base box and Base + Afterlife, 2 to 4 players', () => {
    const figures = [
      [2, 'base', 4],
      [3, 'base', 2],
      [4, 'base', 2],
      [2, 'base-afterlife', 4],
      [4, 'base-afterlife', 2],
    ] as const;
    const got = figures.map(([players, pool, games]) => {
      const moves = valleyGames(players, pool, games);
      return `${players}/${pool}: ${moves.length} ${digest(moves)}`;
    });
    expect(got).toEqual(VALLEY_GAMES);
  });

  it('Archaeology, 2 to 4 players', () => {
    const got = [2, 3, 4].map((players) => {
      const moves = archaeologyGames(players, 8);
      return `${players}: ${moves.length} ${digest(moves)}`;
    });
    expect(got).toEqual(ARCHAEOLOGY_GAMES);
  });
});

describe('the search weighs its candidates as it did before it was made faster', () => {
  it('Valley: the same means, visits and work for the same positions and seeds', () => {
    const got = [2, 4].map((players) => {
      const results = valleyPositions(players, 9)
        .slice(0, 4)
        .map(({ s, seat }, i) => weighed(searchValley(s, seat, { playouts: 30 }, seedRng(`same-${i}`))));
      return `${players}: ${digest(results)}`;
    });
    expect(got).toEqual(VALLEY_SEARCH);
  });

  it('Archaeology: the same means, visits and work for the same positions and seeds', () => {
    const got = [2, 4].map((players) => {
      const results = archaeologyPositions(players, 4)
        .slice(0, 6)
        .map(({ s, seat }, i) => weighed(searchArchaeology(s, seat, { playouts: 40 }, seedRng(`same-${i}`))));
      return `${players}: ${digest(results)}`;
    });
    expect(got).toEqual(ARCHAEOLOGY_SEARCH);
  });
});

// Taken on base-1128 (before): `heuristicBot` and `searchMove` as they were.
const VALLEY_GAMES = [
  '2/base: 1181 e1d388f8',
  '3/base: 672 d7c75ac6',
  '4/base: 750 9a937874',
  '2/base-afterlife: 1527 4363de7a',
  '4/base-afterlife: 1098 c5247d9a',
];
const ARCHAEOLOGY_GAMES = ['2: 773 3e607659', '3: 852 5f5f7814', '4: 810 39e5250f'];
const VALLEY_SEARCH = ['2: 4a870624', '4: e9d771ac'];
const ARCHAEOLOGY_SEARCH = ['2: 2849b66f', '4: 51894f12'];
