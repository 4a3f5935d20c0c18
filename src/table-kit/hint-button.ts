import type { APIButtonComponent } from 'discord-api-types/v10';
import { ButtonStyle } from 'discord-api-types/v10';
import { t } from '../i18n/messages.ts';
import type { GameContext } from './context.ts';
import { encodeCustomId } from './custom-id.ts';
import { button } from './payload.ts';

/**
 * The hand's **Hint** button: the table's own verb (src/discord/hints.ts answers it), which no game uses
 * for a control of its own. Drawn by each game's hand only where the table offers hints (`ctx.hints`: a
 * casual game whose host allows them) and the seat owes a decision.
 */
export const HINT_VERB = 'hint';

export function hintButton(ctx: GameContext): APIButtonComponent {
  return button(
    encodeCustomId({ scope: 'game', gameId: ctx.gameId, version: ctx.version, verb: HINT_VERB, arg: '' }),
    t(ctx.language, 'table.hint.button'),
    ButtonStyle.Secondary,
  );
}
