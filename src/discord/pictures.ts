import { baseCatalog } from '../games/valley/catalog.ts';
import { defsFrom } from '../games/valley/setup.ts';
import { renderCard } from '../render/card-face.ts';
import { renderHand } from '../render/hand-image.ts';
import { renderResults } from '../render/results-image.ts';
import { renderTable } from '../render/table-image.ts';
import { describeCard, describeHand, describeResults, describeTable, describeTomb } from '../render/text.ts';
import { renderTomb } from '../render/tomb-image.ts';
import type { Picture, Pictures } from './messages/context.ts';

/** Discord limits an attachment's description to 1024 characters. */
const alt = (text: string): string => (text.length <= 1024 ? text : `${text.slice(0, 1023)}…`);

const defs = defsFrom(baseCatalog);

/** The canvas renderer behind the `Pictures` port; each picture comes with its text equivalent. */
export const canvasPictures: Pictures = {
  table: (v, names) => ({ png: renderTable(v, names), alt: alt(describeTable(v, names)) }),
  hand: (v, names) => ({ png: renderHand(v, names), alt: alt(describeHand(v, names)) }),
  tombs: (v, names) =>
    v.players.map(
      (p): Picture => ({ png: renderTomb(v, p.seat, names), alt: alt(describeTomb(v, p.seat, names)) }),
    ),
  results: (v, names) => ({ png: renderResults(v, names), alt: alt(describeResults(v, names)) }),
  card: (id) => {
    const d = defs[id];
    if (!d) throw new Error(`no card '${id}'`);
    return { png: renderCard(d), alt: alt(describeCard(d)) };
  },
};
