import { cardRef, english, type Message, type MessageValues, seatRef, termRef } from '../kernel/message.ts';
import { fullCatalog } from './catalog.ts';
import type { Instance, ValleyState } from './state.ts';

/**
 * The rules' sentences as catalogue messages (keys `valley.rules.*` in assets/i18n): the log, the
 * questions, the options and the actions' labels. The rules keep their English beside each message
 * (`englishOf`); the table writes the message in each reader's language.
 */
export type Text = string | Message;

export const say = (key: string, values?: MessageValues): Message => ({
  key: `valley.rules.${key}`,
  ...(values ? { values } : {}),
});

export const seatOf = seatRef;
export const cardOf = (s: ValleyState, card: Instance): string => cardRef(s.cards[card] as string);
export const cardIdOf = (id: string): string => cardRef(id);
/** A pyramid slot's name ("base left"…). */
export const slotOf = (slot: number): string => termRef(`valley.rules.slot.${slot}`);

const englishNames = new Map(fullCatalog.cards.map((c) => [c.id, c.name]));

const englishName = (card: string) => englishNames.get(card) ?? card;

/** The English of a rules text: what the rules' own text fields hold. */
export function englishOf(text: Text): string {
  return typeof text === 'string' ? text : english(text, englishName);
}

/** A text field and, for a message, the message beside it (`field` and `fieldMsg`). */
export function withMessage<K extends string>(
  field: K,
  text: Text,
): { [k in K]: string } & { [k in `${K}Msg`]?: Message } {
  const out: Record<string, unknown> = { [field]: englishOf(text) };
  if (typeof text !== 'string') out[`${field}Msg`] = text;
  return out as { [k in K]: string } & { [k in `${K}Msg`]?: Message };
}
