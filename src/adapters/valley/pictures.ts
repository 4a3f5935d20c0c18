import type { Catalog } from '../../games/valley/catalog.ts';
import { defsFrom } from '../../games/valley/setup.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import type { Picture } from '../../table-kit/context.ts';
import type { Reader } from '../engine-text.ts';
import { renderCard } from './pictures/card-face.ts';
import { renderHand } from './pictures/hand-image.ts';
import {
  describeCard,
  describeHand,
  describeResults,
  describeTable,
  describeTomb,
} from './pictures/picture-text.ts';
import { renderResults } from './pictures/results-image.ts';
import { renderTable } from './pictures/table-image.ts';
import { renderTomb } from './pictures/tomb-image.ts';

/**
 * Pictures of Valley's views, each with its whole text equivalent (a message cuts it to Discord's limit
 * and says the rest: table-kit/alt-text.ts). A port, so tests and benchmarks can draw nothing. */
export interface ValleyPictures {
  table(view: ValleyView, reader: Reader): Picture;
  hand(view: ValleyView, reader: Reader): Picture;
  /** One picture per seat's tomb. */
  tombs(view: ValleyView, reader: Reader): Picture[];
  results(view: ValleyView, reader: Reader): Picture;
  card(cardId: string, language: string): Picture;
}

/**
 * The canvas renderer behind the `ValleyPictures` port (pictures/). Cards in a picture are the view's
 * own `defs` (the pool stored with the game); `catalog`, the game's, adds what a definition does not
 * hold: set names and sizes, and which numbers are provisional. `card(id)` draws a card of `catalog`.
 * Every word is in the reader's language.
 */
export function canvasPictures(catalog: Catalog): ValleyPictures {
  const defs = defsFrom(catalog);
  return {
    table: (v, { names, language }) => ({
      png: renderTable(v, names, catalog, language),
      alt: describeTable(v, names, catalog, language),
    }),
    hand: (v, { names, language }) => ({
      png: renderHand(v, names, catalog, language),
      alt: describeHand(v, names, catalog, language),
    }),
    tombs: (v, { names, language }) =>
      v.players.map(
        (p): Picture => ({
          png: renderTomb(v, p.seat, names, catalog, language),
          alt: describeTomb(v, p.seat, names, catalog, language),
        }),
      ),
    results: (v, { names, language }) => ({
      png: renderResults(v, names, catalog, language),
      alt: describeResults(v, names, catalog, language),
    }),
    card: (id, language) => {
      const d = defs[id];
      if (!d) throw new Error(`no card '${id}'`);
      return { png: renderCard(d, catalog, language), alt: describeCard(d, catalog, language) };
    },
  };
}
