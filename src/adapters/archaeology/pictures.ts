import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import type { Picture } from '../../table-kit/context.ts';
import type { Reader } from '../engine-text.ts';
import { renderArchaeologyHand } from './pictures/hand-image.ts';
import { describeHand, describeResults, describeTable } from './pictures/picture-text.ts';
import { renderArchaeologyResults } from './pictures/results-image.ts';
import { renderArchaeologyTable } from './pictures/table-image.ts';

/**
 * Pictures of Archaeology's views, each with its whole text equivalent (a message cuts it to Discord's
 * limit and says the rest: table-kit/alt-text.ts). A port, so tests can draw nothing.
 */
export interface ArchaeologyPictures {
  table(view: ArchaeologyView, reader: Reader): Picture;
  /** null when the viewer has no seat. */
  hand(view: ArchaeologyView, reader: Reader): Picture | null;
  results(view: ArchaeologyView, reader: Reader): Picture;
}

/** The canvas renderer behind the port; every word is in the reader's language. */
export const canvasArchaeologyPictures: ArchaeologyPictures = {
  table: (v, { names, language }) => ({
    png: renderArchaeologyTable(v, names, language),
    alt: describeTable(v, names, language),
  }),
  hand: (v, { language }) => {
    const png = renderArchaeologyHand(v, language);
    return png ? { png, alt: describeHand(v, language) } : null;
  },
  results: (v, { names, language }) => ({
    png: renderArchaeologyResults(v, names, language),
    alt: describeResults(v, names, language),
  }),
};
