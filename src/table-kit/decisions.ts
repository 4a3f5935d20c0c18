import { ButtonStyle } from 'discord-api-types/v10';
import type { TableView } from '../games/kernel/types.ts';
import { t } from '../i18n/messages.ts';
import { type GameContext, seatMention } from './context.ts';
import { encodeCustomId } from './custom-id.ts';
import { button, type Payload, row } from './payload.ts';

/** Whether the game waits for someone other than the player to move (a window, a discard, a choice). */
export function owedByOthers(v: TableView<unknown>): boolean {
  return !v.finished && (v.waiting.window || v.waiting.seats.some((s) => s !== v.turn.seat));
}

/**
 * The board's line for a turn limit: a Discord timestamp, so each player reads it in their own time
 * zone and nobody's is stated.
 */
export function deadlineLine(deadline: number, language: string): string {
  return t(language, 'table.deadline', { when: `<t:${Math.floor(deadline / 1000)}:R>` });
}

/**
 * Whom a decision is owed by and what it is, for a line that mentions them: the waiting text is
 * written with the owing seats' mentions in place of their names ("<@2> is discarding down to 3
 * cards"), so that a line never reads "@Ana — Ana is choosing…". `named` says whether the text names
 * every one of them; where it does not, the line mentions them before it (`who`). `write` writes the
 * game's waiting text for a reader (its names, its language).
 */
export function owedBy(
  v: TableView<unknown>,
  ctx: GameContext,
  write: (reader: GameContext) => string,
): { named: 'yes' | 'no'; who: string; what: string } {
  const owing = v.waiting.seats;
  const mentions = owing.map((s) => seatMention(ctx, s));
  const what = write({
    ...ctx,
    names: ctx.names.map((name, seat) => (owing.includes(seat) ? seatMention(ctx, seat) : name)),
  });
  return { named: mentions.every((m) => what.includes(m)) ? 'yes' : 'no', who: mentions.join(' '), what };
}

/**
 * A decision owed by other people outside a window: an edit never notifies anyone, so they are
 * mentioned in a short message of their own with **Respond**, deleted once they have answered.
 * `write` writes the game's waiting text for a reader (names put in, in the reader's language).
 */
export function decisionPingPayload(
  v: TableView<unknown>,
  ctx: GameContext,
  write: (reader: GameContext) => string,
): Payload {
  const users = v.waiting.seats.map((s) => ctx.users[s]).filter((u): u is string => !!u);
  const respond = encodeCustomId({
    scope: 'game',
    gameId: ctx.gameId,
    version: ctx.version,
    verb: 'respond',
    arg: '',
  });
  return {
    content: t(ctx.language, 'table.decision-ping', owedBy(v, ctx, write)),
    components: [row(button(respond, t(ctx.language, 'table.button.respond'), ButtonStyle.Primary))],
    files: [],
    mentionUsers: users,
  };
}
