import { cardRef, type Message, type MessageValues, seatRef, termRef } from '../kernel/message.ts';
import type { Instance, ValleyState } from './state.ts';

/**
 * The rules' sentences as catalogue messages (keys `valley.rules.*` in assets/i18n): the log, the
 * questions, the options and the actions' labels. The rules render none of them: the table writes each
 * message in its reader's language.
 */
// Said at every move of every playout of the search: no spread of a temporary object.
export const say = (key: string, values?: MessageValues): Message =>
  values ? { key: `valley.rules.${key}`, values } : { key: `valley.rules.${key}` };

export const seatOf = seatRef;
export const cardOf = (s: ValleyState, card: Instance): string => cardRef(s.cards[card] as string);
export const cardIdOf = (id: string): string => cardRef(id);
/** A pyramid slot's name ("base left"…). */
export const slotOf = (slot: number): string => termRef(`valley.rules.slot.${slot}`);
