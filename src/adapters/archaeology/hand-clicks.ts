import type { ArchaeologyAction } from '../../games/archaeology/state.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../i18n/locales.ts';
import { t } from '../../i18n/messages.ts';
import type { ClickStep } from '../game-adapter.ts';
import { decodeArchaeologyAction, decodeCounts } from './action-code.ts';
import { type ArchaeologyStep, countsFromCopies } from './hand-message.ts';

type Step = ClickStep<ArchaeologyAction, ArchaeologyStep>;

const damagedIn =
  (language: string) =>
  (what: 'button' | 'menu'): Step => ({
    kind: 'refuse',
    message: t(language, `archaeology.click.damaged-${what}`),
  });

/**
 * Archaeology's hand controls. Whether a move is legal is the rules' decision; this only reads what
 * was clicked and says how fresh the hand it was drawn on must be. Refusals and banners are written
 * in `language`, the clicking person's.
 */
export function archaeologyClick(
  verb: string,
  arg: string,
  values: readonly string[],
  view: ArchaeologyView,
  language: string = DEFAULT_LANGUAGE,
): Step | null {
  const damaged = damagedIn(language);
  switch (verb) {
    case 'act':
    case 'sell': {
      const code = verb === 'sell' ? values[0] : arg;
      const action = code ? decodeArchaeologyAction(code) : null;
      if (!action || action.type === 'discard') return damaged(verb === 'act' ? 'button' : 'menu');
      return { kind: 'act', action, fresh: 'version' };
    }
    case 'take': {
      const take = countsFromCopies(values);
      if (!take || values.length === 0) return damaged('menu');
      return { kind: 'show', options: { step: { take } }, fresh: 'version' };
    }
    case 'give': {
      const take = decodeCounts(arg);
      const give = countsFromCopies(values);
      if (!take || !give || values.length === 0) return damaged('menu');
      return { kind: 'act', action: { type: 'trade', give, take }, fresh: 'version' };
    }
    case 'cancel':
      return { kind: 'show', options: {}, fresh: 'any' };
    case 'lose': {
      const cards = countsFromCopies(values);
      if (!cards || values.length === 0) return damaged('menu');
      // Others choosing their losses move the game on but leave this question open.
      if (view.questionId === null || String(view.questionId) !== arg)
        return {
          kind: 'show',
          options: { banner: t(language, 'archaeology.click.sandstorm-over') },
          fresh: 'any',
        };
      return { kind: 'act', action: { type: 'discard', cards }, fresh: 'question' };
    }
    default:
      return null;
  }
}
