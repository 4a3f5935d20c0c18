import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { boardMessage as archaeologyBoard } from '../../src/adapters/archaeology/board-message.ts';
import { handMessage as archaeologyHand } from '../../src/adapters/archaeology/hand-message.ts';
import {
  describeHand as archaeologyHandText,
  describeTable as archaeologyTableText,
} from '../../src/adapters/archaeology/pictures/picture-text.ts';
import { chamberName, money, treasureNameOf } from '../../src/adapters/archaeology/pictures/words.ts';
import type { ArchaeologyPictures } from '../../src/adapters/archaeology/pictures.ts';
import { boardMessage as valleyBoard } from '../../src/adapters/valley/board-message.ts';
import { describeTable as valleyTableText } from '../../src/adapters/valley/pictures/picture-text.ts';
import type { ValleyPictures } from '../../src/adapters/valley/pictures.ts';
import { withTableButtons } from '../../src/discord/my-games.ts';
import { TREASURES } from '../../src/games/archaeology/catalog.ts';
import { type ArchaeologyView, view as archaeologyView } from '../../src/games/archaeology/view.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import { baseCatalog } from '../../src/games/valley/catalog.ts';
import { view as valleyView } from '../../src/games/valley/view.ts';
import { MAX_ALT, splitAlt } from '../../src/table-kit/alt-text.ts';
import { v2Components } from '../../src/table-kit/components-v2.ts';
import type { GameContext } from '../../src/table-kit/context.ts';
import type { Payload } from '../../src/table-kit/payload.ts';
import { installedGames } from '../helpers/installed-games.ts';
import { randomMove } from '../store/helpers/random-play.ts';

installedGames();

/**
 * What a screen reader reads of a payload sent as Components V2 (its text displays, its pictures' alt
 * texts), with pictures that draw nothing but say what the real ones say.
 */
function spokenOf(p: Payload): { said: string; alts: string[] } {
  const texts: string[] = [];
  const alts: string[] = [];
  const walk = (list: readonly unknown[]) => {
    for (const item of list) {
      const n = item as {
        type: number;
        content?: string;
        items?: { description?: string }[];
        components?: unknown[];
      };
      if (n.type === ComponentType.TextDisplay && n.content) texts.push(n.content);
      if (n.type === ComponentType.MediaGallery)
        for (const i of n.items ?? []) if (i.description) alts.push(i.description);
      walk(n.components ?? []);
    }
  };
  walk(v2Components(p));
  return { said: [...texts, ...alts].join('\n'), alts };
}

const empty = Buffer.alloc(0);
const archaeologyWords: ArchaeologyPictures = {
  table: (v, { names, language }) => ({ png: empty, alt: archaeologyTableText(v, names, language) }),
  hand: (v, { language }) => (v.me ? { png: empty, alt: archaeologyHandText(v, language) } : null),
  results: () => ({ png: empty, alt: '' }),
};

const ctxOf = (players: number, language: string): GameContext => ({
  gameId: 42,
  version: 7,
  names: Array.from({ length: players }, (_, i) => `Player ${i + 1}`),
  users: Array.from({ length: players }, (_, i) => String(100_000_000_000_000_000n + BigInt(i))),
  language,
});

/** Everything the Archaeology table picture draws that a player needs, held against the public view. */
function expectArchaeologyBoardSaid(said: string, v: ArchaeologyView, names: readonly string[]) {
  for (const k of TREASURES) {
    const n = v.market[k] ?? 0;
    if (n > 0) expect(said).toContain(`${n} ${treasureNameOf(k, n, 'en')}`);
  }
  expect(said).toContain(`Dig site: ${v.digSite} cards`);
  expect(said).toContain(`thieves drawn ${v.thieves.drawn} of ${v.thieves.total}`);
  expect(said).toContain(`sandstorms drawn ${v.sandstorms.drawn} of ${v.sandstorms.total}`);
  for (const c of v.chambers)
    expect(said).toMatch(
      c.explored
        ? `${chamberName(c.id, 'en')} explored`
        : new RegExp(`${chamberName(c.id, 'en')} ${c.cards} cards, ${c.maps} maps?`),
    );
  for (const s of v.seats) {
    const name = names[s.seat] as string;
    // The seat's own line (the details' one line of every seat comes first).
    const line =
      said
        .split('\n')
        .filter((l) => l.startsWith(`${name}: `))
        .at(-1) ?? '';
    expect(line, `${name} in ${said}`).toContain(`${s.handSize} in hand`);
    expect(line).toContain(money(s.money, 'en'));
    for (const sold of s.sold)
      expect(line).toContain(
        `${sold.count} ${treasureNameOf(sold.kind, sold.count, 'en')} ${money(sold.value, 'en')}`,
      );
    // The picture says what a seat owes a sandstorm.
    if (s.owes) expect(line).toContain(`owes ${s.owes} to the sandstorm`);
  }
  if (!v.finished) expect(said).toContain(`Turn ${v.turn.number + 1}`);
}

