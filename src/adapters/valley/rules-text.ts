import type { Message } from '../../games/kernel/message.ts';
import { type Reader, rulesText } from '../engine-text.ts';
import { cardName } from './card-names.ts';

/** A text Valley's rules wrote (log line, question, action, summary), in the reader's language. */
export function valleyText(msg: Message, reader: Reader): string {
  return rulesText(msg, reader, cardName);
}
