import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { boardMessage as archaeologyBoard } from '../../src/adapters/archaeology/board-message.ts';
import { handMessage as archaeologyHand } from '../../src/adapters/archaeology/hand-message.ts';
import type { ArchaeologyPictures } from '../../src/adapters/archaeology/pictures.ts';
import { boardMessage as valleyBoard } from '../../src/adapters/valley/board-message.ts';
import { handMessage as valleyHand } from '../../src/adapters/valley/hand-message.ts';
import type { ValleyPictures } from '../../src/adapters/valley/pictures.ts';
import { withTableButtons } from '../../src/discord/my-games.ts';
import { view as archaeologyView } from '../../src/games/archaeology/view.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import { fullCatalog } from '../../src/games/valley/catalog.ts';
import { view as valleyView } from '../../src/games/valley/view.ts';
import {
  MAX_V2_COMPONENTS,
  MAX_V2_TEXT,
  SEAT_ACCENTS,
  v2Components,
  withoutControls,
} from '../../src/table-kit/components-v2.ts';
import type { GameContext } from '../../src/table-kit/context.ts';
import { button, emptyPayload, type Payload, row } from '../../src/table-kit/payload.ts';
import { installedGames } from '../helpers/installed-games.ts';
import { randomMove } from '../store/helpers/random-play.ts';

installedGames();

const picture = { png: Buffer.from([]), alt: 'the table, in words' };
const valleyPictures: ValleyPictures = {
  table: () => picture,
  hand: () => picture,
  tombs: () => [picture],
  results: () => picture,
  card: () => picture,
};
const archaeologyPictures: ArchaeologyPictures = {
  table: () => picture,
  hand: () => picture,
  results: () => picture,
};

/** Every node of a V2 tree, nested ones and accessories included, as Discord counts them. */
function nodes(list: readonly unknown[]): { type: number; content?: string }[] {
  return list.flatMap((item) => {
    const n = item as { type: number; content?: string; components?: unknown[]; accessory?: unknown };
    return [n, ...nodes(n.components ?? []), ...(n.accessory ? nodes([n.accessory]) : [])];
  });
}

const board: Payload = {
  content: 'Valley of the Kings · game #7 · turn 3\n<@1> to play',
  details: 'Pyramid: Boat (6)…',
  card: { accent: SEAT_ACCENTS[1] },
  sections: [{ text: '**Boat** · cost 6', button: button('buy', 'Buy Boat (6)', ButtonStyle.Success) }],
  components: [row(button('hand', 'My hand', ButtonStyle.Primary))],
  files: [{ attachment: Buffer.from([]), name: 'game-7-table.png', description: 'the table, in words' }],
  mentionUsers: ['1'],
};

describe('a payload as a Components V2 message', () => {
  it('one card: the text, the picture with its alt text, the details, each section, then the controls', () => {
    const [card, ...rest] = v2Components(board) as unknown as {
      type: number;
      accent_color?: number;
      components: { type: number; content?: string; items?: unknown[] }[];
    }[];
    expect(rest).toEqual([]);
    expect(card?.type).toBe(ComponentType.Container);
    expect(card?.accent_color).toBe(SEAT_ACCENTS[1]);
    expect(card?.components.map((c) => c.type)).toEqual([
      ComponentType.TextDisplay,
      ComponentType.MediaGallery,
      ComponentType.TextDisplay,
      ComponentType.Separator,
      ComponentType.Section,
      ComponentType.Separator,
      ComponentType.ActionRow,
    ]);
    expect(card?.components[1]?.items).toEqual([
      { media: { url: 'attachment://game-7-table.png' }, description: 'the table, in words' },
    ]);
  });

  it('without a card the parts stand alone; a file that is no picture is a file to download', () => {
    const record = {
      ...emptyPayload('The record of game #7'),
      files: [{ attachment: Buffer.from('{}'), name: 'scarab-game-7.json', description: 'the record' }],
    };
    expect(nodes(v2Components(record)).map((n) => n.type)).toEqual([
      ComponentType.TextDisplay,
      ComponentType.File,
    ]);
  });

  it('refuses to build what Discord would refuse: 41 components, or 4,001 characters of text', () => {
    const many = {
      ...emptyPayload('x'),
      sections: Array.from({ length: 13 }, (_, i) => ({ text: `${i}`, button: button(`b${i}`, 'Go') })),
    };
    expect(() => v2Components(many)).toThrow(/40 components, not 41/);
    expect(() => v2Components({ ...emptyPayload('x'.repeat(3000)), details: 'y'.repeat(1001) })).toThrow(
      /4000 characters of text, not 4001/,
    );
  });

  it('an old board loses its controls and keeps its words and picture, named again from its attachments', () => {
    // As Discord returns the message: numbered, defaults filled, the picture resolved to its upload.
    const returned = JSON.parse(JSON.stringify(v2Components(board))) as Record<string, unknown>[];
    const gallery = (returned[0] as { components: { items?: { media: Record<string, unknown> }[] }[] })
      .components[1]?.items?.[0];
    if (gallery)
      gallery.media = { url: 'https://cdn/x.png', proxy_url: 'https://cdn/x.png', attachment_id: '55' };
    const stripped = withoutControls(returned, new Map([['55', 'game-7-table.png']]), 'Game #7 is over.');
    const left = nodes(stripped);
    expect(left.map((n) => n.type)).toEqual([
      ComponentType.Container,
      ComponentType.TextDisplay,
      ComponentType.MediaGallery,
      ComponentType.TextDisplay,
      ComponentType.Separator,
      ComponentType.TextDisplay,
    ]);
    expect(left[1]?.content).toBe('Game #7 is over.');
    expect(left.some((n) => n.type === ComponentType.Button || n.type === ComponentType.ActionRow)).toBe(
      false,
    );
    expect(JSON.stringify(stripped)).toContain('attachment://game-7-table.png');
  });
});

