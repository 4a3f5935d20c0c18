import type { Picture } from '../../discord/messages/context.ts';
import type { Catalog } from '../../games/valley/catalog.ts';
import { defsFrom } from '../../games/valley/setup.ts';
import type { ValleyView } from '../../games/valley/view.ts';
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

/** Discord limits an attachment's description to 1024 characters. */
const alt = (text: string): string => (text.length <= 1024 ? text : `${text.slice(0, 1023)}…`);

/** Pictures of Valley's views, each with its text equivalent. A port, so tests and benchmarks can draw nothing. */
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
 */
export function canvasPictures(catalog: Catalog): ValleyPictures {
  const defs = defsFrom(catalog);
  return {
    table: (v, { names }) => ({
      png: renderTable(v, names, catalog),
      alt: alt(describeTable(v, names, catalog)),
    }),
    hand: (v, { names }) => ({
      png: renderHand(v, names, catalog),
      alt: alt(describeHand(v, names, catalog)),
    }),
    tombs: (v, { names }) =>
      v.players.map(
        (p): Picture => ({
          png: renderTomb(v, p.seat, names, catalog),
          alt: alt(describeTomb(v, p.seat, names, catalog)),
        }),
      ),
    results: (v, { names }) => ({
      png: renderResults(v, names, catalog),
      alt: alt(describeResults(v, names, catalog)),
    }),
    card: (id) => {
      const d = defs[id];
      if (!d) throw new Error(`no card '${id}'`);
      return { png: renderCard(d, catalog), alt: alt(describeCard(d, catalog)) };
    },
  };
}
