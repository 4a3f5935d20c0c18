import type { Message } from '../games/kernel/message.ts';
import { treasureNameIn } from './archaeology/rules-text.ts';
import type { Reader } from './engine-text.ts';
import { rulesText } from './engine-text.ts';
import { cardName } from './valley/card-names.ts';

/** A card's or a treasure's English name (Valley's card ids and Archaeology's treasure ids do not meet). */
function englishName(id: string, language: string): string {
  const card = cardName(id, language);
  return card !== id ? card : treasureNameIn(id, language);
}

const ENGLISH_SEAT_REFS: Reader = {
  language: 'en',
  // A reader with no names: seats stay '@N', which logs, tools and tests read.
  names: [],
};

/**
 * A rules message in English, for logs, tools and tests: the table renders English like any other
 * language, and the rules render nothing. Seats are written '@N' unless `names` are given.
 */
export function en(msg: Message, names?: readonly string[]): string {
  return rulesText(msg, names ? { language: 'en', names } : ENGLISH_SEAT_REFS, englishName);
}