/**
 * Discord's limits hold at every position a game reaches: the board (with the table's buttons) and
 * every seat's hand, at every step of a purchase, in games of 2 to 6 seats with every card.
 */
describe('every board and hand fits a Components V2 message', () => {
  const ctxOf = (players: number): GameContext => ({
    gameId: 123456,
    version: 99,
    names: Array.from({ length: players }, (_, i) => `Player with a long name ${i + 1}`),
    users: Array.from({ length: players }, (_, i) => String(100_000_000_000_000_000n + BigInt(i))),
    language: 'es',
  });
  const fits = (p: Payload) => {
    const tree = v2Components(p);
    const all = nodes(tree);
    expect(all.length).toBeLessThanOrEqual(MAX_V2_COMPONENTS);
    expect(all.reduce((n, c) => n + (c.content?.length ?? 0), 0)).toBeLessThanOrEqual(MAX_V2_TEXT);
  };

  it.each([2, 4, 6])('Valley of the Kings with %i seats and every card', (players) => {
    const game = getGame('valley');
    const ctx = ctxOf(players);
    const rng = seedRng(`v2-valley-${players}`);
    let state = game.setup(game.parseOptions({ players, pool: 'base-afterlife' }), `v2-${players}`);
    let positions = 0;
    for (let step = 0; step < 400; step++) {
      fits(withTableButtons(valleyBoard(valleyView(state, null), ctx, valleyPictures), 1, 1, 'es'));
      for (let seat = 0; seat < players; seat++) {
        const v = valleyView(state, seat);
        fits(valleyHand(v, ctx, valleyPictures, fullCatalog));
        for (const a of v.actions)
          if (a.action.type === 'buy')
            fits(valleyHand(v, ctx, valleyPictures, fullCatalog, { buySlot: a.action.slot }));
      }
      positions++;
      const move = randomMove(game, state, rng);
      if (!move) break;
      const next = game.apply(state, move.seat, move.action);
      if (!next.ok) throw new Error(`a legal move was refused: ${JSON.stringify(next.error)}`);
      state = next.state;
    }
    expect(positions).toBeGreaterThan(50);
  });

  it.each([2, 4])('Archaeology with %i seats', (players) => {
    const game = getGame('archaeology');
    const ctx = ctxOf(players);
    const rng = seedRng(`v2-archaeology-${players}`);
    let state = game.setup(game.parseOptions({ players }), `v2-${players}`);
    let positions = 0;
    for (let step = 0; step < 300; step++) {
      fits(
        withTableButtons(
          archaeologyBoard(archaeologyView(state, null), ctx, archaeologyPictures),
          1,
          1,
          'es',
        ),
      );
      for (let seat = 0; seat < players; seat++)
        fits(archaeologyHand(archaeologyView(state, seat), ctx, archaeologyPictures));
      positions++;
      const move = randomMove(game, state, rng);
      if (!move) break;
      const next = game.apply(state, move.seat, move.action);
      if (!next.ok) throw new Error(`a legal move was refused: ${JSON.stringify(next.error)}`);
      state = next.state;
    }
    expect(positions).toBeGreaterThan(50);
  });
});
