import { archaeologyCatalog, type Treasure } from '../../games/archaeology/catalog.ts';
import type { Message } from '../../games/kernel/message.ts';
import { translated } from '../../i18n/translated.ts';
import { type Reader, rulesText } from '../engine-text.ts';

/** A treasure's name in `language` (catalog data), or the id of anything else. */
export function treasureNameIn(id: string, language: string): string {
  const t = archaeologyCatalog.treasures.find((x) => x.id === (id as Treasure));
  return t ? translated(t, 'name', language) : id;
}

/** A text Archaeology's rules wrote (log line, question, action, summary), in the reader's language. */
export function archaeologyText(msg: Message, reader: Reader): string {
  return rulesText(msg, reader, treasureNameIn);
}
