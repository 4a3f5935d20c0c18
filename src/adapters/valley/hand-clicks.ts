import type { ValleyAction } from '../../games/valley/state.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import { t } from '../../i18n/messages.ts';
import type { ClickStep } from '../game-adapter.ts';
import { decodeAction } from './action-code.ts';
import { endAction, orderComplete } from './discard-order.ts';
import type { ValleyStep } from './hand-message.ts';

type Step = ClickStep<ValleyAction, ValleyStep>;

const damaged = (what: 'button' | 'menu', language: string): Step => ({
  kind: 'refuse',
  message: t(language, 'valley.click.damaged', { what }),
});

const isCard = (x: string) => /^\d+$/.test(x);

/**
 * Valley's own hand controls. Whether an action is legal is the rules' decision; this only reads
 * what was clicked and says how fresh the hand it was drawn on must be.
 */
export function valleyClick(
  verb: string,
  arg: string,
  values: readonly string[],
  view: ValleyView,
  language: string,
): Step | null {
  switch (verb) {
    case 'act': {
      const code = values.length > 0 ? values[0] : arg;
      const action = code ? decodeAction(code) : null;
      // Answers carry their question (verb `ans`), so an answer cannot come through here.
      if (!action || action.type === 'answer') return damaged('button', language);
      return { kind: 'act', action, fresh: 'version' };
    }
    case 'buyslot':
      return { kind: 'show', options: { step: { buySlot: Number(arg) } }, fresh: 'any' };
    case 'pay': {
      // The cards chosen to pay with; whether they pay (and pay minimally) is the rules' decision.
      const slot = /^\d$/.test(arg) ? Number(arg) : null;
      if (slot === null || values.length === 0 || !values.every(isCard)) return damaged('menu', language);
      return { kind: 'act', action: { type: 'buy', slot, pay: values.map(Number) }, fresh: 'version' };
    }
    case 'end':
    case 'order': {
      // Ending the turn in steps: each step is only drawn; the action is applied once the order is whole.
      const order = arg === '' ? [] : arg.split('.');
      const value = values[0] ?? '';
      if (values.length === 0 || !order.every(isCard) || !(value === 'order' || isCard(value)))
        return damaged('menu', language);
      if (value === 'order') return { kind: 'show', options: { step: { endOrder: [] } }, fresh: 'version' };
      const next = [...order.map(Number), Number(value)];
      if (verb === 'order' && !orderComplete(view, next))
        return { kind: 'show', options: { step: { endOrder: next } }, fresh: 'version' };
      return { kind: 'act', action: endAction(next), fresh: 'version' };
    }
    case 'ans': {
      const [qid, fromArg] = arg.split(':');
      const value = values.length > 0 ? values[0] : fromArg;
      if (!value) return damaged('button', language);
      // Other seats' answers to the same window move the game on but leave this question open.
      if (view.questionId === null || String(view.questionId) !== qid)
        return {
          kind: 'show',
          options: { banner: t(language, 'valley.click.closed') },
          fresh: 'any',
        };
      return { kind: 'act', action: { type: 'answer', value }, fresh: 'question' };
    }
    default:
      return null;
  }
}
