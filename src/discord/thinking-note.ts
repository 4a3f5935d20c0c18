import { t } from '../i18n/messages.ts';
import type { GameRecord } from '../store/records.ts';
import { seatLabel } from '../table-kit/context.ts';
import type { Tables } from './tables.ts';

/**
 * "… is thinking" for every computer the game waits for that thinks long (a Hard one can take seconds).
 * It rides on the board the turn posts or edits anyway, so it costs Discord no extra write: the next
 * board, after the computer has moved, no longer says it.
 */
export function thinkingNotes(tables: Tables, game: GameRecord): string[] {
  if (game.status !== 'active') return [];
  const thinks = tables.adapterOf(game).computers.thinks ?? [];
  const ctx = tables.context(game);
  return tables
    .waitingFor(game)
    .filter((seat) => {
      const kind = game.seats[seat]?.botKind;
      return kind !== null && kind !== undefined && thinks.includes(kind);
    })
    .map((seat) => t(ctx.language, 'table.thinking', { name: seatLabel(ctx, seat) }));
}
