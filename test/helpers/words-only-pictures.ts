import { archaeologyAdapter } from '../../src/adapters/archaeology/index.ts';
import * as archaeologyText from '../../src/adapters/archaeology/pictures/picture-text.ts';
import type { ArchaeologyPictures } from '../../src/adapters/archaeology/pictures.ts';
import type { AnyAdapter } from '../../src/adapters/game-adapter.ts';
import { valleyAdapter } from '../../src/adapters/valley/index.ts';
import * as valleyText from '../../src/adapters/valley/pictures/picture-text.ts';
import type { ValleyPictures } from '../../src/adapters/valley/pictures.ts';
import type { ArchaeologyView } from '../../src/games/archaeology/view.ts';
import { fullCatalog } from '../../src/games/valley/catalog.ts';
import { defsFrom } from '../../src/games/valley/setup.ts';

/**
 * The installed games with pictures that are words only: each picture's text equivalent exactly as the
 * canvas renderer's (the same `describe…` functions), on a 1×1 PNG. For end-to-end tests that read what
 * a message says and that it carries a PNG, never its pixels: drawing and encoding a board, a hand and
 * a tomb took ~15 ms each alone and 50+ ms beside the suite, thousands of times in a whole game. What the
 * pictures look like is the render tests' (test/render/: goldens, a fuzz of random views, six seats);
 * `test/discord/full-game.test.ts` keeps the canvas in a whole game on Discord.
 */
export function wordsOnlyAdapters(): AnyAdapter[] {
  return [valleyAdapter(fullCatalog, valleyWords), archaeologyAdapter(undefined, archaeologyWords)];
}

/** A 2×1 PNG (the loopback tests' TINY_PNG): what the loopback and these tests read of a picture. */
export const DOT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4AWM8AQQMQAAAFGIDIj3bh7EAAAAASUVORK5CYII=',
  'base64',
);

const catalog = fullCatalog;
const defs = defsFrom(catalog);

const valleyWords: ValleyPictures = {
  table: (v, { names, language }) => ({
    png: DOT_PNG,
    alt: valleyText.describeTable(v, names, catalog, language),
  }),
  hand: (v, { names, language }) => ({
    png: DOT_PNG,
    alt: valleyText.describeHand(v, names, catalog, language),
  }),
  tombs: (v, { names, language }) =>
    v.players.map((p) => ({
      png: DOT_PNG,
      alt: valleyText.describeTomb(v, p.seat, names, catalog, language),
    })),
  results: (v, { names, language }) => ({
    png: DOT_PNG,
    alt: valleyText.describeResults(v, names, catalog, language),
  }),
  card: (id, language) => {
    const d = defs[id];
    if (!d) throw new Error(`no card '${id}'`);
    return { png: DOT_PNG, alt: valleyText.describeCard(d, catalog, language) };
  },
};

const archaeologyWords: ArchaeologyPictures = {
  table: (v, { names, language }) => ({
    png: DOT_PNG,
    alt: archaeologyText.describeTable(v, names, language),
  }),
  // As the canvas's: no picture for a reader without a seat.
  hand: (v: ArchaeologyView, { language }) =>
    v.me ? { png: DOT_PNG, alt: archaeologyText.describeHand(v, language) } : null,
  results: (v, { names, language }) => ({
    png: DOT_PNG,
    alt: archaeologyText.describeResults(v, names, language),
  }),
};