function expectArchaeologyHandSaid(said: string, v: ArchaeologyView) {
  const me = v.me;
  if (!me) throw new Error('a hand needs a seat');
  for (const k of TREASURES) {
    const n = me.hand[k] ?? 0;
    if (n > 0) expect(said).toContain(`${n} ${treasureNameOf(k, n, 'en')}`);
  }
  // The picture shows what selling each set would earn.
  for (const s of me.sales)
    expect(said).toContain(`${s.count} ${treasureNameOf(s.kind, s.count, 'en')} for ${money(s.value, 'en')}`);
}

describe('Archaeology in words: board and hand say what their pictures show', () => {
  it.each([2, 3, 4])('with %i seats, at every position of a played game', (players) => {
    const game = getGame('archaeology');
    const ctx = ctxOf(players, 'en');
    const rng = seedRng(`sr-archaeology-${players}`);
    let state = game.setup(game.parseOptions({ players }), `sr-${players}`);
    let positions = 0;
    let owing = 0;
    let selling = 0;
    for (let step = 0; step < 600; step++) {
      const pub = archaeologyView(state, null);
      const board = spokenOf(withTableButtons(archaeologyBoard(pub, ctx, archaeologyWords), 1, 1, 'en'));
      expectArchaeologyBoardSaid(board.said, pub, ctx.names);
      if (pub.seats.some((s) => s.owes)) owing++;
      for (let seat = 0; seat < players; seat++) {
        const mine = archaeologyView(state, seat);
        expectArchaeologyHandSaid(spokenOf(archaeologyHand(mine, ctx, archaeologyWords)).said, mine);
        if (mine.me?.sales.length) selling++;
      }
      positions++;
      const move = randomMove(game, state, rng);
      if (!move) break;
      const next = game.apply(state, move.seat, move.action);
      if (!next.ok) throw new Error(`a legal move was refused: ${JSON.stringify(next.error)}`);
      state = next.state;
    }
    expect(positions).toBeGreaterThan(30);
    // The positions that matter were met: someone owing a sandstorm, someone able to sell.
    expect(owing).toBeGreaterThan(0);
    expect(selling).toBeGreaterThan(0);
  });
});

describe('a description longer than an alt text may be', () => {
  it('keeps whole lines in the alt text and says the rest; a first line too long is cut at a word', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `Line ${i}: ${'x'.repeat(40)}`);
    const long = lines.join('\n');
    const { alt, rest } = splitAlt(long);
    expect(alt.length).toBeLessThanOrEqual(MAX_ALT);
    expect(`${alt}\n${rest}`).toBe(long);
    expect(splitAlt('short')).toEqual({ alt: 'short', rest: '' });
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    const cut = splitAlt(words);
    expect(cut.alt.length).toBeLessThanOrEqual(MAX_ALT);
    expect(cut.alt.endsWith('…')).toBe(true);
    expect(`${cut.alt.slice(0, -1)} ${cut.rest.slice(1)}`).toBe(words);
  });

  it('a six-seat Valley board in Spanish: every line of its description is read, the alt text within 1024', () => {
    const game = getGame('valley');
    const players = 6;
    const ctx = ctxOf(players, 'es');
    const pictures: ValleyPictures = {
      table: (v, { names, language }) => ({
        png: empty,
        alt: valleyTableText(v, names, baseCatalog, language),
      }),
      hand: () => ({ png: empty, alt: '' }),
      tombs: () => [],
      results: () => ({ png: empty, alt: '' }),
      card: () => ({ png: empty, alt: '' }),
    };
    const rng = seedRng('sr-valley-6');
    let state = game.setup(game.parseOptions({ players }), 'sr-valley-6');
    let long = 0;
    for (let step = 0; step < 2000; step++) {
      const v = valleyView(state, null);
      const whole = valleyTableText(v, ctx.names, baseCatalog, 'es');
      if (whole.length > MAX_ALT) {
        long++;
        const { said, alts } = spokenOf(withTableButtons(valleyBoard(v, ctx, pictures), 1, 1, 'es'));
        for (const a of alts) expect(a.length).toBeLessThanOrEqual(MAX_ALT);
        // The last seats were the ones cut off.
        for (const line of whole.split('\n')) expect(said).toContain(line);
      }
      const move = randomMove(game, state, rng);
      if (!move) break;
      const next = game.apply(state, move.seat, move.action);
      if (!next.ok) throw new Error(`a legal move was refused: ${JSON.stringify(next.error)}`);
      state = next.state;
    }
    expect(long).toBeGreaterThan(0);
  });
});
