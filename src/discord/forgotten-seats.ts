/**
 * Telling a table that someone was forgotten (forget-person.ts): a running game's channel hears that their
 * seat is a computer player's now, and the computer takes over at once if it is that seat's turn; a lobby's
 * message is redrawn without them. From a scheduled row, so the operator's tool, which has no gateway, is
 * heard too, and on the shard that owns the game.
 */
import { t } from '../i18n/messages.ts';
import type { ScheduledRow } from '../store/records.ts';
import { emptyPayload } from '../table-kit/payload.ts';
import { voteKind } from './absence-votes.ts';
import { SEAT_FORGOTTEN } from './forget-person.ts';
import { gameLanguage } from './language.ts';
import type { Runtime } from './runtime.ts';

export function tellForgottenSeats(rt: Runtime): void {
  rt.scheduler.on(SEAT_FORGOTTEN, (row) => tell(rt, row));
}

async function tell(rt: Runtime, row: ScheduledRow): Promise<void> {
  const gameId = row.gameId;
  if (gameId === null) return;
  const store = rt.tables.store;
  await rt.locks.run(gameId, async () => {
    const game = await store.findGame(gameId);
    if (!(await store.schedule.markDone(row.id, 'fired')) || !game) return;
    rt.replays.forget(gameId);
    if (row.payload.lobby === true) return rt.publisher.editLobby(game);
    if (game.status !== 'active') return;
    const seat = Number(row.payload.seat);
    const text = t(gameLanguage(game), 'privacy.seat-handed-over', {
      seat: seat + 1,
      id: String(game.id),
      computer: String(row.payload.computer ?? ''),
    });
    try {
      // A vote on their absence, if one was open, is over: its buttons go.
      await rt.publisher.retire(game.id, voteKind(seat), text);
      await rt.publisher.send(rt.publisher.channelOf(game), emptyPayload(text));
    } finally {
      await rt.table.rearm(game);
    }
  });
}
